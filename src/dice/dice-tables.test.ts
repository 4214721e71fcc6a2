import { describe, expect, it } from 'vitest';
import { diceTables, keepFaceCounts, keepIndexOfCounts, subKeepsOf } from './dice-tables.ts';
import {
  countsKey,
  countsToFaces,
  facesToCounts,
  FACES,
  isSubMultiset,
  KEY_SPACE,
  multisetProbability,
  multisetsOfSize,
} from './multiset.ts';

const sum = (a: ArrayLike<number>): number => Array.from(a).reduce((s, x) => s + x, 0);

/** Number of multisets of `size` dice: C(size + 5, 5). */
function multisetCount(size: number): number {
  let c = 1;
  for (let i = 1; i <= 5; i++) c = (c * (size + i)) / i;
  return c;
}

describe('multisets', () => {
  it.each([
    [0, 1],
    [1, 6],
    [2, 21],
    [3, 56],
    [4, 126],
    [5, 252],
    [6, 462],
  ])('there are %i-dice multisets: %i', (size, count) => {
    const all = multisetsOfSize(size);
    expect(all).toHaveLength(count);
    expect(count).toBe(multisetCount(size));
    for (const c of all) {
      expect(c).toHaveLength(FACES);
      expect(sum(c)).toBe(size);
      for (const x of c) expect(x).toBeGreaterThanOrEqual(0);
    }
    expect(new Set(all.map(countsKey)).size).toBe(count);
  });

  it('multisetsOfSize lists rolls in lexicographic order of their sorted faces', () => {
    const faces = multisetsOfSize(5).map((c) => countsToFaces(c).join(''));
    expect(faces[0]).toBe('11111');
    expect(faces[1]).toBe('11112');
    expect(faces.at(-1)).toBe('66666');
    expect([...faces].sort()).toEqual(faces);
  });

  it('facesToCounts and countsToFaces round-trip', () => {
    expect(facesToCounts([3, 1, 6, 3, 3])).toEqual([1, 0, 3, 0, 0, 1]);
    expect(countsToFaces([1, 0, 3, 0, 0, 1])).toEqual([1, 3, 3, 3, 6]);
    for (const c of multisetsOfSize(6)) expect(facesToCounts(countsToFaces(c))).toEqual(c);
  });

  it('countsKey is base 7 and fits KEY_SPACE', () => {
    expect(KEY_SPACE).toBe(7 ** 6);
    expect(countsKey([0, 0, 0, 0, 0, 0])).toBe(0);
    expect(countsKey([1, 0, 0, 0, 0, 0])).toBe(1);
    expect(countsKey([0, 1, 0, 0, 0, 0])).toBe(7);
    expect(countsKey([0, 0, 0, 0, 0, 6])).toBe(6 * 7 ** 5);
    expect(countsKey([6, 6, 6, 6, 6, 6])).toBe(KEY_SPACE - 1);
  });

  it('isSubMultiset', () => {
    expect(isSubMultiset([1, 0, 0, 0, 0, 0], [2, 1, 0, 0, 0, 0])).toBe(true);
    expect(isSubMultiset([0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0])).toBe(true);
    expect(isSubMultiset([3, 0, 0, 0, 0, 0], [2, 1, 0, 0, 0, 0])).toBe(false);
    expect(isSubMultiset([0, 0, 0, 0, 0, 1], [2, 1, 0, 0, 0, 0])).toBe(false);
  });

  it('multisetProbability of known rolls', () => {
    expect(multisetProbability([5, 0, 0, 0, 0, 0])).toBeCloseTo(1 / 7776, 15);
    expect(multisetProbability([1, 1, 1, 1, 1, 0])).toBeCloseTo(120 / 7776, 15);
    expect(multisetProbability([0, 0, 0, 0, 0, 0])).toBe(1);
    expect(multisetProbability([0, 0, 1, 0, 0, 0])).toBeCloseTo(1 / 6, 15);
    expect(multisetProbability([1, 1, 1, 1, 1, 1])).toBeCloseTo(720 / 46656, 15);
  });

  it.each([0, 1, 2, 3, 4, 5, 6])('probabilities of all %i-dice multisets sum to 1', (n) => {
    expect(Math.abs(sum(multisetsOfSize(n).map(multisetProbability)) - 1)).toBeLessThan(1e-12);
  });
});

