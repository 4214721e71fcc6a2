// A table build's helper thread (level-helpers.ts): jobs come as messages, one reply each. It
// loads only the solver's modules a level needs, so it is at work sooner after it starts.
import { parentPort } from 'node:worker_threads';
import { taskRules } from '../src/solver/build-table.ts';
import { compileRules } from '../src/solver/compiled-rules.ts';
import { helpWithLevels, rangeSolver, type LevelJob } from '../src/solver/shared-levels.ts';
import { replyOf } from './messages.ts';

parentPort!.on('message', (job: LevelJob) => {
  void replyOf(() => helpWithLevels(job, rangeSolver(job, compileRules(taskRules(job))))).then(
    (reply) => parentPort!.postMessage(reply),
    (e: unknown) => parentPort!.postMessage({ ok: false, code: 'INTERNAL', message: e instanceof Error ? (e.stack ?? e.message) : String(e), issues: [] }),
  );
});
