/**
 * The win goal's estimate against the exact end game, by boxes open. On seeded late positions
 * (the player's sheet and one opponent's in progress, each from random legal play, half the
 * entries in the highest-scoring box; the player to move with random dice and rerolls left; the
 * opponent one box ahead, as the seat before), the estimate's advice (win-model.ts: each target's
 * own best chance beyond this turn) against the end game solved exactly (end-game.ts):
 * - shown − achieved: the chance the estimate shows for its best option, less what that option
 *   achieves (its exact share, playing on optimally);
 * - advice's loss: the exact share of the exact best option, less that of the estimate's choice;
 * - the exact solve's CPU time (one turn's solve from the turn's start, in process).
 *
 *   npx tsx bench/end-game.ts [--ruleset yahtzee] [--open 2,3,4,5,6,7] [--positions 128] [--seed 1] [--finished]
 *
 * `--finished`: the opponent has finished instead, on a total near the player's own expected final
 * (the expected-score table's value, ±25): what the estimate shown against a finished opponent
 * costs, by boxes open (it needs no points distribution).
 *
 * It builds the last levels of the reach and points-distribution tables it needs (minutes for
 * 7 boxes open) and the expected-score table from $DICEWISE_TABLES or ./tables (built if absent).
 * `--solve-only`: only the exact solve's CPU time, on seeded states with each number of boxes
 * open against an opponent spread over 150 totals (no tables; seconds).
 */
import { parseArgs } from 'node:util';
import { adviseProbability } from '../src/advisor/index.ts';
import { parsePosition, type Position } from '../src/position/index.ts';
import { RULESETS, type RuleSet, type RuleSetId } from '../src/rules/index.ts';
import {
  buildReachTable,
  compileRules,
  createEndGameSolver,
  createTurnEval,
  decodeState,
  endGameModel,
  evaluateState,
  initialState,
  opponentFinal,
  pointMass,
  columnStateIndex,
  scoreOptions,
  shareCurve,
  solveEndGame,
  statesAtLevel,
  winGoalModel,
  type GameState,
} from '../src/solver/index.ts';
import { ensureModel } from '../src/store/model-loader.ts';
import { readTable } from '../src/store/table-store.ts';
import { mulberry32 } from '../src/dice/index.ts';

const { values: args } = parseArgs({
  options: {
    ruleset: { type: 'string', default: 'yahtzee' },
    open: { type: 'string', default: '2,3,4,5,6,7' },
    positions: { type: 'string', default: '128' },
    seed: { type: 'string', default: '1' },
    'solve-only': { type: 'boolean', default: false },
    finished: { type: 'boolean', default: false },
  },
});
const rs = RULESETS[args.ruleset as RuleSetId];
const opens = args.open.split(',').map(Number);
const positions = Number(args.positions);
const most = Math.max(...opens);
const cpuMs = (from: NodeJS.CpuUsage) => {
  const t = process.cpuUsage(from);
  return (t.user + t.system) / 1000;
};
if (args['solve-only']) {
  const solver = createEndGameSolver(rs);
  const layout = compileRules(rs).layout;
  const rng = mulberry32(Number(args.seed));
  console.log(`${rs.id}, exact end-game solves, CPU time, ${positions} states per row (seed ${args.seed})`);
  console.log('| boxes open | mean | max |');
  console.log('|---|---|---|');
  for (const open of opens) {
    const states = statesAtLevel(layout, rs.boxes.length - open);
    let sum = 0;
    let max = 0;
    // The first solves warm the JIT up; they are not counted.
    for (let i = -4; i < positions; i++) {
      const { mask, upper, flag } = decodeState(layout, states[Math.floor(rng() * states.length)]);
      const score = 100 + Math.floor(rng() * 80);
      const p = Float64Array.from({ length: 150 }, () => rng());
      const sumP = p.reduce((a, b) => a + b, 0);
      const curve = shareCurve([{ lo: score - 20, p: p.map((v) => v / sumP) }]);
      const t0 = process.cpuUsage();
      solveEndGame(solver, { mask, upper, yahtzee50: flag === 1 }, score, curve);
      const ms = cpuMs(t0);
      if (i < 0) continue;
      sum += ms;
      max = Math.max(max, ms);
    }
    console.log(`| ${open} | ${(sum / positions).toFixed(2)} ms | ${max.toFixed(2)} ms |`);
  }
  process.exit(0);
}
const dir = process.env.DICEWISE_TABLES ?? 'tables';
await ensureModel(dir, rs.id);
const values = (await readTable(dir, rs)).values;
const started = performance.now();
const reach = (await buildReachTable(rs, { cap: 300, levels: most - 1 })).table;
const distribution = args.finished ? undefined : (await buildReachTable(rs, { kind: 'distribution', values, cap: 300, levels: most - 1 })).table;
console.error(`tables: ${((performance.now() - started) / 1000).toFixed(0)} s`);

