import { z } from 'zod';
import { DicewiseError, invalidInput } from '../errors.ts';
import { zodIssues } from './body.ts';

/**
 * The body of `POST /api/v1/analyse`: `{ "games": [ record, ... ] }` in, `{ "results": [ analysis
 * or error, ... ] }` out, in order. Each game is checked by the analysis on its own, so here the
 * body only needs to be an object with an array of at most `cap` games.
 */
export const ANALYSE_BATCH_CAP = 1000;

const AnalyseBody = z.object({ games: z.array(z.unknown()) });

/** The games of a request body; throws INVALID_INPUT for a bad body, PAYLOAD_TOO_LARGE over the cap. */
export function readAnalyseBody(body: unknown, cap = ANALYSE_BATCH_CAP): unknown[] {
  const parsed = AnalyseBody.safeParse(body);
  if (!parsed.success) throw invalidInput(zodIssues(parsed.error.issues));
  const n = parsed.data.games.length;
  if (n > cap) {
    throw new DicewiseError('PAYLOAD_TOO_LARGE', `at most ${cap} games per request, got ${n}`, [{ field: 'games', message: `at most ${cap} games` }]);
  }
  return parsed.data.games;
}
