import type { TableBuild } from '../store/disk-sources.ts';
import { buildTableInProcess } from '../../workers/table-build.ts';

/**
 * A server's table builds, each in a process of its own (workers/table-build.ts), which looks
 * again under the folder's build lock (another process may have built it meanwhile): the primary's
 * value table on `threads` before anything is served, every later build on `backgroundThreads` at
 * the lowest CPU priority, so that a request takes a core the moment it arrives. `signal` stops
 * them: the build in progress is killed and none starts after.
 */
export function processTableBuild(threads: { threads: number; backgroundThreads: number }, signal?: AbortSignal): TableBuild {
  return (dir, id, job) =>
    buildTableInProcess(
      { dir, id, kind: job.kind, threads: job.background ? threads.backgroundThreads : threads.threads, cap: job.cap, background: job.background },
      job.onProgress,
      signal,
    );
}
