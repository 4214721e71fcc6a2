import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { isDicewiseError } from '../src/errors.ts';
import { createInlineRunner, type SimulateTask, type TaskResult } from '../src/simulate/index.ts';
import { loadApproxModel, loadModel } from '../src/store/models.ts';
import { readReachTable } from '../src/store/reach-store.ts';
import { RULESETS } from '../src/rules/index.ts';

// One runner per thread: the table is loaded once, strategies and their caches live across tasks.
const { tableDir } = (Piscina.workerData ?? {}) as { tableDir?: string };
const runner = createInlineRunner({
  model: (id) => loadModel(tableDir ?? 'tables', id),
  approxModel: (id, kind) => loadApproxModel(tableDir ?? 'tables', id, kind),
  reachTable: async (id) => (await readReachTable(tableDir ?? 'tables', RULESETS[id])).table,
  importModule,
});

/**
 * A user's strategy module. Run from TypeScript sources, this worker is loaded through tsx's
 * require hook, which then also compiles a .ts strategy; import() in a worker has no tsx hook.
 */
async function importModule(spec: string): Promise<unknown> {
  try {
    return ((await import(pathToFileURL(spec).href)) as { default?: unknown }).default;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw e;
    return (createRequire(import.meta.url)(spec) as { default?: unknown }).default;
  }
}

export type WorkerReply = { ok: true; result: TaskResult } | { ok: false; code: string; message: string; issues: { field: string; message: string }[] };

/** Errors travel as values: a thrown DicewiseError would lose its code crossing the thread. */
export default async function simulateTask(task: SimulateTask): Promise<WorkerReply> {
  try {
    return { ok: true, result: await runner(task) };
  } catch (e) {
    if (isDicewiseError(e)) return { ok: false, code: e.code, message: e.message, issues: [...e.issues] };
    throw e;
  }
}
