import type { CompiledRules } from './compiled-rules.ts';
import { stateIndex } from './column-layout.ts';
import { createEntryScratch, scoreEntry, yahtzeeRollsDiffer, type EntryScratch } from './score-entry.ts';
import type { ColumnState } from './game-state.ts';

/**
 * The expected-score choice of box for every roll, as (next state slot, gain): what optimal
 * play for points writes down. The moments and the points distribution of that strategy follow
 * these choices. Same structure as score-now.ts: every roll starts from the best zero-score
 * entry, each box then visits only the rolls where it scores, and the rolls where the Yahtzee box
 * changes the options are scored box by box through `scoreEntry`.
 */
export interface ScoreChoices {
  /** per roll: slot of the state the entry leads to */
  next: Int32Array;
  /** per roll: points and bonuses the entry adds */
  gain: Float64Array;
  /** per roll: gain + value of the next state */
  value: Float64Array;
  /** per roll: the box written in, and the points written there (gain less the bonuses it earns) */
  box: Uint8Array;
  points: Float64Array;
  /** the upper box being visited: slot and gain of scoring n dice of its face, at n */
  upNext: Int32Array;
  upGain: Float64Array;
  entry: EntryScratch;
  col: ColumnState;
}

export function createScoreChoices(c: CompiledRules): ScoreChoices {
  const R = c.dice.rollCount;
  const n = c.dice.dice + 1;
  return {
    next: new Int32Array(R),
    gain: new Float64Array(R),
    value: new Float64Array(R),
    box: new Uint8Array(R),
    points: new Float64Array(R),
    upNext: new Int32Array(n),
    upGain: new Float64Array(n),
    entry: createEntryScratch(),
    col: { mask: 0, upper: 0, yahtzee50: false },
  };
}

/**
 * Fills `out` for state (mask, upper, flag); the expected value of slot s is values[stride * s].
 * A later candidate replaces an earlier one only when strictly better.
 */
export function chooseScores(c: CompiledRules, values: Float64Array, stride: number, mask: number, upper: number, flag: number, out: ScoreChoices): void {
  const B = c.rs.boxes.length;
  const T = c.layout.threshold;
  const UB = c.rs.upperBonus.points;
  const L = c.layout;
  const { next, gain, value, box, points } = out;
  let zero = -1;
  let zeroBox = -1;
  for (let b = 0; b < B; b++) {
    if (mask & (1 << b)) continue;
    const s = stateIndex(L, mask | (1 << b), upper, flag);
    if (zero < 0 || values[stride * s] > values[stride * zero]) {
      zero = s;
      zeroBox = b;
    }
  }
  next.fill(zero);
  gain.fill(0);
  value.fill(values[stride * zero]);
  box.fill(zeroBox);
  points.fill(0);
  const { nzStart, nzRoll, nzScore } = c;
  const { upNext, upGain } = out;
  for (let b = 0; b < B; b++) {
    if (mask & (1 << b)) continue;
    const e = nzStart[b + 1];
    if (b < 6) {
      // Scoring n dice of this face: the same entry for every roll with n of them.
      for (let n = 1; n <= c.dice.dice; n++) {
        const pts = (b + 1) * n;
        const raw = upper + pts;
        upGain[n] = pts + (upper < T && raw >= T ? UB : 0);
        upNext[n] = stateIndex(L, mask | (1 << b), raw > T ? T : raw, flag);
      }
      for (let i = nzStart[b]; i < e; i++) {
        const n = nzScore[i];
        const v = upGain[n] + values[stride * upNext[n]];
        const r = nzRoll[i];
        if (v > value[r]) {
          value[r] = v;
          next[r] = upNext[n];
          gain[r] = upGain[n];
          box[r] = b;
          points[r] = (b + 1) * n;
        }
      }
    } else {
      const s = stateIndex(L, mask | (1 << b), upper, flag);
      const base = values[stride * s];
      for (let i = nzStart[b]; i < e; i++) {
        const r = nzRoll[i];
        const v = nzScore[i] + base;
        if (v > value[r]) {
          value[r] = v;
          next[r] = s;
          gain[r] = nzScore[i];
          box[r] = b;
          points[r] = nzScore[i];
        }
      }
    }
  }
  if (!yahtzeeRollsDiffer(c, mask, flag)) return;
  const { entry: e, col } = out;
  col.mask = mask;
  col.upper = upper;
  col.yahtzee50 = flag === 1;
  for (let f = 0; f < 6; f++) {
    const r = c.yahtzeeRoll[f];
    value[r] = -Infinity;
    for (let b = 0; b < B; b++) {
      if (mask & (1 << b) || !scoreEntry(c, col, r, b, e)) continue;
      const s = stateIndex(L, e.next.mask, e.next.upper > T ? T : e.next.upper, L.flags === 2 && e.next.yahtzee50 ? 1 : 0);
      const v = e.gain + values[stride * s];
      if (v > value[r]) {
        value[r] = v;
        next[r] = s;
        gain[r] = e.gain;
        box[r] = b;
        points[r] = e.points;
      }
    }
  }
}
