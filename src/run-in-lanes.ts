/**
 * Runs `run(task, index)` for every task in order, `lanes` at a time (a pool's threads times two
 * keeps every worker busy while results are merged). After a failure no further task starts, and
 * the promise rejects with it. Simulation and chunked analysis both hand out their chunks here.
 */
export async function runInLanes<T>(tasks: readonly T[], lanes: number, run: (task: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async (): Promise<void> => {
    while (next < tasks.length && !failed) {
      const i = next++;
      try {
        await run(tasks[i], i);
      } catch (e) {
        failed = true;
        throw e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(tasks.length, lanes) }, lane));
}
