import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import type { Piscina as PiscinaPool } from 'piscina';
import type { ChunkReview, ReviewChunk } from '../src/analysis/index.ts';
import { positiveInteger } from '../src/errors.ts';
import type { ChunkRunner } from '../src/simulate/index.ts';
import type { SolverFactory, SolverThreads } from '../src/store/model-loader.ts';
import type { ColumnJobRunner } from '../src/solver/index.ts';
import { unwrapReply, type ReviewTask, type WorkerKind, type WorkerReply, type WorkerResults, type WorkerTasks } from './messages.ts';
import type { PoolData } from './pool-data.ts';
import { levelHelpers } from './level-helpers.ts';
import { workerEntry } from './worker-url.ts';

/**
 * The one pool facade: piscina threads that run any kind of work (solve, simulate, analyse),
 * each task to the entry point of its kind, each reply unwrapped the same way. Callers hand its
 * `run` to the core as the runner it needs; nothing below the server and CLI imports it.
 */
export interface PoolOptions {
  /** worker threads; default all cores */
  threads?: number;
  /** folder of the strategy tables the simulate and analyse workers load (each thread once) */
  tables?: string;
  /**
   * JavaScript heap of each thread in MB (tables and caches live outside it). V8 lets a heap grow
   * well past what is live before it collects; work that makes much short-lived garbage (a
   * streamed review) keeps a process's memory flat with a cap. Default: V8's own.
   */
  heapMb?: number;
  /**
   * Start threads on demand and stop each after this long without a task (a server's batch
   * threads: their heap and tables are given back between bursts). Default: all threads start
   * with the pool and live as long as it.
   */
  idleMs?: number;
  /** each thread lowers itself to the lowest CPU priority (a server's builds: requests come first) */
  background?: boolean;
}

export interface PoolStats {
  threads: number;
  /** tasks waiting for a thread */
  queued: number;
  /** fraction of the pool's thread time spent running tasks since it started, 0 to 1 */
  utilization: number;
}

export interface WorkerPool {
  readonly threads: number;
  run<K extends WorkerKind>(kind: K, task: WorkerTasks[K]): Promise<WorkerResults[K]>;
  stats(): PoolStats;
  destroy(): Promise<void>;
}

export function defaultThreads(): number {
  return availableParallelism();
}

export function createWorkerPool(options: PoolOptions = {}): WorkerPool {
  const threads = positiveInteger('threads', options.threads ?? defaultThreads());
  const entries = {
    solve: workerEntry('solve-worker'),
    reach: workerEntry('solve-worker'),
    simulate: workerEntry('simulate-worker'),
    review: workerEntry('analyse-worker'),
    'analyse-request': workerEntry('analyse-worker'),
    hint: workerEntry('hint-worker'),
    bound: workerEntry('solve-worker'),
    joint: workerEntry('solve-worker'),
  } satisfies Record<WorkerKind, unknown>;
  // Loaded on the first pool: a command whose build its own thread leads never needs one.
  const { Piscina } = createRequire(import.meta.url)('piscina') as { Piscina: typeof PiscinaPool };
  const pool = new Piscina({
    filename: entries.solve.filename,
    execArgv: entries.solve.execArgv,
    minThreads: options.idleMs === undefined ? threads : 0,
    maxThreads: threads,
    idleTimeout: options.idleMs ?? 1000,
    resourceLimits: options.heapMb === undefined ? undefined : { maxOldGenerationSizeMb: options.heapMb, maxYoungGenerationSizeMb: Math.max(2, Math.round(options.heapMb / 12)) },
    workerData: { tables: options.tables ?? 'tables', background: options.background ?? false } satisfies PoolData,
  });
  return {
    threads,
    async run(kind, task) {
      // One file may serve several kinds: its export named after the kind, else its default.
      const name = { 'analyse-request': 'analyseRequestTask', review: 'reviewTask', bound: 'boundTask', joint: 'jointTask' }[kind as string] ?? 'default';
      return unwrapReply((await pool.run(task, { filename: entries[kind].filename, name })) as WorkerReply<WorkerResults[typeof kind]>);
    },
    stats: () => ({ threads, queued: pool.queueSize, utilization: pool.utilization }),
    destroy: () => pool.destroy(),
  };
}

/**
 * Solver threads for one build. `lead`: the calling thread solves value and moments levels itself
 * beside threads − 1 helpers (a command's build), so its threads start as tasks come and a value
 * table starts one fewer. Without it (builds at the lowest priority) every level goes to the threads.
 */
function solverPool(threads: number, { background = false, lead = false }: { background?: boolean; lead?: boolean }): SolverThreads {
  // Made on its first task: a value table that this thread leads runs none.
  let made: WorkerPool | undefined;
  const pool = (): WorkerPool => (made ??= createWorkerPool({ threads, background, ...(lead && { idleMs: 60_000 }) }));
  const helpers = lead && threads > 1 ? levelHelpers(threads - 1) : undefined;
  return {
    run: async (task) => void (await pool().run('solve', task)),
    ...(helpers && { helpers }),
    runReach: async (task) => void (await pool().run('reach', task)),
    runJoint: async (task) => void (await pool().run('joint', task)),
    destroy: async () => void (await Promise.all([made?.destroy(), helpers?.destroy()])),
  };
}

/** Solver threads for a command's table builds (`dicewise tables build`, a command's missing table, a server's first build): its own thread leads. */
export const solverThreads: SolverFactory = async (threads) => solverPool(threads, { lead: true });

/** Every level on threads at the lowest CPU priority: a server's builds after its first rule set, while it answers requests. */
export const backgroundSolverThreads: SolverFactory = async (threads) => solverPool(threads, { background: true });

/** A runner for the bound's price search (src/solver/price-search.ts): each relaxed column to a worker. */
export function boundRunner(pool: WorkerPool): ColumnJobRunner {
  return (tasks) => Promise.all(tasks.map((t) => pool.run('bound', t)));
}

/** A runner for the simulator (src/simulate): each chunk of games to a worker. */
export function simulateRunner(pool: WorkerPool): ChunkRunner {
  return (task) => pool.run('simulate', task);
}

/**
 * A runner for a streamed review (src/analysis/review-chunk.ts): each chunk to a worker, with the
 * tables `shared` gives at the time (read once by this process; a thread reads what is not there).
 */
export function reviewRunner(
  pool: WorkerPool,
  reach?: number,
  shared: () => Pick<ReviewTask, 'tables' | 'lanes'> = () => ({}),
  explain = false,
): (chunk: ReviewChunk) => Promise<ChunkReview> {
  return (chunk) => pool.run('review', { ...chunk, ...(reach !== undefined && { reach }), ...(explain && { explain }), ...shared() });
}
