import { upperBonusFor, type RuleSet } from '../rules/index.ts';
import { createTurnWorkspace, type ColumnState, type GameState, type TurnWorkspace } from '../solver/index.ts';
import { createEntryScratch, scoreEntry } from '../solver/score-entry.ts';
import type { ColumnPart } from './column-parts.ts';

/**
 * The last turn of a multi-column game solved exactly for a goal, by the one turn engine: with one
 * box left, what is still to come is that box's points G, and a goal worth `worth(G − need)` of
 * them (a chance: the target reached, the opponent beaten) is best served by the holds that
 * maximise its expectation. The goal model (goal-model.ts) values the game's last two turns
 * with it: the turn before the last is then solved exactly too, each of its entries valued by
 * the last turn it leaves, instead of by best play's mean and spread, whose one continuous spread
 * cannot show that a box scores 0 or 50 and nothing between.
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
   * need[j] and upper[j]: out[j], for j < lanes. `state` has exactly one free box.
   */
  evaluate(state: GameState, lanes: number, out: Float64Array): void;
}

/** Most lanes one evaluation takes: an entry's distinct gains (Superpass: a sum of six dice, 0 and 6–36). */
export const LAST_TURN_LANES = 64;

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
 * Last turns of the multi-column rule set whose columns are `parts`, for a goal whose worth of
 * the last box's points beyond what is needed, d = G − need, is `worth(d)`.
 */
export function createLastTurns(rs: RuleSet, parts: readonly ColumnPart[], worth: (d: number) => number): LastTurns {
  const dice = parts[0].c.dice;
  const R = dice.rollCount;
  const ws: TurnWorkspace = createTurnWorkspace(dice, LAST_TURN_LANES);
  const need = new Float64Array(LAST_TURN_LANES);
  const upper = new Int32Array(LAST_TURN_LANES);
  const flag = new Uint8Array(LAST_TURN_LANES);
  const entry = createEntryScratch();
  const col: ColumnState = { mask: 0, upper: 0, yahtzee50: false };
  const nOfAKind = parts.map((p) => {
    const marks = new Uint8Array(R);
    for (const r of p.c.yahtzeeRoll) marks[r] = 1;
    return marks;
  });
  return {
    need,
    upper,
    flag,
    evaluate(state, lanes, out) {
      if (!(lanes >= 1 && lanes <= LAST_TURN_LANES)) throw new RangeError(`last turn: ${lanes} lanes, at most ${LAST_TURN_LANES}`);
      const { column: k, box: b } = lastBox(rs, state);
      const p = parts[k];
      const onlyFirst = rs.columns[k].fill === 'first-roll-only';
      const scale = p.multiplier * p.c.rs.columns[0].multiplier;
      const table = p.c.score;
      const special = nOfAKind[k];
      const L = lanes;
      const first = ws.scoreFirst;
      const later = ws.scoreLater;
      col.mask = state.columns[k].mask;
      for (let j = 0; j < L; j++) {
        col.upper = upper[j];
        col.yahtzee50 = flag[j] === 1;
        // After a reroll a first-roll-only column's entry scores nothing: 0 points (and no bonus).
        const lateWorth = worth(0 - need[j]);
        for (let r = 0; r < R; r++) {
          let gain: number;
          if (special[r] === 0) {
            const points = table[b * R + r];
            gain = b < 6 ? scale * (points + upperBonusFor(p.c.rs, col.upper, points)) : scale * points;
          } else {
            // n of a kind through scoreEntry (the Joker, the Yahtzee bonus), as everywhere; the
            // Joker rules never bar the one box left.
            gain = scoreEntry(p.c, col, r, b, entry) ? p.multiplier * entry.gain : 0;
          }
          const w = worth(gain - need[j]);
          first[r * L + j] = w;
          later[r * L + j] = onlyFirst ? lateWorth : w;
        }
      }
      ws.lanes = L;
      ws.evaluate(onlyFirst);
      out.set(ws.value.subarray(0, L));
    },
  };
}
