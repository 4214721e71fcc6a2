import type { Issue } from '../errors.ts';
import type { RuleSet, RuleSetId } from '../rules/index.ts';
import { DEFAULT_RULESET, isRuleSetId, RULESETS } from '../rules/index.ts';
import type { GameState } from '../solver/index.ts';
import { isObject } from './parse-column.ts';
import { parseSheet } from './parse-sheet.ts';
import type { Goal, Opponent, PositionInput } from './types.ts';
import { parseGoal } from './goal.ts';

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

export type ParseResult = { ok: true; position: Position } | { ok: false; issues: Issue[] };

/**
 * Validates a position and converts it to the engine's state. Returns every problem found, each
 * naming its field, instead of throwing: the API, the CLI and the web page all report them as is.
 */
export function parsePosition(input: unknown): ParseResult {
  const issues: Issue[] = [];
  if (!isObject(input)) return { ok: false, issues: [{ field: '', message: 'position must be a JSON object' }] };
  const p = input as PositionInput & Record<string, unknown>;
  const id = p.ruleset ?? DEFAULT_RULESET;
  if (typeof id !== 'string' || !isRuleSetId(id)) {
    return { ok: false, issues: [{ field: 'ruleset', message: `unknown rule set ${JSON.stringify(id)}; known: ${Object.keys(RULESETS).join(', ')}` }] };
  }
  const rs = RULESETS[id as RuleSetId];
  const parsed = parseSheet(rs, p.scorecard, p.yahtzeeBonus, 'scorecard', 'yahtzeeBonus', issues);
  if (!parsed) return { ok: false, issues };
  const full = (1 << rs.boxes.length) - 1;
  if (issues.length === 0 && parsed.every((r) => r.col.mask === full)) {
    issues.push({ field: 'scorecard', message: 'every box is filled: the game is over' });
  }
  let dice: number[] | undefined;
  if (p.dice !== undefined) {
    if (!Array.isArray(p.dice)) issues.push({ field: 'dice', message: `must be an array of ${rs.dice} faces` });
    else if (p.dice.length !== rs.dice) issues.push({ field: 'dice', message: `${rs.id} uses ${rs.dice} dice, got ${p.dice.length}` });
    else {
      p.dice.forEach((d, i) => {
        if (typeof d !== 'number' || !Number.isInteger(d) || d < 1 || d > 6) issues.push({ field: `dice[${i}]`, message: 'must be a face 1 to 6' });
      });
      dice = [...(p.dice as number[])].sort((a, b) => a - b);
    }
  }
  let rollsLeft: 0 | 1 | 2 = 2;
  if (p.rollsLeft !== undefined) {
    if (p.rollsLeft !== 0 && p.rollsLeft !== 1 && p.rollsLeft !== 2) issues.push({ field: 'rollsLeft', message: 'must be 0, 1 or 2' });
    else if (p.dice === undefined && p.rollsLeft !== 2) issues.push({ field: 'rollsLeft', message: 'needs dice: without dice the position is the start of a turn' });
    else rollsLeft = p.rollsLeft;
  }
  const { goal, opponents } = parseGoal(p.goal, rs, issues);
  if (issues.length > 0) return { ok: false, issues };
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
