import type { RuleSet } from '../rules/index.ts';
import { isPlainSingleColumn, UPPER_COUNT } from '../rules/index.ts';
import { columnStateIndex, stateIndex } from './column-layout.ts';
import { compileRules } from './compiled-rules.ts';
import { createEntryScratch, scoreEntry } from './score-entry.ts';
import type { GameModel } from './game-model.ts';
import { isFinished, type GameState } from './game-state.ts';
import type { ReachTable } from './reach-table.ts';
import { expectedShare, finalDistribution, pointMass, type FinalDistribution, type ShareCurve } from './win-share.ts';

/**
 * The win goal as a GameModel: the value of ending a turn in state s' with our total at x is
 * our expected share E[u(x + R)] (win-share.ts), read from the reach table. Within the turn the
 * engine maximises that share exactly; beyond it each target's own best chance stands in for one
 * strategy's, the approximation that makes multiplayer Yahtzee tractable.
 */
export interface WinGoalModel extends GameModel {
  /** our points on the sheet at the start of the turn being evaluated; may change between turns */
  score: number;
  /** our share as a function of our final total; may change between turns (opponents moved) */
  curve: ShareCurve;
}

export function winGoalModel(rs: RuleSet, table: ReachTable, curve: ShareCurve, score: number): WinGoalModel {
  if (!isPlainSingleColumn(rs)) throw new Error(`the win goal is played on single-column rule sets with free fill order, not ${rs.id}`);
  const c = compileRules(rs);
  const L = c.layout;
  const B = rs.boxes.length;
  const R = c.dice.rollCount;
  const T = L.threshold;
  const UB = rs.upperBonus.points;
  const m = rs.columns[0].multiplier;
  const e = createEntryScratch();
  // Value of scoring v in box b this turn, at [b * SCORES + v]; NaN = not yet computed this turn.
  const byScore = new Float64Array(B * SCORES);
  const model: WinGoalModel = {
    rs,
    c,
    exact: false,
    valueKind: 'probability',
    score,
    curve,
    value(state: GameState) {
      return expectedShare(model.curve, model.score, table, columnStateIndex(L, state.columns[0]));
    },
    valueAfter(next: GameState, gain: number) {
      return expectedShare(model.curve, model.score + gain, table, columnStateIndex(L, next.columns[0]));
    },
    /**
     * As score-now.ts: every roll is worth at least the best zero entry (more points in a box never
     * lower the share), each box then visits only the rolls where it scores, and the Yahtzee rolls
     * (Joker and bonus rules) are scored entry by entry.
     */
    fillScoreNow(state: GameState, first: Float64Array, later: Float64Array) {
      const col = state.columns[0];
      const { mask, upper } = col;
      const flag = col.yahtzee50 && L.flags === 2 ? 1 : 0;
      const base = model.score;
      byScore.fill(NaN);
      const valueOf = (b: number, v: number): number => {
        const i = b * SCORES + v;
        let x = byScore[i];
        if (x === x) return x;
        let next: number;
        let gain: number;
        if (b < UPPER_COUNT) {
          const pts = (b + 1) * v;
          const raw = upper + pts;
          gain = pts + (upper < T && raw >= T ? UB : 0);
          next = stateIndex(L, mask | (1 << b), raw > T ? T : raw, flag);
        } else {
          gain = v;
          next = stateIndex(L, mask | (1 << b), upper > T ? T : upper, flag);
        }
        return (byScore[i] = expectedShare(model.curve, base + m * gain, table, next));
      };
      let zero = -Infinity;
      for (let b = 0; b < B; b++) {
        if ((mask & (1 << b)) === 0) zero = Math.max(zero, valueOf(b, 0));
      }
      first.fill(zero);
      const { nzStart, nzRoll, nzScore } = c;
      for (let b = 0; b < B; b++) {
        if (mask & (1 << b)) continue;
        for (let i = nzStart[b]; i < nzStart[b + 1]; i++) {
          const r = nzRoll[i];
          const v = valueOf(b, nzScore[i]);
          if (v > first[r]) first[r] = v;
        }
      }
      for (let f = 0; f < 6; f++) {
        const r = c.yahtzeeRoll[f];
        let best = -Infinity;
        for (let b = 0; b < B; b++) {
          if ((mask & (1 << b)) !== 0 || !scoreEntry(c, col, r, b, e)) continue;
          const v = expectedShare(model.curve, base + e.gain, table, columnStateIndex(L, e.next));
          if (v > best) best = v;
        }
        first[r] = best;
      }
      later.set(first.subarray(0, R));
    },
  };
  return model;
}

/** More than any box scores with ordinary dice (upper boxes are indexed by dice showing the face). */
const SCORES = 64;

/** An opponent's final total in distribution: a finished sheet's total, else their points distribution from `state`. */
export function opponentFinal(rs: RuleSet, distribution: ReachTable | undefined, state: GameState, score: number): FinalDistribution {
  if (isFinished(rs, state)) return pointMass(score);
  if (!distribution) throw new Error('opponents in progress need the points distribution table');
  return finalDistribution(distribution, columnStateIndex(compileRules(rs).layout, state.columns[0]), score);
}
