import { createRoute, z } from '@hono/zod-openapi';
import { isDicewiseError, RetryLaterError } from '../../errors.ts';
import { FAMILIES, isRuleSetId, RULESET_IDS, type Family, type RuleSetId } from '../../rules/index.ts';
import type { SharedLanes } from '../../simulate/index.ts';
import { throwIfStopped } from '../admission.ts';
import type { RouteModule } from '../app-deps.ts';
import { mountBodyRoute, MSGPACK, requestFormat, responseFormat, sendEncoded } from '../body.ts';
import type { TableRegistry } from '../table-registry.ts';
import { batchProblems, GoalSchema, problemContent, ReasonSchema } from '../schemas.ts';
import { OUTLOOK_NOT_READY_FIELD, REACH_NOT_READY_FIELD } from '../../../workers/analyse-request.ts';

/**
 * POST /api/v1/analyse: game review for up to ANALYSE_BATCH_CAP games per request, on a batch
 * worker behind the admission policy; larger batches belong to `dicewise analyse`.
 */

/**
 * Games one request may hold: about half a millisecond each on one core; a Triple Yahtzee or
 * Superpass game, rated by its model, about 8–10 ms (a full body of them 8–10 s, within the deadline).
 */
export const ANALYSE_BATCH_CAP = 1000;

/** Room for ANALYSE_BATCH_CAP pretty-printed games (a finished game is ~1-3 KB of JSON). */
export const ANALYSE_BODY_BYTES = 8 * 2 ** 20;

/**
 * A finished Yahtzee record is about 400 values (13 turns of up to 3 rolls and 2 holds); Triple
 * Yahtzee and Superpass records run to about 1,300.
 */
const ANALYSE_INPUT_LIMITS = { maxDepth: 8, maxElements: ANALYSE_BATCH_CAP * 1500, maxStringLength: 256 };

const Dice = z.array(z.number().int());

const TurnRecordSchema = z
  .object({
    rolls: z.array(Dice).openapi({ description: 'The dice after each roll (1 to 3 rolls), any order.', example: [[3, 3, 5, 1, 6], [3, 3, 3, 2, 6], [3, 3, 3, 6, 6]] }),
    holds: z.array(Dice).optional().openapi({ description: 'Dice kept before each reroll: one fewer than rolls.', example: [[3, 3, 6], [3, 3, 3, 6]] }),
    box: z.string().openapi({ description: 'Box id the turn was scored in.', example: 'fullHouse' }),
    column: z.number().int().optional().openapi({ description: '1-based column, multi-column rule sets only.' }),
    player: z.number().int().optional().openapi({ description: 'Multiplayer records: the 0-based seat whose turn this is (default: seats take turns in order).' }),
  })
  .openapi('TurnRecord');

const GameRecordSchema = z
  .object({
    ruleset: z.enum(RULESET_IDS).optional().openapi({ description: 'Rule set id; default `yahtzee`.' }),
    turns: z.array(TurnRecordSchema).openapi({ description: 'The turns played, in order; a game may be unfinished.' }),
    players: z
      .union([z.array(z.string()), z.number().int()])
      .optional()
      .openapi({
        description:
          'A multiplayer record (2 to 8 players, names or a count): `turns` then holds every player\'s turns in play order, and the result is a MultiplayerReview rating each decision in points and in share of the stake (the win goal) against the others\' sheets as they stood.',
      }),
  })
  .openapi('GameRecord');

export const AnalyseRequestSchema = z
  .object({
    games: z.array(GameRecordSchema).openapi({ description: `At most ${ANALYSE_BATCH_CAP} games; each is checked on its own, so a bad one is reported in its place.` }),
    goal: GoalSchema.optional().openapi({
      description: 'Review for this goal (default points). With a reach goal every value is the chance of finishing with at least the target, and losses are in probability.',
    }),
    summary: z.boolean().optional().openapi({ description: 'Also return the player profile of the whole batch (`summary`), as `dicewise analyse --summary --json` prints it.' }),
    explain: z
      .boolean()
      .optional()
      .openapi({
        description:
          "Points reviews: name the aspects of each mistake (`reasons`, as a hint's options have them) and where each game's loss comes from (`lossByFamily`; the summary's `byFamily`), for the games of exact single-column rule sets. The rule set's outlook table is loaded, or built, on first use (503 with Retry-After meanwhile).",
      }),
  })
  .openapi('AnalyseRequest');

