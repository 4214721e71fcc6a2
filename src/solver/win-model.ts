import type { RuleSet } from '../rules/index.ts';
import { columnStateIndex } from './column-layout.ts';
import { compileRules } from './compiled-rules.ts';
import { createEntryScratch, isPlainColumn, scoreEntry } from './fast-play.ts';
import type { GameModel } from './game-model.ts';
import type { GameState } from './game-state.ts';
import type { ReachTable } from './reach-table.ts';
import { expectedShare, type ShareCurve } from './win-share.ts';

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
  if (!isPlainColumn(rs)) throw new Error(`the win goal is played on single-column rule sets with free fill order, not ${rs.id}`);
  const c = compileRules(rs);
  const L = c.layout;
  const B = rs.boxes.length;
  const R = c.dice.rollCount;
  const e = createEntryScratch();
  // Values of (next state, gain) pairs met while filling one turn's score-now: a dozen boxes and a
  // few dozen gains, each read by many rolls.
  const memo = new Map<number, number>();
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
    fillScoreNow(state: GameState, first: Float64Array, later: Float64Array) {
      const col = state.columns[0];
      memo.clear();
      for (let r = 0; r < R; r++) {
        let best = -Infinity;
        for (let b = 0; b < B; b++) {
          if ((col.mask & (1 << b)) !== 0 || !scoreEntry(c, col, r, b, e)) continue;
          const s = columnStateIndex(L, e.next);
          const key = s * 4096 + e.gain;
          let v = memo.get(key);
          if (v === undefined) memo.set(key, (v = expectedShare(model.curve, model.score + e.gain, table, s)));
          if (v > best) best = v;
        }
        first[r] = best;
        later[r] = best;
      }
    },
  };
  return model;
}
