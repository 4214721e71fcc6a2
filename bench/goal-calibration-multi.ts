/**
 * Is the chance a multi-column goal hint shows the chance its advice achieves? Games played by the
 * goal's own strategy (`reach:T` alone for each target, or `win` against best play, seats
 * rotating), common dice; at each of the goal player's turn starts the goal model's chance from
 * the start of the turn (as adviseGoal evaluates it: `probabilityBefore`) is recorded beside what
 * the game then gave (the target reached: 1 or 0; the stake's share: 1, ½ or 0). Per group of
 * boxes open: the mean chance before calibration, the mean shown (calibrated, as hints show it:
 * src/advisor/goal-calibration.ts), the mean achieved, and shown − achieved with its 95% interval.
 * Turns already decided (a chance of exactly 0 or 1) are left out; the last three turns are exact
 * and not calibrated. The rows share their games, so a lucky run moves every row alike.
 *
 *   npx tsx bench/goal-calibration-multi.ts [--ruleset superpass] [--goal reach|win]
 *       [--targets 1150,1200,1251,1300] [--games 2000] [--seed 5] [--fit FILE] [--calibration FILE]
 *
 * `--games` is per target. `--fit FILE` writes the calibration fitted on these games (logistic per
 * boxes open, win-calibration.ts fitWinCalibration) into FILE under the rule set and goal
 * (src/advisor/data/goal-calibration.json is what hints use); measure it on another seed, with
 * `--calibration FILE` to read it from FILE rather than the stored one. Tables from
 * $DICEWISE_TABLES or ./tables.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { calibrateGoalChance, goalCalibration, type GoalSituation } from '../src/advisor/goal-calibration.ts';
import { fitWinCalibration, type WinCalibration } from '../src/advisor/win-calibration.ts';
import { goalModel } from '../src/approx/index.ts';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { createPlayer, modelStrategy, runChunk, runHeadToHead, type DecisionContext, type Strategy } from '../src/simulate/index.ts';
import { engineOrFallback } from '../src/simulate/strategies/engine-or-fallback.ts';
import { boxCount, createTurnEval, evaluateStateFor, filledCount, goalSteers, opponentAim, type GoalAim, type TurnEval } from '../src/solver/index.ts';
import { ensureModel } from '../src/store/model-loader.ts';

const TARGETS: Record<string, string> = { superpass: '1150,1200,1251,1300', 'triple-yahtzee': '1800,2000,2200,2350' };
const { values: args } = parseArgs({
  options: {
    ruleset: { type: 'string', default: 'superpass' },
    goal: { type: 'string', default: 'reach' },
    targets: { type: 'string' },
    games: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '5' },
    fit: { type: 'string' },
    calibration: { type: 'string' },
  },
});
const rs = RULESETS[args.ruleset as RuleSetId];
const kind = args.goal as GoalSituation;
if (kind !== 'reach' && kind !== 'win') throw new Error(`--goal is reach or win, got ${args.goal}`);
const games = Number(args.games);
const seed = Number(args.seed);
const targets = kind === 'reach' ? (args.targets ?? TARGETS[rs.id] ?? '').split(',').map(Number) : [undefined];
const model = await ensureModel(process.env.DICEWISE_TABLES ?? 'tables', rs.id);
const best = modelStrategy('best', model, 1 << 16);
const total = boxCount(rs);
const stored: WinCalibration | undefined = args.calibration
  ? (JSON.parse(readFileSync(args.calibration, 'utf8')) as Record<string, Record<string, WinCalibration>>)[rs.id]?.[kind]
  : goalCalibration(rs.id, kind);

interface Turn {
  open: number;
  chance: number;
}
/** Per game played (targets one after another), the goal player's turn starts, and what the game gave. */
const turns: Turn[][] = [];
const achieved: number[] = [];

/** The goal's strategy as the simulator plays it (reach.ts, win.ts), recording each turn's chance from its start into `into[game]`. */
function recording(goals: ReturnType<typeof goalModel>, target: number | undefined, into: Turn[][]): Strategy {
  let te: TurnEval | undefined;
  const startTurn = (ctx: DecisionContext): TurnEval | undefined => {
    let goal: GoalAim;
    if (target !== undefined) goal = { kind: 'reach', need: target - ctx.score };
    else {
      if (ctx.opponents.length === 0) return undefined;
      goal = opponentAim(goals, ctx.score, ctx.opponents[0]).goal;
    }
    const aimed = goals.aim(goal);
    te ??= createTurnEval(aimed);
    const chance = evaluateStateFor(te, aimed, ctx.state).value;
    into[ctx.game].push({ open: total - filledCount(ctx.state), chance });
    const decided = target !== undefined ? target <= ctx.score || chance === 0 : (goal.kind === 'win' && goal.need <= 0 && goal.variance === 0) || chance === 0;
    return !decided && goalSteers(goals, kind, ctx.state) ? te : undefined;
  };
  return engineOrFallback(kind, startTurn, best);
}