const RatedActionSchema = z.object({
  action: z.union([z.object({ hold: Dice }), z.object({ score: z.string(), column: z.number().int().optional() })]),
  ev: z.number().openapi({ description: 'Expected points still to come from the start of the turn.' }),
});

const GameAnalysisSchema = z
  .object({
    ruleset: z.enum(RULESET_IDS),
    goal: z
      .union([z.object({ type: z.literal('reach'), score: z.number().int() }), z.object({ type: z.literal('win') })])
      .optional()
      .openapi({ description: 'Present for a reach review or a multiplayer review\'s share of the stake: values and losses are then probabilities, mistakes bucketed in percentage points.' }),
    exact: z
      .literal(false)
      .optional()
      .openapi({ description: 'Present where the values are estimates: Triple Yahtzee and Superpass games are rated by their best model, whose error docs/multi-column.md measures on the sub-games. Absent where every value is exact.' }),
    finished: z.boolean(),
    finalScore: z.number().openapi({ description: 'Points on the sheet, bonuses and multipliers included (so far, when unfinished).' }),
    startValue: z.number().openapi({ description: 'Expected final score of optimal play.' }),
    remainingValue: z.number().openapi({ description: 'Expected points still to come from the state reached; 0 when finished.' }),
    totalLoss: z.number(),
    luck: z.number().openapi({ description: 'finalScore + remainingValue − startValue + totalLoss.' }),
    mistakes: z.object({ slight: z.number().int(), inaccuracy: z.number().int(), mistake: z.number().int(), blunder: z.number().int(), total: z.number().int() }).openapi({
      description: 'Decisions by loss: slight (0, 1), inaccuracy [1, 5), mistake [5, 20), blunder ≥ 20 points.',
    }),
    turns: z.array(z.object({ turn: z.number().int(), points: z.number() })),
    decisions: z.array(
      z.object({
        turn: z.number().int(),
        roll: z.number().int(),
        kind: z.enum(['hold', 'score']),
        chosen: RatedActionSchema,
        best: RatedActionSchema,
        loss: z.number(),
        reasons: z
          .array(ReasonSchema)
          .optional()
          .openapi({ description: '`explain`, mistakes: the aspects of the outlook where the choice falls short of the best, largest first, covering at least 80% of the loss.' }),
      }),
    ),
    lossByFamily: z
      .record(z.enum(FAMILIES as [Family, ...Family[]]), z.number())
      .optional()
      .openapi({ description: '`explain`: the game\'s loss by family of boxes (upper section and bonus, of a kind, straights, Yahtzee and its bonus, chance); it adds up to totalLoss.' }),
  })
  .openapi('GameAnalysis');

const GameErrorSchema = z
  .object({
    error: z.object({
      turn: z.number().int().openapi({ description: '1-based; 0 = the record as a whole.' }),
      roll: z.number().int().openapi({ description: '1-based; 0 = not tied to one roll.' }),
      detail: z.string(),
    }),
  })
  .openapi('GameError');

const MultiplayerReviewSchema = z
  .object({
    ruleset: z.enum(RULESET_IDS),
    players: z.array(
      z.object({
        player: z.number().int(),
        name: z.string().optional(),
        finalScore: z.number(),
        points: z.union([GameAnalysisSchema, GameErrorSchema]).openapi({ description: 'The player\'s decisions rated in expected points, as a solo game.' }),
        win: z.union([GameAnalysisSchema, GameErrorSchema]).openapi({ description: 'The same decisions rated in expected share of the stake (goal win): values, losses and luck are shares.' }),
      }),
    ),
  })
  .openapi('MultiplayerReview');

