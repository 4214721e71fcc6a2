import { isSolvedExactly, type RuleSet } from '../rules/index.ts';
import type { Goal } from './types.ts';

/** Where a rule set stands with whoever answers for it (a server's tables, the page's engine). */
export type RuleSetStatus = 'queued' | 'loading' | 'building' | 'ready' | 'failed' | 'not-served';

/** A rule set as `GET /api/v1/rulesets` and the browser engine's `rulesets()` describe it. */
export interface RuleSetInfo {
  id: RuleSet['id'];
  name: string;
  description: string;
  dice: number;
  boxes: { id: string; label: string }[];
  columns: { multiplier: number; fill: RuleSet['columns'][number]['fill'] }[];
  exact: boolean;
  maxOpponents: number;
  goals: Goal['type'][];
  status: RuleSetStatus;
  startValue?: number;
  published?: { mean: number; sd?: number; source: string };
}

/**
 * The one readable description of a rule set; what differs between answerers (the goals they
 * play, their status, the start value of a loaded model) is theirs to give.
 */
export function describeRuleSet(rs: RuleSet, answerer: { goals: Goal['type'][]; status: RuleSetStatus; startValue?: number }): RuleSetInfo {
  const info: RuleSetInfo = {
    id: rs.id,
    name: rs.name,
    description: rs.description,
    dice: rs.dice,
    boxes: rs.boxes.map((b) => ({ id: b.id, label: b.label })),
    columns: rs.columns.map((col) => ({ multiplier: col.multiplier, fill: col.fill })),
    exact: isSolvedExactly(rs),
    maxOpponents: rs.capabilities.maxOpponents,
    goals: answerer.goals,
    status: answerer.status,
  };
  if (answerer.startValue !== undefined) info.startValue = answerer.startValue;
  if (rs.published) info.published = { ...rs.published };
  return info;
}
