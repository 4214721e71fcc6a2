import type { Issue } from '../errors.ts';
import { zodIssues } from '../codec/zod-issues.ts';
import type { RuleSet } from '../rules/index.ts';
import { checkOpponents } from './opponents.ts';
import { GoalSchema } from './schemas.ts';
import type { Goal, Opponent } from './types.ts';

export const POINTS_GOAL: Goal = Object.freeze({ type: 'points' });

/**
 * Validates a goal against GoalSchema; issues name `goal.*` fields. Win goals also return their
 * opponents, parsed for the engine against rule set `rs`; where there is none (a batch of games of
 * any rule set) a win goal is refused.
 */
export function parseGoal(raw: unknown, rs: RuleSet | undefined, issues: Issue[]): { goal: Goal; opponents?: Opponent[] } {
  if (raw === undefined || raw === null) return { goal: POINTS_GOAL };
  const shape = GoalSchema.safeParse(raw);
  if (!shape.success) {
    issues.push(...zodIssues(shape.error.issues, ['goal']));
    return { goal: POINTS_GOAL };
  }
  return checkGoal(raw as Goal, rs, issues);
}

/**
 * A goal of GoalSchema's shape checked against the rule set: a win goal's opponents, read for the
 * engine. Every other goal is its schema's shape and nothing more (a copy, so no caller's object is kept).
 */
export function checkGoal(goal: Goal, rs: RuleSet | undefined, issues: Issue[]): { goal: Goal; opponents?: Opponent[] } {
  if (goal.type === 'points') return { goal: POINTS_GOAL };
  if (goal.type !== 'win') return { goal: { ...goal } };
  if (!rs) {
    issues.push({ field: 'goal.type', message: 'a win goal needs its opponents: review a multiplayer game record instead, where they are in the record' });
    return { goal: POINTS_GOAL };
  }
  const before = issues.length;
  const parsed = checkOpponents(rs, goal.opponents, issues);
  if (issues.length > before) return { goal: POINTS_GOAL };
  return { goal: { type: 'win', opponents: parsed.inputs }, opponents: parsed.opponents };
}
