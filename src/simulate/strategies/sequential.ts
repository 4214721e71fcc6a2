import { createTurnCache, createTurnEval, rankedScoreOptions, type GameModel, type GameState } from '../../solver/index.ts';
import { engineHold } from '../../solver/engine-decisions.ts';
import { markTrusted } from '../play-game.ts';
import type { Strategy } from '../strategy.ts';

/**
 * Sequential: the columns are played one after another, each optimally on its own. The target
 * column is the lowest-numbered one with a free box; the turn engine evaluates the turn as if
 * that were the only open column (every other column shown full to the decomposition model, so
 * the holds chase that column's exact values V_c), and the box is the best-ranked legal option in
 * the target column by the decomposition model (gain + Σ m_c V_c of the next state).
 *
 * Legality comes from `scoreOptions` alone. Where the target column has no legal box for the dice
 * (only in Superpass: a zero there while another column scores is refused by the zero rule), the
 * box is the best legal option of the lowest column that has one: the one departure from strict
 * column order, forced by the rules. In Triple Yahtzee (and single-column games) it never happens.
 */
export function sequentialStrategy(decomposition: GameModel): Strategy {
  const rs = decomposition.rs;
  const full = (1 << rs.boxes.length) - 1;
  const target = (s: GameState): number => s.columns.findIndex((c) => c.mask !== full);
  const masked: GameModel = {
    ...decomposition,
    fillScoreNow(state, first, later) {
      const k = target(state);
      decomposition.fillScoreNow({ columns: state.columns.map((c, i) => (i === k ? c : { ...c, mask: full })) }, first, later);
    },
  };
  // The target column is a function of the state, so the masked turns cache like any other.
  const turns = createTurnCache(masked, { admit: 'second' });
  const te = createTurnEval(decomposition);
  return markTrusted({
    name: 'sequential',
    chooseHold: (ctx) => engineHold(turns.get(ctx.state), ctx.roll, ctx.rollsLeft as 1 | 2),
    chooseBox(ctx) {
      te.state = ctx.state;
      const ranked = rankedScoreOptions(te, ctx.roll, ctx.rollsLeft === 2);
      const k = target(ctx.state);
      const pick = ranked.find((o) => o.column === k) ?? ranked.reduce((a, o) => (o.column < a.column ? o : a));
      return { box: pick.box, column: pick.column };
    },
  });
}
