/**
 * Reach- and win-goal hint latency in process for the multi-column rule sets, as the server
 * answers them (tables in memory): adviseGoal on positions of best play's own games (turn starts
 * of random levels, with a random roll and rerolls left, or none), for a target and against one
 * opponent in progress (another game's position), p50 and p99 over --hints hints each, after as
 * many untimed ones on positions of other games. With --left N, only turns with N boxes left (3:
 * the third-last turn, the costliest exact one).
 *
 *   npx tsx bench/goal-hint-multi.ts [--hints 10000] [--left 3]   (tables from $DICEWISE_TABLES or ./tables)
 *
 * The p99 rests on the few costliest positions (the third-last turn, 2–3% of them): over 2,000
 * hints their count alone moved it by 0.9 ms (27 or 43 of them), over 10,000 it holds.
 */
import { parseArgs } from 'node:util';
import { adviseGoal } from '../src/goals/index.ts';
import { commonDice, playModelGame, servedGoalModel } from '../src/approx/index.ts';
import { mulberry32 } from '../src/dice/index.ts';
import type { Goal, Position } from '../src/position/index.ts';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { boxCount, filledCount, type GameState } from '../src/solver/index.ts';
import { ensureModel } from '../src/store/model-loader.ts';

const { values: args } = parseArgs({ options: { hints: { type: 'string', default: '10000' }, left: { type: 'string' } } });
const n = Number(args.hints);
const left = args.left === undefined ? undefined : Number(args.left);
const dir = process.env.DICEWISE_TABLES ?? 'tables';

for (const [id, target] of [
  ['superpass', 1251],
  ['triple-yahtzee', 2350],
] as [RuleSetId, number][]) {
  const rs = RULESETS[id];
  const model = await ensureModel(dir, id);
  const tables = { goal: servedGoalModel(model) };
  const turns: { state: GameState; score: number }[] = [];
  for (let g = 0; turns.length < 4 * n; g++) playModelGame(model, commonDice(31, g), (state, score) => {
      if (left === undefined || boxCount(rs) - filledCount(state) === left) turns.push({ state, score });
    });
  const rng = mulberry32(5);
  // Warm-up positions from the first half of the games, timed ones from the second: a timed hint
  // meets positions the warm-up did not, as a server meets new players (memos of laws and of last
  // turns kept across hints then earn only what they would there).
  const half = Math.floor(turns.length / 2);
  const pick = (timed: boolean) => turns[(timed ? half : 0) + Math.floor(rng() * half)];
  const hint = (kind: 'reach' | 'win', timed = true): number => {
    const { state, score } = pick(timed);
    const them = pick(timed);
    const goal: Goal = kind === 'reach' ? { type: 'reach', score: target } : { type: 'win', opponents: [{ finalScore: 0 }] };
    const dice = rng() < 0.2 ? undefined : Array.from({ length: rs.dice }, () => 1 + Math.floor(rng() * 6)).sort((a, b) => a - b);
    const position: Position = {
      rs,
      state,
      columns: rs.columns.map(() => rs.boxes.map(() => undefined)),
      yahtzeeBonus: rs.columns.map(() => 0),
      score,
      dice,
      rollsLeft: dice ? (Math.floor(rng() * 3) as 0 | 1 | 2) : 2,
      goal,
      opponents: kind === 'win' ? [{ state: them.state, score: them.score }] : undefined,
    };
    const t0 = performance.now();
    adviseGoal(model, tables, position);
    return performance.now() - t0;
  };
  // A running server is warm: both kinds first run n hints each untimed, so the JIT's later
  // tiers have compiled what the timed hints run (with only the first tenth dropped, the first
  // kind's p99 read 1.31 ms where a second pass of it read 0.99 ms).
  for (let i = 0; i < n; i++) {
    hint('reach', false);
    hint('win', false);
  }
  for (const kind of ['reach', 'win'] as const) {
    const times = Array.from({ length: n }, () => hint(kind)).sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
    console.log(`${id}, ${kind} hint: p50 ${q(0.5).toFixed(2)} ms, p99 ${q(0.99).toFixed(2)} ms, max ${times[times.length - 1].toFixed(2)} ms (${times.length} hints)`);
  }
}
