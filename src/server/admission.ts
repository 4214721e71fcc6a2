import { DicewiseError, RetryLaterError } from '../errors.ts';

/**
 * One admission policy for batch work (analyse, simulate): at most `maxRunning` requests run at
 * once and `maxQueued` wait; beyond that a request is refused at once with 503 and Retry-After,
 * before any work is done. Each admitted request gets a deadline (queueing included) and is
 * stopped when its client disconnects: the work receives an AbortSignal and checks it between
 * chunks, so a stopped request frees its worker within one chunk. Points hints never pass through
 * here; a hint with effort (rollouts, up to a quarter second) does, and runs on the batch pool.
 */
export interface AdmissionOptions {
  /** batch requests running at once; default the batch pool's threads */
  maxRunning: number;
  /** batch requests waiting for a slot */
  maxQueued: number;
  /** from arrival to answer, waiting included */
  deadlineMs: number;
}

export interface AdmissionStats {
  running: number;
  queued: number;
  admitted: number;
  rejected: number;
  deadlineExceeded: number;
  cancelled: number;
}

export interface Admission {
  readonly options: AdmissionOptions;
  /** Runs `work` when a slot is free; rejects with OVERLOADED when none is and the queue is full. */
  run<T>(work: (signal: AbortSignal) => Promise<T>, client?: AbortSignal): Promise<T>;
  stats(): AdmissionStats;
}

/** Throws why the work was stopped, once its signal has fired. */
export function throwIfStopped(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason instanceof DicewiseError ? signal.reason : new DicewiseError('CANCELLED', 'the request was cancelled');
}

export function resolveAdmission(opts: AdmissionOptions): AdmissionOptions {
  for (const [key, min] of [['maxRunning', 1], ['maxQueued', 0], ['deadlineMs', 1]] as const) {
    const v = opts[key];
    if (!Number.isInteger(v) || v < min) throw new DicewiseError('INVALID_OPTION', `${key} must be an integer ≥ ${min}, got ${v}`, [{ field: key, message: `must be an integer ≥ ${min}` }]);
  }
  return { ...opts };
}

export function createAdmission(options: AdmissionOptions): Admission {
  const opts = resolveAdmission(options);
  const waiting: (() => void)[] = [];
  const stats: AdmissionStats = { running: 0, queued: 0, admitted: 0, rejected: 0, deadlineExceeded: 0, cancelled: 0 };
  const retryAfter = Math.max(1, Math.ceil(opts.deadlineMs / 1000 / Math.max(1, opts.maxRunning)));

  // A freed slot passes straight to the first waiter, so an arrival in between cannot take it too.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else stats.running--;
  };

  return {
    options: opts,
    stats: () => ({ ...stats, queued: waiting.length }),
    async run(work, client) {
      if (stats.running >= opts.maxRunning && waiting.length >= opts.maxQueued) {
        stats.rejected++;
        throw new RetryLaterError('OVERLOADED', `the server is running ${stats.running} batch requests with ${waiting.length} waiting; try again shortly`, retryAfter);
      }
      stats.admitted++;
      const stop = new AbortController();
      const timer = setTimeout(() => {
        stats.deadlineExceeded++;
        stop.abort(new RetryLaterError('DEADLINE_EXCEEDED', `the request ran past its ${opts.deadlineMs / 1000} s deadline and was stopped; ask for less work`, retryAfter));
      }, opts.deadlineMs);
      timer.unref?.();
      const onClientGone = () => {
        if (stop.signal.aborted) return;
        stats.cancelled++;
        stop.abort(new DicewiseError('CANCELLED', 'the client disconnected; the work was stopped'));
      };
      if (client?.aborted) onClientGone();
      else client?.addEventListener('abort', onClientGone, { once: true });
      try {
        if (stats.running < opts.maxRunning) stats.running++;
        else {
          // Wait for a slot (handed over by release), or leave the queue when stopped while waiting.
          await new Promise<void>((resolve, reject) => {
            const go = () => {
              stop.signal.removeEventListener('abort', leave);
              resolve();
            };
            const leave = () => {
              const i = waiting.indexOf(go);
              if (i >= 0) waiting.splice(i, 1);
              reject(stop.signal.reason);
            };
            waiting.push(go);
            stop.signal.addEventListener('abort', leave, { once: true });
          });
        }
        try {
          throwIfStopped(stop.signal);
          return await work(stop.signal);
        } finally {
          release();
        }
      } finally {
        clearTimeout(timer);
        client?.removeEventListener('abort', onClientGone);
      }
    },
  };
}
