import { countsKey, diceTables, type DiceTables } from '../dice/index.ts';
import type { RuleSet } from '../rules/index.ts';
import { playingDefinition, scoreBox, scorePattern, UPPER_COUNT } from '../rules/index.ts';
import { layoutOf, type ColumnLayout } from './column-layout.ts';

/**
 * A rule set turned into flat tables for the hot loops: ordinary points per (box, roll) and,
 * for Joker rule sets, the points a Yahtzee scores in each box in each Joker situation.
 * Everything here is derived from `rules/scoring.ts`, so there is one definition of scoring.
 */
export interface CompiledRules {
  rs: RuleSet;
  dice: DiceTables;
  layout: ColumnLayout;
  /** score[b * rollCount + r] ordinary points of roll r in box b */
  score: Float64Array;
  /** roll index of the Yahtzee of face f + 1 (n of a kind), for f = 0..5 */
  yahtzeeRoll: Int32Array;
  /** whether Yahtzee rolls need the Joker path once the Yahtzee box is filled */
  jokerActive: boolean;
  /**
   * jokerPoints[((face0 * 2 + upperFilled) * 2 + lowerFree) * boxes + b]: points of a Yahtzee of
   * face0 + 1 in free box b with the Yahtzee box filled, or -1 where the Joker rules forbid it.
   */
  jokerPoints: Int8Array;
  lowerMask: number;
  /**
   * Rolls where a box scores more than zero, per box: nzStart[b]..nzStart[b+1] into nzRoll /
   * nzScore (for upper boxes nzScore holds the number of dice showing the face, not points).
   */
  nzStart: Int32Array;
  nzRoll: Int32Array;
  nzScore: Float64Array;
  /**
   * The same entries roll by roll (boxes in order within a roll), as the kernel's `maxRows` takes
   * its pairs: entry nzByRoll[t] is of box nzBox[nzByRoll[t]].
   */
  nzByRoll: Int32Array;
  nzBox: Int32Array;
}

/**
 * Compiled once per playing definition (rules/playing-definition.ts), because a column type of a
 * multi-column rule set (see rules/column-types.ts) shares its parent's id but not its rules.
 * The object map spares the canonical JSON on every later call with the same rule set object.
 */
const byObject = new WeakMap<RuleSet, CompiledRules>();
const byDefinition = new Map<string, CompiledRules>();

export function compileRules(rs: RuleSet): CompiledRules {
  let c = byObject.get(rs);
  if (c) return c;
  const key = playingDefinition(rs);
  c = byDefinition.get(key);
  if (!c) {
    c = build(rs);
    byDefinition.set(key, c);
  }
  byObject.set(rs, c);
  return c;
}

function build(rs: RuleSet): CompiledRules {
  const dice = diceTables(rs.dice);
  const layout = layoutOf(rs);
  const B = rs.boxes.length;
  const R = dice.rollCount;
  const score = new Float64Array(B * R);
  for (let b = 0; b < B; b++) {
    for (let r = 0; r < R; r++) {
      score[b * R + r] = scorePattern(rs.boxes[b].pattern, dice.keepCounts.subarray(r * 6, r * 6 + 6));
    }
  }
  const yahtzeeRoll = new Int32Array(6);
  for (let f = 0; f < 6; f++) {
    const counts = [0, 0, 0, 0, 0, 0];
    counts[f] = rs.dice;
    yahtzeeRoll[f] = dice.keyToKeep[countsKey(counts)];
  }
  const allMask = (1 << B) - 1;
  const lowerMask = allMask & ~((1 << UPPER_COUNT) - 1);
  const yBit = layout.yahtzeeBox >= 0 ? 1 << layout.yahtzeeBox : 0;
  const jokerActive = rs.joker !== 'none' && yBit !== 0;
  const jokerPoints = new Int8Array(6 * 2 * 2 * B).fill(-1);
  if (jokerActive) {
    for (let f = 0; f < 6; f++) {
      const counts = [0, 0, 0, 0, 0, 0];
      counts[f] = rs.dice;
      for (let uf = 0; uf < 2; uf++) {
        for (let lf = 0; lf < 2; lf++) {
          for (let b = 0; b < B; b++) {
            if (b === layout.yahtzeeBox) continue;
            let mask = yBit | (uf ? 1 << f : 0) | (lf ? 0 : lowerMask);
            mask &= ~(1 << b);
            // b must be free without changing the situation this entry stands for.
            if ((b === f && uf) || (!lf && ((1 << b) & lowerMask) !== 0)) continue;
            if (lf && (mask & lowerMask) === lowerMask) continue;
            const res = scoreBox(rs, { filledMask: mask, yahtzeeHolds50: false }, counts, b);
            if (res) jokerPoints[((f * 2 + uf) * 2 + lf) * B + b] = res.points;
          }
        }
      }
    }
  }
  const nzStart = new Int32Array(B + 1);
  const nzRoll: number[] = [];
  const nzScore: number[] = [];
  for (let b = 0; b < B; b++) {
    nzStart[b] = nzRoll.length;
    for (let r = 0; r < R; r++) {
      if (score[b * R + r] > 0) {
        nzRoll.push(r);
        nzScore.push(b < UPPER_COUNT ? dice.rollFaceCount[b * R + r] : score[b * R + r]);
      }
    }
  }
  nzStart[B] = nzRoll.length;
  const nzBox = new Int32Array(nzRoll.length);
  for (let b = 0; b < B; b++) nzBox.fill(b, nzStart[b], nzStart[b + 1]);
  // A stable sort: within a roll the entries keep their box order.
  const nzByRoll = Int32Array.from(nzRoll.keys()).sort((i, j) => nzRoll[i] - nzRoll[j] || i - j);
  return {
    rs,
    dice,
    layout,
    score,
    yahtzeeRoll,
    jokerActive,
    jokerPoints,
    lowerMask,
    nzStart,
    nzRoll: Int32Array.from(nzRoll),
    nzScore: Float64Array.from(nzScore),
    nzByRoll,
    nzBox,
  };
}
