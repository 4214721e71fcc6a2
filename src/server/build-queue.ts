/**
 * Table builds, one at a time, first come first served; a build a request waits for goes to the
 * front. Two at once would only share the same cores, and each keeps its buffers in memory. The
 * queue knows its items only as keys (a registry's table entries): what a build does, and how
 * it ends, is the job's own.
 */
export interface BuildQueue<T> {
  /** the item whose job is running, if any */
  readonly running: T | undefined;
  /** Runs `job` once the jobs before it have (at once when none runs); `urgent` puts it first in line. */
  add(item: T, job: () => Promise<void>, urgent: boolean): Promise<void>;
  /** Where `item` waits in line: 0 first, -1 when it is not waiting (running, or not queued). */
  indexOf(item: T): number;
  /** Moves a waiting item to the front of the line. */
  promote(item: T): void;
  /** whether `item` is running or waiting */
  holds(item: T): boolean;
  /** the items waiting, first first */
  waiting(): T[];
}

interface Job<T> {
  item: T;
  run: () => Promise<void>;
}

export function createBuildQueue<T>(): BuildQueue<T> {
  const jobs: Job<T>[] = [];
  let running: Job<T> | undefined;

  const pump = () => {
    if (running || jobs.length === 0) return;
    const job = jobs.shift()!;
    running = job;
    void job.run().finally(() => {
      running = undefined;
      pump();
    });
  };

  const indexOf = (item: T) => jobs.findIndex((j) => j.item === item);
  return {
    get running() {
      return running?.item;
    },
    add(item, job, urgent) {
      return new Promise<void>((resolve, reject) => {
        const entry: Job<T> = { item, run: () => job().then(resolve, reject) };
        if (urgent) jobs.unshift(entry);
        else jobs.push(entry);
        pump();
      });
    },
    indexOf,
    promote(item) {
      const at = indexOf(item);
      if (at > 0) jobs.unshift(...jobs.splice(at, 1));
    },
    holds: (item) => running?.item === item || indexOf(item) >= 0,
    waiting: () => jobs.map((j) => j.item),
  };
}
