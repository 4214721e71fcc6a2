/**
 * The multi-column reach goal measured against its exact optimum, on the sub-game
 * superpass-ordered (Superpass's columns 1 and 2), where the optimum can be computed: the joint
 * reach table (src/solver/joint-reach.ts) gives the best chance of reaching each target from the
 * start, and the same games on common dice are played by
 *   - best: points play (the neural correction), the goal's fallback;
 *   - reach h=k: the goal model as `reach:T` plays it (approx/goal-model.ts), steering once at
 *     most k boxes are left (the shipped horizon is 3, whose last three turns are exact);
 *   - exact k: the exact reach optimum in the last k turns, best play before them; with k = 26
 *     (the whole game) this is optimal reach play, whose rate must match the table's chance.
 * Printed: each strategy's rate of reaching T, and its paired gain over best with its 95%
 * interval, for each target.
 *
 *   npx tsx bench/sub-game-reach.ts [--games 20000] [--seed 1] [--targets 500,550] [--horizons 1,2,3] [--exact 1,2,3,4,6,26]
 *
 * Tables come from $DICEWISE_TABLES or ./tables (the column tables are built there when missing);
 * the joint reach table is built in process, about 40 s on one thread.
 */
import { parseArgs } from 'node:util';
import { goalModel } from '../src/approx/index.ts';
import { RULESETS } from '../src/rules/index.ts';
import { boxCount, filledCount, jointReachModel, jointReachProbability, solveJointReach } from '../src/solver/index.ts';
import { createPlayer, modelStrategy, needing, runChunk, spreadReachStrategy, steeredReach, type Strategy } from '../src/simulate/index.ts';
import { ensureModel } from '../src/store/model-loader.ts';

const { values: args } = parseArgs({
  options: {
    games: { type: 'string', default: '20000' },
    seed: { type: 'string', default: '1' },
    targets: { type: 'string', default: '500,550' },
    horizons: { type: 'string', default: '1,2,3' },
    exact: { type: 'string', default: '1,2,3,4,6,26' },
  },
});
const list = (s: string) => s.split(',').map(Number);
const games = Number(args.games);
const seed = Number(args.seed);
const dir = process.env.DICEWISE_TABLES ?? 'tables';
const rs = RULESETS['superpass-ordered'];
const boxes = boxCount(rs);

const model = await ensureModel(dir, rs.id, { onBuild: (_, why) => console.log(`building column tables: ${why}`) });
const started = performance.now();
const table = solveJointReach(rs);
console.log(`joint reach table: ${table.values.length} lanes over ${table.layout.size} states, ${((performance.now() - started) / 1000).toFixed(1)} s`);

for (const target of list(args.targets)) {
  const best = modelStrategy('best', model, 1 << 16);
  const strategies: Strategy[] = [best];
  const names = ['best'];
  for (const h of list(args.horizons)) {
    const gm = goalModel(rs, model.columnTables!);
    gm.horizon = { reach: h, win: h };
    strategies.push(spreadReachStrategy(gm, target, best));
    names.push(`reach:${target}, horizon ${h}`);
  }
  for (const k of list(args.exact)) {
    const exact = jointReachModel(rs, table, target);
    const s = steeredReach(needing(exact), target, (ctx) => target > ctx.score && boxes - filledCount(ctx.state) <= k, best);
    strategies.push(s);
    names.push(k >= boxes ? 'exact reach, whole game' : `exact reach, last ${k} turns`);
  }
  const t0 = performance.now();
  const players = strategies.map((s) => createPlayer(rs, s));
  const chunk = runChunk(rs, players, seed, 0, games);
  const reached = (s: number, g: number) => (chunk.scores[s * games + g] >= target ? 1 : 0);
  const optimum = jointReachProbability(table, 0, target);
  console.log(`\ntarget ${target}: exact optimum ${(100 * optimum).toFixed(3)}% (${games} games, seed ${seed}, ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  console.log('| strategy | reach rate | gain over best (95% CI), pp | share of the optimum\'s gain |');
  console.log('|---|---|---|---|');
  let bestRate = 0;
  for (let s = 0; s < strategies.length; s++) {
    let sum = 0;
    let d = 0;
    let d2 = 0;
    for (let g = 0; g < games; g++) {
      const r = reached(s, g);
      const x = r - reached(0, g);
      sum += r;
      d += x;
      d2 += x * x;
    }
    const rate = sum / games;
    if (s === 0) bestRate = rate;
    const mean = d / games;
    const half = 1.96 * Math.sqrt(Math.max(0, d2 / games - mean * mean) / (games - 1));
    const pp = (x: number) => (100 * x).toFixed(3);
    const gain = s === 0 ? '—' : `${mean >= 0 ? '+' : ''}${pp(mean)} (${pp(mean - half)} to ${pp(mean + half)})`;
    const share = s === 0 ? '—' : `${((100 * mean) / (optimum - bestRate)).toFixed(0)}%`;
    console.log(`| ${names[s]} | ${pp(rate)}% | ${gain} | ${share} |`);
  }
}
