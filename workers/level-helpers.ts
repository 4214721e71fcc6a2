import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { LevelHelpers, LevelJob } from '../src/solver/index.ts';
import { unwrapReply, type WorkerReply } from './messages.ts';
import { workerEntry } from './worker-url.ts';

export interface HelperThreads extends LevelHelpers {
  /** runs one helper on the job; the states it solved */
  start(job: LevelJob): Promise<number>;
  destroy(): Promise<void>;
}

/**
 * The helper threads of a command's table build (src/solver/shared-levels.ts), started at once:
 * plain worker threads, not piscina's. The build's own thread leads it and is busy solving, and a
 * piscina thread is handed its first task only once it has said it is ready, which a busy thread
 * hears late; a plain thread reads its job from its port as soon as its own start is done (about
 * 100 ms of Node's on this machine, then its modules), whatever the leader is doing. A thread holds
 * the process open only while it has a job.
 */
export function startLevelHelpers(count: number, ruleset?: string): HelperThreads {
  const entry = workerEntry('levels-worker');
  const threads = Array.from({ length: count }, () => {
    const t: { worker: Worker; gone?: Error } = { worker: new Worker(new URL(entry.filename), { execArgv: entry.execArgv, workerData: { ruleset } }) };
    // A thread that fails or stops while it has no job is remembered, not thrown in this thread:
    // the next job given to it fails with the reason.
    t.worker.on('error', (e) => (t.gone ??= e)).on('exit', (code) => (t.gone ??= new Error(`a table build's helper thread stopped (exit code ${code})`)));
    t.worker.unref();
    return t;
  });
  let next = 0;
  const start = (job: LevelJob): Promise<number> => {
    const t = threads[next++ % count];
    const w = t.worker;
    if (t.gone) return Promise.reject(t.gone);
    return new Promise<number>((resolve, reject) => {
      const done = (): void => {
        w.off('message', onMessage).off('error', onGone).off('exit', onGone).unref();
      };
      const onMessage = (reply: WorkerReply<number>): void => {
        done();
        try {
          resolve(unwrapReply(reply));
        } catch (e) {
          reject(e);
        }
      };
      // Called after the thread's own listeners above have set `gone`.
      const onGone = (): void => {
        done();
        reject(t.gone);
      };
      w.on('message', onMessage).on('error', onGone).on('exit', onGone).ref();
      w.postMessage(job);
    });
  };
  return { count, start, destroy: async () => void (await Promise.all(threads.map((t) => t.worker.terminate()))) };
}

let early: HelperThreads | undefined;

/**
 * Starts the helpers of `dicewise tables build` before the command's modules load, so that their
 * start overlaps the loading rather than the solve: `argv` is the process's. Nothing for other
 * commands, for goal tables (their chunks go to the pool's threads) or for one thread; the command
 * itself checks its options.
 */
export function startHelpersEarly(argv: readonly string[]): void {
  if (argv[2] !== 'tables' || argv[3] !== 'build') return;
  const { values } = parseArgs({
    args: argv.slice(4),
    options: { threads: { type: 'string' }, reach: { type: 'boolean' }, win: { type: 'boolean' }, ruleset: { type: 'string' } },
    strict: false,
    allowPositionals: true,
  });
  if (values.reach || values.win) return;
  const threads = values.threads === undefined ? availableParallelism() : Number(values.threads);
  // The rule set, so that each helper makes its solver while the job is on its way (levels-worker.ts).
  const ruleset = typeof values.ruleset === 'string' ? values.ruleset : undefined;
  if (Number.isInteger(threads) && threads > 1 && threads <= 1024) early = startLevelHelpers(threads - 1, ruleset);
}

/** `count` helpers: those started early where they are as many, else new ones. */
export function levelHelpers(count: number): HelperThreads {
  const taken = early;
  early = undefined;
  if (taken?.count === count) return taken;
  void taken?.destroy();
  return startLevelHelpers(count);
}
