import { adviseSpreadGoal, adviseWin, aimAtTheOpponent } from '../../advisor/index.ts';
import { isSolvedByModel } from '../../rules/index.ts';
import { winPlay } from '../../simulate/index.ts';
import { END_GAME_BOXES } from '../../solver/index.ts';
import type { GoalModule, GoalTableKind } from '../goal-module.ts';

/**
 * The most of the stake against opponents playing for points: our share against their final
 * totals (solver/win-model.ts) from the reach table, with the points distribution for opponents
 * still playing, where the rule set is solved exactly; its goal model where a model plays it.
 */
export const winGoal: GoalModule<'win'> = {
  kind: 'win',
  tables: (rs, opponentsInProgress, boxesOpen) => {
    if (isSolvedByModel(rs)) return ['goal-model'];
    // With few boxes open the end game is solved exactly (solver/end-game.ts), without the reach table.
    const reach: GoalTableKind[] = boxesOpen !== undefined && boxesOpen <= END_GAME_BOXES ? [] : ['reach'];
    return opponentsInProgress ? [...reach, 'distribution'] : reach;
  },
  advise: (model, tables, position, te) => (isSolvedByModel(position.rs) ? adviseSpreadGoal(model, tables, position, aimAtTheOpponent, te) : adviseWin(tables, position)),
  label: (goal) => `win against ${goal.opponents.length} opponent${goal.opponents.length === 1 ? '' : 's'} (expected share of the stake)`,
  notes: (goal, advice) =>
    (advice.opponents ?? []).map((o, i) => {
      const given = goal.opponents[i];
      return `  opponent ${i + 1}: ${'finalScore' in given ? `finished with ${given.finalScore}` : `in progress, expected to finish with ${o.expectedFinalScore.toFixed(1)}`}`;
    }),
  playedBy: winPlay.plays,
};
