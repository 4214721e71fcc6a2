import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { buildEstimate, type BuildEstimate, type BuildProgress } from '../solver/index.ts';

/**
 * One builder per table and folder, across processes: the lock is a directory next to
 * the tables that its holder refreshes every few seconds, so the lock of a process that died is
 * taken over once it is `STALE_MS` old. Others wait for it, then find the table built.
 */
const STALE_MS = 20_000;

const LOCK_SUFFIX = '.build.lock';
/** Beside the lock (not in it: the lock directory must stay empty to be removed), how far its build is. */
const PROGRESS_SUFFIX = '.build.json';

/** Passes a build's progress on to whoever else asks (`tables info` in another process). */
export type ReportProgress = (p: BuildProgress) => void;

/** `name`: what is built, a rule set id or e.g. `yahtzee.reach`. */
export async function withBuildLock<T>(dir: string, name: string, work: (report: ReportProgress) => Promise<T>): Promise<T> {
  const folder = resolve(dir);
  await mkdir(folder, { recursive: true });
  // Loaded with the first lock (some 10 ms of modules): a process or thread that only reads tables
  // (a hint, a simulation's threads) never takes one.
  const { default: lockfile } = await import('proper-lockfile');
  const release = await lockfile.lock(join(folder, name), {
    realpath: false,
    lockfilePath: join(folder, `.${name}${LOCK_SUFFIX}`),
    stale: STALE_MS,
    update: STALE_MS / 4,
    retries: { forever: true, minTimeout: 200, maxTimeout: 2000 },
    // A lock found refreshed by another process means two builders; their tables are the same, and each write is atomic.
    onCompromised: () => {},
  });
  const file = join(folder, `.${name}${PROGRESS_SUFFIX}`);
  const started = Date.now();
  let shown = -1;
  // One write at a time, of the latest whole percent: a build that reports faster than its
  // writes end (a short table, its thread busy solving between event-loop turns) does not queue
  // writes that are stale when they run and that its end would wait for. A reader that finds
  // half a file skips it.
  let latest: string | undefined;
  let writing: Promise<void> | undefined;
  const flush = (): void => {
    if (writing || latest === undefined) return;
    const text = latest;
    latest = undefined;
    writing = writeFile(file, text)
      .catch(() => {})
      .then(() => {
        writing = undefined;
        flush();
      });
  };
  const report: ReportProgress = (p) => {
    const e = buildEstimate(p, Date.now() - started);
    if (e.percent === shown) return;
    shown = e.percent;
    latest = JSON.stringify({ ...e, startedAt: new Date(started).toISOString() });
    flush();
  };
  try {
    return await work(report);
  } finally {
    latest = undefined;
    while (writing) await writing;
    await rm(file, { force: true }).catch(() => {});
    await release().catch(() => {});
  }
}

export interface BuildInProgress {
  /** what is built, as the lock names it: `yahtzee`, `yahtzee.reach`, `yahtzee.dist` */
  name: string;
  estimate: BuildEstimate;
  startedAt: string;
}

/** Builds that hold a live lock in `dir` (any process), with how far each is. */
export async function buildsInProgress(dir: string): Promise<BuildInProgress[]> {
  const folder = resolve(dir);
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  const out: BuildInProgress[] = [];
  for (const n of names.filter((x) => x.startsWith('.') && x.endsWith(LOCK_SUFFIX)).sort()) {
    const name = n.slice(1, -LOCK_SUFFIX.length);
    try {
      if (Date.now() - (await stat(join(folder, n))).mtimeMs > STALE_MS) continue;
      const saved = JSON.parse(await readFile(join(folder, `.${name}${PROGRESS_SUFFIX}`), 'utf8')) as BuildEstimate & { startedAt: string };
      const { startedAt, ...estimate } = saved;
      out.push({ name, estimate, startedAt });
    } catch {
      // Locked but no progress yet (reading its tables), or the build just ended.
    }
  }
  return out;
}
