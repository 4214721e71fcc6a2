import type { Pattern } from './types.ts';

/** Face counts of a roll: `counts[f - 1]` dice show face f. */
export type FaceCounts = ArrayLike<number>;

export function diceSum(counts: FaceCounts): number {
  let s = 0;
  for (let f = 1; f <= 6; f++) s += f * counts[f - 1];
  return s;
}

export function maxOfAKind(counts: FaceCounts): number {
  let m = 0;
  for (let f = 0; f < 6; f++) if (counts[f] > m) m = counts[f];
  return m;
}

export function longestRun(counts: FaceCounts): number {
  let best = 0;
  let run = 0;
  for (let f = 0; f < 6; f++) {
    run = counts[f] > 0 ? run + 1 : 0;
    if (run > best) best = run;
  }
  return best;
}

function highestFaceWith(counts: FaceCounts, n: number): number {
  for (let f = 6; f >= 1; f--) if (counts[f - 1] >= n) return f;
  return 0;
}

function fullHouse(counts: FaceCounts, exact: boolean): boolean {
  for (let a = 0; a < 6; a++) {
    if (exact ? counts[a] !== 3 : counts[a] < 3) continue;
    for (let b = 0; b < 6; b++) {
      if (b !== a && (exact ? counts[b] === 2 : counts[b] >= 2)) return true;
    }
  }
  return false;
}

/** Ordinary points a pattern scores for a roll (no Joker, no bonuses). */
export function scorePattern(p: Pattern, counts: FaceCounts): number {
  switch (p.kind) {
    case 'upper':
      return p.face * counts[p.face - 1];
    case 'ofAKind': {
      const face = highestFaceWith(counts, p.n);
      if (face === 0) return 0;
      return p.score === 'sum' ? diceSum(counts) : p.n * face;
    }
    case 'ofAKindFixed':
      return maxOfAKind(counts) >= p.n ? p.points : 0;
    case 'fullHouse':
      if (!fullHouse(counts, p.exact)) return 0;
      return p.score === 'sum' ? diceSum(counts) : p.score;
    case 'straight':
      return longestRun(counts) >= p.length ? p.points : 0;
    case 'exactRun': {
      for (let f = 1; f <= 6; f++) {
        if (counts[f - 1] !== (p.faces.includes(f) ? 1 : 0)) return 0;
      }
      return p.points;
    }
    case 'chance':
      return diceSum(counts);
    case 'onePair':
      return 2 * highestFaceWith(counts, 2);
    case 'twoPairs': {
      let pairs = 0;
      let sum = 0;
      for (let f = 6; f >= 1 && pairs < 2; f--) {
        if (counts[f - 1] >= 2) {
          pairs++;
          sum += 2 * f;
        }
      }
      return pairs === 2 ? sum : 0;
    }
  }
}

/** Every value a pattern can score with `dice` dice (ordinary scoring); used to validate scorecards. */
export function possibleScores(p: Pattern, dice: number): Set<number> {
  const out = new Set<number>();
  const counts = [0, 0, 0, 0, 0, 0];
  const visit = (face: number, left: number): void => {
    if (face === 6) {
      out.add(scorePattern(p, counts));
      return;
    }
    for (let c = face === 5 ? left : 0; c <= left; c++) {
      counts[face] = c;
      visit(face + 1, left - c);
    }
    counts[face] = 0;
  };
  visit(0, dice);
  return out;
}
