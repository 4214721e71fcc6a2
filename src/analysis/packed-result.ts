import { diceTables } from '../dice/index.ts';
import { holdAction, scoreAction, type Action, type Reason } from '../position/index.ts';
import { FAMILIES, RULESETS, type Family, type RuleSet } from '../rules/index.ts';
import { countMistakes } from './mistakes.ts';
import type { Decision, GameAnalysis, GameError, GameResult, RatedAction } from './types.ts';

/**
 * An analysis as the engine produces it: the decisions flat in one Float64Array instead of ~300
 * small objects per game. Copying that between threads is a memcpy, where structured-cloning the
 * readable objects cost half as much again as the analysis itself; `unpackResult` builds them
 * once, where they are used. Inline and pooled analysis both go through it, so they cannot differ.
 *
 * Per decision DECISION_FIELDS numbers: turn, roll, kind (0 hold, 1 score), chosen action,
 * chosen ev, best action, best ev, loss, and the dice the decision was made on (a keep index,
 * which the profile's recurring mistakes group by). An action is a keep index (>= 0, see dice-tables.ts)
 * for a hold, or -(1 + column * 64 + box) for a score. Loss 0 means the choice was (tied for)
 * best, and then the best is the choice itself. Unpacked actions are frozen and shared.
 */
export const DECISION_FIELDS = 9;

export interface PackedAnalysis extends Omit<GameAnalysis, 'decisions' | 'turns' | 'mistakes' | 'lossByFamily'> {
  /** points of each turn, in order */
  points: number[];
  decisions: Float64Array;
  /** explained reviews: per decision its reasons, null where it was no mistake (explain-mistakes.ts) */
  reasons?: (Reason[] | null)[];
  /** explained reviews: the loss by family of boxes, in FAMILIES order */
  familyLoss?: number[];
}

export type PackedResult = PackedAnalysis | GameError;

export function scoreCode(column: number, box: number): number {
  return -(1 + column * 64 + box);
}

// Actions are shared, frozen objects, one per (rule set, code): a batch of 10,000 games names the
// same few hundred actions ~800,000 times, and the heap need not hold each of them anew.
const actionCache = new Map<string, Map<number, Action>>();

/** The readable action of a packed action code (shared and frozen). */
export function actionOf(rs: RuleSet, code: number): Action {
  let byCode = actionCache.get(rs.id);
  if (!byCode) {
    byCode = new Map();
    actionCache.set(rs.id, byCode);
  }
  let a = byCode.get(code);
  if (!a) {
    if (code >= 0) {
      const hold = holdAction(diceTables(rs.dice), code) as { hold: number[] };
      Object.freeze(hold.hold);
      a = Object.freeze(hold);
    } else {
      const c = -code - 1;
      a = Object.freeze(scoreAction(rs, c >> 6, c & 63));
    }
    byCode.set(code, a);
  }
  return a;
}

export function unpackResult(p: PackedResult): GameResult {
  if ('error' in p) return p;
  const rs = RULESETS[p.ruleset];
  const d = p.decisions;
  const decisions: Decision[] = [];
  for (let o = 0; o < d.length; o += DECISION_FIELDS) {
    const chosen: RatedAction = { action: actionOf(rs, d[o + 3]), ev: d[o + 4] };
    const loss = d[o + 7];
    const best = loss === 0 ? chosen : { action: actionOf(rs, d[o + 5]), ev: d[o + 6] };
    const decision: Decision = { turn: d[o], roll: d[o + 1], kind: d[o + 2] === 0 ? 'hold' : 'score', chosen, best, loss };
    const reasons = p.reasons?.[o / DECISION_FIELDS];
    if (reasons) decision.reasons = reasons;
    decisions.push(decision);
  }
  const turns = p.points.map((points, i) => ({ turn: i + 1, points }));
  // Spelt out rather than spread: object spread takes a slow path in V8 here.
  const out: GameAnalysis = {
    ruleset: p.ruleset,
    finished: p.finished,
    finalScore: p.finalScore,
    startValue: p.startValue,
    remainingValue: p.remainingValue,
    totalLoss: p.totalLoss,
    luck: p.luck,
    mistakes: countMistakes(decisions, p.goal ? 100 : 1),
    turns,
    decisions,
  };
  if (p.familyLoss) out.lossByFamily = Object.fromEntries(FAMILIES.map((f, i) => [f, p.familyLoss![i]])) as Record<Family, number>;
  if (!p.goal && p.exact !== false) return out;
  // The review's kind first, as it is read: the goal, then whether the values are estimates.
  const { ruleset, ...rest } = out;
  return { ruleset, ...(p.goal && { goal: p.goal }), ...(p.exact === false && { exact: false as const }), ...rest };
}
