import { countsKey, FACES, KEY_SPACE, multisetProbability, multisetsOfSize } from './multiset.ts';

/**
 * Index tables for n dice. Every multiset of 0..n dice is a "keep"; keeps are numbered by size,
 * largest first, so keep indices 0..rollCount-1 are exactly the full rolls. A keep's value is the
 * average over one more die of the keep one die larger, so filling keep values from index 0
 * upwards only reads values already computed; sub-keeps (one die fewer) have higher indices.
 */
export interface DiceTables {
  dice: number;
  rollCount: number;
  keepCount: number;
  /** keepCounts[k * 6 + f] = dice showing face f + 1 in keep k */
  keepCounts: Uint8Array;
  keepSize: Uint8Array;
  /** addDie[k * 6 + f] = keep k plus one die showing f + 1 (-1 for full rolls) */
  addDie: Int32Array;
  /** sub-keeps with one die fewer, distinct: subStart[k]..subStart[k+1] into subList */
  subStart: Int32Array;
  subList: Int32Array;
  /** probability of each full roll from rolling all n dice */
  rollProbability: Float64Array;
  /** base-7 key of face counts -> keep index, -1 where the key is not a keep */
  keyToKeep: Int32Array;
  /** rollFaceCount[f * rollCount + r] = dice showing face f + 1 in roll r */
  rollFaceCount: Uint8Array;
  /** every distinct hold of roll r (itself and the empty hold included): rollHoldStart[r]..[r+1] into rollHoldList */
  rollHoldStart: Int32Array;
  rollHoldList: Int32Array;
}

const cache = new Map<number, DiceTables>();

export function diceTables(dice: number): DiceTables {
  let t = cache.get(dice);
  if (!t) {
    t = buildDiceTables(dice);
    cache.set(dice, t);
  }
  return t;
}

function buildDiceTables(dice: number): DiceTables {
  const keeps: number[][] = [];
  for (let size = dice; size >= 0; size--) keeps.push(...multisetsOfSize(size));
  const keepCount = keeps.length;
  const rollCount = multisetsOfSize(dice).length;
  const keyToKeep = new Int32Array(KEY_SPACE).fill(-1);
  keeps.forEach((c, k) => (keyToKeep[countsKey(c)] = k));

  const keepCounts = new Uint8Array(keepCount * FACES);
  const keepSize = new Uint8Array(keepCount);
  const addDie = new Int32Array(keepCount * FACES).fill(-1);
  const subStart = new Int32Array(keepCount + 1);
  const subs: number[] = [];
  keeps.forEach((c, k) => {
    let size = 0;
    for (let f = 0; f < FACES; f++) {
      keepCounts[k * FACES + f] = c[f];
      size += c[f];
    }
    keepSize[k] = size;
    subStart[k] = subs.length;
    for (let f = 0; f < FACES; f++) {
      if (size < dice) {
        c[f]++;
        addDie[k * FACES + f] = keyToKeep[countsKey(c)];
        c[f]--;
      }
      if (c[f] > 0) {
        c[f]--;
        subs.push(keyToKeep[countsKey(c)]);
        c[f]++;
      }
    }
  });
  subStart[keepCount] = subs.length;

  const rollProbability = new Float64Array(rollCount);
  const rollFaceCount = new Uint8Array(FACES * rollCount);
  for (let r = 0; r < rollCount; r++) {
    rollProbability[r] = multisetProbability(keeps[r]);
    for (let f = 0; f < FACES; f++) rollFaceCount[f * rollCount + r] = keeps[r][f];
  }
  const partial = {
    dice,
    rollCount,
    keepCount,
    keepCounts,
    keepSize,
    addDie,
    subStart,
    subList: Int32Array.from(subs),
    rollProbability,
    keyToKeep,
    rollFaceCount,
  };
  const rollHoldStart = new Int32Array(rollCount + 1);
  const holds: number[] = [];
  for (let r = 0; r < rollCount; r++) {
    rollHoldStart[r] = holds.length;
    holds.push(...enumerateSubKeeps(partial, r));
  }
  rollHoldStart[rollCount] = holds.length;
  return { ...partial, rollHoldStart, rollHoldList: Int32Array.from(holds) };
}

export function keepFaceCounts(t: Pick<DiceTables, 'keepCounts'>, k: number): number[] {
  return Array.from(t.keepCounts.subarray(k * FACES, k * FACES + FACES));
}

export function keepIndexOfCounts(t: DiceTables, counts: ArrayLike<number>): number {
  return t.keyToKeep[countsKey(counts)];
}

/** Every distinct sub-multiset of keep `k` (including k itself and the empty keep). */
export function subKeepsOf(t: DiceTables, k: number): number[] {
  if (k < t.rollCount) return Array.from(t.rollHoldList.subarray(t.rollHoldStart[k], t.rollHoldStart[k + 1]));
  return enumerateSubKeeps(t, k);
}

function enumerateSubKeeps(t: Pick<DiceTables, 'keepCounts' | 'keyToKeep'>, k: number): number[] {
  const c = keepFaceCounts(t, k);
  const out: number[] = [];
  const cur = [0, 0, 0, 0, 0, 0];
  const visit = (f: number): void => {
    if (f === FACES) {
      out.push(t.keyToKeep[countsKey(cur)]);
      return;
    }
    for (let n = 0; n <= c[f]; n++) {
      cur[f] = n;
      visit(f + 1);
    }
    cur[f] = 0;
  };
  visit(0);
  return out;
}
