import { isRuleSetId, RULESETS } from '../rules/index.ts';
import { solveColumnTable, solveColumnTypeTables } from '../solver/index.ts';
import type { SolveJob, SolveReply } from './protocol.ts';
import { workerSelf } from './worker-scope.ts';

/**
 * A solve worker: one table of one rule set per message, solved by the engine's own backward
 * induction (solver/build-table.ts, build-columns.ts) and WebAssembly kernel, the values moved
 * back to the engine worker, which starts one of these per table it solves so that its own
 * thread keeps answering hints meanwhile.
 */
const self = workerSelf();

async function solve(job: SolveJob, progress: (done: number, total: number) => void): Promise<Extract<SolveReply, { ok: true }>> {
  if (!isRuleSetId(job.ruleset)) throw new Error(`no rule set ${job.ruleset}`);
  const rs = RULESETS[job.ruleset];
  const started = performance.now();
  const onProgress = (p: { statesDone: number; statesTotal: number }) => progress(p.statesDone, p.statesTotal);
  if (job.kind === 'columns') {
    const { values, layout } = await solveColumnTypeTables(rs, { onProgress });
    return { ok: true, values, layout, seconds: (performance.now() - started) / 1000 };
  }
  const { values } = await solveColumnTable(rs, { onProgress }, job.kind === 'moments');
  return { ok: true, values, seconds: (performance.now() - started) / 1000 };
}

self.addEventListener('message', (e) => {
  const job = e.data as SolveJob;
  let last = 0;
  const progress = (done: number, total: number) => {
    // A few dozen messages a table: one every 2% at most.
    if (done < total && done - last < total / 50) return;
    last = done;
    self.postMessage({ progress: { done, total } } satisfies SolveReply);
  };
  solve(job, progress).then(
    (reply) => self.postMessage(reply, reply.values.buffer instanceof ArrayBuffer ? [reply.values.buffer] : []),
    (err: unknown) => self.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) } satisfies SolveReply),
  );
});