describe.each([
  { n: 5, rolls: 252, keeps: 462 },
  { n: 6, rolls: 462, keeps: 924 },
])('dice tables for $n dice', ({ n, rolls, keeps }) => {
  const t = diceTables(n);

  it(`has ${rolls} rolls and ${keeps} keeps`, () => {
    expect(t.dice).toBe(n);
    expect(t.rollCount).toBe(rolls);
    expect(t.keepCount).toBe(keeps);
    expect(t.keepCounts).toHaveLength(keeps * FACES);
    expect(t.keepSize).toHaveLength(keeps);
    expect(t.addDie).toHaveLength(keeps * FACES);
    expect(t.subStart).toHaveLength(keeps + 1);
    expect(t.rollProbability).toHaveLength(rolls);
    expect(t.rollFaceCount).toHaveLength(FACES * rolls);
    expect(t.keyToKeep).toHaveLength(KEY_SPACE);
  });

  it('is cached: the same object on every call', () => {
    expect(diceTables(n)).toBe(t);
  });

  it('keeps are ordered by size, largest first; the first rollCount keeps are the full rolls', () => {
    for (let k = 0; k < t.keepCount; k++) {
      expect(t.keepSize[k]).toBe(sum(keepFaceCounts(t, k)));
      if (k > 0) expect(t.keepSize[k]).toBeLessThanOrEqual(t.keepSize[k - 1]);
      expect(t.keepSize[k] === n).toBe(k < t.rollCount);
    }
    expect(t.keepSize[t.keepCount - 1]).toBe(0);
  });

  it('every multiset of 0..n dice is exactly one keep', () => {
    const seen = new Set<number>();
    for (let size = 0; size <= n; size++) {
      for (const c of multisetsOfSize(size)) {
        const k = keepIndexOfCounts(t, c);
        expect(k).toBeGreaterThanOrEqual(0);
        expect(keepFaceCounts(t, k)).toEqual(c);
        seen.add(k);
      }
    }
    expect(seen.size).toBe(t.keepCount);
    expect(Array.from(t.keyToKeep).filter((k) => k >= 0)).toHaveLength(t.keepCount);
  });

  it('keepIndexOfCounts(keepFaceCounts(k)) round-trips every keep', () => {
    for (let k = 0; k < t.keepCount; k++) expect(keepIndexOfCounts(t, keepFaceCounts(t, k))).toBe(k);
  });

  it('keepIndexOfCounts is -1 for more than n dice (each face count at most 6, the key digit range)', () => {
    expect(keepIndexOfCounts(t, [2, 1, 1, 1, 1, n - 5])).toBe(-1);
    expect(keepIndexOfCounts(t, [1, 1, 1, 1, 1, n - 4])).toBe(-1);
  });

  it('rollFaceCount agrees with keepCounts for every roll', () => {
    for (let r = 0; r < t.rollCount; r++) {
      for (let f = 0; f < FACES; f++) expect(t.rollFaceCount[f * t.rollCount + r]).toBe(t.keepCounts[r * FACES + f]);
    }
  });

  it('roll probabilities sum to 1 (within 1e-12)', () => {
    expect(Math.abs(sum(t.rollProbability) - 1)).toBeLessThan(1e-12);
  });

  it(`roll probabilities match brute-force enumeration of all 6^${n} ordered rolls`, () => {
    const hits = new Float64Array(t.rollCount);
    const total = 6 ** n;
    const counts = [0, 0, 0, 0, 0, 0];
    for (let code = 0; code < total; code++) {
      counts.fill(0);
      for (let i = 0, c = code; i < n; i++, c = Math.floor(c / 6)) counts[c % 6]++;
      const r = keepIndexOfCounts(t, counts);
      expect(r).toBeLessThan(t.rollCount);
      hits[r]++;
    }
    for (let r = 0; r < t.rollCount; r++) {
      expect(hits[r]).toBeGreaterThan(0);
      expect(Math.abs(t.rollProbability[r] - hits[r] / total)).toBeLessThan(1e-15);
    }
  });

  it('addDie adds one die of the given face, and is -1 for full rolls', () => {
    for (let k = 0; k < t.keepCount; k++) {
      const c = keepFaceCounts(t, k);
      for (let f = 0; f < FACES; f++) {
        const a = t.addDie[k * FACES + f];
        if (t.keepSize[k] === n) {
          expect(a).toBe(-1);
          continue;
        }
        const expected = c.slice();
        expected[f]++;
        expect(keepFaceCounts(t, a)).toEqual(expected);
        expect(a).toBeLessThan(k); // a larger keep has a lower index
      }
    }
  });

  it('sub-keeps are the distinct keeps with one die fewer, one per face present, at higher indices', () => {
    for (let k = 0; k < t.keepCount; k++) {
      const c = keepFaceCounts(t, k);
      const subs = Array.from(t.subList.subarray(t.subStart[k], t.subStart[k + 1]));
      expect(subs).toHaveLength(c.filter((x) => x > 0).length);
      expect(new Set(subs).size).toBe(subs.length);
      for (const s of subs) {
        expect(s).toBeGreaterThan(k);
        expect(t.keepSize[s]).toBe(t.keepSize[k] - 1);
        expect(isSubMultiset(keepFaceCounts(t, s), c)).toBe(true);
      }
    }
    expect(t.subStart[0]).toBe(0);
    expect(t.subStart[t.keepCount]).toBe(t.subList.length);
  });

  it('adding a die then removing it gets back the keep (addDie and subList agree)', () => {
    for (let k = 0; k < t.keepCount; k++) {
      if (t.keepSize[k] === n) continue;
      for (let f = 0; f < FACES; f++) {
        const a = t.addDie[k * FACES + f];
        expect(Array.from(t.subList.subarray(t.subStart[a], t.subStart[a + 1]))).toContain(k);
      }
    }
    // and the other way round: removing a die of face f, then adding face f, gets back the keep
    for (let k = 0; k < t.keepCount; k++) {
      const c = keepFaceCounts(t, k);
      for (const s of t.subList.subarray(t.subStart[k], t.subStart[k + 1])) {
        const sc = keepFaceCounts(t, s);
        const f = c.findIndex((x, i) => x !== sc[i]);
        expect(t.addDie[s * FACES + f]).toBe(k);
      }
    }
  });

  it('subKeepsOf(roll) lists product of (count + 1) distinct sub-multisets, including the roll and the empty keep', () => {
    const empty = keepIndexOfCounts(t, [0, 0, 0, 0, 0, 0]);
    for (let r = 0; r < t.rollCount; r++) {
      const c = keepFaceCounts(t, r);
      const subs = subKeepsOf(t, r);
      expect(subs).toHaveLength(c.reduce((p, x) => p * (x + 1), 1));
      expect(new Set(subs).size).toBe(subs.length);
      expect(subs).toContain(r);
      expect(subs).toContain(empty);
      for (const s of subs) {
        expect(s).toBeGreaterThanOrEqual(0);
        expect(isSubMultiset(keepFaceCounts(t, s), c)).toBe(true);
      }
    }
  });
});

describe('subKeepsOf, explicit counts', () => {
  const count = (n: number, faces: number[]) => {
    const t = diceTables(n);
    return subKeepsOf(t, keepIndexOfCounts(t, facesToCounts(faces))).length;
  };

  it('1,1,1,1,1 has 6 keeps (hold 0..5 ones)', () => {
    expect(count(5, [1, 1, 1, 1, 1])).toBe(6);
  });

  it('1,2,3,4,5 has 32 keeps (2^5)', () => {
    expect(count(5, [1, 2, 3, 4, 5])).toBe(32);
  });

  it('2,2,3,3,3 has 12 keeps (3 × 4)', () => {
    expect(count(5, [2, 2, 3, 3, 3])).toBe(12);
  });

  it('6 dice: 1,1,1,1,1,1 has 7 keeps; 1,2,3,4,5,6 has 64', () => {
    expect(count(6, [1, 1, 1, 1, 1, 1])).toBe(7);
    expect(count(6, [1, 2, 3, 4, 5, 6])).toBe(64);
  });

  it('subKeepsOf a smaller keep: 4,4,6 has 6 sub-keeps', () => {
    expect(count(5, [4, 4, 6])).toBe(6);
  });
});
