import { z } from 'zod';
import { DicewiseError, invalidInput } from '../errors.ts';
import { analyseGames, type ModelLookup } from './batch.ts';
import type { GameResult } from './types.ts';

/**
 * The body of `POST /api/v1/analyse`, checked without any HTTP type so that a route only maps
 * it: `{ "games": [ record, ... ] }` in, `{ "results": [ analysis or error, ... ] }` out, in order.
 * A request holds at most `cap` games: about half a millisecond each, so 1,000 games stay well
 * under a second on one core.
 */
export const ANALYSE_BATCH_CAP = 1000;

const AnalyseBody = z.object({ games: z.array(z.unknown()) });

export interface AnalyseResponse {
  results: GameResult[];
}

/** The games of a request body; throws INVALID_INPUT for a bad body, PAYLOAD_TOO_LARGE over the cap. */
export function readAnalyseBody(body: unknown, cap = ANALYSE_BATCH_CAP): unknown[] {
  const parsed = AnalyseBody.safeParse(body);
  if (!parsed.success) {
    throw invalidInput(parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })));
  }
  const n = parsed.data.games.length;
  if (n > cap) {
    throw new DicewiseError('PAYLOAD_TOO_LARGE', `at most ${cap} games per request, got ${n}`, [
      { field: 'games', message: `at most ${cap} games` },
    ]);
  }
  return parsed.data.games;
}

/** The whole request: read the body, analyse every game (errors per game, in input order). */
export function analyseBatch(modelFor: ModelLookup, body: unknown, cap = ANALYSE_BATCH_CAP): AnalyseResponse {
  return { results: analyseGames(modelFor, readAnalyseBody(body, cap)) };
}
