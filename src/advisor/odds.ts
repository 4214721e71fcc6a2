import { invalidInput } from '../errors.ts';
import type { Position } from '../position/index.ts';
import { keepOfFaces } from '../position/index.ts';
import {
  compileRules,
  createReachScratch,
  evaluateTurn,
  reachNeedLimit,
  reachScoreNow,
  reachTableSource,
  snapProbability,
  type ReachTable,
} from '../solver/index.ts';

/** The odds curve of a position: P(final total >= from + i), each the best achievable on its own. */
export interface Odds {
  ruleset: string;
  /** points on the sheet now */
  score: number;
  from: number;
  to: number;
  /** probabilities[i] = best chance of finishing with at least from + i */
  probabilities: number[];
}

/** At most this many targets per request: one more than the largest cap a table is built with. */
export const MAX_ODDS_TARGETS = 4001;

/**
 * Best achievable P(final >= t) for every t in [from, to], from the reach table: one run of the
 * turn engine with a lane per target, so each target gets the value of its own best play. With
 * dice, the curve is that of the current roll (rolls left as given); without, of the turn start.
 */
export function positionOdds(table: ReachTable, position: Position, range: { from?: number; to?: number } = {}): Odds {
  const { rs, score, state, dice, rollsLeft } = position;
  const c = compileRules(rs);
  const limit = reachNeedLimit(rs, table, state);
  const from = range.from ?? score;
  const to = range.to ?? score + Math.min(limit, table.cap);
  const issues = [];
  if (!Number.isInteger(from) || from < 0) issues.push({ field: 'from', message: 'must be a non-negative whole number' });
  if (!Number.isInteger(to) || to < from) issues.push({ field: 'to', message: `must be a whole number of at least from (${from})` });
  else if (to - from + 1 > MAX_ODDS_TARGETS) issues.push({ field: 'to', message: `at most ${MAX_ODDS_TARGETS} targets per request` });
  else if (to - score > limit) issues.push({ field: 'to', message: `the ${rs.id} reach table answers targets up to ${score + limit} from this position` });
  if (issues.length) throw invalidInput(issues);
  const L = to - from + 1;
  const col = state.columns[0];
  const T = c.layout.threshold;
  const scratch = createReachScratch(c, L);
  reachScoreNow(c, reachTableSource(table), col.mask, Math.min(T, col.upper), col.yahtzee50 && c.layout.flags === 2 ? 1 : 0, from - score, L, scratch);
  const ws = scratch.ws;
  evaluateTurn(c.dice, scratch.best, scratch.best, ws);
  let lanes: Float64Array;
  if (!dice) lanes = ws.value;
  else {
    const r = keepOfFaces(c.dice, dice);
    const per = rollsLeft === 2 ? ws.roll1 : rollsLeft === 1 ? ws.hold2 : ws.hold3;
    lanes = per.subarray(r * L, r * L + L);
  }
  const probabilities = Array.from(lanes.subarray(0, L), snapProbability);
  return { ruleset: rs.id, score, from, to, probabilities };
}
