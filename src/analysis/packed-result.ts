import { diceTables } from '../dice/index.ts';
import { holdAction, scoreAction, type Action } from '../position/index.ts';
import { RULESETS, type RuleSet } from '../rules/index.ts';
import { countMistakes } from './mistakes.ts';
import type { Decision, GameAnalysis, GameError, GameResult, RatedAction } from './types.ts';

/**
 * An analysis as the engine produces it: the decisions flat in one Float64Array instead of ~300
 * small objects per game. Copying that between threads is a memcpy, where the readable objects
 * cost workers and the main thread more than the analysis itself; `unpackResult` builds them once,
 * where they are used. Inline and pooled analysis both go through it, so they cannot differ.
 *
 * Per decision DECISION_FIELDS numbers: turn, roll, kind (0 hold, 1 score), chosen action,
 * chosen ev, best action, best ev, loss. An action is a keep index (>= 0, see dice-tables.ts)
 * for a hold, or -(1 + column * 64 + box) for a score. Loss 0 means the choice was (tied for)
 * best, and then the best is the choice itself.
 */
export const DECISION_FIELDS = 8;

export interface PackedAnalysis extends Omit<GameAnalysis, 'decisions' | 'turns' | 'mistakes'> {
  /** points of each turn, in order */
  points: number[];
  decisions: Float64Array;
}

export type PackedResult = PackedAnalysis | GameError;

export function scoreCode(column: number, box: number): number {
  return -(1 + column * 64 + box);
}

function actionOf(rs: RuleSet, code: number): Action {
  if (code >= 0) return holdAction(diceTables(rs.dice), code);
  const c = -code - 1;
  return scoreAction(rs, c >> 6, c & 63);
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
    decisions.push({ turn: d[o], roll: d[o + 1], kind: d[o + 2] === 0 ? 'hold' : 'score', chosen, best, loss });
  }
  const { points, decisions: _packed, ...head } = p;
  return { ...head, mistakes: countMistakes(decisions), turns: points.map((pts, i) => ({ turn: i + 1, points: pts })), decisions };
}
