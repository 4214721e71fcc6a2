import { DicewiseError } from '../errors.ts';
import { isRuleSetId, RULESETS, type RuleSetId } from '../rules/index.ts';
import { orderShards, sameRun, shardRange, type Shard } from '../shard.ts';
import { VERSION } from '../version.ts';
import { MAX_PLAYERS } from './head-to-head.ts';
import { headToHeadReport, type HeadToHeadData, type HeadToHeadReport } from './head-to-head-run.ts';
import { buildReport, type SimulationReport } from './report.ts';
import type { SimulationData } from './simulate.ts';

/**
 * Shard reports of a solo run (`simulate --shard K/N --json`) and their merge into the report of
 * the whole run. A shard's report is its own games' report plus `shard`: its place in the run and
 * the run's raw results for those games. The SDs (of scores and of paired differences) are sums
 * over the games in game order, which no smaller statistic reproduces to the last bit, so the
 * final scores go along, game by game (about 4 characters a game and strategy); every other sum
 * is of integers (box points and their squares, bonus counts), exact in any order. The merge
 * rebuilds the run's SimulationData and reports it with the same buildReport, so it is the whole
 * run's report, digit for digit.
 */

/** Everything that makes two shards parts of the same run. */
export interface SimulationRun {
  ruleset: RuleSetId;
  seed: number;
  /** games of the whole run */
  games: number;
  /** strategy names, in report order */
  strategies: string[];
  target: number | null;
  version: string;
}

export interface SimulationShard extends Shard {
  kind: 'simulate';
  /** the games of this part: [from, to) of the run's */
  from: number;
  to: number;
  run: SimulationRun;
  /** per strategy, the final score of each game from `from` on */
  scores: number[][];
  boxSum: number[];
  boxSumSq: number[];
  upperBonus: number[];
  yahtzee50: number[];
  yahtzeeBonuses: number[];
}

export type SimulationShardReport = SimulationReport & { shard: SimulationShard };

/** A shard's JSON report: its own games' report, and what the merge needs. */
export function shardReport(d: SimulationData, target?: number): SimulationShardReport {
  if (!d.shard) throw new Error('shardReport takes the data of a shard (simulate with `shard`)');
  const { index, count, from, to, games } = d.shard;
  return {
    ...buildReport(d, target),
    shard: {
      kind: 'simulate',
      index,
      count,
      from,
      to,
      run: { ruleset: d.ruleset, seed: d.seed, games, strategies: d.names, target: target ?? null, version: VERSION },
      scores: d.scores.map((s) => Array.from(s)),
      boxSum: Array.from(d.boxSum),
      boxSumSq: Array.from(d.boxSumSq),
      upperBonus: Array.from(d.upperBonus),
      yahtzee50: Array.from(d.yahtzee50),
      yahtzeeBonuses: Array.from(d.yahtzeeBonuses),
    },
  };
}

function bad(name: string, field: string, message: string): DicewiseError {
  const text = `${name}: shard.${field} ${message}`;
  return new DicewiseError('INVALID_INPUT', text, [{ field: `shard.${field}`, message }]);
}

function integers(name: string, field: string, v: unknown, length: number): number[] {
  if (!Array.isArray(v) || v.length !== length || !v.every((x) => Number.isInteger(x) && x >= 0)) {
    throw bad(name, field, `must be ${length} non-negative integers`);
  }
  return v as number[];
}

/** A parsed shard section, checked against itself (the run's shape) so that the merge can trust it. */
function checkShard(s: SimulationShard, name: string): void {
  const run = s.run as Partial<SimulationRun> | undefined;
  if (typeof run !== 'object' || run === null) throw bad(name, 'run', 'is missing');
  if (typeof run.ruleset !== 'string' || !isRuleSetId(run.ruleset)) throw bad(name, 'run.ruleset', 'must name a rule set');
  if (!Number.isInteger(run.seed) || run.seed! < 0) throw bad(name, 'run.seed', 'must be a non-negative integer');
  if (!Number.isInteger(run.games) || run.games! < 1) throw bad(name, 'run.games', 'must be a positive integer');
  if (!Array.isArray(run.strategies) || run.strategies.length === 0 || !run.strategies.every((x) => typeof x === 'string')) throw bad(name, 'run.strategies', 'must list strategy names');
  const [from, to] = shardRange(run.games!, s);
  if (s.from !== from || s.to !== to) throw bad(name, 'from', `and to must be ${from} and ${to} for part ${s.index} of ${s.count} of ${run.games} games`);
  const S = run.strategies.length;
  const rs = RULESETS[run.ruleset];
  const B = rs.boxes.length * rs.columns.length;
  if (!Array.isArray(s.scores) || s.scores.length !== S) throw bad(name, 'scores', `must hold ${S} lists, one per strategy`);
  s.scores.forEach((list, i) => integers(name, `scores[${i}]`, list, to - from));
  integers(name, 'boxSum', s.boxSum, S * B);
  integers(name, 'boxSumSq', s.boxSumSq, S * B);
  for (const f of ['upperBonus', 'yahtzee50', 'yahtzeeBonuses'] as const) integers(name, f, s[f], S);
}

/** The parts of one run, each checked (`check`), all of the same run, in part order. */
function runParts<S extends Shard & { run: object }>(shards: readonly S[], names: readonly string[], check: (s: S, name: string) => void): S[] {
  shards.forEach((s, i) => check(s, names[i]));
  sameRun(
    shards.map((s) => ({ ...s.run })),
    names,
  );
  return orderShards(
    shards.map((shard) => ({ shard })),
    names,
  ).map((p) => p.shard);
}

