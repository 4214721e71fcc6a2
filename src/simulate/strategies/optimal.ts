import type { GameModel, SharedMemoSpace } from '../../solver/index.ts';
import { markTrusted } from '../play-game.ts';
import type { Strategy } from '../strategy.ts';
import { modelStrategy } from './model-policy.ts';

/** Optimal solitaire play: maximises the expected final score by the exact table of the rule set. */
export function optimalStrategy(model: GameModel, cacheEntries: number, shared?: SharedMemoSpace): Strategy {
  return markTrusted(modelStrategy('optimal', model, cacheEntries, shared));
}