interface Sheet {
  state: GameState;
  score: number;
  card: Record<string, number>;
  bonus: number;
}

/** A sheet with `open` boxes left after random legal play: each turn a random roll, half the time in its highest-scoring box. */
function playTo(rs: RuleSet, open: number, rng: () => number): Sheet {
  let state = initialState(rs);
  let score = 0;
  let bonus = 0;
  const card: Record<string, number> = {};
  for (let t = 0; t < rs.boxes.length - open; t++) {
    const counts = [0, 0, 0, 0, 0, 0];
    if (rng() < 0.125) counts[Math.floor(rng() * 6)] = rs.dice;
    else for (let i = 0; i < rs.dice; i++) counts[Math.floor(rng() * 6)]++;
    const options = scoreOptions(rs, state, counts, true);
    const pick = rng() < 0.5 ? options.reduce((a, b) => (b.points > a.points ? b : a)) : options[Math.floor(rng() * options.length)];
    card[rs.boxes[pick.box].id] = pick.points;
    const before = state.columns[0].upper;
    const after = pick.next.columns[0].upper;
    const T = rs.upperBonus.threshold;
    bonus += pick.bonus - (before < T && after >= T ? rs.upperBonus.points : 0);
    score += pick.gain;
    state = pick.next;
  }
  return { state, score, card, bonus };
}

const estimate = winGoalModel(rs, reach, shareCurve([]), 0);
const estimateTurn = createTurnEval(estimate);
const exact = endGameModel(rs);
const exactTurn = createTurnEval(exact);
const rng = mulberry32(Number(args.seed));
const pp = (x: number) => (100 * x).toFixed(2);

console.log(`${rs.id}, one opponent ${args.finished ? 'finished' : 'in progress'}, ${positions} positions per row (seed ${args.seed})`);
console.log('| boxes open | shown − achieved, mean | max | advice\'s loss, mean | max | exact solve, mean | max |');
console.log('|---|---|---|---|---|---|---|');
for (const open of opens) {
  let gap = 0;
  let gapMax = -Infinity;
  let loss = 0;
  let lossMax = 0;
  let time = 0;
  let timeMax = 0;
  for (let i = 0; i < positions; i++) {
    const me = playTo(rs, open, rng);
    const them = playTo(rs, open - 1 > 0 ? open - 1 : 1, rng);
    const dice = Array.from({ length: rs.dice }, () => 1 + Math.floor(rng() * 6));
    const rollsLeft = Math.floor(rng() * 3) as 0 | 1 | 2;
    const position = positionOf(rs, me, dice, rollsLeft);
    const curve = shareCurve([
      args.finished
        ? pointMass(me.score + Math.round(values[columnStateIndex(compileRules(rs).layout, me.state.columns[0])]) + Math.floor(rng() * 51) - 25)
        : opponentFinal(rs, distribution, them.state, them.score),
    ]);
    estimate.score = exact.score = me.score;
    estimate.curve = exact.curve = curve;
    const shown = adviseProbability(estimate, position, evaluateState(estimateTurn, me.state));
    const t0 = process.cpuUsage();
    evaluateState(exactTurn, me.state);
    const dt = cpuMs(t0);
    const truth = adviseProbability(exact, position, exactTurn);
    const achieved = truth.options.find((o) => o.action === shown.best!.action)!.probability;
    gap += shown.probability - achieved;
    gapMax = Math.max(gapMax, shown.probability - achieved);
    loss += truth.probability - achieved;
    lossMax = Math.max(lossMax, truth.probability - achieved);
    time += dt;
    timeMax = Math.max(timeMax, dt);
  }
  const n = positions;
  console.log(`| ${open} | ${pp(gap / n)} pp | ${pp(gapMax)} pp | ${pp(loss / n)} pp | ${pp(lossMax)} pp | ${(time / n).toFixed(1)} ms | ${timeMax.toFixed(1)} ms |`);
}

/** The position of a sheet with dice, as a hint parses it. */
function positionOf(rs: RuleSet, me: Sheet, dice: number[], rollsLeft: 0 | 1 | 2): Position {
  const r = parsePosition({ ruleset: rs.id, scorecard: me.card, yahtzeeBonus: me.bonus || undefined, dice, rollsLeft });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  if (r.position.score !== me.score) throw new Error(`sheet scored ${me.score}, parsed as ${r.position.score}`);
  return r.position;
}
