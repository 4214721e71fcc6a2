/**
 * Effort of multi-column hints (src/approx/rollout.ts): per effort level, the latency of one hint
 * in process (`advise` with the level's refiner, wall clock and this thread's CPU time, the turn evaluated afresh, on positions met in
 * self-play: every turn start with a first roll, every 7th game) as p50 and p99; then the gain
 * in self-play: games played at that effort against the model alone (`best`) on the same dice
 * (common random numbers), the paired difference with its 95% confidence interval.
 *
 *   npx tsx bench/effort.ts --ruleset superpass [--games 500] [--efforts 1,2] [--seed 11] [--positions 300] [--model best|linear] [--tables dir]
 *
 * `--model` is the model the hints read: `best` (the served one, the neural correction) by default,
 * `linear` the linear correction (what the effort figures of docs/multi-column.md and docs/performance.md were measured with).
 *
 * Without --games only the latency is measured: a game at effort 1 or 2 takes about 1 to 9 s. Times are wall clock of this process on a shared machine.
 */
import { parseArgs } from 'node:util';
import { bestModel, commonDice, correctedModel, createEffortPlayer, EFFORT_PLANS, effortRefiner, firstRoll, playEffortGame, playModelGame } from '../src/approx/index.ts';
import { advise } from '../src/advisor/index.ts';
import { keepFaceCounts } from '../src/dice/index.ts';
import type { Position } from '../src/position/index.ts';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { createTurnEval, evaluateState, type GameModel, type GameState } from '../src/solver/index.ts';
import { ensureModel, loadColumnTables } from '../src/store/model-loader.ts';

const { values: args } = parseArgs({
  options: {
    ruleset: { type: 'string', default: 'superpass' },
    games: { type: 'string', default: '0' },
    efforts: { type: 'string' },
    seed: { type: 'string', default: '11' },
    positions: { type: 'string', default: '300' },
    model: { type: 'string', default: 'best' },
    tables: { type: 'string', default: process.env.DICEWISE_TABLES ?? 'tables' },
  },
});
const id = args.ruleset as RuleSetId;
const rs = RULESETS[id];
const GAMES = Number(args.games);
const SEED = Number(args.seed);
const efforts = args.efforts ? args.efforts.split(',').map(Number) : EFFORT_PLANS.map((_, e) => e);

await ensureModel(args.tables, id, { onBuild: (_, why) => console.log(`building tables for ${id}: ${why}`) });
if (args.model !== 'best' && args.model !== 'linear') throw new Error(`--model: best or linear, not ${args.model}`);
const model = (args.model === 'best' ? bestModel : correctedModel)(rs, await loadColumnTables(args.tables, rs));

/** Positions a player meets: each turn start of every 7th game of best play, with that turn's first roll. */
function positions(m: GameModel, count: number): Position[] {
  const out: Position[] = [];
  const te = createTurnEval(m);
  const counts = [0, 0, 0, 0, 0, 0];
  for (let g = 0; out.length < count; g += 7) {
    const dice = commonDice(SEED + 1, g);
    let turn = 0;
    playModelGame(m, dice, (state: GameState, score: number) => {
      if (out.length >= count) return;
      te.state = state;
      const roll = firstRoll(te, dice, turn++, counts);
      const faces = keepFaceCounts(m.c.dice, roll).flatMap((n, f) => Array<number>(n).fill(f + 1));
      out.push({ rs, state, columns: [], yahtzeeBonus: [], score, dice: faces, rollsLeft: 2, goal: { type: 'points' } });
    });
  }
  return out;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

function stats(xs: readonly number[]) {
  const n = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1));
  return { mean, sd, ci: (1.96 * sd) / Math.sqrt(n) };
}

const hints = positions(model, Number(args.positions));
console.log(`${id}: hint latency in process, ${hints.length} positions (first roll of a turn, turn evaluated afresh)`);
console.log(`${'effort'.padEnd(7)} ${'plan (candidates, window, rollouts, horizon)'.padEnd(46)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'max ms'.padStart(9)}  ${'CPU p50'.padStart(9)} ${'CPU p99'.padStart(9)}  rolled out`);
for (const e of efforts) {
  const refiner = e === 0 ? undefined : effortRefiner(model, e);
  const times: number[] = [];
  const cpus: number[] = [];
  let rolled = 0;
  // One turn evaluation reused, as the server's turn cache does; a warm-up for the JIT and the rollouts' turn cache.
  const te = createTurnEval(model);
  for (const p of hints.slice(0, 20)) advise(model, p, evaluateState(te, p.state), refiner);
  for (const p of hints) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    const a = advise(model, p, evaluateState(te, p.state), refiner);
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
    if (a.best?.rollouts) rolled++;
  }
  times.sort((a, b) => a - b);
  cpus.sort((a, b) => a - b);
  const pl = EFFORT_PLANS[e];
  console.log(
    `${String(e).padEnd(7)} ${`${pl.candidates}, ${pl.window}, ${pl.rollouts}, ${pl.horizon}`.padEnd(46)} ${quantile(times, 0.5).toFixed(3).padStart(9)} ${quantile(times, 0.99).toFixed(3).padStart(9)} ${times[times.length - 1].toFixed(3).padStart(9)}  ${quantile(cpus, 0.5).toFixed(3).padStart(9)} ${quantile(cpus, 0.99).toFixed(3).padStart(9)}  ${rolled}/${hints.length}`,
  );
}

if (GAMES > 0) {
  console.log(`\n${id}: self-play, ${GAMES} games per effort on common dice (seed ${SEED}), against effort 0 (best)`);
  const base: number[] = [];
  for (let g = 0; g < GAMES; g++) base.push(playModelGame(model, commonDice(SEED, g)));
  console.log(`effort 0: mean ${stats(base).mean.toFixed(2)} ± ${stats(base).ci.toFixed(2)}`);
  for (const e of efforts.filter((x) => x > 0)) {
    const p = createEffortPlayer(model, EFFORT_PLANS[e]);
    const start = performance.now();
    const diff: number[] = [];
    const scores: number[] = [];
    for (let g = 0; g < GAMES; g++) {
      const s = playEffortGame(model, p, commonDice(SEED, g));
      scores.push(s);
      diff.push(s - base[g]);
    }
    const secs = (performance.now() - start) / 1000;
    const d = stats(diff);
    console.log(
      `effort ${e}: mean ${stats(scores).mean.toFixed(2)}, effort ${e} − effort 0 = ${d.mean >= 0 ? '+' : ''}${d.mean.toFixed(2)} (95% CI ${(d.mean - d.ci).toFixed(2)} to ${(d.mean + d.ci).toFixed(2)}, SD ${d.sd.toFixed(1)}); ` +
        `${p.rolledOut}/${p.decisions} decisions rolled out; ${secs.toFixed(0)} s (${((1000 * secs) / GAMES).toFixed(0)} ms/game)`,
    );
  }
}
