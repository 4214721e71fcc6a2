import type { RuleSet } from '../../rules/index.ts';
import { boxCount, filledCount, type GameModel, type GameState } from '../../solver/index.ts';
import { columnParts, type ColumnTables } from '../column-parts.ts';
import { canonicalColumns, writeCanonical } from '../column-sum-model.ts';
import { writeFeatures } from '../features.ts';
import { commonDice, playModelGame } from '../self-play.ts';

/** Features of a game state, as features.ts lays them out. */
export function stateFeatures(rs: RuleSet, tables: ColumnTables): (s: GameState, out: Float64Array) => void {
  const parts = columnParts(rs, tables, false);
  const cols = canonicalColumns(parts.length);
  return (s, out) => {
    writeCanonical(parts, s, cols);
    writeFeatures(rs, cols, out);
  };
}

/**
 * The turn-start states of `games` games played by `policy` (common dice from `seed`), grouped
 * by level (boxes filled): every game passes every level once. Also the games' mean score.
 */
export function sampleStates(policy: GameModel, games: number, seed: number): { byLevel: GameState[][]; mean: number } {
  const byLevel: GameState[][] = Array.from({ length: boxCount(policy.rs) }, () => []);
  let total = 0;
  for (let g = 0; g < games; g++) {
    total += playModelGame(policy, commonDice(seed, g), (state) => byLevel[filledCount(state)].push(state));
  }
  return { byLevel, mean: total / games };
}
