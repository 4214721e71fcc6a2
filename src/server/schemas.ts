import { z } from '@hono/zod-openapi';
import { MAX_ODDS_TARGETS } from '../advisor/index.ts';
import { EFFORT_PLANS, MAX_EFFORT } from '../approx/rollout.ts';
import { GoalSchema, MAX_TARGET, POSITION_FIELDS } from '../position/index.ts';
import { RULESET_IDS } from '../rules/index.ts';

/**
 * The API's shapes as zod schemas: request bodies are validated with them and the OpenAPI
 * document is generated from them, so the two cannot drift. A position, its goal and an
 * opponent are position/schemas.ts's, with their messages; checks that need the rule set (which
 * boxes exist, which points a box can hold, how many dice) are parsePosition's.
 */

export { GoalSchema };

/** A position with its options: the shape is position/'s, so the API checks what the CLI checks, in the same words. */
export const PositionSchema = z
  // Strict: a misspelt field (`rolls_left`) would otherwise be ignored and the default answered.
  .strictObject({
    ...POSITION_FIELDS,
    // Checked by parseEffort alone, which knows the rule set: one message for one rule.
    effort: z
      .unknown()
      .optional()
      .openapi({
        type: 'integer',
        minimum: 0,
        maximum: MAX_EFFORT,
        description:
          `Multi-column rule sets, points goal: 0 (default) values options by the model alone; 1 to ${MAX_EFFORT} settles the model's closest options by rollouts of best play ` +
          `(${EFFORT_PLANS.slice(1).map((p, i) => `${i + 1}: up to ${p.candidates} options × ${p.rollouts} rollouts of ${p.horizon} turns`).join('; ')}), at more CPU per hint. ` +
          'The options rolled out carry `rollouts` and their rollout mean as `ev`.',
      }),
    explain: z
      .boolean()
      .optional()
      .openapi({
        description:
          'Say why: the advice and every option carry their `outlook` (each box\'s expected final points and chance of a zero, the upper bonus\'s chance, the Yahtzee bonus\'s points, under expected-score play), ' +
          'and every option but the best its `reasons`. Exact single-column rule sets, points goal; elsewhere the advice says why not in `explainNote`. ' +
          "The rule set's outlook table is loaded, or built, on first use (503 with Retry-After meanwhile).",
      }),
  })
  .openapi('Position', {
    example: { ruleset: 'yahtzee', scorecard: { ones: 3 }, dice: [1, 1, 6, 6, 6], rollsLeft: 2 },
  });

const ActionSchema = z
  .union([
    z.object({ hold: z.array(z.number().int()).openapi({ description: 'Dice to keep (sorted faces); the rest are rerolled.' }) }),
    z.object({
      score: z.string().openapi({ description: 'Box id to score in, ending the turn.' }),
      column: z.number().int().optional().openapi({ description: '1-based column, multi-column rule sets only.' }),
    }),
  ])
  .openapi('Action');

const BoxOutlookSchema = z.object({
  expected: z.number().openapi({ description: 'Points the box will finally hold (a filled box: its points).' }),
  probabilityZero: z.number().openapi({ description: 'The chance that it ends at 0 (a filled box: 0 or 1).' }),
});

export const OutlookSchema = z
  .object({
    boxes: z.record(z.string(), BoxOutlookSchema).openapi({ description: "By box id, in the rule set's order." }),
    upperBonus: z
      .object({ probability: z.number(), expected: z.number() })
      .optional()
      .openapi({ description: 'The chance the upper bonus is earned (1 once it is) and its expected points.' }),
    yahtzeeBonus: z.object({ expected: z.number() }).optional().openapi({ description: 'Yahtzee bonus points expected in all, those on the sheet included.' }),
  })
  .openapi('Outlook', {
    description:
      'How the game will end under expected-score play from here, box by box, exact. The expected points of the boxes and bonuses add up to `score` + the option\'s `ev` (the position\'s: `expectedFinalScore`).',
  });

const Versus = z.object({ best: z.number(), option: z.number() });

export const ReasonSchema = z
  .union([
    z.object({ aspect: z.literal('box'), box: z.string(), loss: z.number(), expected: Versus, probabilityZero: Versus }),
    z.object({ aspect: z.literal('upperBonus'), loss: z.number(), probability: Versus }),
    z.object({ aspect: z.literal('yahtzeeBonus'), loss: z.number(), expected: Versus }),
  ])
  .openapi('Reason', {
    description:
      'One aspect of the outlook where the option falls short of the best: `loss` is the expected points it costs there (the losses of all aspects add up to the option\'s loss), with the box\'s expected points and chance of a zero, the upper bonus\'s chance, or the Yahtzee bonus\'s points, for the best option and for this one.',
  });

