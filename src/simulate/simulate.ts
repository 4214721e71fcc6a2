import { runInLanes } from '../run-in-lanes.ts';
import { DicewiseError } from '../errors.ts';
import { isShard, shardRange, type Shard } from '../shard.ts';
import { DEFAULT_RULESET, isRuleSetId, PLAYABLE_RULESETS, RULESETS, type RuleSetId } from '../rules/index.ts';
import { createSharedMemoSpace, DEFAULT_MEMO_ENTRIES, type SharedMemoSpace } from '../solver/index.ts';
import { MEMO_STRATEGIES } from './strategies/model-policy.ts';
import type { TaskResult, ChunkRunner, SimulateTask } from './task.ts';

/** Options → defaults → resolved options, as piscina does; a bad option throws naming it. */
export interface SimulateOptions {
  ruleset?: RuleSetId;
  /** built-in names (optimal, greedy, heuristic, random) or absolute module paths */
  strategies?: string[];
  games?: number;
  seed?: number;
  /** games per task; results do not depend on it */
  chunkSize?: number;
  /** tasks kept in flight (the pool's thread count); results do not depend on it */
  concurrency?: number;
  /** states whose decisions are kept per engine-backed strategy and thread (0 = none); results do not depend on it */
  cacheEntries?: number;
  /**
   * One decision memo per strategy for all the run's threads (room for each thread's
   * cacheEntries), in place of each thread's own, which it keeps from run to run: for long runs,
   * whose threads meet nearly the same states. A server's many short runs keep their threads'
   * warm memos. Results do not depend on it.
   */
  shareMemo?: boolean;
  /** where tasks run: inline (createInlineRunner) or a worker pool (workers/pool.ts simulateRunner) */
  runner: ChunkRunner;
  onProgress?: (gamesDone: number, games: number) => void;
  /**
   * Receives every game played as JSON Lines (game-recorder.ts), in game order whatever the
   * threads; a task's games wait until the ones before them are taken, so at most the tasks in
   * flight are held. Results do not depend on it.
   */
  onRecords?: (text: string) => void | Promise<void>;
  /** play only part `index` of `count` equal parts of the games (shard.ts), each game with the dice it has in the whole run */
  shard?: Shard;
}

export interface ResolvedSimulateOptions {
  ruleset: RuleSetId;
  strategies: string[];
  games: number;
  seed: number;
  chunkSize: number;
  concurrency: number;
  cacheEntries: number;
  shareMemo: boolean;
  runner: ChunkRunner;
  onProgress: (gamesDone: number, games: number) => void;
  onRecords?: (text: string) => void | Promise<void>;
  shard?: Shard;
}

export const SIMULATE_DEFAULTS = {
  ruleset: DEFAULT_RULESET,
  strategies: ['optimal'],
  games: 10_000,
  seed: 1,
  chunkSize: 500,
  concurrency: 1,
  /** the decision memo's default (solver/decision-memo.ts): ≈ 100 MB per strategy and thread for five dice, filled as games need it */
  cacheEntries: DEFAULT_MEMO_ENTRIES,
} as const;

/** At most this many strategies in one comparison. */
export const MAX_STRATEGIES = 8;

function optionError(field: string, message: string, got: unknown): DicewiseError {
  return new DicewiseError('INVALID_OPTION', `${field} ${message}, got ${JSON.stringify(got)}`, [{ field, message }]);
}

function intOption(field: string, value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? (min === 0 ? 'a non-negative integer' : `an integer ≥ ${min}`) : `an integer from ${min} to ${max}`;
    throw optionError(field, `must be ${range}`, value);
  }
  return value;
}

/**
 * Rule sets the simulator plays: single-column ones solved exactly (so `optimal` has a table) and
 * the multi-column ones (Triple Yahtzee, Superpass), played through their approximate models.
 */
export function isSimulable(id: RuleSetId): boolean {
  return PLAYABLE_RULESETS.includes(id);
}

export function resolveSimulateOptions(opts: SimulateOptions): ResolvedSimulateOptions {
  const ruleset = opts.ruleset ?? SIMULATE_DEFAULTS.ruleset;
  if (!isRuleSetId(ruleset)) throw optionError('ruleset', `must be one of ${PLAYABLE_RULESETS.join(', ')}`, ruleset);
  if (!isSimulable(ruleset)) {
    throw optionError('ruleset', `must be a rule set the simulator plays (${PLAYABLE_RULESETS.join(', ')})`, ruleset);
  }
  const strategies = opts.strategies ?? [...SIMULATE_DEFAULTS.strategies];
  if (!Array.isArray(strategies) || strategies.length === 0 || strategies.length > MAX_STRATEGIES) {
    throw optionError('strategies', `must list 1 to ${MAX_STRATEGIES} strategies`, strategies);
  }
  for (const s of strategies) if (typeof s !== 'string' || s.trim() === '') throw optionError('strategies', 'must be non-empty names or module paths', s);
  if (new Set(strategies).size !== strategies.length) throw optionError('strategies', 'must not repeat a strategy', strategies);
  if (typeof opts.runner !== 'function') throw optionError('runner', 'must be a function', typeof opts.runner);
  const games = intOption('games', opts.games ?? SIMULATE_DEFAULTS.games, 1, 1e9);
  if (opts.shareMemo !== undefined && typeof opts.shareMemo !== 'boolean') throw optionError('shareMemo', 'must be true or false', opts.shareMemo);
  if (opts.shard !== undefined && !isShard(opts.shard)) throw optionError('shard', 'must be part index of count, 1 ≤ index ≤ count', opts.shard);
  return {
    ruleset,
    strategies,
    games,
    seed: intOption('seed', opts.seed ?? SIMULATE_DEFAULTS.seed, 0),
    chunkSize: intOption('chunkSize', opts.chunkSize ?? SIMULATE_DEFAULTS.chunkSize, 1),
    concurrency: intOption('concurrency', opts.concurrency ?? SIMULATE_DEFAULTS.concurrency, 1),
    cacheEntries: intOption('cacheEntries', opts.cacheEntries ?? SIMULATE_DEFAULTS.cacheEntries, 0),
    shareMemo: opts.shareMemo ?? false,
    runner: opts.runner,
    onProgress: opts.onProgress ?? (() => {}),
    onRecords: opts.onRecords,
    ...(opts.shard === undefined ? {} : { shard: opts.shard }),
  };
}

