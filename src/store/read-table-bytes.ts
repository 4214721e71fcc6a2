import { open, type FileHandle } from 'node:fs/promises';
import { headerEnd, TABLE_PREFIX_BYTES } from '../solver/index.ts';

/** Bytes read per call: a few tens of milliseconds of a table file, so other reads interleave. */
const READ_SLICE = 1 << 26;

/**
 * A whole file in a buffer of its own that starts 8-byte aligned, so a table's arrays can be views
 * of it where they were read: no copy, and no second buffer of the file's size left for the
 * garbage collector (which the allocator keeps as resident memory). `shared`: over a
 * SharedArrayBuffer, for a table handed to worker threads in a message (shared, not copied).
 */
export async function readWholeFile(file: string, shared = false): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const size = (await handle.stat()).size;
    const bytes = Math.ceil(size / 8) * 8;
    const buffer = shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
    const out = new Uint8Array(buffer, 0, size);
    let at = 0;
    while (at < size) {
      const { bytesRead } = await handle.read(out, at, Math.min(size - at, READ_SLICE), at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    return out.subarray(0, at);
  } finally {
    await handle.close();
  }
}

/**
 * A table file's first bytes up to the end of its header (fewer where the file is shorter), and the
 * file's size: what a listing or a check needs, without reading the payload (hundreds of MB for a
 * goal table).
 */
export async function readTableHead(file: string): Promise<{ head: Uint8Array; size: number }> {
  const handle = await open(file, 'r');
  try {
    return await readHeadOf(handle);
  } finally {
    await handle.close();
  }
}

/** `readTableHead` of a file already open, which stays open (a conversion reads on from it). */
export async function readHeadOf(handle: FileHandle): Promise<{ head: Uint8Array; size: number }> {
  const size = (await handle.stat()).size;
  const prefix = new Uint8Array(Math.min(size, TABLE_PREFIX_BYTES));
  await handle.read(prefix, 0, prefix.length, 0);
  const head = new Uint8Array(Math.min(size, headerEnd(prefix)));
  await handle.read(head, 0, head.length, 0);
  return { head, size };
}
