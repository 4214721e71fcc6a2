import { createTurnCaches, type TurnCaches } from '../solver/index.ts';

export * from './types.ts';
export * from './advise.ts';
export * from './advise-goal.ts';
export * from './odds.ts';

/** The server's names for the solver's turn caches (server/app.ts imports these). */
export type TurnEvalCache = TurnCaches;
export const DEFAULT_TURN_CACHE_SIZE = 256;
export function createTurnEvalCache(capacity = DEFAULT_TURN_CACHE_SIZE): TurnEvalCache {
  return createTurnCaches({ entries: capacity });
}
