import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { createInlineRunner, type SimulateTask, type TaskResult } from '../src/simulate/index.ts';
import { goalModel } from '../src/approx/index.ts';
import { loadApproxModel, loadModel } from '../src/store/model-loader.ts';
import { readReachTable } from '../src/store/reach-store.ts';
import { RULESETS } from '../src/rules/index.ts';
import { replyOf, type WorkerReply } from './messages.ts';

// One runner per thread: the table is loaded once, strategies and their caches live across tasks.
const { tables } = (Piscina.workerData ?? { tables: 'tables' }) as { tables: string };
const runner = createInlineRunner({
  // Players never read the final score's SD: each thread skips reading and checking the moments table.
  model: (id) => loadModel(tables, id, { moments: false }),
  approxModel: (id, kind) => loadApproxModel(tables, id, kind),
  goalModel,
  reachTable: async (id, kind) => (await readReachTable(tables, RULESETS[id], kind)).table,
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

export default function simulateTask(task: SimulateTask): Promise<WorkerReply<TaskResult>> {
  return replyOf(() => runner(task));
}
