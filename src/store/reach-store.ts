import { createHash } from 'node:crypto';
import { close, fstat, open, read, readSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { DicewiseError } from '../errors.ts';
import type { RuleSet, RuleSetId } from '../rules/index.ts';
import {
  checkHeader,
  checkReachIndex,
  encodeTableParts,
  headerEnd,
  openReachTable,
  reachIndexBytes,
  reachPayloadParts,
  TABLE_PREFIX_BYTES,
  decodeChecked,
  decodeHeader,
  decodeOutlookPayload,
  outlookPayloadParts,
  outlookTableBytes,
  type BuiltLaneTable,
  type GoalKind,
  type LaneDataOf,
  type LaneKind,
  type LaneTableOf,
  type OutlookTable,
  type ReachTable,
  type ReachTableData,
  type TableHeader,
} from '../solver/index.ts';
import { readWholeFile } from './read-table-bytes.ts';
import { writeFileAtomic } from './write-atomic.ts';

/**
 * Lane tables sit beside the value tables: reach tables as `<ruleset>.reach.dwt`, the points
 * distribution of expected-score play (how opponents finish, for the win goal) as
 * `<ruleset>.dist.dwt`, the outlook of that play (what a hint's `explain` reads) as `<ruleset>.outlook.dwt`.
 *
 * A goal table is not read whole: its index (an offset per state) is read into shared memory and
 * its rows are read from the file when asked for (positional reads; the operating system's page
 * cache holds what is hot, shared by every process), each thread keeping the rows it decoded
 * lately (reach-table.ts). The file stays open for the process's life: a rebuilt table is a new
 * file, and what was opened keeps reading the one it checked. An outlook table is read whole, into
 * shared memory (outlook-table.ts says why).
 */
export const REACH_SUFFIX = '.reach';
export const DISTRIBUTION_SUFFIX = '.dist';
export const OUTLOOK_SUFFIX = '.outlook';

const SUFFIX: Record<LaneKind, string> = { reach: REACH_SUFFIX, distribution: DISTRIBUTION_SUFFIX, outlook: OUTLOOK_SUFFIX };
const NAME: Record<LaneKind, string> = { reach: 'reach table', distribution: 'points distribution table', outlook: 'outlook table' };
const FLAG: Record<LaneKind, string> = { reach: '--reach', distribution: '--win', outlook: '--outlook' };

const openFile = promisify(open);
const readAt = promisify(read);
const fstatOf = promisify(fstat);
const closeFile = promisify(close);

export function reachTablePath(dir: string, id: RuleSetId, kind: LaneKind = 'reach'): string {
  return join(resolve(dir), `${id}${SUFFIX[kind]}.dwt`);
}

export function reachRebuildHint(id: RuleSetId, kind: LaneKind = 'reach'): string {
  return `Rebuild it with: dicewise tables build --ruleset ${id} ${FLAG[kind]}`;
}

/** Written atomically, like every table: an interrupted build never leaves half a file. */
export async function writeReachTable(dir: string, built: BuiltLaneTable): Promise<string> {
  await mkdir(resolve(dir), { recursive: true });
  const t = built.table;
  const file = reachTablePath(dir, built.header.ruleset as RuleSetId, t.kind);
  await writeFileAtomic(file, encodeTableParts(built.header, t.kind === 'outlook' ? outlookPayloadParts(t) : reachPayloadParts(t.data)));
  return file;
}

/**
 * Bytes read and hashed between two turns of the event loop: under a millisecond. Hashing a 517 MB
 * table at once held a server's thread for about a second, and 4 MB slices (8 ms and more on a
 * busy machine) still showed in the points hints answered meanwhile.
 */
const DIGEST_SLICE = 256 << 10;

async function readFully(fd: number, dst: Uint8Array, position: number): Promise<void> {
  let at = 0;
  while (at < dst.length) {
    const { bytesRead } = await readAt(fd, dst, at, dst.length - at, position + at);
    if (bytesRead === 0) throw new Error('unexpected end of file');
    at += bytesRead;
  }
}

function corrupt(file: string, why: string, fix: string): DicewiseError {
  return new DicewiseError('TABLE_CORRUPT', `${file}: ${why}. ${fix}`);
}

/**
 * Checks a goal table file open at `fd` (header against the rule set and kind, the payload's
 * SHA-256 taken in slices between which the event loop runs, the index's offsets) and returns its
 * data, the rows left in the file.
 */
async function checkReachFile(fd: number, size: number, rs: RuleSet, kind: GoalKind, file: string, fix: string): Promise<{ header: TableHeader; data: ReachTableData }> {
  const prefix = new Uint8Array(Math.min(size, TABLE_PREFIX_BYTES));
  await readFully(fd, prefix, 0);
  const head = new Uint8Array(Math.min(size, headerEnd(prefix)));
  await readFully(fd, head, 0);
  const { header, payloadStart } = checkHeader(head, size, rs, file, fix);
  const layout = header.layout;
  if (layout.kind !== kind || (layout.encoding !== 'fixed' && layout.encoding !== 'float64')) throw corrupt(file, `not a ${NAME[kind]}`, fix);
  const indexBytes = reachIndexBytes(layout.entries);
  if (header.payloadBytes !== indexBytes + layout.rowBytes) throw corrupt(file, 'payload size does not match its layout', fix);
  // The index in shared memory: worker threads are handed this copy.
  const index = new Uint8Array(new SharedArrayBuffer(indexBytes));
  await readFully(fd, index, payloadStart);
  const hash = createHash('sha256');
  for (let at = 0; at < indexBytes; at += DIGEST_SLICE) {
    hash.update(index.subarray(at, Math.min(indexBytes, at + DIGEST_SLICE)));
    await new Promise<void>((r) => setImmediate(r));
  }
  const slice = new Uint8Array(DIGEST_SLICE);
  const rowsAt = payloadStart + indexBytes;
  for (let at = 0; at < layout.rowBytes; at += DIGEST_SLICE) {
    const part = slice.subarray(0, Math.min(DIGEST_SLICE, layout.rowBytes - at));
    await readFully(fd, part, rowsAt + at);
    hash.update(part);
    await new Promise<void>((r) => setImmediate(r));
  }
  if (hash.digest('hex') !== header.checksum) throw corrupt(file, 'payload checksum mismatch', fix);
  const offset = new Uint32Array(index.buffer, 0, layout.entries + 1);
  if (!checkReachIndex(offset, layout.rowBytes)) throw corrupt(file, 'its index of rows does not hold together', fix);
  const data: ReachTableData = {
    kind,
    cap: layout.cap,
    encoding: layout.encoding,
    bits: layout.bits,
    offset,
    rows: { file: { fd, at: rowsAt, name: file } },
    values: layout.values,
  };
  return { header, data };
}

/** The files this process has opened and checked, by path: a file read again unchanged is the same table. */
const opened = new Map<string, { stamp: string; read: Promise<{ header: TableHeader; table: ReachTable }> }>();

/** Tables opened from data a message brought (a worker thread's), by file descriptor and name. */
const received = new Map<string, ReachTable>();

/** Reads a row's bytes from an open table file: a positional read, from the page cache once the row is hot. */
function rowReader(file: { fd: number; at: number }): (dst: Uint8Array, position: number) => void {
  return (dst, position) => {
    let at = 0;
    while (at < dst.length) {
      const n = readSync(file.fd, dst, at, dst.length - at, file.at + position + at);
      if (n === 0) throw new DicewiseError('TABLE_CORRUPT', 'a goal table file ended inside a row');
      at += n;
    }
  };
}

/**
 * A table from its data, as a message to a worker thread brings it (ReachTable.data): rows in
 * shared memory are read there, rows in a file through the descriptor the sending thread opened
 * (one per process). The same file's data gives this thread the same table, with its decoded rows.
 */
export function openReachTableData(data: ReachTableData): ReachTable {
  if ('bytes' in data.rows) return openReachTable(data);
  const key = `${data.rows.file.fd}:${data.rows.file.name}:${data.offset.length}`;
  let table = received.get(key);
  if (!table) {
    table = openReachTable(data, rowReader(data.rows.file));
    received.set(key, table);
  }
  return table;
}

async function openChecked(file: string, rs: RuleSet, kind: GoalKind): Promise<{ header: TableHeader; table: ReachTable }> {
  const fix = reachRebuildHint(rs.id, kind);
  let fd: number;
  try {
    fd = await openFile(file, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new DicewiseError('TABLE_MISSING', `${file}: no ${NAME[kind]} for ${rs.id}. Build it with: dicewise tables build --ruleset ${rs.id} ${FLAG[kind]}`);
    }
    throw e;
  }
  try {
    const { size } = await fstatOf(fd);
    const { header, data } = await checkReachFile(fd, size, rs, kind, file, fix);
    const table = openReachTable(data, rowReader({ fd, at: (data.rows as { file: { at: number } }).file.at }));
    received.set(`${fd}:${file}:${data.offset.length}`, table);
    return { header, table };
  } catch (e) {
    // Only a table that opened keeps its descriptor.
    await closeFile(fd).catch(() => {});
    throw e;
  }
}

/**
 * A goal table from its file in `dir`, checked (header, fingerprint, checksum, index) and opened
 * for reading its rows on demand. A file opened before in this process and not changed since (same
 * inode, size and modification time) gives the same table, unchecked again.
 */
export async function readReachTable(dir: string, rs: RuleSet, kind: GoalKind = 'reach'): Promise<{ header: TableHeader; table: ReachTable }> {
  const file = reachTablePath(dir, rs.id, kind);
  const s = await stat(file).catch(() => undefined);
  const stamp = s ? `${s.ino}:${s.size}:${s.mtimeMs}` : '';
  const hit = opened.get(file);
  if (s && hit?.stamp === stamp) return hit.read;
  const read = openChecked(file, rs, kind);
  if (s) {
    opened.set(file, { stamp, read });
    read.catch(() => {
      if (opened.get(file)?.read === read) opened.delete(file);
    });
  }
  return read;
}

/** Bytes a goal table holds in this thread's memory: its index, its rows decoded lately (its rows, for one in memory). */
export function reachTableBytes(t: ReachTable): number {
  return t.heldBytes();
}

/** The payload's SHA-256, taken in slices with the event loop's other work between them; undefined where the header does not decode (the checked decode then says why). */
async function payloadDigest(bytes: Uint8Array, file: string): Promise<string | undefined> {
  let start: number;
  try {
    start = decodeHeader(bytes, file, '').payloadStart;
  } catch {
    return undefined;
  }
  const hash = createHash('sha256');
  for (let at = start; at < bytes.byteLength; at += DIGEST_SLICE) {
    hash.update(bytes.subarray(at, Math.min(bytes.byteLength, at + DIGEST_SLICE)));
    await new Promise<void>((r) => setImmediate(r));
  }
  return hash.digest('hex');
}

/** Checks and decodes an outlook table file (header, fingerprint, checksum, sizes, offsets). `shared`: its arrays over SharedArrayBuffers. */
export function decodeOutlookTable(bytes: Uint8Array, rs: RuleSet, file: string, fix: string, shared = false, digest?: string): { header: TableHeader; table: OutlookTable } {
  const { header, payload } = decodeChecked(bytes, rs, file, fix, digest);
  const layout = header.layout;
  const table = layout.kind === 'outlook' ? decodeOutlookPayload(payload, layout.entries, layout.values, shared) : null;
  if (!table) throw corrupt(file, `not an ${NAME.outlook} of the expected size`, fix);
  return { header, table };
}

/**
 * The outlook table of a rule set from its file in `dir`, checked and read whole into shared
 * memory: a process hands it to its worker threads in a message, shared, not copied.
 */
export async function readOutlookTable(dir: string, rs: RuleSet): Promise<{ header: TableHeader; table: OutlookTable }> {
  const file = reachTablePath(dir, rs.id, 'outlook');
  let bytes: Uint8Array;
  try {
    bytes = await readWholeFile(file, true);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new DicewiseError('TABLE_MISSING', `${file}: no ${NAME.outlook} for ${rs.id}. Build it with: dicewise tables build --ruleset ${rs.id} ${FLAG.outlook}`);
    }
    throw e;
  }
  return decodeOutlookTable(bytes, rs, file, reachRebuildHint(rs.id, 'outlook'), true, await payloadDigest(bytes, file));
}

/** A lane table of any kind from its file in `dir`: a goal table opened for its rows, an outlook table read whole. */
export async function readLaneTable<K extends LaneKind>(dir: string, rs: RuleSet, kind: K): Promise<{ header: TableHeader; table: LaneTableOf[K] }> {
  return (kind === 'outlook' ? readOutlookTable(dir, rs) : readReachTable(dir, rs, kind as GoalKind)) as Promise<{ header: TableHeader; table: LaneTableOf[K] }>;
}

/** A lane table from what a message brought (LaneDataOf): a goal table opened over its data, an outlook table as it came (its arrays shared). */
export function openLaneData<K extends LaneKind>(kind: K, data: LaneDataOf[K]): LaneTableOf[K] {
  return (kind === 'outlook' ? data : openReachTableData(data as ReachTableData)) as LaneTableOf[K];
}

/** Bytes a lane table holds in this thread's memory. */
export function laneTableBytes(t: ReachTable | OutlookTable): number {
  return t.kind === 'outlook' ? outlookTableBytes(t) : reachTableBytes(t);
}
