/**
 * Multi-column models in self-play: greedy, decomposition and the corrected model (the one
 * `loadModel` serves) on the same dice (common random numbers, src/approx/self-play.ts), with
 * mean ± 95% CI per model and of each model's difference to the decomposition, game by game;
 * then the latency of one hint (evaluateState + hold options + ranked boxes) on mid-game states.
 *
 *   npx tsx bench/multi-column.ts [--games 2000] [--ruleset superpass] [--seed 7] [--hints 200] [--tables dir]
 *
 * Tables come from --tables ($DICEWISE_TABLES or ./tables) and are built there when missing.
 * Times are CPU time of this process (other work on the machine does not count).
 */
import { parseArgs } from 'node:util';
import { commonDice, correctedModel, decompositionModel, greedyModel, playModelGame } from '../src/approx/index.ts';
import { keepIndexOfCounts } from '../src/dice/index.ts';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { createTurnEval, evaluateState, filledCount, holdOptions, rankedScoreOptions, type GameModel, type GameState } from '../src/solver/index.ts';
import { ensureModel, loadColumnTables } from '../src/store/model-loader.ts';

const { values: args } = parseArgs({
  options: {
    games: { type: 'string', default: '2000' },
    ruleset: { type: 'string', multiple: true },
    seed: { type: 'string', default: '7' },
    hints: { type: 'string', default: '200' },
    tables: { type: 'string', default: process.env.DICEWISE_TABLES ?? 'tables' },
  },
});
const GAMES = Number(args.games);
const SEED = Number(args.seed);
const HINTS = Number(args.hints);
const ids = (args.ruleset ?? ['triple-yahtzee', 'superpass']) as RuleSetId[];

const cpuMs = (from: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1000;
};

function stats(xs: readonly number[]) {
  const n = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1));
  return { mean, sd, ci: (1.96 * sd) / Math.sqrt(n) };
}

function play(model: GameModel, games: number, states?: GameState[]): { scores: number[]; msPerGame: number } {
  const cpu = process.cpuUsage();
  const scores: number[] = [];
  for (let g = 0; g < games; g++) {
    scores.push(playModelGame(model, commonDice(SEED, g), (s) => {
      if (states && g % 10 === 0 && filledCount(s) % 7 === 3) states.push(s);
    }));
  }
  return { scores, msPerGame: cpuMs(cpu) / games };
}

/** One hint as the advisor gives it: the turn engine for the state, then the ranked holds and boxes for a roll. */
function hintLatency(model: GameModel, states: GameState[]): { mean: number; p50: number; p95: number; cpuMean: number } {
  const te = createTurnEval(model);
  const t = model.c.dice;
  const times: number[] = [];
  const cpu = process.cpuUsage();
  states.forEach((s, i) => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (let d = 0; d < model.rs.dice; d++) counts[(i * 7 + d * 3 + (d * d) % 5) % 6]++;
    const roll = keepIndexOfCounts(t, counts);
    const start = performance.now();
    evaluateState(te, s);
    holdOptions(te, roll, 2);
    rankedScoreOptions(te, roll, true);
    times.push(performance.now() - start);
  });
  const cpuMean = cpuMs(cpu) / states.length;
  times.sort((a, b) => a - b);
  return { mean: times.reduce((a, b) => a + b, 0) / times.length, p50: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)], cpuMean };
}

for (const id of ids) {
  const rs = RULESETS[id];
  await ensureModel(args.tables, id, { onBuild: (_, why) => console.log(`building tables for ${id}: ${why}`) });
  const tables = await loadColumnTables(args.tables, rs);
  const models: [string, GameModel][] = [
    ['greedy', greedyModel(rs)],
    ['decomposition', decompositionModel(rs, tables)],
    ['corrected', correctedModel(rs, tables)],
  ];
  const states: GameState[] = [];
  const results = models.map(([name, m]) => ({ name, ...play(m, GAMES, name === 'decomposition' ? states : undefined) }));
  const base = results[1].scores;
  console.log(`\n${id}: ${GAMES} games, seed ${SEED}, common dice`);
  console.log(`${'model'.padEnd(14)} ${'mean ± 95% CI'.padStart(20)} ${'SD'.padStart(7)} ${'vs decomposition'.padStart(20)} ${'CPU ms/game'.padStart(12)}`);
  for (const r of results) {
    const s = stats(r.scores);
    const d = stats(r.scores.map((x, i) => x - base[i]));
    const vs = r.name === 'decomposition' ? '-' : `${d.mean >= 0 ? '+' : ''}${d.mean.toFixed(2)} ± ${d.ci.toFixed(2)}`;
    console.log(`${r.name.padEnd(14)} ${`${s.mean.toFixed(2)} ± ${s.ci.toFixed(2)}`.padStart(20)} ${s.sd.toFixed(1).padStart(7)} ${vs.padStart(20)} ${r.msPerGame.toFixed(2).padStart(12)}`);
  }
  const hintStates = states.slice(0, HINTS);
  for (const [name, m] of models.slice(1)) {
    const h = hintLatency(m, hintStates);
    console.log(`hint latency (${name}, ${hintStates.length} mid-game states): mean ${h.mean.toFixed(2)} ms, p50 ${h.p50.toFixed(2)} ms, p95 ${h.p95.toFixed(2)} ms wall; ${h.cpuMean.toFixed(2)} ms CPU`);
  }
}
