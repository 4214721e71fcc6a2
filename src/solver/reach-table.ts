import { readFixedRow, readFloat64Row, ROW_PAD, type LaneEncoding, type LaneRow } from './lane-codec.ts';
import type { GoalKind } from './lane-kind.ts';
import type { ReachSource } from './reach-score-now.ts';

/** P within this of 0 or 1 is stored as 0 or 1 (float64 rows; fixed rows round to their own step). */
export const REACH_TRIM = 1e-12;

/**
 * A finished goal table (lane-kind.ts: what a lane holds): for every turn-start state s (canonical
 * index, column-layout.ts) one row, the stretch of its lanes strictly between certain and
 * hopeless. For a reach table, P(s, n) = the best probability of scoring at least n more points:
 *
 *   P(s, n) = 1                        for n < lo (n <= 0 included)
 *   P(s, n) = values[n - lo]           for lo <= n < lo + values.length
 *   P(s, n) = 0                        above, up to the cap
 *
 * A distribution row holds P(points still to come = k) for k = lo .., 0 elsewhere. Values for
 * n <= cap are exact (values for n depend only on smaller n). Above the cap they are known only
 * where P(s, cap) = 0; elsewhere a lookup gives NaN, which callers refuse beforehand.
 *
 * Rows are read one at a time (`row`): a table in memory decodes them from its bytes, one on disk
 * (store/reach-store.ts) reads them from its file as they are asked for, so that a process holds
 * its index and the rows it has used lately, not the table (hundreds of megabytes). A row returned
 * is never written again: a caller may keep it, and must not change it.
 */
export interface ReachTable {
  readonly kind: GoalKind;
  readonly cap: number;
  /** state slots (column-layout.ts size) */
  readonly slots: number;
  row(state: number): LaneRow;
  /** the table as plain data, for a message to a worker thread (which opens it again: store/reach-store.ts) */
  readonly data: ReachTableData;
  /** bytes this thread holds for it: the index if it is its own, decoded rows, rows in memory */
  heldBytes(): number;
}

/** Where a table's rows are: bytes in memory (shared or not), or an open file read on demand. */
export type RowBytes = { bytes: Uint8Array } | { file: { fd: number; at: number; name: string } };

/**
 * A goal table as plain data: what a message to a worker thread carries (its arrays over
 * SharedArrayBuffers are shared, not copied; an open file's descriptor serves every thread of the
 * process) and what a table file's payload is.
 */
export interface ReachTableData {
  kind: GoalKind;
  cap: number;
  encoding: LaneEncoding;
  /** fixed rows: bits of the fixed point (a value's error is at most 2^-(bits+1)) */
  bits: number;
  /** row s is bytes offset[s] .. offset[s + 1] of the rows; slots + 1 entries */
  offset: Uint32Array;
  rows: RowBytes;
  /** values the rows hold, all told */
  values: number;
}

/** Reads `dst.length` bytes of a table's rows from `position` (from the rows' start) into `dst`. */
export type ReadRowBytes = (dst: Uint8Array, position: number) => void;

/**
 * Decoded rows kept per table and thread: a hint reads a few dozen rows, many times over; a
 * simulated game moves on. Two generations of half this each, the older dropped whole when the
 * newer fills: least recently used, near enough, at the cost of a map lookup.
 */
export const ROW_CACHE_BYTES = 4 << 20;

const EMPTY: LaneRow = { lo: 0, values: new Float64Array(0) };

/**
 * A table over its data. `read` fetches row bytes where they lie in a file (the store's, which
 * may read files; a core module never does). `cacheBytes`: decoded rows kept (0: none kept).
 */