/** Every game's results, merged in game order: identical whatever the chunks or threads. */
export interface SimulationData {
  ruleset: RuleSetId;
  /** games played here: the run's, or its shard's */
  games: number;
  seed: number;
  /** a shard's place in the run: its games are [from, to) of `games` */
  shard?: Shard & { from: number; to: number; games: number };
  names: string[];
  /** per strategy: final score of every game */
  scores: Int32Array[];
  /** per strategy s and box b at [s * boxes + b]; b = column × boxes per column + box index */
  boxSum: Float64Array;
  boxSumSq: Float64Array;
  upperBonus: Float64Array;
  yahtzee50: Float64Array;
  yahtzeeBonuses: Float64Array;
}

/** Runs the games in chunks (several in flight), reporting progress as chunks finish. */
export async function simulate(options: SimulateOptions): Promise<SimulationData> {
  const o = resolveSimulateOptions(options);
  const S = o.strategies.length;
  const B = RULESETS[o.ruleset].boxes.length * RULESETS[o.ruleset].columns.length;
  if (o.shard && o.shard.count > o.games) throw optionError('shard', `must split the games into at most ${o.games} parts (one game each)`, `${o.shard.index}/${o.shard.count}`);
  const [first, end] = o.shard ? shardRange(o.games, o.shard) : [0, o.games];
  const n = end - first;
  const data: SimulationData = {
    ruleset: o.ruleset,
    games: n,
    seed: o.seed,
    ...(o.shard ? { shard: { ...o.shard, from: first, to: end, games: o.games } } : {}),
    names: [],
    scores: o.strategies.map(() => new Int32Array(n)),
    boxSum: new Float64Array(S * B),
    boxSumSq: new Float64Array(S * B),
    upperBonus: new Float64Array(S),
    yahtzee50: new Float64Array(S),
    yahtzeeBonuses: new Float64Array(S),
  };
  const memos = sharedMemos(o, n);
  const tasks: SimulateTask[] = [];
  for (let from = first; from < end; from += o.chunkSize) {
    const to = Math.min(end, from + o.chunkSize);
    const task: SimulateTask = { ruleset: o.ruleset, seed: o.seed, from, to, strategies: o.strategies, cacheEntries: o.cacheEntries };
    if (o.onRecords) task.record = true;
    if (memos) task.memos = memos;
    tasks.push(task);
  }
  const inOrder = gameOrder();
  let done = 0;
  const merge = (r: TaskResult): void => {
    if (data.names.length === 0) data.names = r.names;
    const k = r.to - r.from;
    for (let s = 0; s < S; s++) data.scores[s].set(r.scores.subarray(s * k, (s + 1) * k), r.from - first);
    for (let i = 0; i < S * B; i++) {
      data.boxSum[i] += r.boxSum[i];
      data.boxSumSq[i] += r.boxSumSq[i];
    }
    for (let s = 0; s < S; s++) {
      data.upperBonus[s] += r.upperBonus[s];
      data.yahtzee50[s] += r.yahtzee50[s];
      data.yahtzeeBonuses[s] += r.yahtzeeBonuses[s];
    }
    done += k;
    o.onProgress(done, n);
  };
  await runInLanes(tasks, o.concurrency * 2, async (task, i) => {
    const r = await o.runner(task);
    merge(r);
    if (o.onRecords) await inOrder(i, () => o.onRecords!(r.records ?? ''));
  });
  const names = data.names;
  if (new Set(names).size !== names.length) throw optionError('strategies', 'must have distinct names', names);
  return data;
}

/**
 * With `shareMemo`, one decision memo space per strategy that plays through one (single-column
 * rule sets: createSharedMemoSpace serves no others), where tasks run
 * on several threads and a memo is kept: room for every thread's entries, in the memory the
 * threads' own memos would take.
 */
function sharedMemos(o: ResolvedSimulateOptions, games: number): Record<string, SharedMemoSpace> | undefined {
  if (!o.shareMemo || o.concurrency < 2 || o.cacheEntries === 0 || games <= o.chunkSize) return undefined;
  const rs = RULESETS[o.ruleset];
  const memos: Record<string, SharedMemoSpace> = {};
  for (const spec of o.strategies) {
    const space = MEMO_STRATEGIES.includes(spec) ? createSharedMemoSpace(rs, o.cacheEntries * Math.min(o.concurrency, Math.ceil(games / o.chunkSize))) : undefined;
    if (space) memos[spec] = space;
  }
  return Object.keys(memos).length > 0 ? memos : undefined;
}

/** Runs `take(i)` once `take` has run for every index below i: tasks finish in any order, their records go out in game order. */
function gameOrder(): (i: number, take: () => void | Promise<void>) => Promise<void> {
  let turn = 0;
  const waiting = new Map<number, () => void>();
  return async (i, take) => {
    if (i !== turn) await new Promise<void>((resolve) => waiting.set(i, resolve));
    await take();
    turn = i + 1;
    waiting.get(turn)?.();
    waiting.delete(turn);
  };
}