const AdviceOptionSchema = z
  .object({
    action: ActionSchema,
    ev: z.number().openapi({ description: 'Expected points still to come after this action, its own points and bonuses included.' }),
    loss: z.number().openapi({ description: 'Best ev − this ev.' }),
    points: z.number().optional().openapi({ description: 'Score options: points written in the box.' }),
    bonus: z.number().optional().openapi({ description: 'Score options: upper and Yahtzee bonuses earned, when not 0.' }),
    nearTie: z.boolean().openapi({ description: 'loss < 0.01 points: as good as the best for any practical purpose.' }),
    rollouts: z
      .number()
      .int()
      .optional()
      .openapi({ description: 'Effort > 0: this option was rolled out that many times and `ev` is the rollout mean (options without it keep the model\'s ev and loss).' }),
    outlook: OutlookSchema.optional().openapi({ description: '`explain`: how the game ends taking this option, then playing on for points.' }),
    reasons: z
      .array(ReasonSchema)
      .optional()
      .openapi({ description: '`explain`, every option but the best: the aspects that account for its loss, largest first, as few as cover at least 80% of it (none where it is as good as the best).' }),
  })
  .openapi('AdviceOption');

export const AdviceSchema = z
  .object({
    ruleset: z.enum(RULESET_IDS),
    exact: z.boolean().openapi({ description: 'The values are exact optima.' }),
    score: z.number().openapi({ description: 'Points on the sheet now, bonuses included.' }),
    stateValue: z.number().openapi({ description: 'Expected points still to come from the start of this turn.' }),
    expectedFinalScore: z.number().openapi({ description: 'score + ev of the best option (score + stateValue at the start of a turn).' }),
    dice: z.array(z.number().int()).optional(),
    rollsLeft: z.number().int(),
    options: z.array(AdviceOptionSchema).openapi({ description: 'Every legal action, best first; empty at the start of a turn.' }),
    best: AdviceOptionSchema.optional(),
    finalScoreSd: z.number().optional().openapi({ description: 'Standard deviation of the final score under optimal play from the start of this turn, where known.' }),
    effort: z.number().int().optional().openapi({ description: 'Multi-column rule sets: the effort the options were valued at (0: the model alone).' }),
    outlook: OutlookSchema.optional().openapi({ description: '`explain`: the position\'s outlook, its best option\'s (at the start of a turn, the turn\'s).' }),
    explainNote: z.string().optional().openapi({ description: '`explain` where no outlook is given: why (a multi-column rule set).' }),
  })
  .openapi('Advice');

const ProbabilityOptionSchema = z
  .object({
    action: ActionSchema,
    probability: z.number().openapi({ description: 'The chance of the goal after this action, playing on for it.' }),
    loss: z.number().openapi({ description: 'Best probability − this probability.' }),
    points: z.number().optional().openapi({ description: 'Score options: points written in the box.' }),
    bonus: z.number().optional().openapi({ description: 'Score options: upper and Yahtzee bonuses earned, when not 0.' }),
    nearTie: z.boolean().openapi({ description: 'loss < 0.0001 (a hundredth of a percentage point): as good as the best in practice.' }),
  })
  .openapi('ProbabilityOption');

export const ProbabilityAdviceSchema = z
  .object({
    ruleset: z.enum(RULESET_IDS),
    exact: z.boolean().openapi({ description: 'The chances are exact: what the options achieve played on for the goal. false: an estimate (see Goal).' }),
    goal: GoalSchema,
    score: z.number().openapi({ description: 'Points on the sheet now, bonuses included.' }),
    probabilityBefore: z.number().openapi({ description: 'The chance of the goal from the start of this turn, playing for it.' }),
    probability: z.number().openapi({ description: 'The chance of the goal now, taking the best option (= probabilityBefore at the start of a turn).' }),
    dice: z.array(z.number().int()).optional(),
    rollsLeft: z.number().int(),
    options: z.array(ProbabilityOptionSchema).openapi({ description: 'Every legal action, most likely to reach the goal first; empty at the start of a turn.' }),
    best: ProbabilityOptionSchema.optional(),
    opponents: z
      .array(z.object({ expectedFinalScore: z.number() }))
      .optional()
      .openapi({ description: "Win goal: each opponent's expected final total as they play for points, in the goal's order." }),
    steering: z
      .object({ by: z.enum(['goal', 'points']), horizon: z.number().int() })
      .optional()
      .openapi({
        description:
          "Multi-column rule sets: what ranks the options. `goal`: their chances (at most `horizon` boxes left). `points`: with more boxes left, best play's order, which did better for the goal in measured games; each option keeps the goal model's chance and its loss is against the first option (negative where the model rates it higher).",
      }),
    calibration: z
      .object({ games: z.number().int(), seed: z.number().int(), boxesOpen: z.number().int(), turns: z.number().int() })
      .optional()
      .openapi({
        description:
          "Where the chances are estimates (the win goal before the exact end game, more than 4 boxes open, against one or two opponents all still playing, a map per number of opponents; Triple Yahtzee's and Superpass's reach and win goals before their exact last three turns): they are calibrated to what the advice's own play achieved from them, fitted over `games` games of it (`turns` turns with `boxesOpen` boxes open). Absent where the chances are exact or uncalibrated.",
      }),
    explainNote: z.string().optional().openapi({ description: '`explain`: the outlook and the reasons are given for points play; this says so.' }),
  })
  .openapi('ProbabilityAdvice', {
    description: 'Advice for a goal other than points: every option valued by the chance of the goal. A target already reached answers 1 everywhere, one out of reach 0.',
  });

