/**
 * An experiment toward a stronger multi-column model, measured on a sub-game against its exact
 * optimum: each column valued by its relaxed value under the bound's prices (W_c of
 * solver/column-bound.ts at the turns left, with the right to pass) plus the paybacks of the turns
 * to come, instead of its value played alone. Plays it, today's linear model and the exact model
 * on the same common dice and prints the paired differences.
 *
 *   npx tsx bench/priced-columns.ts [--ruleset triple-yahtzee-lower] [--tables dir] [--games 2000] [--prices bound|none]
 *
 * `--prices bound` reads the prices `dicewise bound --ruleset <id>` cached in the table folder;
 * `none` values columns with no prices. The sub-game's tables must be built (`dicewise tables build`).
 */
import { parseArgs } from 'node:util';
import { columnParts, columnSumModel, commonDice, jointExactModel, linearCorrection, playModelGame, type Correction } from '../src/approx/index.ts';
import { CORRECTIONS } from '../src/approx/corrections.ts';
import { columnTypeOf, isModelledRuleSetId, RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { compileRules, initialState, popcount, linearPrices, paybacks, rollPricesOfTurns, solveRelaxedColumn, stateIndex, turnCount, type GameModel } from '../src/solver/index.ts';
import { decodePrices, readBound } from '../src/store/bound-store.ts';
import { loadColumnTables } from '../src/store/model-loader.ts';
import { JOINT_SUFFIX, readTable } from '../src/store/table-store.ts';

const { values: args } = parseArgs({
  options: {
    ruleset: { type: 'string', default: 'triple-yahtzee-lower' },
    tables: { type: 'string', default: process.env.DICEWISE_TABLES ?? 'tables' },
    games: { type: 'string', default: '2000' },
    prices: { type: 'string', default: 'bound' },
    seed: { type: 'string', default: '4242' },
  },
});
const id = args.ruleset as RuleSetId;
if (!isModelledRuleSetId(id)) throw new Error(`${id} is not a multi-column rule set`);
const rs = RULESETS[id];
const N = Number(args.games);
const tables = await loadColumnTables(args.tables, rs);
const T = turnCount(rs);
const closed = rs.boxes.length * rs.columns.length - T;
const dice = compileRules(columnTypeOf(rs, 0).rs).dice;
const bound = args.prices === 'bound' ? await readBound(args.tables, id) : undefined;
if (args.prices === 'bound' && !bound) throw new Error(`no cached bound for ${id}: run dicewise bound --ruleset ${id} --tables ${args.tables}`);
const prices = bound ? decodePrices(bound.prices) : rollPricesOfTurns(linearPrices(T, 0), dice.rollCount);
const start = initialState(rs);
const cpu = process.cpuUsage();
const relaxed = rs.columns.map((def, c) => solveRelaxedColumn(columnTypeOf(rs, c).rs, start.columns[c], T, prices, def.multiplier));
const paid = paybacks(dice, prices, T);
const payFrom = new Float64Array(T + 1);
for (let t = T - 1; t >= 0; t--) payFrom[t] = payFrom[t + 1] + paid[t];
const parts = columnParts(rs, tables);
const full = (1 << rs.boxes.length) - 1;
// K = Σ_c m_c (W_c(x_c, passes left) − V_c(x_c)) + the paybacks to come: the column-sum model then values W, not V.
const priced: Correction = {
  name: 'priced columns',
  value(cols, filled) {
    const t = filled - closed;
    let k = payFrom[t];
    parts.forEach((p, c) => {
      const x = stateIndex(p.c.layout, cols.mask[c], cols.upper[c], cols.flag[c]);
      const layer = relaxed[c].layers[T - t - popcount(~cols.mask[c] & full)];
      k += p.multiplier * ((layer ? layer[x] : 0) - p.pristine[x]);
    });
    return k;
  },
};
const used = process.cpuUsage(cpu);
console.log(`${id}: relaxed columns solved (${args.prices} prices) in ${((used.user + used.system) / 1e6).toFixed(0)} s CPU`);
const models: Record<string, GameModel> = {
  linear: columnSumModel(rs, tables, linearCorrection(rs, 'linear', CORRECTIONS[id].weights)),
  priced: columnSumModel(rs, tables, priced),
  exact: jointExactModel(rs, tables, (await readTable(args.tables, rs, JOINT_SUFFIX)).values),
};
const scores: Record<string, number[]> = {};
for (const [name, m] of Object.entries(models)) {
  scores[name] = Array.from({ length: N }, (_, g) => playModelGame(m, commonDice(Number(args.seed), g)));
  console.log(`${name}: mean ${(scores[name].reduce((a, b) => a + b, 0) / N).toFixed(2)} over ${N} games`);
}
for (const [a, b] of [['exact', 'linear'], ['exact', 'priced'], ['priced', 'linear']]) {
  const d = scores[a].map((x, i) => x - scores[b][i]);
  const mean = d.reduce((x, y) => x + y, 0) / N;
  const sd = Math.sqrt(d.reduce((x, y) => x + (y - mean) ** 2, 0) / (N - 1));
  console.log(`${a} − ${b}: ${mean.toFixed(2)} ± ${((1.96 * sd) / Math.sqrt(N)).toFixed(2)} (95%)`);
}
