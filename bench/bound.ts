/**
 * The Lagrangian upper bound on the optimal expected score of a multi-column game
 * (src/solver/column-bound.ts), with turn prices λ_t = β (t − (N − 1) / 2): the bound at each β
 * asked for (default 0), or with --search the least over β found by golden-section search on
 * [--from, --to] (the bound is convex in β). Every β's bound is valid on its own; the search
 * only makes it tighter. Superpass takes about 5 minutes of CPU per β, Triple Yahtzee about 1
 * (β = 0) or 2.5 (three multipliers to solve).
 *
 *   npx tsx bench/bound.ts --ruleset superpass [--betas=0,-0.05] [--search --from=-0.1 --to=0.1 --steps 6]
 *
 * Prints each β's bound and the CPU seconds it took, then the least.
 */
import { parseArgs } from 'node:util';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { initialState, lagrangianBound, linearPrices } from '../src/solver/index.ts';

const { values: args } = parseArgs({
  options: {
    ruleset: { type: 'string', default: 'superpass' },
    betas: { type: 'string', default: '0' },
    search: { type: 'boolean', default: false },
    from: { type: 'string', default: '0' },
    to: { type: 'string', default: '2' },
    steps: { type: 'string', default: '6' },
  },
});
const rs = RULESETS[args.ruleset as RuleSetId];
const state = initialState(rs);
const turns = rs.boxes.length * rs.columns.length;
const seen = new Map<number, number>();

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