const Target = z.number().int().min(0).max(MAX_TARGET);

export const OddsRequestSchema = PositionSchema.omit({ goal: true, effort: true, explain: true })
  .extend({
    from: Target.optional().openapi({ description: 'Lowest final total asked; default the points on the sheet now.' }),
    to: Target.optional().openapi({
      description: `Highest final total asked; default as far as the reach table answers. At most ${MAX_ODDS_TARGETS} targets per request.`,
    }),
  })
  .openapi('OddsRequest', {
    example: { ruleset: 'yahtzee', scorecard: { ones: 3 }, dice: [1, 1, 6, 6, 6], rollsLeft: 2, from: 200, to: 300 },
  });

export const OddsSchema = z
  .object({
    ruleset: z.enum(RULESET_IDS),
    score: z.number().openapi({ description: 'Points on the sheet now.' }),
    from: z.number().int(),
    to: z.number().int(),
    probabilities: z
      .array(z.number())
      .openapi({ description: '`probabilities[i]`: the best achievable chance of finishing with at least `from + i`, each target played for on its own.' }),
  })
  .openapi('Odds');

export const RuleSetInfoSchema = z
  .object({
    id: z.enum(RULESET_IDS),
    name: z.string(),
    description: z.string(),
    dice: z.number().int(),
    boxes: z.array(z.object({ id: z.string(), label: z.string() })),
    columns: z.array(z.object({ multiplier: z.number(), fill: z.enum(['any', 'top-down', 'bottom-up', 'first-roll-only']) })),
    exact: z.boolean().openapi({ description: 'Solved exactly (single column); otherwise played by an approximate model.' }),
    maxOpponents: z.number().int().openapi({ description: 'The most opponents a win goal may name on this rule set.' }),
    goals: z.array(z.enum(['points', 'reach', 'win'])).openapi({ description: 'The goals a hint on this rule set may play for.' }),
    status: z
      .enum(['queued', 'loading', 'building', 'ready', 'failed', 'not-served'])
      .openapi({ description: 'Whether this server can answer hints for it now.' }),
    startValue: z.number().optional().openapi({ description: 'Optimal expected final score, where a model is loaded.' }),
    published: z.object({ mean: z.number(), sd: z.number().optional(), source: z.string() }).optional(),
  })
  .openapi('RuleSetInfo');

export const RuleSetListSchema = z.object({ rulesets: z.array(RuleSetInfoSchema) }).openapi('RuleSetList');

const TableProgressSchema = z
  .object({
    table: z.string().openapi({ description: 'The table being built or waited for, e.g. `yahtzee reach table`.' }),
    status: z.string(),
    percent: z.number().int(),
    etaSeconds: z.number().int().optional().openapi({ description: 'Seconds left at the rate so far, once there is a rate.' }),
    queuedAhead: z.number().int().openapi({ description: 'Builds before this one in the queue.' }),
  })
  .openapi('TableProgress');

export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })),
    progress: TableProgressSchema.optional().openapi({ description: 'Not ready: how far the table this request waits for is.' }),
  })
  .openapi('Problem', { description: 'RFC 9457 problem details; `errors` names each offending field.' });

export const HealthSchema = z.object({ status: z.literal('ok') }).openapi('Health');

export const ReadySchema = z
  .object({
    status: z.literal('ready'),
    rulesets: z.record(z.string(), z.string()),
    tables: z
      .array(
        z.object({
          ruleset: z.string(),
          kind: z.enum(['values', 'reach', 'distribution', 'outlook']),
          status: z.string(),
          percent: z.number().int().optional(),
          etaSeconds: z.number().int().optional(),
        }),
      )
      .openapi({ description: 'Every table still queued, loading, building or failed, with a build\'s percent and estimated seconds left.' }),
    queue: z.array(z.string()).openapi({ description: 'Table builds waiting their turn, first first, as `<ruleset> <kind>`.' }),
  })
  .openapi('Ready', { description: 'Status of every served rule set, and of the tables still to come.' });

/** A problem response entry for route definitions. */
export function problemContent(description: string) {
  return { description, content: { 'application/problem+json': { schema: ProblemSchema } } };
}

/** The 503 of a batch route: not ready, too busy, or stopped at the deadline, each with Retry-After. */
export function batchProblems(notReady: string) {
  return {
    503: problemContent(
      `${notReady}; or the server already runs and queues as many batch requests as it admits; or the request ran past its deadline. See Retry-After.`,
    ),
  };
}
