import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * Writes a file atomically: a temporary file in the same folder (so the rename stays on one file
 * system), flushed, then renamed over the target. A reader never sees half a file.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const file = resolve(path);
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${Date.now()}.tmp`);
  const fh = await open(tmp, 'w');
  try {
    await fh.writeFile(data);
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
}
