import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

/** Temporary files are `.<name>.<pid>.<time>.tmp` beside their target. */
const TEMP = /^\..+\.(\d+)\.(\d+)\.tmp$/;

/**
 * Writes a file atomically: a temporary file in the same folder (so the rename stays on one file
 * system), flushed, renamed over the target, then the folder flushed so that the rename itself
 * survives a crash. A reader never sees half a file.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array | readonly Uint8Array[]): Promise<void> {
  const file = resolve(path);
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${Date.now()}.tmp`);
  const fh = await open(tmp, 'w');
  try {
    // Parts are written one after another: a large table never has to exist as one copy in memory.
    if (typeof data === 'string' || data instanceof Uint8Array) await fh.writeFile(data);
    else for (const part of data) await fh.write(part);
    await fh.sync();
  } catch (e) {
    await fh.close();
    await rm(tmp, { force: true });
    throw e;
  }
  await fh.close();
  try {
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
  await syncFolder(dirname(file));
}

export interface AtomicWriter {
  write(data: string | Uint8Array): Promise<void>;
  /** flushes and renames the file into place */
  commit(): Promise<void>;
  /** removes the temporary file: nothing is left at the target */
  abort(): Promise<void>;
}

/**
 * `writeFileAtomic` for data that arrives in parts (a stream of records): the parts go to the
 * temporary file as they come, and only `commit` puts the file at its name.
 */
export async function createAtomicWriter(path: string): Promise<AtomicWriter> {
  const file = resolve(path);
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${Date.now()}.tmp`);
  const fh = await open(tmp, 'w');
  let closed = false;
  const close = async () => {
    if (!closed) await fh.close();
    closed = true;
  };
  return {
    async write(data) {
      // writeFile writes all of it from the current position (write() may stop short).
      await fh.writeFile(data);
    },
    async commit() {
      try {
        await fh.sync();
        await close();
        await rename(tmp, file);
      } catch (e) {
        await close();
        await rm(tmp, { force: true });
        throw e;
      }
      await syncFolder(dirname(file));
    },
    async abort() {
      await close();
      await rm(tmp, { force: true });
    },
  };
}

async function syncFolder(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } catch (e) {
    // Some file systems cannot fsync a directory (EINVAL, EISDIR on Windows): the rename stands there anyway.
    if (!['EINVAL', 'EISDIR', 'EPERM'].includes((e as NodeJS.ErrnoException).code ?? '')) throw e;
  } finally {
    await fh.close();
  }
}

/** Whether a process of that id is running (EPERM: it is, under another user). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes temporary files that interrupted writes left in `dir`: those of processes no longer
 * running, and any older than `maxAgeMs` (a pid may have been reused). Returns the names removed.
 */
export async function sweepTempFiles(dir: string, maxAgeMs = 60 * 60 * 1000): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(resolve(dir));
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const m = TEMP.exec(name);
    if (!m) continue;
    const file = join(resolve(dir), name);
    const pid = Number(m[1]);
    const old = Date.now() - (await stat(file).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs > maxAgeMs;
    if (pid !== process.pid && (old || !alive(pid))) {
      await rm(file, { force: true });
      removed.push(name);
    }
  }
  return removed;
}
