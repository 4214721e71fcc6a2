import { z } from 'zod';
import { MAX_OPPONENTS, RULESET_IDS, unknownRuleSetMessage } from '../rules/index.ts';
import { END_GAME_BOXES } from '../solver/index.ts';

/**
 * The shapes of a position, a goal and an opponent, and the message for each mistake in them,
 * written once: parsePosition and parseGoal check input against them first (so the CLI reports
 * what the API does), the server validates its bodies with them and the OpenAPI document is made
 * from them. What needs the rule set (which boxes exist, what a box can hold, how many dice, the
 * highest total) is checked after, by the parsers; where a field's range depends on the rule set
 * the schema checks its type only, so each rule has one message.
 */

/** Targets beyond any game's reach are refused as input errors rather than answered 0 by overflow. */
export const MAX_TARGET = 100_000;

export { MAX_OPPONENTS };

const POINTS = 'must be an integer number of points';
/** Also said by parseColumn where a single-column rule set is given more than one column or bonus. */
export const BONUS_MESSAGE = 'must be a non-negative integer';
export const COLUMN_MESSAGE = 'must be an object mapping box ids to points';
const FACE = 'must be a face 1 to 6';
const TARGET = `must be a whole number of points from 0 to ${MAX_TARGET} (the final total to reach)`;
const OPPONENT = '{"scorecard": {...}, "yahtzeeBonus": 0} or {"finalScore": 241}';

/** A whole number of points, any size: whether it fits the box is the rule set's to say, naming the box. */
const Points = z.number({ error: POINTS }).refine(Number.isInteger, { error: POINTS });

/** One column as a player writes it; a multi-column sheet is an array of them. */
export const ScorecardColumnSchema = z
  .record(z.string(), Points.nullable().meta({ type: ['integer', 'null'] }), { error: COLUMN_MESSAGE })
  .meta({ id: 'ScorecardColumn', description: 'Box id → points written there; absent or null = still free.', example: { ones: 3, fullHouse: 25 } });

const Bonus = z.number({ error: BONUS_MESSAGE }).int({ error: BONUS_MESSAGE }).min(0, { error: BONUS_MESSAGE });

/** A whole sheet: one column, or one per column of a multi-column rule set. */
export const SheetSchema = z.union([ScorecardColumnSchema, z.array(ScorecardColumnSchema)], {
  error: `${COLUMN_MESSAGE}, or for a multi-column rule set an array of them`,
});

/** A sheet's extra-Yahtzee bonus points: one number, or one per column. */
export const SheetBonusSchema = z.union([Bonus, z.array(Bonus)], { error: `${BONUS_MESSAGE}, or for a multi-column rule set an array of them` });

export const RuleSetSchema = z.enum(RULESET_IDS, { error: (iss) => unknownRuleSetMessage(iss.input) });

export const DiceSchema = z.array(z.number({ error: FACE }).int({ error: FACE }).min(1, { error: FACE }).max(6, { error: FACE }), {
  error: 'must be an array of dice faces',
});

export const RollsLeftSchema = z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'must be 0, 1 or 2' });

/**
 * One object with every field optional, not a union: a sheet or a final total, and not both, is
 * checked on the whole object, naming the field, where a failed union names none.
 */
const OpponentFieldsSchema = z
  .strictObject(
    {
      scorecard: SheetSchema.optional().meta({
        description: "Their sheet as it stands at the start of their next turn (an opponent in progress), shaped as a position's scorecard.",
      }),
      yahtzeeBonus: SheetBonusSchema.optional().meta({ description: 'With scorecard: their extra-Yahtzee bonus points so far (per column where columns exist).' }),
      finalScore: z
        .number({ error: 'must be a whole number of points' })
        .optional()
        .meta({ type: 'integer', minimum: 0, description: 'Their final total (a finished opponent), instead of a scorecard.' }),
    },
    {
      error: (iss) =>
        iss.code === 'unrecognized_keys' ? `unknown field; an opponent has scorecard and yahtzeeBonus, or finalScore` : `must be an object: ${OPPONENT}`,
    },
  )
  .superRefine((o, ctx) => {
    if (o.finalScore === undefined && o.scorecard === undefined) {
      ctx.addIssue({ code: 'custom', message: 'needs a scorecard (an opponent in progress) or a finalScore (one who has finished)' });
    } else if (o.finalScore !== undefined && o.scorecard !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'give either a scorecard (in progress) or a finalScore (finished), not both' });
    }
  })
  .meta({
    id: 'Opponent',
    description: 'An opponent who plays for points: either `scorecard` (and `yahtzeeBonus`) as it stands at the start of their next turn, or `finalScore`.',
    example: { finalScore: 241 },
  });

