// A table build's helper thread (level-helpers.ts): jobs come as messages, one reply each. It
// loads only the solver's modules a level needs, so it is at work sooner after it starts.
import { parentPort, workerData } from 'node:worker_threads';
import { taskRules } from '../src/solver/build-table.ts';
import { compileRules } from '../src/solver/compiled-rules.ts';
import { helpWithLevels, rangeSolver, solverAhead, type LevelJob } from '../src/solver/shared-levels.ts';
import { replyOf } from './messages.ts';

// The rule set named on the command line (level-helpers.ts): its solver is made while the job is
// on its way; the job's message waits on the port meanwhile. A failure here is the job's to report.
let ahead = (() => {
  try {
    return solverAhead((workerData as { ruleset?: unknown } | null)?.ruleset);
  } catch {
    return null;
  }
})();

parentPort!.on('message', (job: LevelJob) => {
  // The first job takes it where its rules are the same; later jobs make their own.
  const made = ahead;
  ahead = null;
  void replyOf(() => helpWithLevels(job, rangeSolver(job, compileRules(taskRules(job)), made))).then(
    (reply) => parentPort!.postMessage(reply),
    (e: unknown) => parentPort!.postMessage({ ok: false, code: 'INTERNAL', message: e instanceof Error ? (e.stack ?? e.message) : String(e), issues: [] }),
  );
});