const LossShareSchema = z.object({ loss: z.number(), perGame: z.number() });
const ProfileSchema = z
  .object({
    games: z.number().int(),
    goal: z.object({ type: z.literal('reach'), score: z.number().int() }).optional(),
    analysed: z.number().int(),
    errors: z.number().int(),
    finished: z.number().int(),
    decisions: z.number().int(),
    meanFinalScore: z.number().openapi({ description: 'Over finished games.' }),
    meanStartValue: z.number(),
    loss: z.object({ total: z.number(), perGame: z.number(), perDecision: z.number() }),
    luck: z.object({ mean: z.number(), sd: z.number() }),
    byKind: z
      .array(LossShareSchema.extend({ kind: z.enum(['hold1', 'hold2', 'box']), decisions: z.number().int(), mistakes: z.number().int(), perDecision: z.number() }))
      .openapi({ description: 'Holds after roll 1, holds after roll 2, box choices (whichever roll they followed).' }),
    bySection: z.object({ upper: LossShareSchema, lower: LossShareSchema }),
    byBox: z
      .array(LossShareSchema.extend({ ruleset: z.enum(RULESET_IDS), box: z.string(), column: z.number().int().optional(), turns: z.number().int(), boxChoiceLoss: z.number() }))
      .openapi({ description: 'Every decision of a turn charged to the box the turn was scored in.' }),
    mistakes: z.record(z.string(), z.object({ count: z.number().int(), loss: z.number() })).openapi({ description: 'slight, inaccuracy, mistake, blunder and total.' }),
    recurring: z
      .array(
        z.object({
          ruleset: z.enum(RULESET_IDS),
          rollsLeft: z.number().int(),
          dice: Dice,
          chosen: RatedActionSchema.shape.action,
          best: RatedActionSchema.shape.action,
          count: z.number().int(),
          loss: z.number(),
          meanLoss: z.number(),
        }),
      )
      .openapi({ description: 'The ten costliest mistakes made at least twice: same dice, rolls left, choice and best choice.' }),
    recurringExact: z.boolean(),
    estimated: z.number().int().optional().openapi({ description: 'Games rated by a model (Triple Yahtzee, Superpass), whose values are estimates; absent when none were.' }),
    byFamily: z
      .array(LossShareSchema.extend({ family: z.enum(FAMILIES as [Family, ...Family[]]), share: z.number() }))
      .optional()
      .openapi({ description: '`explain`: where the explained games\' losses come from, by family of boxes, largest first, as Verhoeff\'s Proficiency Test tells them (per game of the `explained` games).' }),
    explained: z.number().int().optional().openapi({ description: '`explain`: the games explained (those of exact single-column rule sets).' }),
  });
const PlayerProfileSchema = ProfileSchema.extend({
  groups: z
    .array(z.object({ by: z.enum(['strategy', 'player']), name: z.string(), profile: ProfileSchema }))
    .optional()
    .openapi({ description: 'Where the games are of more than one strategy (the records\' `strategy`; "" for records without one) or player (of multiplayer records): the profile of each, in first-seen order.' }),
}).openapi('PlayerProfile');

export const AnalyseResponseSchema = z
  .object({
    results: z.array(z.union([GameAnalysisSchema, MultiplayerReviewSchema, GameErrorSchema])).openapi({ description: 'One entry per game, in request order.' }),
    summary: PlayerProfileSchema.optional().openapi({ description: 'With `"summary": true` in the request.' }),
  })
  .openapi('AnalyseResponse');

export const analyseRoute = createRoute({
  method: 'post',
  path: '/api/v1/analyse',
  summary: 'Review recorded games decision by decision',
  description:
    'For every hold and box of every game: the value of the choice, the best choice and the loss. ' +
    `Send JSON or MessagePack (Content-Type ${MSGPACK}); ask for MessagePack with Accept: ${MSGPACK}.`,
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: AnalyseRequestSchema }, [MSGPACK]: { schema: AnalyseRequestSchema } },
    },
  },
  responses: {
    200: { description: 'One analysis or error per game', content: { 'application/json': { schema: AnalyseResponseSchema }, [MSGPACK]: { schema: AnalyseResponseSchema } } },
    400: problemContent('The body is not `{ "games": [...] }`'),
    413: problemContent(`More than ${ANALYSE_BATCH_CAP} games, or a body over ${ANALYSE_BODY_BYTES} bytes`),
    ...batchProblems("A rule set's table is still loading or being built"),
  },
});