export function openReachTable(data: ReachTableData, read?: ReadRowBytes, cacheBytes = ROW_CACHE_BYTES): ReachTable {
  const { offset, encoding, bits, kind } = data;
  const slots = offset.length - 1;
  const tail = kind === 'distribution';
  const inMemory = 'bytes' in data.rows ? data.rows.bytes : undefined;
  if (!inMemory && !read) throw new Error('a goal table on disk needs a reader of its rows');
  let scratch = new Uint8Array(1024);
  let young = new Map<number, LaneRow>();
  let old = new Map<number, LaneRow>();
  let youngBytes = 0;
  const limit = cacheBytes / 2;

  const decode = (state: number): LaneRow => {
    const from = offset[state];
    const length = offset[state + 1] - from;
    if (length === 0) return EMPTY;
    if (inMemory) return encoding === 'fixed' ? readFixedRow(inMemory, from, bits, tail) : readFloat64Row(inMemory, from);
    if (scratch.length < length + ROW_PAD) scratch = new Uint8Array(2 * (length + ROW_PAD));
    const view = scratch.subarray(0, length);
    read!(view, from);
    // The pad past the row is read by the decoder and ignored: whatever it holds.
    return encoding === 'fixed' ? readFixedRow(scratch, 0, bits, tail) : readFloat64Row(Uint8Array.prototype.slice.call(scratch, 0, length), 0);
  };

  const cached = inMemory && encoding === 'float64' ? decode : (state: number): LaneRow => {
    let row = young.get(state);
    if (row) return row;
    row = old.get(state);
    if (!row) row = decode(state);
    if (cacheBytes > 0) {
      young.set(state, row);
      youngBytes += row.values.byteLength + 64;
      if (youngBytes > limit) {
        old = young;
        young = new Map();
        youngBytes = 0;
      }
    }
    return row;
  };

  return {
    kind,
    cap: data.cap,
    slots,
    data,
    row: cached,
    heldBytes() {
      let rows = 0;
      for (const map of [young, old]) for (const r of map.values()) rows += r.values.byteLength;
      return offset.byteLength + rows + (inMemory ? inMemory.byteLength : 0);
    },
  };
}

/**
 * A probability as the tables store them: within REACH_TRIM of 1 or 0 is 1 or 0. The engine's
 * sums of roll probabilities give 1 − 3e-15 for a certain target; a player told 99.9999…% would
 * look for a risk that is not there.
 */
export function snapProbability(p: number): number {
  return p > 1 - REACH_TRIM ? 1 : p < REACH_TRIM ? 0 : p;
}

/** P(s, n) from a row of a finished table (see ReachTable); NaN above the cap where the table cannot tell. */
function rowProbability(row: LaneRow, cap: number, n: number): number {
  if (n <= 0) return 1;
  const lo = row.lo;
  if (n < lo) return n > cap ? NaN : 1;
  const count = row.values.length;
  const k = n - lo;
  if (k < count) return row.values[k];
  if (n <= cap) return 0;
  // Above the cap: zero only when the table's last known value already was.
  return count > 0 && lo + count - 1 === cap ? NaN : lo > cap ? NaN : 0;
}

/** P(s, n) from a finished table; NaN above the cap where the table cannot tell. */
export function reachProbability(t: ReachTable, state: number, n: number): number {
  return rowProbability(t.row(state), t.cap, n);
}

export function reachTableSource(t: ReachTable): ReachSource {
  return {
    read(dst, at, state, from, count) {
      const row = t.row(state);
      for (let j = 0; j < count; j++) dst[at + j] = rowProbability(row, t.cap, from + j);
    },
  };
}

/** A table's file payload: the row offsets (Uint32, padded to 8 bytes), then the rows (ending in ROW_PAD zero bytes), as parts. */
export function reachPayloadParts(data: ReachTableData): Uint8Array[] {
  if (!('bytes' in data.rows)) throw new Error('a goal table read from its file is written by copying the file');
  const o = data.offset;
  const index = new Uint8Array(reachIndexBytes(o.length - 1));
  index.set(new Uint8Array(o.buffer, o.byteOffset, o.byteLength));
  return [index, data.rows.bytes];
}

/** Bytes of a payload's index for this many state slots. */
export function reachIndexBytes(slots: number): number {
  return Math.ceil(((slots + 1) * 4) / 8) * 8;
}

/** Bytes of a table's rows region holding `total` bytes of rows: their padding after them, then up to a multiple of 8. */
export function rowRegionBytes(total: number): number {
  return Math.ceil((total + ROW_PAD) / 8) * 8;
}

/**
 * Checks a payload's index against its layout: offsets rising from 0 to the rows' length (less
 * their padding). A file whose index does not hold together is refused rather than misread.
 */
export function checkReachIndex(offset: Uint32Array, rowBytes: number): boolean {
  if (offset[0] !== 0 || rowRegionBytes(offset[offset.length - 1]) !== rowBytes) return false;
  for (let i = 1; i < offset.length; i++) if (offset[i] < offset[i - 1]) return false;
  return true;
}
