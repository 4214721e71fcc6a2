/**
 * The Lagrangian upper bound on the optimal expected score of a multi-column game
 * (src/solver/column-bound.ts).
 *
 * Turn prices λ_t = β (t − (N − 1) / 2): the bound at each β asked for (default 0), or with
 * --search the least over β found by golden-section search on [--from, --to] (the bound is
 * convex in β). Superpass takes about 5 minutes of CPU per β, Triple Yahtzee about 1 (β = 0) or
 * 2.5 (three multipliers to solve).
 *
 *   npx tsx bench/bound.ts --ruleset superpass [--betas=0,-0.05] [--search --from=-0.1 --to=0.1 --steps 6]
 *
 * Roll prices (src/solver/price-search.ts): --roll-prices runs that many subgradient steps from
 * no prices, each solving every relaxed column exactly and playing --games relaxed games per
 * column for the step; --out FILE keeps the best prices as JSON.
 *
 *   npx tsx bench/bound.ts --ruleset triple-yahtzee --roll-prices 8 [--games 2000] [--theta 0.5] [--out prices.json]
 *
 * Prints each β's (or step's) bound and the CPU seconds it took, then the least.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { GAME_VALUE_FACTS } from '../src/approx/index.ts';
import { isModelledRuleSetId, RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { initialState, lagrangianBound, linearPrices, searchRollPrices } from '../src/solver/index.ts';

const { values: args } = parseArgs({
  options: {
    ruleset: { type: 'string', default: 'superpass' },
    betas: { type: 'string', default: '0' },
    search: { type: 'boolean', default: false },
    from: { type: 'string', default: '0' },
    to: { type: 'string', default: '2' },
    steps: { type: 'string', default: '6' },
    'roll-prices': { type: 'string' },
    games: { type: 'string', default: '2000' },
    theta: { type: 'string', default: '0.5' },
    floor: { type: 'string', default: '0.001' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string' },
  },
});
const rs = RULESETS[args.ruleset as RuleSetId];
const state = initialState(rs);
const turns = rs.boxes.length * rs.columns.length;
const seen = new Map<number, number>();
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

function bound(beta: number): number {
  const hit = seen.get(beta);
  if (hit !== undefined) return hit;
  const cpu = process.cpuUsage();
  const b = lagrangianBound(rs, state, linearPrices(turns, beta));
  const u = process.cpuUsage(cpu);
  console.log(`${rs.id}: β ${beta.toFixed(4)}  bound ${b.toFixed(3)}  (${((u.user + u.system) / 1e6).toFixed(0)} s CPU)`);
  seen.set(beta, b);
  return b;
}

if (args['roll-prices']) {
  const facts = isModelledRuleSetId(rs.id) ? GAME_VALUE_FACTS[rs.id] : undefined;
  const target = facts?.bestMean ?? 0;
  const res = await searchRollPrices(rs, state, {
    steps: Number(args['roll-prices']),
    games: Number(args.games),
    seed: Number(args.seed),
    theta: Number(args.theta),
    floor: Number(args.floor),
    target,
    cpu: cpuNow,
    onStep: (s) => console.log(`${rs.id}: step ${s.step}  bound ${s.bound.toFixed(3)}  payback ${s.payback.toFixed(3)}  |g| ${s.gradient.toFixed(4)}  θ ${s.theta}  (${s.cpuSeconds.toFixed(0)} s CPU)`),
  });
  console.log(`${rs.id}: least bound ${res.bound.toFixed(3)} over ${res.steps.length} steps`);
  if (args.out) writeFileSync(args.out, JSON.stringify({ ruleset: rs.id, bound: res.bound, steps: res.steps, first: [...res.best.first], later: [...res.best.later] }));
} else {
  if (!args.search) for (const b of args.betas.split(',').map(Number)) bound(b);
  else {
    const g = (Math.sqrt(5) - 1) / 2;
    let [a, b] = [Number(args.from), Number(args.to)];
    let x1 = b - g * (b - a);
    let x2 = a + g * (b - a);
    let f1 = bound(x1);
    let f2 = bound(x2);
    for (let i = 2; i < Number(args.steps); i++) {
      if (f1 <= f2) {
        [b, x2, f2] = [x2, x1, f1];
        x1 = b - g * (b - a);
        f1 = bound(x1);
      } else {
        [a, x1, f1] = [x1, x2, f2];
        x2 = a + g * (b - a);
        f2 = bound(x2);
      }
    }
  }
  const best = [...seen.entries()].sort((p, q) => p[1] - q[1])[0];
  console.log(`${rs.id}: least bound ${best[1].toFixed(3)} at β ${best[0].toFixed(4)} (${seen.size} values of β)`);
}