/**
 * The whole run's report from the reports of all its parts (any order; each part once). `names`
 * name the reports in errors (their files).
 */
export function mergeSimulationShards(reports: readonly SimulationShardReport[], names: readonly string[]): SimulationReport {
  const parts = runParts(reports.map((r) => r.shard), names, checkShard);
  const run = parts[0].run;
  const rs = RULESETS[run.ruleset];
  const S = run.strategies.length;
  const B = rs.boxes.length * rs.columns.length;
  const d: SimulationData = {
    ruleset: run.ruleset,
    games: run.games,
    seed: run.seed,
    names: run.strategies,
    scores: run.strategies.map(() => new Int32Array(run.games)),
    boxSum: new Float64Array(S * B),
    boxSumSq: new Float64Array(S * B),
    upperBonus: new Float64Array(S),
    yahtzee50: new Float64Array(S),
    yahtzeeBonuses: new Float64Array(S),
  };
  for (const p of parts) {
    for (let s = 0; s < S; s++) d.scores[s].set(p.scores[s], p.from);
    for (let i = 0; i < S * B; i++) {
      d.boxSum[i] += p.boxSum[i];
      d.boxSumSq[i] += p.boxSumSq[i];
    }
    for (let s = 0; s < S; s++) {
      d.upperBonus[s] += p.upperBonus[s];
      d.yahtzee50[s] += p.yahtzee50[s];
      d.yahtzeeBonuses[s] += p.yahtzeeBonuses[s];
    }
  }
  return buildReport(d, run.target ?? undefined);
}

/** Everything that makes two head-to-head shards parts of the same run. */
export interface HeadToHeadRun {
  ruleset: RuleSetId;
  seed: number;
  players: number;
  /** games of the whole run */
  games: number;
  /** one strategy name per slot's strategy, in report order */
  strategies: string[];
  version: string;
}

export interface HeadToHeadShard extends Shard {
  kind: 'head-to-head';
  /** the games of this part, whole deals: [from, to) of the run's */
  from: number;
  to: number;
  run: HeadToHeadRun;
  /** [game · players + slot] from `from` on: the final score */
  scores: number[];
  /**
   * the same places: 0 for a game not won, k for first place shared k ways (the stake's share
   * is 1/k, recomputed so, as the games computed it)
   */
  firsts: number[];
}

export type HeadToHeadShardReport = HeadToHeadReport & { shard: HeadToHeadShard };

export function headToHeadShardReport(d: HeadToHeadData): HeadToHeadShardReport {
  if (!d.shard) throw new Error('headToHeadShardReport takes the data of a shard (playHeadToHead with `shard`)');
  const { index, count, from, to, games } = d.shard;
  return {
    ...headToHeadReport(d),
    shard: {
      kind: 'head-to-head',
      index,
      count,
      from,
      to,
      run: { ruleset: d.ruleset, seed: d.seed, players: d.players, games, strategies: d.names, version: VERSION },
      scores: Array.from(d.scores),
      firsts: Array.from(d.shares, (x) => (x === 0 ? 0 : Math.round(1 / x))),
    },
  };
}

function checkHeadToHeadShard(s: HeadToHeadShard, name: string): void {
  const run = s.run as Partial<HeadToHeadRun> | undefined;
  if (typeof run !== 'object' || run === null) throw bad(name, 'run', 'is missing');
  if (typeof run.ruleset !== 'string' || !isRuleSetId(run.ruleset)) throw bad(name, 'run.ruleset', 'must name a rule set');
  if (!Number.isInteger(run.seed) || run.seed! < 0) throw bad(name, 'run.seed', 'must be a non-negative integer');
  if (!Number.isInteger(run.players) || run.players! < 2 || run.players! > MAX_PLAYERS) throw bad(name, 'run.players', `must be an integer from 2 to ${MAX_PLAYERS}`);
  const N = run.players!;
  if (!Number.isInteger(run.games) || run.games! < N || run.games! % N !== 0) throw bad(name, 'run.games', `must be a positive multiple of ${N}`);
  if (!Array.isArray(run.strategies) || (run.strategies.length !== 2 && run.strategies.length !== N) || !run.strategies.every((x) => typeof x === 'string')) {
    throw bad(name, 'run.strategies', `must list two or ${N} strategy names`);
  }
  const [first, end] = shardRange(run.games! / N, s);
  if (s.from !== first * N || s.to !== end * N) throw bad(name, 'from', `and to must be ${first * N} and ${end * N} for part ${s.index} of ${s.count} of ${run.games! / N} deals`);
  integers(name, 'scores', s.scores, (s.to - s.from) * N);
  const firsts = integers(name, 'firsts', s.firsts, (s.to - s.from) * N);
  if (firsts.some((k) => k > N)) throw bad(name, 'firsts', `must be places from 0 to ${N}`);
}

/** The whole head-to-head run's report from the reports of all its parts. */
export function mergeHeadToHeadShards(reports: readonly HeadToHeadShardReport[], names: readonly string[]): HeadToHeadReport {
  const parts = runParts(reports.map((r) => r.shard), names, checkHeadToHeadShard);
  const run = parts[0].run;
  const N = run.players;
  const scores = new Int32Array(run.games * N);
  const shares = new Float64Array(run.games * N);
  for (const p of parts) {
    scores.set(p.scores, p.from * N);
    shares.set(
      p.firsts.map((k) => (k === 0 ? 0 : 1 / k)),
      p.from * N,
    );
  }
  return headToHeadReport({ ruleset: run.ruleset, players: N, games: run.games, seed: run.seed, names: run.strategies, scores, shares });
}
