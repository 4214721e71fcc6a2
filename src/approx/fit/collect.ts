import type { RuleSet } from '../../rules/index.ts';
import { boxCount, filledCount, type GameModel, type GameState } from '../../solver/index.ts';
import { mulberry32 } from '../../dice/index.ts';
import { columnParts, forEachNextState, type ColumnTables } from '../column-parts.ts';
import { canonicalColumns, writeCanonical } from '../column-sum-model.ts';
import { writeFeatures } from '../features.ts';
import { commonDice, playModelGame } from '../self-play.ts';

/** Features of a game state, as features.ts lays them out. */
export function stateFeatures(rs: RuleSet, tables: ColumnTables): (s: GameState, out: Float64Array) => void {
  const parts = columnParts(rs, tables);
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

/**
 * Adds to each level, for every state of the level before it, `perState` of that state's next
 * states drawn at random (a box of a column filled, with each upper total and 50 flag the fill
 * can give): states a turn compares but the sampling policy seldom plays into.
 */
export function withSuccessors(rs: RuleSet, tables: ColumnTables, byLevel: GameState[][], perState: number, seed: number): void {
  if (perState <= 0) return;
  const rng = mulberry32(seed);
  const parts = columnParts(rs, tables);
  for (let level = byLevel.length - 3; level >= 0; level--) {
    for (const s of byLevel[level].slice()) {
      const next: GameState[] = [];
      parts.forEach((p, c) =>
        forEachNextState(p, s.columns[c], (_i, mask, upper, flag) => {
          const columns = s.columns.slice();
          columns[c] = { mask, upper, yahtzee50: flag === 1 || s.columns[c].yahtzee50 };
          next.push({ columns });
        }),
      );
      for (let k = 0; k < perState && next.length > 0; k++) byLevel[level + 1].push(next[Math.floor(rng() * next.length)]);
    }
  }
}
