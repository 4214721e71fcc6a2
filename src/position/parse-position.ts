import { invalidInput, type DicewiseError, type Issue } from '../errors.ts';
import { zodIssues } from '../codec/zod-issues.ts';
import type { RuleSet } from '../rules/index.ts';
import { DEFAULT_RULESET, RULESETS } from '../rules/index.ts';
import type { GameState } from '../solver/index.ts';
import { parseSheet } from './parse-sheet.ts';
import { checkGoal, POINTS_GOAL } from './goal.ts';
import { PositionFieldsSchema } from './schemas.ts';
import type { Goal, Opponent, PositionInput } from './types.ts';

/** A validated position: the engine's state plus what the player sees. */
export interface Position {
  rs: RuleSet;
  state: GameState;
  /** the scorecard per column (box index -> points), as given */
  columns: (number | undefined)[][];
  /** extra-Yahtzee bonus points per column */
  yahtzeeBonus: number[];
  /** points on the sheet now, bonuses and multipliers included */
  score: number;
  /** sorted dice faces, or undefined at the start of a turn */
  dice?: number[];
  rollsLeft: 0 | 1 | 2;
  /** what the player plays for; points unless the input says otherwise */
  goal: Goal;
  /** a win goal's opponents, validated */
  opponents?: Opponent[];
}

/** A failed parse: UNKNOWN_RULESET where the rule set is what is wrong, else INVALID_INPUT. */
export type ParseResult = { ok: true; position: Position } | { ok: false; code: 'INVALID_INPUT' | 'UNKNOWN_RULESET'; issues: Issue[] };

function rejected(issues: Issue[]): ParseResult {
  return { ok: false, code: issues.some((i) => i.field === 'ruleset') ? 'UNKNOWN_RULESET' : 'INVALID_INPUT', issues };
}

/** The error to throw for a failed parse, with its code. */
export function positionError(r: { code: 'INVALID_INPUT' | 'UNKNOWN_RULESET'; issues: Issue[] }): DicewiseError {
  return invalidInput(r.issues, r.code);
}

/**
 * Validates a position and converts it to the engine's state. Returns every problem found, each
 * naming its field, instead of throwing: the API, the CLI and the web page all report them as is.
 * The shape is PositionSchema's (schemas.ts), checked first with its messages; what the rule set
 * decides (boxes, points, dice, opponents' totals) after, on the input as given (zod's copy of it
 * would drop a `__proto__` key silently). Fields other than a position's are left to the caller.
 */
export function parsePosition(input: unknown): ParseResult {
  const shape = PositionFieldsSchema.safeParse(input);
  const issues: Issue[] = shape.success ? [] : zodIssues(shape.error.issues);
  // Every problem at once: the rule set's checks still run on each field whose shape is right.
  const bad = new Set(issues.map((i) => i.field.split(/[.[]/)[0]));
  if (bad.has('body') || bad.has('ruleset')) return rejected(issues);
  const p = input as PositionInput;
  const rs = RULESETS[p.ruleset ?? DEFAULT_RULESET];
  const parsed = bad.has('scorecard') || bad.has('yahtzeeBonus') ? undefined : parseSheet(rs, p.scorecard, p.yahtzeeBonus, 'scorecard', 'yahtzeeBonus', issues);
  const full = (1 << rs.boxes.length) - 1;
  if (parsed && issues.length === 0 && parsed.every((r) => r.col.mask === full)) {
    issues.push({ field: 'scorecard', message: 'every box is filled: the game is over' });
  }
  let dice: number[] | undefined;
  if (p.dice !== undefined && !bad.has('dice')) {
    if (p.dice.length !== rs.dice) issues.push({ field: 'dice', message: `${rs.id} uses ${rs.dice} dice, got ${p.dice.length}` });
    else dice = [...p.dice].sort((a, b) => a - b);
  }
  let rollsLeft: 0 | 1 | 2 = 2;
  if (p.rollsLeft !== undefined && !bad.has('rollsLeft')) {
    if (p.dice === undefined && p.rollsLeft !== 2) issues.push({ field: 'rollsLeft', message: 'needs dice: without dice the position is the start of a turn' });
    else rollsLeft = p.rollsLeft;
  }
  const { goal, opponents } = p.goal === undefined || bad.has('goal') ? { goal: POINTS_GOAL, opponents: undefined } : checkGoal(p.goal, rs, issues);
  if (!parsed || issues.length > 0) return rejected(issues);
  const score = parsed.reduce((s, r, ci) => s + rs.columns[ci].multiplier * r.total, 0);
  return {
    ok: true,
    position: {
      rs,
      state: { columns: parsed.map((r) => r.col) },
      columns: parsed.map((r) => r.values),
      yahtzeeBonus: parsed.map((r) => r.bonus),
      score,
      dice,
      rollsLeft,
      goal,
      ...(opponents ? { opponents } : {}),
    },
  };
}