type OpponentFields = z.infer<typeof OpponentFieldsSchema>;

/** An opponent as a player describes one: their sheet at the start of their next turn, or their final total. */
export type OpponentInput = { scorecard: NonNullable<OpponentFields['scorecard']>; yahtzeeBonus?: OpponentFields['yahtzeeBonus'] } | { finalScore: NonNullable<OpponentFields['finalScore']> };

/** The refinement above makes an opponent one of two shapes, which its inferred type cannot say; this type does. */
export const OpponentSchema = OpponentFieldsSchema as unknown as z.ZodType<OpponentInput, z.input<typeof OpponentFieldsSchema>>;

const GOAL_EXAMPLES = '{"type":"points"}, {"type":"reach","score":300} or {"type":"win","opponents":[{"finalScore":241}]}';

/** Each goal's shape, one entry per goal (src/goals holds what else differs between them); the Goal type is inferred from these. */
const GOAL_SHAPES = [
  z.strictObject({ type: z.literal('points') }),
  z.strictObject({
    type: z.literal('reach'),
    score: z
      .number({ error: TARGET })
      .int({ error: TARGET })
      .min(0, { error: TARGET })
      .max(MAX_TARGET, { error: TARGET })
      .meta({ description: 'The final total to reach: points already on the sheet count.', example: 250 }),
  }),
  z.strictObject({
    type: z.literal('win'),
    opponents: z
      .array(OpponentSchema, { error: `must be a non-empty array of opponents, each ${OPPONENT}` })
      .min(1, { error: `must be a non-empty array of opponents, each ${OPPONENT}` })
      .max(MAX_OPPONENTS, { error: (iss) => `at most ${MAX_OPPONENTS} opponents, got ${(iss.input as unknown[]).length}` })
      .meta({ description: `1 to ${MAX_OPPONENTS} opponents.` }),
  }),
] as const;

export const GoalSchema = z.discriminatedUnion('type', GOAL_SHAPES, {
  error: (iss) =>
    iss.code === 'invalid_union'
      ? `unknown goal ${JSON.stringify((iss.input as { type?: unknown }).type)}; known: ${GOAL_SHAPES.map((g) => g.shape.type.value).join(', ')}`
      : `must be an object such as ${GOAL_EXAMPLES}`,
}).meta({
  id: 'Goal',
  description:
    '`points` (the default): maximise the expected final total. `reach`: maximise the chance that the final total, bonuses included, is at least `score`. ' +
    '`win`: maximise the expected share of the stake against `opponents` who play for points (the highest total takes it, a k-way tie splits it). ' +
    `Reach is exact for the single-column rule sets; win is exact there with at most ${END_GAME_BOXES} boxes open (the end game solved for the share) and an estimate before (\`exact: false\`: each target's best chance beyond this turn, a little above what one plan achieves). ` +
    'For triple-yahtzee and superpass both are approximate (`exact: false`), except in the last three turns against a target or a finished opponent, where they are solved; win takes one opponent.',
  example: { type: 'reach', score: 250 },
});

/** A position's own fields, as PositionInput (types.ts) describes them. */
export const POSITION_FIELDS = {
  ruleset: RuleSetSchema.optional().meta({ description: 'Rule set id; default `yahtzee`.' }),
  scorecard: SheetSchema.optional().meta({ description: 'One column object, or for multi-column rule sets an array with one object per column.' }),
  yahtzeeBonus: SheetBonusSchema.optional().meta({ description: 'Extra-Yahtzee bonus points so far (a multiple of 100); per column where columns exist.' }),
  dice: DiceSchema.optional().meta({ description: 'Current dice in any order (5, or 6 for superpass); omit at the start of a turn.', example: [1, 1, 6, 6, 6] }),
  rollsLeft: RollsLeftSchema.optional().meta({ description: 'Rerolls still allowed after these dice; default 2.' }),
  goal: GoalSchema.optional(),
};

const NOT_AN_OBJECT = { error: (iss: { code: string }) => (iss.code === 'invalid_type' ? 'position must be a JSON object' : undefined) };

/** A position with nothing else: a misspelt field (`rolls_left`) is an error, not ignored and the default answered. */
export const PositionSchema = z.strictObject(POSITION_FIELDS, NOT_AN_OBJECT);

/** A position's fields where a request carries more (the server's own options, checked by its schema). */
export const PositionFieldsSchema = z.object(POSITION_FIELDS, NOT_AN_OBJECT);
