import type { ColumnFacts } from '../rules/index.ts';
import { scoreBox, upperBonusFor, UPPER_COUNT } from '../rules/index.ts';
import type { CompiledRules } from './compiled-rules.ts';
import type { ColumnState } from './game-state.ts';

/**
 * One entry scored without allocating: the inner step of the table builders' score-now passes,
 * the box chooser and the reviews of single-column games whose boxes fill in any order.
 */

interface RollFacts {
  /** views of each roll's face counts, so scoring a roll allocates nothing */
  counts: Uint8Array[];
  /** 1 where the roll is n of a kind: the only rolls a Joker or a Yahtzee bonus applies to */
  nOfAKind: Uint8Array;
  /** the face index (0-5) of an n-of-a-kind roll */
  face: Int8Array;
  /**
   * `scoreBox` of the n-of-a-kind rolls for the last filled mask asked about with each 50 flag
   * (`mask[flag]`), at (flag × 6 + face) × boxes + box (UNSCORED: not asked yet; FORBIDDEN: the
   * Joker rules forbid the box). It depends on nothing else, and a table build scores the states
   * of one mask one after another, for every upper total and both flags: the rules functions then
   * run once per mask, not once per state.
   */
  last: { mask: Int32Array; points: Int16Array; bonus: Int16Array };
}

const UNSCORED = -2;
const FORBIDDEN = -1;

const rollFactsCache = new WeakMap<CompiledRules, RollFacts>();
/** The last rules asked about: a box choice scores one rule set's rolls box after box. */
let lastRules: CompiledRules | undefined;
let lastFacts: RollFacts | undefined;

function rollFacts(c: CompiledRules): RollFacts {
  if (c === lastRules) return lastFacts!;
  let f = rollFactsCache.get(c);
  if (!f) {
    const t = c.dice;
    const counts: Uint8Array[] = [];
    for (let r = 0; r < t.rollCount; r++) counts.push(t.keepCounts.subarray(r * 6, r * 6 + 6));
    const nOfAKind = new Uint8Array(t.rollCount);
    const face = new Int8Array(t.rollCount).fill(-1);
    c.yahtzeeRoll.forEach((r, i) => {
      nOfAKind[r] = 1;
      face[r] = i;
    });
    const B = c.rs.boxes.length;
    f = { counts, nOfAKind, face, last: { mask: Int32Array.of(-1, -1), points: new Int16Array(12 * B), bonus: new Int16Array(12 * B) } };
    rollFactsCache.set(c, f);
  }
  lastRules = c;
  lastFacts = f;
  return f;
}

/** Scratch for `scoreEntry`: what one entry scores and the column it leaves. */
export interface EntryScratch {
  facts: ColumnFacts;
  next: ColumnState;
  points: number;
  upperBonus: number;
  yahtzeeBonus: number;
  gain: number;
}

export function createEntryScratch(): EntryScratch {
  return { facts: { filledMask: 0, yahtzeeHolds50: false }, next: { mask: 0, upper: 0, yahtzee50: false }, points: 0, upperBonus: 0, yahtzeeBonus: 0, gain: 0 };
}

/**
 * Scores full roll `rollKeep` in free box `box` of a single column whose boxes may be filled in any
 * order, exactly as `scoreOptions` does (same rules functions, same arithmetic), into `e` without
 * allocating. Returns false when the Joker rules forbid the box. A roll that is not n of a kind
 * scores its ordinary points (no Joker, no Yahtzee bonus), read from the compiled score table,
 * which is `scorePattern` of every roll; n of a kind goes through `scoreBox`.
 */
export function scoreEntry(c: CompiledRules, col: ColumnState, rollKeep: number, box: number, e: EntryScratch): boolean {
  const rs = c.rs;
  let points: number;
  let yahtzeeBonus = 0;
  const f = rollFacts(c);
  if (f.nOfAKind[rollKeep] === 0) points = c.score[box * c.dice.rollCount + rollKeep];
  else {
    const last = f.last;
    const flag = col.yahtzee50 ? 1 : 0;
    const B = rs.boxes.length;
    if (last.mask[flag] !== col.mask) {
      last.mask[flag] = col.mask;
      last.points.fill(UNSCORED, flag * 6 * B, (flag + 1) * 6 * B);
    }
    const at = (flag * 6 + f.face[rollKeep]) * B + box;
    if (last.points[at] === UNSCORED) {
      e.facts.filledMask = col.mask;
      e.facts.yahtzeeHolds50 = col.yahtzee50;
      const res = scoreBox(rs, e.facts, f.counts[rollKeep], box);
      last.points[at] = res ? res.points : FORBIDDEN;
      last.bonus[at] = res ? res.yahtzeeBonus : 0;
    }
    if (last.points[at] === FORBIDDEN) return false;
    points = last.points[at];
    yahtzeeBonus = last.bonus[at];
  }
  e.points = points;
  e.upperBonus = box < UPPER_COUNT ? upperBonusFor(rs, col.upper, points) : 0;
  e.yahtzeeBonus = yahtzeeBonus;
  e.gain = rs.columns[0].multiplier * (points + (e.upperBonus + yahtzeeBonus));
  e.next.mask = col.mask | (1 << box);
  e.next.upper = box < UPPER_COUNT ? col.upper + points : col.upper;
  e.next.yahtzee50 = col.yahtzee50 || (points === 50 && box === c.layout.yahtzeeBox);
  return true;
}

/**
 * True where a roll of n of a kind is scored other than by its ordinary points in state (mask,
 * flag): a 50 in the open Yahtzee box moves to the bonus state, and with the box filled the
 * Joker rules or the Yahtzee bonus apply. Score-now steps score those rolls through `scoreEntry`.
 */
export function yahtzeeRollsDiffer(c: CompiledRules, mask: number, flag: number): boolean {
  const yBox = c.layout.yahtzeeBox;
  if (yBox < 0) return false;
  return (mask & (1 << yBox)) === 0 ? c.layout.flags === 2 : c.jokerActive || flag === 1;
}
