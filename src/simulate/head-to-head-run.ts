import { runInLanes } from '../run-in-lanes.ts';
import { DicewiseError } from '../errors.ts';
import { RULESETS, type RuleSetId } from '../rules/index.ts';
import { shardRange, type Shard } from '../shard.ts';
import { MAX_PLAYERS } from './head-to-head.ts';
import { resolveSimulateOptions, type SimulateOptions } from './simulate.ts';
import { Z95 } from './stats.ts';
import type { SimulateTask } from './task.ts';

/** The strategy that plays for the stake against the others at the table (strategies/win.ts). */
export const WIN_STRATEGY = 'win';

/**
 * One strategy per slot of an N-player table: with two strategies A,B the first plays slot 0 and
 * the second the other N − 1; otherwise one each (N of them).
 */
export function seatStrategies<T>(list: readonly T[], players: number): T[] {
  if (list.length === players) return [...list];
  if (list.length === 2) return [list[0], ...Array.from({ length: players - 1 }, () => list[1])];
  throw new Error(`${list.length} strategies cannot seat ${players} players`);
}

export interface HeadToHeadOptions extends SimulateOptions {
  /** players at the table, 2 to MAX_PLAYERS */
  players: number;
}

export interface HeadToHeadStrategy {
  name: string;
  /** seats it holds at each table */
  seats: number;
  /** its expected share of the stake per seat held (1/N when all play alike) */
  share: number;
  /** 95% confidence interval of `share`, over deals (see head-to-head.ts) */
  ci95: [number, number];
  /** seat-games it won alone, and tied for first */
  winRate: number;
  tieRate: number;
  /** mean final score */
  mean: number;
}

export interface HeadToHeadReport {
  headToHead: {
    ruleset: string;
    players: number;
    games: number;
    seed: number;
    strategies: HeadToHeadStrategy[];
  };
}

/** Every head-to-head game's results, in game order: what the report is computed from. */
export interface HeadToHeadData {
  ruleset: RuleSetId;
  players: number;
  /** games played here: the run's, or its shard's (whole deals) */
  games: number;
  seed: number;
  names: string[];
  /** a shard's place in the run: its games are [from, to) of `games`, whole deals */
  shard?: Shard & { from: number; to: number; games: number };
  /** [game · players + slot], games from the first played here */
  scores: Int32Array;
  shares: Float64Array;
}

/**
 * Plays `games` head-to-head games in chunks of whole deals (several in flight, results merged in
 * game order, so they do not depend on threads or chunk size) and reports each strategy's share.
 */
export async function simulateHeadToHead(options: HeadToHeadOptions): Promise<HeadToHeadReport> {
  return headToHeadReport(await playHeadToHead(options));
}

/** Plays the games of a head-to-head run (or of its shard, split by deals) and keeps every game's results. */
export async function playHeadToHead(options: HeadToHeadOptions): Promise<HeadToHeadData> {
  const o = resolveSimulateOptions(options);
  const N = options.players;
  if (!Number.isInteger(N) || N < 2 || N > MAX_PLAYERS) {
    throw new DicewiseError('INVALID_OPTION', `players must be an integer from 2 to ${MAX_PLAYERS}, got ${JSON.stringify(N)}`, [
      { field: 'players', message: `must be an integer from 2 to ${MAX_PLAYERS}` },
    ]);
  }
  if (o.strategies.length !== 2 && o.strategies.length !== N) {
    throw new DicewiseError('INVALID_OPTION', `strategies: give two (one seat plays the first, the other ${N - 1} the second) or ${N} (one each), got ${o.strategies.length}`, [
      { field: 'strategies', message: `two or ${N} strategies for ${N} players` },
    ]);
  }
  if (o.games % N !== 0) {
    throw new DicewiseError('INVALID_OPTION', `games must be a multiple of players (${N}): the players rotate over the seats of each deal, got ${o.games}`, [
      { field: 'games', message: `a multiple of ${N}` },
    ]);
  }
  // Multi-column games are two-player games; their win goal takes one opponent (approx/goal-model.ts).
  if (o.strategies.includes(WIN_STRATEGY) && N - 1 > RULESETS[o.ruleset].capabilities.maxOpponents) {
    throw new DicewiseError('INVALID_OPTION', `players: win plays ${o.ruleset} against one opponent, not ${N - 1}`, [{ field: 'players', message: `win plays two-player ${o.ruleset}` }]);
  }
  const deals = o.games / N;
  if (o.shard && o.shard.count > deals) {
    throw new DicewiseError('INVALID_OPTION', `shard must split the ${deals} deals of ${N} games into at most ${deals} parts, got ${o.shard.index}/${o.shard.count}`, [
      { field: 'shard', message: `at most ${deals} parts` },
    ]);
  }
  const [firstDeal, endDeal] = o.shard ? shardRange(deals, o.shard) : [0, deals];
  const [first, end] = [firstDeal * N, endDeal * N];
  const chunk = Math.max(N, o.chunkSize - (o.chunkSize % N));
  const tasks: SimulateTask[] = [];
  for (let from = first; from < end; from += chunk) {
    tasks.push({ ruleset: o.ruleset, seed: o.seed, from, to: Math.min(end, from + chunk), strategies: o.strategies, cacheEntries: o.cacheEntries, players: N });
  }
  const scores = new Int32Array((end - first) * N);
  const shares = new Float64Array((end - first) * N);
  let names: string[] = [];
  let done = 0;
  await runInLanes(tasks, o.concurrency * 2, async (task) => {
    const r = await o.runner(task);
    const h = r.headToHead;
    if (!h) throw new Error('a head-to-head task came back without its table results');
    names = r.names;
    scores.set(h.scores, (h.from - first) * N);
    shares.set(h.shares, (h.from - first) * N);
    done += h.to - h.from;
    o.onProgress(done, end - first);
  });
  return {
    ruleset: o.ruleset,
    players: N,
    games: end - first,
    seed: o.seed,
    names,
    ...(o.shard ? { shard: { ...o.shard, from: first, to: end, games: o.games } } : {}),
    scores,
    shares,
  };
}

