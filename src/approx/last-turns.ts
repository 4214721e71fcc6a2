import { upperBonusFor, type RuleSet } from '../rules/index.ts';
import { createTurnWorkspace, type ColumnState, type GameState, type PointsLaw, type TurnWorkspace } from '../solver/index.ts';
import { createEntryScratch, scoreEntry, type EntryScratch } from '../solver/score-entry.ts';
import type { ColumnPart } from './column-parts.ts';

/**
 * The last turn of a multi-column game solved exactly for a goal, by the one turn engine: with one
 * box left, what is still to come is that box's points G, and a goal worth `worth(G − need)` of
 * them (a chance: the target reached, the opponent beaten) is best served by the holds that
 * maximise its expectation. The goal model (goal-model.ts) values the game's last three turns
 * with it: the turn before the last is then solved exactly too, each of its entries valued by
 * the last turn it leaves, and the one before that by the two turns its entries leave, instead of
 * by best play's mean and spread, whose one continuous spread cannot show that a box scores 0 or
 * 50 and nothing between.
 *
 * Lanes: one evaluation values the last box for several lanes at once, each with its own points
 * still needed and its own upper total of the last box's column (the entry before it may have
 * moved that column's total, and with it the bonus).
 */
export interface LastTurns {
  /** lanes of the next `evaluate`: the points still needed and the upper total of the last box's column, per lane */
  need: Float64Array;
  upper: Int32Array;
  /** 1 where the last box's column holds 50 in its Yahtzee box (Triple Yahtzee: a further Yahtzee earns its bonus) */
  flag: Uint8Array;
  /**
   * Lane j's best expected worth of the last turn from `state` with the last box's column at
   * need[j] and upper[j]: out[j], for j < lanes. `state` has exactly one free box; the goal's
   * worth of the last box's points beyond what is needed, d = G − need, is `worth(d)`.
   */
  evaluate(state: GameState, lanes: number, out: Float64Array, worth: (d: number) => number): void;
}

/** Most lanes one evaluation takes: an entry's distinct gains (Superpass: a sum of six dice, 0 and 6–36). */
export const LAST_TURN_LANES = 64;

/** Last boxes (by box and column state) whose gains per roll are kept; a server meets ever new ones. */
const GAINS_MEMO = 4096;

/** The one free box of a state with one box left: its column and box. */
export function lastBox(rs: RuleSet, state: GameState): { column: number; box: number } {
  const full = (1 << rs.boxes.length) - 1;
  for (let k = 0; k < state.columns.length; k++) {
    const free = ~state.columns[k].mask & full;
    if (free !== 0) return { column: k, box: 31 - Math.clz32(free) };
  }
  throw new Error('lastBox: no free box');
}

/**
 * What full roll r scores in free box b of column part `p` (state `col`), bonuses included and
 * the column's multiplier applied, as the goal model's score-now counts it: ordinary rolls from
 * the compiled score table, n of a kind (`special`) through scoreEntry (the Joker, the Yahtzee
 * bonus). `e` gets the entry's points and the column it leaves; undefined where the Joker rules
 * bar the box.
 */
export function entryGain(p: ColumnPart, col: ColumnState, r: number, b: number, special: boolean, e: EntryScratch): number | undefined {
  if (special) return scoreEntry(p.c, col, r, b, e) ? p.multiplier * e.gain : undefined;
  const points = p.c.score[b * p.c.dice.rollCount + r];
  const upper = b < 6;
  e.points = points;
  e.next.upper = upper ? col.upper + points : col.upper;
  e.next.yahtzee50 = col.yahtzee50;
  const scale = p.multiplier * p.c.rs.columns[0].multiplier;
  return upper ? scale * (points + upperBonusFor(p.c.rs, col.upper, points)) : scale * points;
}

/**
 * Last turns of the multi-column rule set whose columns are `parts` (`nOfAKind[k][r]`: 1 where
 * roll r is n of a kind for column k), for any goal (each evaluation names its worth). The turn
 * workspace is made on the first call: a goal model that never reaches the last turns does not
 * hold it.
 */
