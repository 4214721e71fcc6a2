import { z } from 'zod';
import { DicewiseError, invalidInput } from '../errors.ts';
import { RULESET_IDS, RULESETS, type RuleSetId } from '../rules/index.ts';
import { buildReport, type SimulationReport } from './report.ts';
import { isSimulable, simulate } from './simulate.ts';
import { SINGLE_COLUMN_STRATEGIES } from './strategies/index.ts';
import type { ChunkRunner } from './task.ts';

/** Games one HTTP request may ask for: about 2 CPU seconds of optimal play per strategy on one core. */
export const MAX_REQUEST_GAMES = 20_000;

/** Body of `POST /api/v1/simulate`. Only built-in strategies: a request never names a module. */
export const SimulateRequestSchema = z
  .object({
    ruleset: z
      .enum(RULESET_IDS as [RuleSetId, ...RuleSetId[]])
      .refine((id) => isSimulable(id) && RULESETS[id].columns.length === 1, { message: 'must be a rule set with an exact table: yahtzee, yahtzee-free-joker, yahtzee-no-bonus or yatzy' })
      .default('yahtzee'),
    strategies: z
      .array(z.enum(SINGLE_COLUMN_STRATEGIES))
      .min(1)
      .max(SINGLE_COLUMN_STRATEGIES.length)
      .refine((a) => new Set(a).size === a.length, { message: 'must not repeat a strategy' })
      .default(['optimal']),
    games: z.number().int().min(1).default(1000),
    seed: z.number().int().min(0).max(2 ** 32 - 1).default(1),
  })
  .strict();

export type SimulateRequest = z.input<typeof SimulateRequestSchema>;

export interface SimulateRequestDeps {
  /** where the games run: an inline runner with the server's models, or a worker pool */
  runner: ChunkRunner;
  /** tasks in flight (the pool's thread count); default 1 */
  concurrency?: number;
  /** turn evaluations cached per engine strategy and thread; default REQUEST_CACHE_ENTRIES */
  cacheEntries?: number;
}

/** A server keeps one optimal and one greedy strategy per rule set: ~17 MB of cache each at most. */
export const REQUEST_CACHE_ENTRIES = 2048;

/** Validates a request body (every problem named by its field) and runs the simulation. */
export async function simulateRequest(body: unknown, deps: SimulateRequestDeps): Promise<SimulationReport> {
  const parsed = SimulateRequestSchema.safeParse(body ?? {});
  if (!parsed.success) {
    throw invalidInput(parsed.error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message })));
  }
  const req = parsed.data;
  if (req.games > MAX_REQUEST_GAMES) {
    throw new DicewiseError('PAYLOAD_TOO_LARGE', `games: at most ${MAX_REQUEST_GAMES} games per request, got ${req.games}; use the CLI for more`, [
      { field: 'games', message: `at most ${MAX_REQUEST_GAMES}` },
    ]);
  }
  const data = await simulate({ ...req, runner: deps.runner, concurrency: deps.concurrency ?? 1, cacheEntries: deps.cacheEntries ?? REQUEST_CACHE_ENTRIES });
  return buildReport(data);
}
