import { RULESETS, type RuleSet } from '../rules/index.ts';
import { mistakeBucket } from './mistakes.ts';
import { actionOf, DECISION_FIELDS, unpackResult, type PackedResult } from './packed-result.ts';
import type { MistakeCounts } from './types.ts';

/**
 * `JSON.stringify(unpackResult(p))`, written straight from the packed numbers: a streamed review
 * prints a million of these, and building ~300 objects per game only to turn them into text cost
 * as much as the text itself, and most of the garbage. The test holds it to the same bytes.
 */

// One JSON text per action code, as actionOf's objects print.
const actionJson = new Map<string, Map<number, string>>();

function actionText(rs: RuleSet, code: number): string {
  let byCode = actionJson.get(rs.id);
  if (!byCode) {
    byCode = new Map();
    actionJson.set(rs.id, byCode);
  }
  let s = byCode.get(code);
  if (s === undefined) {
    s = JSON.stringify(actionOf(rs, code));
    byCode.set(code, s);
  }
  return s;
}

/** A number as JSON writes it: a value that is not finite (none should be) would otherwise print as NaN. */
function num(x: number): string {
  return Number.isFinite(x) ? `${x}` : 'null';
}

export function packedResultJson(p: PackedResult): string {
  if ('error' in p) return JSON.stringify(p);
  // An explained review's reasons are objects already: printed from the readable result.
  if (p.reasons) return JSON.stringify(unpackResult(p));
  const rs = RULESETS[p.ruleset];
  const d = p.decisions;
  const scale = p.goal ? 100 : 1;
  const mistakes: MistakeCounts = { slight: 0, inaccuracy: 0, mistake: 0, blunder: 0, total: 0 };
  let decisions = '';
  for (let o = 0; o < d.length; o += DECISION_FIELDS) {
    const loss = d[o + 7];
    const bucket = mistakeBucket(loss * scale);
    if (bucket !== null) {
      mistakes[bucket]++;
      mistakes.total++;
    }
    const chosen = `{"action":${actionText(rs, d[o + 3])},"ev":${num(d[o + 4])}}`;
    const best = loss === 0 ? chosen : `{"action":${actionText(rs, d[o + 5])},"ev":${num(d[o + 6])}}`;
    decisions += `${o === 0 ? '' : ','}{"turn":${d[o]},"roll":${d[o + 1]},"kind":"${d[o + 2] === 0 ? 'hold' : 'score'}","chosen":${chosen},"best":${best},"loss":${num(loss)}}`;
  }
  let turns = '';
  for (let i = 0; i < p.points.length; i++) turns += `${i === 0 ? '' : ','}{"turn":${i + 1},"points":${num(p.points[i])}}`;
  const goal = (p.goal ? `"goal":${JSON.stringify(p.goal)},` : '') + (p.exact === false ? '"exact":false,' : '');
  return (
    `{"ruleset":"${p.ruleset}",${goal}"finished":${p.finished},"finalScore":${num(p.finalScore)},"startValue":${num(p.startValue)},` +
    `"remainingValue":${num(p.remainingValue)},"totalLoss":${num(p.totalLoss)},"luck":${num(p.luck)},"mistakes":${JSON.stringify(mistakes)},` +
    `"turns":[${turns}],"decisions":[${decisions}]}`
  );
}