export function headToHeadReport(d: HeadToHeadData): HeadToHeadReport {
  return { headToHead: { ruleset: d.ruleset, players: d.players, games: d.games, seed: d.seed, strategies: summarise(d.names, d.players, d.scores, d.shares) } };
}

/**
 * Per strategy: its share per seat held, with a 95% interval from the spread of its mean share
 * over deals (the deals are independent; the games of one deal share their dice on purpose).
 */
function summarise(names: string[], N: number, scores: Int32Array, shares: Float64Array): HeadToHeadStrategy[] {
  const slotOf = seatStrategies(names.map((_, i) => i), N);
  const games = scores.length / N;
  const deals = games / N;
  return names.map((name, s) => {
    const slots = slotOf.flatMap((k, slot) => (k === s ? [slot] : []));
    let sum = 0;
    let sumSq = 0;
    let wins = 0;
    let ties = 0;
    let points = 0;
    for (let d = 0; d < deals; d++) {
      let deal = 0;
      for (let g = d * N; g < (d + 1) * N; g++) {
        for (const slot of slots) {
          const share = shares[g * N + slot];
          deal += share;
          if (share === 1) wins++;
          else if (share > 0) ties++;
          points += scores[g * N + slot];
        }
      }
      deal /= N * slots.length;
      sum += deal;
      sumSq += deal * deal;
    }
    const seatGames = games * slots.length;
    const share = sum / deals;
    const sd = deals > 1 ? Math.sqrt(Math.max(0, (sumSq - deals * share * share) / (deals - 1))) : 0;
    const half = (Z95 * sd) / Math.sqrt(deals);
    return { name, seats: slots.length, share, ci95: [share - half, share + half], winRate: wins / seatGames, tieRate: ties / seatGames, mean: points / seatGames };
  });
}

/** The report as the CLI prints it. */
export function formatHeadToHead(r: HeadToHeadReport): string {
  const h = r.headToHead;
  const pct = (x: number) => `${(100 * x).toFixed(3)}%`;
  const lines = [`${h.ruleset}: ${h.games} games of ${h.players} players (seed ${h.seed}); seats rotate, each deal's dice shared`, ''];
  lines.push(`${'strategy'.padEnd(14)} ${'seats'.padStart(5)} ${'share'.padStart(9)}  ${'95% CI'.padEnd(21)} ${'win'.padStart(8)} ${'tie'.padStart(7)} ${'mean'.padStart(8)}`);
  for (const s of h.strategies) {
    lines.push(
      `${s.name.padEnd(14)} ${String(s.seats).padStart(5)} ${pct(s.share).padStart(9)}  ${`${pct(s.ci95[0])} – ${pct(s.ci95[1])}`.padEnd(21)} ${pct(s.winRate).padStart(8)} ${pct(s.tieRate).padStart(7)} ${s.mean.toFixed(2).padStart(8)}`,
    );
  }
  lines.push('', `share: the stake per seat held (a win 1, a k-way tie for first 1/k); ${h.players} players alike would each get ${pct(1 / h.players)}`);
  return `${lines.join('\n')}\n`;
}
