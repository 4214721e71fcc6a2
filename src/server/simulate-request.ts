import { z } from '@hono/zod-openapi';
import { DicewiseError, invalidInput } from '../errors.ts';
import { EXACT_RULESETS, listRuleSets, RULESET_IDS, type RuleSetId } from '../rules/index.ts';
import { buildReport, isSimulable, simulate, SINGLE_COLUMN_STRATEGIES, type ChunkRunner, type SimulationReport } from '../simulate/index.ts';
import { zodIssues } from '../codec/zod-issues.ts';

/** Games one HTTP request may ask for: about 2 CPU seconds of optimal play per strategy on one core. */
export const MAX_REQUEST_GAMES = 20_000;

/** The rule sets a request may simulate: those with an exact table, so every built-in strategy has its model. */
const SIMULATED_RULESETS = EXACT_RULESETS.filter(isSimulable);

/** Body of `POST /api/v1/simulate`. Only built-in strategies: a request never names a module. */
export const SimulateRequestSchema = z
  .object({
    ruleset: z
      .enum(RULESET_IDS as [RuleSetId, ...RuleSetId[]])
      .refine((id) => SIMULATED_RULESETS.includes(id), { message: `must be a rule set with an exact table: ${listRuleSets(SIMULATED_RULESETS)}` })
      .default('yahtzee')
      .openapi({ description: 'A single-column rule set with an exact table.' }),
    strategies: z
      .array(z.enum(SINGLE_COLUMN_STRATEGIES))
      .min(1)
      .max(SINGLE_COLUMN_STRATEGIES.length)
      .refine((a) => new Set(a).size === a.length, { message: 'must not repeat a strategy' })
      .default(['optimal'])
      .openapi({ description: 'Built-in strategies to compare, each on the same dice.' }),
    games: z.number().int().min(1).default(1000).openapi({ description: `Games per strategy, at most ${MAX_REQUEST_GAMES}.` }),
    seed: z.number().int().min(0).max(2 ** 32 - 1).default(1),
  })
  .strict()
  .openapi('SimulateRequest');

export type SimulateRequest = z.output<typeof SimulateRequestSchema>;

const Interval = z.tuple([z.number(), z.number()]);

const StrategyReportSchema = z
  .object({
    name: z.string(),
    games: z.number().int(),
    total: z.number().int().openapi({ description: 'Sum of all final scores: the run signature.' }),
    mean: z.number(),
    ci95: Interval.openapi({ description: '95% confidence interval of the mean.' }),
    sd: z.number(),
    median: z.number(),
    percentiles: z.record(z.string(), z.number()).openapi({ description: 'p1, p5, p25, p75, p95, p99.' }),
    min: z.number(),
    max: z.number(),
    upperBonusRate: z.number(),
    yahtzee50Rate: z.number(),
    meanYahtzeeBonuses: z.number(),
    boxes: z.record(z.string(), z.object({ mean: z.number(), sd: z.number() })).openapi({ description: 'Mean and SD of the points in each box, by box id.' }),
    histogram: z.object({ binWidth: z.number(), counts: z.array(z.number().int()) }),
  })
  .openapi('StrategyReport');

const PairReportSchema = z
  .object({ a: z.string(), b: z.string(), meanDiff: z.number(), sd: z.number(), ci95: Interval })
  .openapi('PairReport', { description: 'Score of a − score of b over the same games.' });

export const SimulationReportSchema = z
  .object({
    ruleset: z.enum(RULESET_IDS),
    games: z.number().int(),
    seed: z.number().int(),
    strategies: z.array(StrategyReportSchema),
    pairs: z.array(PairReportSchema),
  })
  .openapi('SimulationReport');

/** The request's fields with defaults filled in; every problem named by its field, the game cap a 413. */
export function readSimulateRequest(body: unknown): SimulateRequest {
  const parsed = SimulateRequestSchema.safeParse(body ?? {});
  if (!parsed.success) throw invalidInput(zodIssues(parsed.error.issues));
  const req = parsed.data;
  if (req.games > MAX_REQUEST_GAMES) {
    throw new DicewiseError('PAYLOAD_TOO_LARGE', `games: at most ${MAX_REQUEST_GAMES} games per request, got ${req.games}; use the CLI for more`, [
      { field: 'games', message: `at most ${MAX_REQUEST_GAMES}` },
    ]);
  }
  return req;
}

export interface SimulateRequestDeps {
  /** where the games run: an inline runner with the server's models, or a worker pool */
  runner: ChunkRunner;
  /** tasks in flight; default 1 */
  concurrency?: number;
  /** turn evaluations cached per engine strategy and thread; default REQUEST_CACHE_ENTRIES */
  cacheEntries?: number;
  /** games per chunk, where a stopped request stops; default REQUEST_CHUNK_GAMES */
  chunkSize?: number;
}

/** Small enough that a request stopped by its client or deadline frees its worker within a fraction of a second. */
export const REQUEST_CHUNK_GAMES = 250;

/** A server keeps one optimal and one greedy strategy per rule set: ~17 MB of cache each at most. */
export const REQUEST_CACHE_ENTRIES = 2048;

/** Validates a request body and runs the simulation. */
export async function simulateRequest(body: unknown, deps: SimulateRequestDeps): Promise<SimulationReport> {
  const req = readSimulateRequest(body);
  const data = await simulate({
    ...req,
    runner: deps.runner,
    concurrency: deps.concurrency ?? 1,
    cacheEntries: deps.cacheEntries ?? REQUEST_CACHE_ENTRIES,
    chunkSize: deps.chunkSize ?? REQUEST_CHUNK_GAMES,
  });
  return buildReport(data);
}
