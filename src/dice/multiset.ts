/**
 * Dice multisets as face counts. A multiset of up to 6 dice is packed into a base-7 key
 * (`sum counts[f] * 7^f`) so lookups are one typed-array read.
 */
export const FACES = 6;
export const KEY_SPACE = 7 ** FACES;

export function countsKey(counts: ArrayLike<number>): number {
  let key = 0;
  for (let f = FACES - 1; f >= 0; f--) key = key * 7 + counts[f];
  return key;
}

export function facesToCounts(faces: readonly number[]): number[] {
  const counts = [0, 0, 0, 0, 0, 0];
  for (const f of faces) counts[f - 1]++;
  return counts;
}

export function countsToFaces(counts: ArrayLike<number>): number[] {
  const faces: number[] = [];
  for (let f = 0; f < FACES; f++) for (let c = 0; c < counts[f]; c++) faces.push(f + 1);
  return faces;
}

/** Every multiset of exactly `size` dice, in lexicographic order of their sorted faces. */
export function multisetsOfSize(size: number): number[][] {
  const out: number[][] = [];
  const counts = [0, 0, 0, 0, 0, 0];
  const visit = (face: number, left: number): void => {
    if (face === FACES - 1) {
      counts[face] = left;
      out.push(counts.slice());
      counts[face] = 0;
      return;
    }
    for (let c = left; c >= 0; c--) {
      counts[face] = c;
      visit(face + 1, left - c);
    }
    counts[face] = 0;
  };
  visit(0, size);
  return out;
}

/** Is `sub` contained in `whole` (as multisets)? */
export function isSubMultiset(sub: ArrayLike<number>, whole: ArrayLike<number>): boolean {
  for (let f = 0; f < FACES; f++) if (sub[f] > whole[f]) return false;
  return true;
}

const FACTORIAL = [1, 1, 2, 6, 24, 120, 720];

/** Probability that `n` fresh dice show exactly these counts. */
export function multisetProbability(counts: ArrayLike<number>): number {
  let n = 0;
  let denom = 1;
  for (let f = 0; f < FACES; f++) {
    n += counts[f];
    denom *= FACTORIAL[counts[f]];
  }
  return FACTORIAL[n] / denom / FACES ** n;
}
