import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * One builder per table and folder, across processes: the lock is a directory next to
 * the tables that its holder refreshes every few seconds, so the lock of a process that died is
 * taken over once it is `STALE_MS` old. Others wait for it, then find the table built.
 */
const STALE_MS = 20_000;

/** `name`: what is built, a rule set id or e.g. `yahtzee.reach`. */
export async function withBuildLock<T>(dir: string, name: string, work: () => Promise<T>): Promise<T> {
  const folder = resolve(dir);
  await mkdir(folder, { recursive: true });
  const release = await lockfile.lock(join(folder, name), {
    realpath: false,
    lockfilePath: join(folder, `.${name}.build.lock`),
    stale: STALE_MS,
    update: STALE_MS / 4,
    retries: { forever: true, minTimeout: 200, maxTimeout: 2000 },
    // A lock found refreshed by another process means two builders; their tables are the same, and each write is atomic.
    onCompromised: () => {},
  });
  try {
    return await work();
  } finally {
    await release().catch(() => {});
  }
}