export function createLastTurns(rs: RuleSet, parts: readonly ColumnPart[], nOfAKind: readonly Uint8Array[]): LastTurns {
  const dice = parts[0].c.dice;
  const R = dice.rollCount;
  let ws: TurnWorkspace | undefined;
  const need = new Float64Array(LAST_TURN_LANES);
  const upper = new Int32Array(LAST_TURN_LANES);
  const flag = new Uint8Array(LAST_TURN_LANES);
  const entry = createEntryScratch();
  const col: ColumnState = { mask: 0, upper: 0, yahtzee50: false };
  // Each roll's gain in the last box, for the column state of a segment of lanes, as an index into
  // its distinct values (a sum of dice takes a few dozen): the goal's worth is taken once per
  // distinct gain and lane (worthOf[d × lanes + j]), not once per roll. Kept by box and column
  // state: a turn's entries, and the turns after it, ask the same last boxes again and again.
  const gainsOf = new Map<number, { distinct: number[]; distinctOf: Int32Array }>();
  const B = rs.boxes.length;
  const gainsFor = (k: number, b: number, col: ColumnState): { distinct: number[]; distinctOf: Int32Array } => {
    // An upper total is below 256 (six dice: at most 126).
    const key = (((k * B + b) * 2 ** B + col.mask) * 256 + col.upper) * 2 + (col.yahtzee50 ? 1 : 0);
    let known = gainsOf.get(key);
    if (!known) {
      if (gainsOf.size >= GAINS_MEMO) gainsOf.clear();
      const distinct: number[] = [];
      const distinctOf = new Int32Array(R);
      const index = new Map<number, number>();
      for (let r = 0; r < R; r++) {
        // The one box left takes the roll whatever it scores: the Joker rules bar a box only while another is free.
        const gain = entryGain(parts[k], col, r, b, nOfAKind[k][r] === 1, entry) ?? 0;
        let d = index.get(gain);
        if (d === undefined) {
          d = distinct.length;
          index.set(gain, d);
          distinct.push(gain);
        }
        distinctOf[r] = d;
      }
      gainsOf.set(key, (known = { distinct, distinctOf }));
    }
    return known;
  };
  const worthOf = new Float64Array(R * LAST_TURN_LANES);
  const lateWorth = new Float64Array(LAST_TURN_LANES);
  return {
    need,
    upper,
    flag,
    evaluate(state, lanes, out, worth) {
      if (!(lanes >= 1 && lanes <= LAST_TURN_LANES)) throw new RangeError(`last turn: ${lanes} lanes, at most ${LAST_TURN_LANES}`);
      ws ??= createTurnWorkspace(dice, LAST_TURN_LANES);
      const { column: k, box: b } = lastBox(rs, state);
      const onlyFirst = rs.columns[k].fill === 'first-roll-only';
      const L = lanes;
      const first = ws.scoreFirst;
      const later = ws.scoreLater;
      col.mask = state.columns[k].mask;
      // Lanes alike in the column's state share its gains; each segment of them is written roll by roll.
      for (let j0 = 0; j0 < L; ) {
        let j1 = j0 + 1;
        while (j1 < L && upper[j1] === upper[j0] && flag[j1] === flag[j0]) j1++;
        col.upper = upper[j0];
        col.yahtzee50 = flag[j0] === 1;
        const { distinct, distinctOf } = gainsFor(k, b, col);
        for (let j = j0; j < j1; j++) {
          for (let d = 0; d < distinct.length; d++) worthOf[d * L + j] = worth(distinct[d] - need[j]);
          // After a reroll a first-roll-only column's entry scores nothing: 0 points (and no bonus).
          if (onlyFirst) lateWorth[j] = worth(0 - need[j]);
        }
        // The first roll's rows are read only where they differ from a reroll's (evaluateValue(onlyFirst)).
        for (let r = 0; r < R; r++) {
          const at = distinctOf[r] * L;
          if (onlyFirst) {
            for (let j = j0; j < j1; j++) {
              first[r * L + j] = worthOf[at + j];
              later[r * L + j] = lateWorth[j];
            }
          } else for (let j = j0; j < j1; j++) later[r * L + j] = worthOf[at + j];
        }
        j0 = j1;
      }
      ws.lanes = L;
      ws.evaluateValue(onlyFirst);
      out.set(ws.value.subarray(0, L));
    },
  };
}

