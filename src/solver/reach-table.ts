import type { ReachSource } from './reach-score-now.ts';

/** P within this of 0 or 1 is stored as 0 or 1. */
export const REACH_TRIM = 1e-12;

/**
 * A finished reach table: for every turn-start state s (canonical index, column-layout.ts) and
 * every number n of points still needed, P(s, n) = the best probability of scoring at least n
 * more points. Only the stretch where P lies strictly between 0 and 1 is stored:
 *
 *   P(s, n) = 1                        for n < lo[s] (n <= 0 included)
 *   P(s, n) = values[offset[s] + n - lo[s]]   for lo[s] <= n < lo[s] + count[s]
 *   P(s, n) = 0                        above, up to the cap
 *
 * Values for n <= cap are exact (values for n depend only on smaller n). Above the cap they are
 * known only where P(s, cap) = 0; elsewhere a lookup gives NaN, which callers refuse beforehand.
 */
export interface ReachTable {
  cap: number;
  lo: Uint16Array;
  count: Uint16Array;
  offset: Uint32Array;
  values: Float32Array | Float64Array;
}

/**
 * A probability as the tables store them: within REACH_TRIM of 1 or 0 is 1 or 0. The engine's
 * sums of roll probabilities give 1 − 3e-15 for a certain target; a player told 99.9999…% would
 * look for a risk that is not there.
 */
export function snapProbability(p: number): number {
  return p > 1 - REACH_TRIM ? 1 : p < REACH_TRIM ? 0 : p;
}

/** P(s, n) from a finished table; NaN above the cap where the table cannot tell. */
export function reachProbability(t: ReachTable, state: number, n: number): number {
  if (n <= 0) return 1;
  const lo = t.lo[state];
  if (n < lo) return n > t.cap ? NaN : 1;
  const k = n - lo;
  const count = t.count[state];
  if (k < count) return t.values[t.offset[state] + k];
  if (n <= t.cap) return 0;
  // Above the cap: zero only when the table's last known value already was.
  return count > 0 && lo + count - 1 === t.cap ? NaN : lo > t.cap ? NaN : 0;
}


export function reachTableSource(t: ReachTable): ReachSource {
  return {
    read(dst, at, state, from, count) {
      for (let j = 0; j < count; j++) dst[at + j] = reachProbability(t, state, from + j);
    },
  };
}

/** Offsets from counts (they are not stored: the payload is lo, count and values). */
export function reachOffsets(count: Uint16Array): { offset: Uint32Array; total: number } {
  const offset = new Uint32Array(count.length);
  let total = 0;
  for (let i = 0; i < count.length; i++) {
    offset[i] = total;
    total += count[i];
  }
  return { offset, total };
}

/** Payload of a reach table file: lo and count (Uint16 per state slot, each padded to 8 bytes), then the values, as parts. */
export function reachPayloadParts(t: ReachTable): Uint8Array[] {
  const slots = t.lo.length;
  const part = Math.ceil((slots * 2) / 8) * 8;
  const lo = new Uint8Array(part);
  lo.set(new Uint8Array(t.lo.buffer, t.lo.byteOffset, t.lo.byteLength));
  const count = new Uint8Array(part);
  count.set(new Uint8Array(t.count.buffer, t.count.byteOffset, t.count.byteLength));
  return [lo, count, new Uint8Array(t.values.buffer, t.values.byteOffset, t.values.byteLength)];
}

/** Bytes of memory for a table's arrays: shared between threads (passed in a message, never copied), or this thread's own. */
function tableBuffer(bytes: number, shared: boolean): ArrayBufferLike {
  return shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
}

/**
 * The inverse of `reachPayloadParts` (read as one payload); null when the sizes do not fit
 * together. `shared`: every array over a SharedArrayBuffer, so that one copy in a process serves
 * all its worker threads.
 */
export function decodeReachPayload(payload: Uint8Array, cap: number, slots: number, valueCount: number, float64: boolean, shared = false): ReachTable | null {
  const part = Math.ceil((slots * 2) / 8) * 8;
  const width = float64 ? 8 : 4;
  if (payload.byteLength !== 2 * part + valueCount * width) return null;
  if (shared && payload.buffer instanceof SharedArrayBuffer && payload.byteOffset % 8 === 0) {
    // The file was read into shared memory: views over it, no second copy.
    const at = payload.byteOffset;
    const count = new Uint16Array(payload.buffer, at + part, slots);
    const { offset: own, total } = reachOffsets(count);
    if (total !== valueCount) return null;
    const offset = new Uint32Array(tableBuffer(own.byteLength, true));
    offset.set(own);
    const values = float64 ? new Float64Array(payload.buffer, at + 2 * part, valueCount) : new Float32Array(payload.buffer, at + 2 * part, valueCount);
    return { cap, lo: new Uint16Array(payload.buffer, at, slots), count, offset, values };
  }
  // Copies into aligned buffers: a Buffer from the file system may start at any offset.
  const lo = new Uint16Array(tableBuffer(slots * 2, shared));
  new Uint8Array(lo.buffer).set(payload.subarray(0, slots * 2));
  const count = new Uint16Array(tableBuffer(slots * 2, shared));
  new Uint8Array(count.buffer).set(payload.subarray(part, part + slots * 2));
  const values = float64 ? new Float64Array(tableBuffer(valueCount * 8, shared)) : new Float32Array(tableBuffer(valueCount * 4, shared));
  new Uint8Array(values.buffer).set(payload.subarray(2 * part));
  const { offset: own, total } = reachOffsets(count);
  if (total !== valueCount) return null;
  const offset = shared ? new Uint32Array(tableBuffer(own.byteLength, true)) : own;
  if (shared) offset.set(own);
  return { cap, lo, count, offset, values };
}
