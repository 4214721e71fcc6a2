import type { Issue } from '../errors.ts';

/** What a player plays for (RULES.md, "Goals"). */
export type Goal = { type: 'points' } | { type: 'reach'; score: number };

/** As given in a request: `goal` is optional and defaults to points. */
export type GoalInput = { type: 'points' } | { type: 'reach'; score: number };

export const POINTS_GOAL: Goal = Object.freeze({ type: 'points' });

/** Targets beyond any game's reach are refused as input errors rather than answered 0 by overflow. */
export const MAX_TARGET = 100_000;

/** Validates a goal; issues name `goal.*` fields. */
export function parseGoal(raw: unknown, issues: Issue[]): Goal {
  if (raw === undefined || raw === null) return POINTS_GOAL;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    issues.push({ field: 'goal', message: 'must be an object such as {"type":"points"} or {"type":"reach","score":300}' });
    return POINTS_GOAL;
  }
  const g = raw as Record<string, unknown>;
  if (g.type === 'points') return POINTS_GOAL;
  if (g.type === 'reach') {
    const score = g.score;
    if (typeof score !== 'number' || !Number.isInteger(score) || score < 0 || score > MAX_TARGET) {
      issues.push({ field: 'goal.score', message: `must be a whole number of points from 0 to ${MAX_TARGET} (the final total to reach)` });
      return POINTS_GOAL;
    }
    return { type: 'reach', score };
  }
  issues.push({ field: 'goal.type', message: `unknown goal ${JSON.stringify(g.type)}; known: points, reach` });
  return POINTS_GOAL;
}
