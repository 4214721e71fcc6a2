import type { Issue } from '../errors.ts';
import type { RuleSet } from '../rules/index.ts';
import { parseOpponents } from './opponents.ts';
import type { Goal, Opponent } from './types.ts';

export const POINTS_GOAL: Goal = Object.freeze({ type: 'points' });

/** Targets beyond any game's reach are refused as input errors rather than answered 0 by overflow. */
export const MAX_TARGET = 100_000;

/** At most this many opponents: an eight-player table, more than any of the games' own sites seat. */
export const MAX_OPPONENTS = 7;

/**
 * Validates a goal; issues name `goal.*` fields. Win goals also return their opponents, parsed for
 * the engine against rule set `rs`; where there is none (a batch of games of any rule set) a win goal is refused.
 */
export function parseGoal(raw: unknown, rs: RuleSet | undefined, issues: Issue[]): { goal: Goal; opponents?: Opponent[] } {
  if (raw === undefined || raw === null) return { goal: POINTS_GOAL };
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    issues.push({ field: 'goal', message: 'must be an object such as {"type":"points"}, {"type":"reach","score":300} or {"type":"win","opponents":[{"finalScore":241}]}' });
    return { goal: POINTS_GOAL };
  }
  const g = raw as Record<string, unknown>;
  if (g.type === 'points') return { goal: POINTS_GOAL };
  if (g.type === 'reach') {
    const score = g.score;
    if (typeof score !== 'number' || !Number.isInteger(score) || score < 0 || score > MAX_TARGET) {
      issues.push({ field: 'goal.score', message: `must be a whole number of points from 0 to ${MAX_TARGET} (the final total to reach)` });
      return { goal: POINTS_GOAL };
    }
    return { goal: { type: 'reach', score } };
  }
  if (g.type === 'win') {
    if (!rs) {
      issues.push({ field: 'goal.type', message: 'a win goal needs its opponents: review a multiplayer game record instead, where they are in the record' });
      return { goal: POINTS_GOAL };
    }
    const before = issues.length;
    const parsed = parseOpponents(rs, g.opponents, MAX_OPPONENTS, issues);
    if (issues.length > before) return { goal: POINTS_GOAL };
    return { goal: { type: 'win', opponents: parsed.inputs }, opponents: parsed.opponents };
  }
  issues.push({ field: 'goal.type', message: `unknown goal ${JSON.stringify(g.type)}; known: points, reach, win` });
  return { goal: POINTS_GOAL };
}
