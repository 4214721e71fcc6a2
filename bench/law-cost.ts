/**
 * What an opponent's law of points costs (approx/goal-model.ts pointsLaw, read by win hints and
 * the win strategy once per turn of ours): 200 states with three boxes left from best play's own
 * games (dice of run 9), each law made in turn by one goal model, so the laws it leaves behind
 * (two and one boxes left) are kept from earlier states as they are in a game. In process.
 *
 *   npx tsx bench/law-cost.ts [--states 200]   (tables from $DICEWISE_TABLES or ./tables)
 */
import { parseArgs } from 'node:util';
import { commonDice, playModelGame } from '../src/approx/index.ts';
import { goalModel } from '../src/approx/multi-column-models.ts';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { boxCount, filledCount, type GameState } from '../src/solver/index.ts';
import { ensureModel, loadColumnTables } from '../src/store/model-loader.ts';

const { values: args } = parseArgs({ options: { states: { type: 'string', default: '200' } } });
const n = Number(args.states);
const dir = process.env.DICEWISE_TABLES ?? 'tables';
const at = (xs: number[], p: number): string => xs[Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1)].toFixed(2);

for (const id of ['superpass', 'triple-yahtzee'] as RuleSetId[]) {
  const rs = RULESETS[id];
  const best = await ensureModel(dir, id);
  const model = goalModel(rs, await loadColumnTables(dir, rs));
  const states: GameState[] = [];
  for (let g = 0; states.length < n; g++) {
    playModelGame(best, commonDice(9, g), (state) => {
      if (boxCount(rs) - filledCount(state) === 3) states.push(state);
    });
  }
  const ms = states.slice(0, n).map((state) => {
    const t = performance.now();
    model.pointsLaw!(state);
    return performance.now() - t;
  });
  const total = ms.reduce((a, b) => a + b, 0);
  ms.sort((a, b) => a - b);
  console.log(`${id}: three-box laws, ${n} states: median ${at(ms, 0.5)} ms, p90 ${at(ms, 0.9)} ms, slowest ${at(ms, 1)} ms, ${total.toFixed(0)} ms in all`);
}
