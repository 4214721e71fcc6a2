import { describe, expect, it } from 'vitest';
import { RULESETS } from '../rules/index.ts';
import { testValues } from '../../test/support/models.ts';
import { buildReachTable, LANE_BITS } from './build-lane-table.ts';
import { readFixedRow, readFloat64Row, ROW_PAD, RowWriter, writeFixedRow, writeFloat64Row } from './lane-codec.ts';
import { reachProbability, type ReachTable } from './reach-table.ts';

/** A seeded stream of numbers in [0, 1). */
function random(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/** Encodes and decodes one fixed row. */
function roundTrip(lo: number, q: Int32Array, bits: number, tail: boolean): { lo: number; values: Float64Array; bytes: number } {
  const w = new RowWriter(4);
  const count = tail ? q.length + 1 : q.length;
  writeFixedRow(w, lo, count, q, q.length, bits);
  const bytes = new Uint8Array(w.length + ROW_PAD);
  bytes.set(w.bytes.subarray(0, w.length));
  return { ...readFixedRow(bytes, 0, bits, tail), bytes: w.length };
}

describe('goal table rows (lane-codec.ts)', () => {
  it('decodes a fixed reach row to the integers encoded, over 2^bits, for falling curves, steps of every size and rows of every length', () => {
    const next = random(7);
    for (const bits of [20, 22, 24]) {
      const S = 2 ** bits;
      for (let trial = 0; trial < 300; trial++) {
        const m = trial % 50 === 0 ? 0 : Math.floor(next() * 700);
        const q = new Int32Array(m);
        let v = S;
        for (let i = 0; i < m; i++) {
          // Mostly small steps, some cliffs (a box's points), some flats.
          const r = next();
          v = Math.max(0, v - (r < 0.1 ? Math.floor(next() * v) : r < 0.3 ? 0 : Math.floor(next() * 3000)));
          q[i] = v;
        }
        const lo = Math.floor(next() * 1000);
        const back = roundTrip(lo, q, bits, false);
        expect(back.lo).toBe(lo);
        expect(Array.from(back.values)).toEqual(Array.from(q, (x) => x / S));
      }
    }
  });

  it('keeps a curve that rises again (rounding may leave one) and the largest steps there are, from certain to hopeless and back', () => {
    const bits = 24;
    const S = 2 ** bits;
    const q = Int32Array.from([0, S, 0, S, 1, S - 1, 0, 0, 0, S]);
    expect(Array.from(roundTrip(3, q, bits, false).values)).toEqual(Array.from(q, (x) => x / S));
  });

  it('decodes a distribution row to its masses, the tail’s steps, which sum to exactly 1', () => {
    const next = random(11);
    const bits = 24;
    const S = 2 ** bits;
    for (let trial = 0; trial < 200; trial++) {
      const m = Math.floor(next() * 600);
      const q = new Int32Array(m);
      let v = S;
      for (let i = 0; i < m; i++) q[i] = v = Math.max(1, v - Math.floor(next() * (2 * v) / Math.max(1, m - i)));
      const back = roundTrip(5, q, bits, true);
      expect(back.values.length).toBe(m + 1);
      const tail = [S, ...q, 0];
      for (let k = 0; k <= m; k++) expect(back.values[k]).toBe((tail[k] - tail[k + 1]) / S);
      expect(back.values.reduce((a, b) => a + b, 0)).toBe(1);
    }
    // A certain total: one mass of 1.
    expect(Array.from(roundTrip(0, new Int32Array(0), bits, true).values)).toEqual([1]);
  });

  it('writes float64 rows as they are, readable in place where aligned', () => {
    const w = new RowWriter(8);
    writeFloat64Row(w, 17, Float64Array.of(0.5, 1e-300, 0.25));
    writeFloat64Row(w, 0, new Float64Array(0));
    const row = readFloat64Row(w.bytes, 0);
    expect(row.lo).toBe(17);
    expect(Array.from(row.values)).toEqual([0.5, 1e-300, 0.25]);
    expect(row.values.buffer).toBe(w.bytes.buffer);
    expect(readFloat64Row(w.bytes, 32)).toEqual({ lo: 0, values: new Float64Array(0) });
  });

  it('takes 10-14 bits a value on real rows, against float32’s 32', async () => {
    const { table } = await buildReachTable(RULESETS['yahtzee-no-bonus'], { cap: 200, levels: 3 });
    const bytes = 'bytes' in table.data.rows ? table.data.rows.bytes.byteLength : 0;
    const bitsPerValue = (8 * bytes) / table.data.values;
    expect(bitsPerValue).toBeGreaterThan(6);
    expect(bitsPerValue).toBeLessThan(16);
  });
});

/** The largest difference between two tables' answers over every state built and every n up to the cap (and one past it). */
function largestDifference(a: ReachTable, b: ReachTable, states: Iterable<number>, read: (t: ReachTable, s: number, n: number) => number): number {
  let worst = 0;
  for (const s of states) {
    for (let n = -1; n <= a.cap + 1; n++) {
      const x = read(a, s, n);
      const y = read(b, s, n);
      if (Number.isNaN(x) || Number.isNaN(y)) {
        if (Number.isNaN(x) !== Number.isNaN(y) && Math.abs((Number.isNaN(x) ? y : x)) > 2 ** -(LANE_BITS.reach + 1)) worst = Infinity;
        continue;
      }
      worst = Math.max(worst, Math.abs(x - y));
    }
  }
  return worst;
}

function builtStates(t: ReachTable): number[] {
  const out: number[] = [];
  for (let s = 0; s < t.slots; s++) if (t.data.offset[s + 1] > t.data.offset[s]) out.push(s);
  return out;
}

describe('fixed-point tables against exact ones', () => {
  it('a reach table answers every state and need within 2^-(bits+1) of the float64 table', async () => {
    const rs = RULESETS['yahtzee-no-bonus'];
    const options = { cap: 120, levels: 3 };
    const [fixed, exact] = await Promise.all([buildReachTable(rs, options), buildReachTable(rs, { ...options, float64: true })]);
    expect(fixed.header.layout).toMatchObject({ encoding: 'fixed', bits: LANE_BITS.reach });
    const states = builtStates(exact.table);
    expect(states.length).toBeGreaterThan(1000);
    const worst = largestDifference(fixed.table, exact.table, states, reachProbability);
    expect(worst).toBeLessThanOrEqual(2 ** -(LANE_BITS.reach + 1) * (1 + 1e-9));
    expect(worst).toBeGreaterThan(0);
  });

  it('a distribution table’s tails lie within 2^-(bits+1) of the float64 table’s, and each row sums to 1', async () => {
    const rs = RULESETS['yahtzee-no-bonus'];
    const values = await testValues(rs.id);
    const options = { kind: 'distribution' as const, values, cap: 120, levels: 3 };
    const [fixed, exact] = await Promise.all([buildReachTable(rs, options), buildReachTable(rs, { ...options, float64: true })]);
    const tailAt = (t: ReachTable, s: number, k: number): number => {
      const { lo, values: p } = t.row(s);
      let sum = 0;
      for (let i = 0; i < p.length; i++) if (lo + i >= k) sum += p[i];
      return sum;
    };
    let worst = 0;
    for (const s of builtStates(exact.table)) {
      const row = fixed.table.row(s);
      expect(Math.abs(row.values.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-15);
      for (let k = 0; k <= options.cap; k++) worst = Math.max(worst, Math.abs(tailAt(fixed.table, s, k) - tailAt(exact.table, s, k)));
    }
    // The float64 rows drop masses within 1e-12 of 0 at their ends: that much more.
    expect(worst).toBeLessThanOrEqual(2 ** -(LANE_BITS.distribution + 1) + 1e-10);
    expect(worst).toBeGreaterThan(0);
  });
});
