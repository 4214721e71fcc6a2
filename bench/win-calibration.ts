/**
 * Is the win chance a hint shows what its advice achieves? Two-player games of `win` against
 * `optimal` (the opponent the win goal assumes: one who plays for points), seats rotating, common
 * dice; at the first roll of each of win's turns, the chance the hint shows (adviseWin, as the
 * server answers it, with the opponent's sheet as it stands) is recorded beside the share win
 * then took of that game's stake (1, ½ for a tie, 0). Per number of boxes open: the mean shown,
 * the mean taken and their difference with its 95% interval, and the same after calibration
 * (src/advisor/win-calibration.ts). With at most 4 boxes open the chance is the exact end game's
 * is exact for play that keeps to its plan; before that it is the estimate. The errors are also
 * given against the exact chance the same game had later, at its first roll with 4 boxes open:
 * the advice solves the end game again every turn, as the opponent's sheet fills, so it takes
 * more than that chance (what watching the opponent is worth), and the gap between the two
 * columns measures it. The calibration is fitted to the share taken. (The rows share their
 * games, so a lucky run moves every row's "− taken" alike.)
 *
 *   npx tsx bench/win-calibration.ts [--ruleset yahtzee] [--games 10000] [--seed 1] [--players 2] [--fit FILE]
 *
 * `--players 3` (or 4) plays `win` against two (or three) `optimal` players: a calibration is
 * fitted, stored and applied per number of opponents (with `--load`, give the `--players` the
 * runs were played with).
 *
 * `--fit FILE` writes the calibration fitted on these games (logistic, per boxes open) into FILE
 * under the rule set's id (src/advisor/data/win-calibration.json is what hints use); measure it
 * on another seed. `--save FILE` keeps this run's turns (boxes open, chance shown, share taken,
 * exact chance later) as JSON; `--load FILE,…` reads saved runs instead of playing, so a fit on
 * one seed and its measure on another can be played in parallel. Tables from $DICEWISE_TABLES or
 * ./tables (`dicewise tables build --ruleset ID --win`).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { adviseWin, calibrateWinChance, fitWinCalibration, winCalibration, type WinCalibration } from '../src/advisor/index.ts';
import { parsePosition, type Position } from '../src/position/index.ts';
import { RULESETS, type RuleSetId, upperBonusFor } from '../src/rules/index.ts';
import { createPlayer, runHeadToHead, type Strategy } from '../src/simulate/index.ts';
import { optimalStrategy } from '../src/simulate/strategies/optimal.ts';
import { winStrategy } from '../src/simulate/strategies/win.ts';
import { markTrusted } from '../src/simulate/play-game.ts';
import { END_GAME_BOXES, openBoxes } from '../src/solver/index.ts';
import { loadModel } from '../src/store/model-loader.ts';
import { readReachTable } from '../src/store/reach-store.ts';

const { values: args } = parseArgs({
  options: {
    ruleset: { type: 'string', default: 'yahtzee' },
    games: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '1' },
    players: { type: 'string', default: '2' },
    fit: { type: 'string' },
    save: { type: 'string' },
    load: { type: 'string' },
  },
});
const rs = RULESETS[args.ruleset as RuleSetId];
const players = Number(args.players);
if (!Number.isInteger(players) || players < 2 || players > 4) throw new Error(`--players is 2 to 4, got ${args.players}`);
const dir = process.env.DICEWISE_TABLES ?? 'tables';
interface Turn {
  open: number;
  shown: number;
  taken: number;
  exactLater: number;
}
interface Run {
  ruleset: RuleSetId;
  games: number;
  seed: number;
  turns: Turn[];
}

/** Plays the games and keeps, per win turn, the chance shown (the estimate as it is), the share the game gave and the exact chance it had later. */
async function play(games: number, seed: number): Promise<Run> {
  const model = await loadModel(dir, rs.id, { moments: false });
  const reach = (await readReachTable(dir, rs)).table;
  const distribution = (await readReachTable(dir, rs, 'distribution')).table;
  const tables = { reach, distribution };
  const samples: { game: number; open: number; shown: number }[] = [];
  const win = winStrategy(rs, reach, distribution, optimalStrategy(model, 1 << 17));
  const observed: Strategy = markTrusted({
    name: 'win',
    chooseHold(ctx) {
      if (ctx.rollsLeft === 2 && ctx.opponents.length > 0) {
        const card: Record<string, number> = {};
        for (const [box, v] of Object.entries(ctx.scorecard)) if (v !== null) card[box] = v;
        const upper = rs.boxes.slice(0, 6).reduce((n, b) => n + (card[b.id] ?? 0), 0);
        const written = Object.values(card).reduce((n, v) => n + v, 0);
        // The sheet's Yahtzee bonus points: what its score holds beyond the boxes and the upper bonus.
        const yahtzeeBonus = ctx.score - written - upperBonusFor(rs, 0, upper);
        const parsed = parsePosition({ ruleset: rs.id, scorecard: card, yahtzeeBonus, dice: ctx.dice, rollsLeft: 2 });
        if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
        const position: Position = { ...parsed.position, goal: { type: 'win', opponents: [] }, opponents: ctx.opponents.map((o) => ({ state: o.state, score: o.score })) };
        samples.push({ game: ctx.game, open: openBoxes(rs, ctx.state), shown: adviseWin(tables, position, null).probability });
      }
      return win.chooseHold(ctx);
    },
    chooseBox: (ctx) => win.chooseBox(ctx),
  });
  const started = performance.now();
  const slots = [createPlayer(rs, observed), ...Array.from({ length: players - 1 }, () => createPlayer(rs, optimalStrategy(model, 1 << 17)))];
  const chunk = runHeadToHead(rs, slots, seed, 0, games - (games % players));
  console.error(`${games} games in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  // The exact chance each game had at its first roll with END_GAME_BOXES open.
  const exactLater = new Map<number, number>();
  for (const s of samples) if (s.open === END_GAME_BOXES) exactLater.set(s.game, s.shown);
  const turns: Turn[] = [];
  for (const s of samples) {
    const later = exactLater.get(s.game);
    if (later !== undefined) turns.push({ open: s.open, shown: s.shown, taken: chunk.shares[s.game * players], exactLater: later });
  }
  return { ruleset: rs.id, games, seed, turns };
}

const runs: Run[] = args.load ? args.load.split(',').map((f) => JSON.parse(readFileSync(f, 'utf8')) as Run) : [await play(Number(args.games), Number(args.seed))];
if (args.save) writeFileSync(args.save, JSON.stringify(runs[0]));
const games = runs.reduce((n, r) => n + r.games, 0);
const seed = runs[0].seed;
const byOpen = new Map<number, { shown: number[]; achieved: number[]; exact: number[] }>();
for (const t of runs.flatMap((r) => r.turns)) {
  let b = byOpen.get(t.open);
  if (!b) byOpen.set(t.open, (b = { shown: [], achieved: [], exact: [] }));
  b.shown.push(t.shown);
  b.achieved.push(t.taken);
  b.exact.push(t.exactLater);
}
const opens = [...byOpen.keys()].sort((a, b) => b - a);
const pp = (x: number) => (100 * x).toFixed(2);

/** Mean of shown − achieved with its 95% half-width (paired per sample). */
function gap(shown: number[], achieved: number[]): [number, number] {
  const n = shown.length;
  let m = 0;
  for (let i = 0; i < n; i++) m += shown[i] - achieved[i];
  m /= n;
  let v = 0;
  for (let i = 0; i < n; i++) v += (shown[i] - achieved[i] - m) ** 2;
  return [m, 1.96 * Math.sqrt(v / (n - 1) / n)];
}

/** Mean |mean shown − mean achieved| over ten bins of the shown chance, weighted by their counts. */
function binnedError(shown: number[], achieved: number[]): number {
  const bins = Array.from({ length: 10 }, () => ({ n: 0, s: 0, a: 0 }));
  shown.forEach((p, i) => {
    const b = bins[Math.min(9, Math.floor(p * 10))];
    b.n++;
    b.s += p;
    b.a += achieved[i];
  });
  return bins.reduce((e, b) => e + (b.n ? Math.abs(b.s - b.a) : 0), 0) / shown.length;
}

let calibration: WinCalibration | undefined;
if (args.fit) {
  calibration = fitWinCalibration(
    rs.id,
    opens.map((open) => ({ open, shown: byOpen.get(open)!.shown, achieved: byOpen.get(open)!.achieved })),
    { games, seed, opponents: players - 1 },
  );
  // One file for every rule set's calibrations: this one's (rule set, opponents) replaced, the others kept.
  const all = existsSync(args.fit) ? (JSON.parse(readFileSync(args.fit, 'utf8')) as Record<string, WinCalibration[]>) : {};
  all[rs.id] = [...(all[rs.id] ?? []).filter((c) => c.opponents !== players - 1), calibration].sort((a, b) => a.opponents - b.opponents);
  writeFileSync(args.fit, `${JSON.stringify(all, null, 2)}\n`);
  console.error(`calibration written to ${args.fit}`);
}

console.log(`${rs.id}: win against optimal, ${players} players, ${games} games (seed ${runs.map((r) => r.seed).join(', ')}); the estimate shown at the first roll of each turn`);
console.log(
  `against the share taken, and against the exact chance the same game had at its first roll with ${END_GAME_BOXES} boxes open${calibration ? ' (calibration fitted on these games)' : ' (the stored calibration)'}`,
);
const used = calibration ?? winCalibration(rs.id, players - 1);
if (!used) console.log(`(no calibration stored for ${players - 1} opponents: the "calibrated" columns are the estimate)`);
console.log('| boxes open | turns | shown, mean | taken, mean | shown − taken (95%) | shown − exact later (95%) | binned | calibrated − taken (95%) | calibrated − exact later (95%) | binned |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const open of opens) {
  const { shown, achieved, exact } = byOpen.get(open)!;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const cal = used ? shown.map((p) => calibrateWinChance(rs.id, open, p, used)) : shown;
  const cell = (xs: number[], ys: number[]) => {
    const [g, h] = gap(xs, ys);
    return `${pp(g)} ± ${pp(h)} pp`;
  };
  console.log(
    `| ${open} | ${shown.length} | ${pp(mean(shown))}% | ${pp(mean(achieved))}% | ${cell(shown, achieved)} | ${cell(shown, exact)} | ${pp(binnedError(shown, exact))} pp | ${cell(cal, achieved)} | ${cell(cal, exact)} | ${pp(binnedError(cal, exact))} pp |`,
  );
}