const t0 = performance.now();
for (const target of targets) {
  const into: Turn[][] = Array.from({ length: games }, () => []);
  const player = createPlayer(rs, recording(goalModel(rs, model.columnTables!), target, into));
  if (target !== undefined) {
    const chunk = runChunk(rs, [player], seed, 0, games);
    for (let g = 0; g < games; g++) achieved.push(chunk.scores[g] >= target ? 1 : 0);
  } else {
    const chunk = runHeadToHead(rs, [player, createPlayer(rs, best)], seed, 0, games);
    for (let g = 0; g < games; g++) achieved.push(chunk.shares[g * 2]);
  }
  turns.push(...into);
}
const exactBoxes = goalModel(rs, model.columnTables!).exactBoxes;
const label = kind === 'reach' ? `reach ${targets.join(', ')}` : 'win against best';
console.log(`${rs.id}, ${label}: ${games} games each, seed ${seed}, ${((performance.now() - t0) / 1000).toFixed(0)} s; calibration ${stored ? `fitted on ${stored.games} games, seed ${stored.seed}` : 'none'}`);
console.log('| boxes open | turns | model | shown | achieved | shown − achieved (95% CI) |');
console.log('|---|---|---|---|---|---|');
const groups: [number, number][] = [[1, 1], [2, 2], [3, 3], [4, 4], [5, 6], [7, 10], [11, 20], [21, 30], [31, 40], [41, total]].filter(([lo]) => lo <= total) as [number, number][];
const shownOf = (t: Turn): number => (t.open <= exactBoxes ? t.chance : calibrateGoalChance(stored, t.open, t.chance));
let worst = 0;
for (const [lo, hi] of groups) {
  // Per game the mean over its turns in the group: one game's turns share its outcome.
  let n = 0;
  let count = 0;
  let raw = 0;
  let shown = 0;
  let got = 0;
  let d2 = 0;
  turns.forEach((list, g) => {
    const here = list.filter((t) => t.open >= lo && t.open <= Math.min(hi, total) && t.chance > 0 && t.chance < 1);
    if (here.length === 0) return;
    const m = here.reduce((x, t) => x + shownOf(t), 0) / here.length;
    n++;
    count += here.length;
    raw += here.reduce((x, t) => x + t.chance, 0) / here.length;
    shown += m;
    got += achieved[g];
    d2 += (m - achieved[g]) ** 2;
  });
  if (n < 2) continue;
  const d = (shown - got) / n;
  const half = 1.96 * Math.sqrt(Math.max(0, d2 / n - d * d) / (n - 1));
  worst = Math.max(worst, Math.abs(d));
  const pp = (x: number) => (100 * x).toFixed(2);
  console.log(`| ${lo === hi ? lo : `${lo}–${hi}`} | ${count} | ${pp(raw / n)}% | ${pp(shown / n)}% | ${pp(got / n)}% | ${d >= 0 ? '+' : ''}${pp(d)} (${pp(d - half)} to ${pp(d + half)}) |`);
}
console.log(`largest |shown − achieved| over the groups: ${(100 * worst).toFixed(2)} pp`);

if (args.fit) {
  const byOpen = new Map<number, { shown: number[]; achieved: number[] }>();
  turns.forEach((list, g) =>
    list.forEach((t) => {
      let e = byOpen.get(t.open);
      if (!e) byOpen.set(t.open, (e = { shown: [], achieved: [] }));
      e.shown.push(t.chance);
      e.achieved.push(achieved[g]);
    }),
  );
  const fit = fitWinCalibration(rs.id, [...byOpen].map(([open, e]) => ({ open, ...e })), { games: games * targets.length, seed, opponents: kind === 'win' ? 1 : 0 }, exactBoxes);
  const file = existsSync(args.fit) ? (JSON.parse(readFileSync(args.fit, 'utf8')) as Record<string, Record<string, WinCalibration>>) : {};
  file[rs.id] = { ...file[rs.id], [kind]: fit };
  writeFileSync(args.fit, `${JSON.stringify(file, null, 2)}\n`);
  console.log(`wrote the ${kind} calibration of ${rs.id} to ${args.fit} (${Object.keys(fit.byOpen).length} boxes-open fits)`);
}
