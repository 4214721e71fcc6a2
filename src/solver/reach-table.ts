import type { ReachSource } from './reach-score-now.ts';

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

/** P(s, n) from a finished table; NaN above the cap where the table cannot tell. */
export function reachProbability(t: ReachTable, state: number, n: number): number {
  const lo = t.lo[state];
  if (n < lo) return n > t.cap ? (lo > t.cap ? NaN : 1) : 1;
  const k = n - lo;
  const count = t.count[state];
  if (k < count) return t.values[t.offset[state] + k];
  if (n <= t.cap) return 0;
  // Above the cap: zero only when the table's last known value already was.
  return count > 0 && lo + count - 1 === t.cap ? NaN : lo > t.cap ? NaN : 0;
}

/** The largest number of points still needed that the table answers exactly from state s. */
export function reachLimit(t: ReachTable, state: number): number {
  return Number.isNaN(reachProbability(t, state, t.cap + 1)) ? t.cap : Infinity;
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
