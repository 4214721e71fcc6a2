/**
 * What the win goal's one approximation against finished opponents costs: on random end games
 * with `--open` boxes left, the share the win model reports (every target's own best chance at
 * the turn's leaves) against the exact optimum of the share itself (a naive recursion over every
 * roll, hold and box). The model never reports less; the gap is what the tie split costs.
 *
 *   npx tsx bench/win-tie-split.ts [--ruleset yahtzee] [--open 3] [--states 8]
 */
import { parseArgs } from 'node:util';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { buildReachTable, createTurnEval, evaluateState, pointMass, shareCurve, winGoalModel } from '../src/solver/index.ts';
import { naiveUtility } from '../test/support/naive-game.ts';
import { sampleOpenStates } from '../test/support/random-positions.ts';

const { values: args } = parseArgs({
  options: {
    ruleset: { type: 'string', default: 'yahtzee' },
    open: { type: 'string', default: '3' },
    states: { type: 'string', default: '8' },
  },
});
const rs = RULESETS[args.ruleset as RuleSetId];
const open = Number(args.open);
const reach = (await buildReachTable(rs, { cap: 300, float64: true, levels: open })).table;
const model = winGoalModel(rs, reach, shareCurve([]), 0);
const te = createTurnEval(model);
let worst = 0;
let sum = 0;
let cases = 0;
const started = performance.now();
for (const state of sampleOpenStates(rs, open, Number(args.states), 5)) {
  for (const opponents of [[150], [165], [180], [160, 160]]) {
    const memo = new Map<string, number>();
    const curve = shareCurve(opponents.map(pointMass));
    for (const score of [100, 120, 140]) {
      model.score = score;
      model.curve = curve;
      const reported = evaluateState(te, state).value;
      const exact = naiveUtility(rs, state, score, (x) => (x < curve.u.length ? curve.u[x] : 1), memo);
      worst = Math.max(worst, reported - exact);
      sum += reported - exact;
      cases++;
    }
  }
}
console.log(
  `${rs.id}, ${open} boxes open: ${cases} end games, reported − exact share: mean ${(100 * (sum / cases)).toFixed(4)} pp, worst ${(100 * worst).toFixed(4)} pp (${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