/**
 * What the registry says of every rule set: those this server cannot analyse (not served, not
 * solved, failed) with the reason each such game gets as its error, and those still loading
 * (a body naming one fails with 503, retry soon).
 */
function ruleSetAvailability(registry: TableRegistry): { refuse: Partial<Record<RuleSetId, string>>; loading: RuleSetId[] } {
  const refuse: Partial<Record<RuleSetId, string>> = {};
  const loading: RuleSetId[] = [];
  for (const id of RULESET_IDS) {
    try {
      registry.get(id);
    } catch (e) {
      if (isDicewiseError(e) && e.code === 'NOT_READY') loading.push(id);
      else refuse[id] = (e as Error).message;
    }
  }
  return { refuse, loading };
}

export const registerAnalyseRoute: RouteModule = (app, deps) => {
  mountBodyRoute(app, analyseRoute, { maxBytes: ANALYSE_BODY_BYTES, input: ANALYSE_INPUT_LIMITS }, async (c) => {
    // The bytes go to a worker as they came: decoding, analysis and encoding all happen there.
    const format = requestFormat(c);
    const accept = responseFormat(c);
    const body = new Uint8Array(await c.req.arrayBuffer());
    const bytes = await deps.admission.run(async (signal) => {
      const stop = new Int32Array(new SharedArrayBuffer(4));
      signal.addEventListener('abort', () => Atomics.store(stop, 0, 1), { once: true });
      try {
        const reachReady = RULESET_IDS.filter((id) => deps.registry.state(id, 'reach').status === 'ready');
        const outlookReady = RULESET_IDS.filter((id) => deps.registry.state(id, 'outlook').status === 'ready');
        // The loaded goal and outlook tables go along: shared with the worker, not read again there.
        const lanes: Partial<Record<RuleSetId, SharedLanes>> = {};
        for (const id of RULESET_IDS) {
          for (const kind of ['reach', 'distribution'] as const) {
            if (deps.registry.state(id, kind).status === 'ready') (lanes[id] ??= {})[kind] = deps.registry.table(kind, id).data;
          }
          // The outlook table goes as it is: its arrays are shared memory.
          if (deps.registry.state(id, 'outlook').status === 'ready') (lanes[id] ??= {}).outlook = deps.registry.table('outlook', id);
        }
        return await deps.batch.analyse({ body, format, accept, limits: ANALYSE_INPUT_LIMITS, cap: ANALYSE_BATCH_CAP, stop, reachReady, outlookReady, lanes, ...ruleSetAvailability(deps.registry) });
      } catch (e) {
        throwIfStopped(signal);
        // A reach review needs that rule set's reach table: asking the registry starts its load (503 + Retry-After).
        const reachOf = isDicewiseError(e) && e.code === 'NOT_READY' ? e.issues.find((i) => i.field === REACH_NOT_READY_FIELD)?.message : undefined;
        if (reachOf !== undefined && isRuleSetId(reachOf)) deps.registry.table('reach', reachOf);
        // An explained review likewise needs the outlook table.
        const outlookOf = isDicewiseError(e) && e.code === 'NOT_READY' ? e.issues.find((i) => i.field === OUTLOOK_NOT_READY_FIELD)?.message : undefined;
        if (outlookOf !== undefined && isRuleSetId(outlookOf)) deps.registry.table('outlook', outlookOf);
        if (isDicewiseError(e) && e.code === 'NOT_READY') throw new RetryLaterError('NOT_READY', e.message, 5);
        throw e;
      }
    }, c.req.raw.signal);
    return sendEncoded(c, bytes as Uint8Array<ArrayBuffer>, accept);
  });
};