/**
 * The law of the last box's points when it is played for points (an opponent's last turn, as
 * best play plays it): the turn engine in select mode, lane 0 the expected points making every
 * choice and a lane per distinct points that box can score carrying the chance of scoring them.
 * Its variance is the law's own. The workspace is made on the first call.
 */
export function createLastBoxLaw(rs: RuleSet, parts: readonly ColumnPart[], nOfAKind: readonly Uint8Array[]): (state: GameState) => PointsLaw {
  const dice = parts[0].c.dice;
  const R = dice.rollCount;
  let ws: TurnWorkspace | undefined;
  const entry = createEntryScratch();
  const gains = new Float64Array(R);
  return (state) => {
    const { column: k, box: b } = lastBox(rs, state);
    const onlyFirst = rs.columns[k].fill === 'first-roll-only';
    const col = state.columns[k];
    const values = new Set<number>(onlyFirst ? [0] : []);
    for (let r = 0; r < R; r++) {
      // The one box left takes the roll whatever it scores: the Joker rules bar a box only while another is free.
      gains[r] = entryGain(parts[k], col, r, b, nOfAKind[k][r] === 1, entry) ?? 0;
      values.add(gains[r]);
    }
    const points = Float64Array.from(values).sort();
    const L = 1 + points.length;
    if (!ws || ws.capacity < L) ws = createTurnWorkspace(dice, Math.max(L, LAST_TURN_LANES + 1), 'select');
    const first = ws.scoreFirst;
    const later = ws.scoreLater;
    first.fill(0, 0, R * L);
    later.fill(0, 0, R * L);
    const zeroAt = 1 + points.indexOf(0);
    for (let r = 0; r < R; r++) {
      const at = 1 + points.indexOf(gains[r]);
      first[r * L] = gains[r];
      first[r * L + at] = 1;
      // After a reroll a first-roll-only column's entry scores nothing.
      later[r * L] = onlyFirst ? 0 : gains[r];
      later[r * L + (onlyFirst ? zeroAt : at)] = 1;
    }
    return runLaw(ws, points, onlyFirst);
  };
}

/**
 * Runs a select-mode turn whose rows hold lane 0 the expected points making every choice and
 * lane 1 + i the chance of `points[i]`, and reads the law of the totals it ends in.
 */
export function runLaw(ws: TurnWorkspace, points: Float64Array, firstOnly: boolean): PointsLaw {
  const L = 1 + points.length;
  ws.lanes = L;
  ws.evaluate(firstOnly);
  const chance = Float64Array.from(ws.value.subarray(1, L));
  const below = new Float64Array(points.length);
  let mean = 0;
  let square = 0;
  points.forEach((g, i) => {
    if (i > 0) below[i] = below[i - 1] + chance[i - 1];
    mean += g * chance[i];
    square += g * g * chance[i];
  });
  return { points, chance, below, mean, variance: Math.max(0, square - mean * mean) };
}

/**
 * The share of the stake of a total `x` above the law's start against a player whose points to
 * come follow `law`: the chance of fewer points than x, and half the chance of as many (within
 * 1e-9: totals are sums of halves). A binary search over the law's points.
 */
export function lawShare(law: PointsLaw, x: number): number {
  const { points, below, chance } = law;
  let lo = 0;
  let hi = points.length;
  // The first point not below x − 1e-9.
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (points[mid] < x - 1e-9) lo = mid + 1;
    else hi = mid;
  }
  // Summed in the order of the points, as a running sum over them would: the same bits.
  if (lo === points.length) return below[lo - 1] + chance[lo - 1];
  return points[lo] <= x + 1e-9 ? below[lo] + 0.5 * chance[lo] : below[lo];
}
