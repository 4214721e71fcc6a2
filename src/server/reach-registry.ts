import { availableParallelism } from 'node:os';
import { DicewiseError, isDicewiseError, RetryLaterError } from '../errors.ts';
import { RULESETS, type RuleSetId } from '../rules/index.ts';
import { resolveReachCap, type BuildProgress, type LaneKind, type ReachTable } from '../solver/index.ts';
import { readReachTable } from '../store/reach-store.ts';
import { buildReachInWorker } from '../../workers/reach-build.ts';
import { silentLogger, type Logger } from './logger.ts';
import type { LoadHooks } from './model-registry.ts';

/**
 * The reach tables a server answers reach goals and odds with. Unlike the points models they are
 * not loaded at start-up: a table is read on the first request that needs it, and where it is
 * missing, stale, corrupt or holds fewer targets than the server's cap it is built in a worker pool
 * (minutes for the full games) in a worker thread of its own. Until then that request, and every one after it for the same rule
 * set, is answered 503 with Retry-After; /readyz and points hints never wait for it.
 */

export type ReachStatus = 'absent' | 'loading' | 'building' | 'ready' | 'failed';

export interface ReachState {
  status: ReachStatus;
  /** building: fraction of states solved */
  progress?: number;
  /** loading, building: a guess at when to ask again */
  retryAfterSeconds?: number;
  error?: string;
}

/** Reads (or builds, then reads) one rule set's reach table. */
export type ReachLoader = (id: RuleSetId, hooks: LoadHooks) => Promise<ReachTable>;

export interface ReachRegistry {
  /** The table, or a DicewiseError: NOT_READY after starting its load (503 + Retry-After), or why it failed. */
  get(id: RuleSetId): ReachTable;
  state(id: RuleSetId): ReachState;
  /** Resolves when the load in progress for `id` (if any) has finished or failed. */
  settled(id: RuleSetId): Promise<void>;
}

/** After a failed load, requests are refused this long before one tries again (a build costs minutes of CPU). */
export const REACH_RETRY_FAILED_MS = 60_000;

export interface ReachRegistryOptions {
  load: ReachLoader;
  /** what the tables are called in messages and logs; default 'reach table' */
  label?: string;
  logger?: Logger;
  now?: () => number;
  /** default REACH_RETRY_FAILED_MS */
  retryFailedMs?: number;
}

interface Entry {
  status: ReachStatus;
  table?: ReachTable;
  error?: unknown;
  startedAt: number;
  progress: number;
  loggedTenth: number;
  done: Promise<void>;
}

/** Bytes a table holds in memory: its values and the three per-state arrays. */
export function reachTableBytes(t: ReachTable): number {
  return t.values.byteLength + t.lo.byteLength + t.count.byteLength + t.offset.byteLength;
}

function retryAfter(e: Entry, now: number): number {
  if (e.status === 'building' && e.progress > 0.02) {
    const elapsed = (now - e.startedAt) / 1000;
    return Math.min(600, Math.max(1, Math.ceil((elapsed * (1 - e.progress)) / e.progress)));
  }
  return e.status === 'building' ? 30 : 2;
}

function failure(id: RuleSetId, err: unknown, label: string): DicewiseError {
  // A refusal the client can act on (not solved) is passed on as is; anything else is the server's table trouble.
  if (isDicewiseError(err) && err.code === 'NOT_SOLVED') return err;
  const why = err instanceof Error ? err.message : String(err);
  return new DicewiseError('TABLE_MISSING', `the ${id} ${label} could not be loaded or built: ${why}`);
}

export function createReachRegistry(opts: ReachRegistryOptions): ReachRegistry {
  const log = opts.logger ?? silentLogger;
  const label = opts.label ?? 'reach table';
  const now = opts.now ?? (() => performance.now());
  const retryFailedMs = opts.retryFailedMs ?? REACH_RETRY_FAILED_MS;
  const entries = new Map<RuleSetId, Entry>();

  const start = (id: RuleSetId): Entry => {
    const e: Entry = { status: 'loading', startedAt: now(), progress: 0, loggedTenth: 0, done: Promise.resolve() };
    entries.set(id, e);
    const hooks: LoadHooks = {
      onBuild(reason) {
        e.status = 'building';
        e.startedAt = now();
        log.info(`${label} build started`, { ruleset: id, reason });
      },
      onProgress(p: BuildProgress) {
        e.progress = p.statesTotal > 0 ? p.statesDone / p.statesTotal : 0;
        const tenth = Math.floor(e.progress * 10);
        if (tenth > e.loggedTenth && tenth < 10) {
          e.loggedTenth = tenth;
          log.info(`${label} build progress`, { ruleset: id, percent: tenth * 10 });
        }
      },
    };
    e.done = opts.load(id, hooks).then(
      (table) => {
        e.table = table;
        e.status = 'ready';
        log.info(`${label} ready`, { ruleset: id, cap: table.cap, ms: Math.round(now() - e.startedAt), bytes: reachTableBytes(table) });
      },
      (err: unknown) => {
        e.status = 'failed';
        e.error = err;
        e.startedAt = now();
        log.error(`${label} failed to load`, { ruleset: id, error: err instanceof Error ? err.message : String(err) });
      },
    );
    return e;
  };

  return {
    get(id) {
      let e = entries.get(id);
      if (e?.table) return e.table;
      if (!e || (e.status === 'failed' && now() - e.startedAt >= retryFailedMs)) e = start(id);
      if (e.status === 'failed') throw failure(id, e.error, label);
      const what = e.status === 'building' ? `being built (${Math.floor(100 * e.progress)}% done)` : 'loading';
      throw new RetryLaterError('NOT_READY', `the ${id} ${label} is ${what}; try again shortly`, retryAfter(e, now()));
    },
    state(id) {
      const e = entries.get(id);
      if (!e) return { status: 'absent' };
      const s: ReachState = { status: e.status };
      if (e.status === 'building') s.progress = e.progress;
      if (e.status === 'loading' || e.status === 'building') s.retryAfterSeconds = retryAfter(e, now());
      if (e.status === 'failed') s.error = e.error instanceof Error ? e.error.message : String(e.error);
      return s;
    },
    settled(id) {
      return entries.get(id)?.done ?? Promise.resolve();
    },
  };
}

/** A registry for an app without reach tables: every reach goal is refused (503). */
export function noReachTables(): ReachRegistry {
  const refuse = (id: RuleSetId) => new DicewiseError('TABLE_MISSING', `this server has no reach tables (${id})`);
  return {
    get(id) {
      throw refuse(id);
    },
    state: () => ({ status: 'absent' }),
    settled: () => Promise.resolve(),
  };
}

/** A registry over tables already in memory (tests, benchmarks), each loaded and ready. */
export async function staticReachRegistry(tables: Partial<Record<RuleSetId, ReachTable>>): Promise<ReachRegistry> {
  const registry = createReachRegistry({
    load: async (id) => {
      const t = tables[id];
      if (!t) throw new DicewiseError('TABLE_MISSING', `no reach table for ${id} in this registry`);
      return t;
    },
  });
  for (const id of Object.keys(tables) as RuleSetId[]) {
    try {
      registry.get(id);
    } catch {
      // The first get starts the load and answers NOT_READY; settled() waits for it.
    }
    await registry.settled(id);
  }
  return registry;
}

/** Builds a rule set's reach table (or points distribution) and writes it into `dir`; the loader then reads it back. */
export type ReachBuild = (dir: string, id: RuleSetId, opts: { cap: number; threads: number; kind: LaneKind; onProgress: (p: BuildProgress) => void }) => Promise<unknown>;

/** Builds waiting their turn; loaders sharing one run a single build at a time between them. */
export interface BuildQueue {
  tail: Promise<unknown>;
}

export interface ReachLoaderOptions {
  /** a table is (re)built unless it answers every need up to this; default REACH_CAP_DEFAULT */
  cap?: number;
  /** worker threads of a build; default one core fewer than the machine has, as requests are served meanwhile */
  threads?: number;
  /** the build (tests pass a quicker one); default buildReachInWorker */
  build?: ReachBuild;
  /** which lane table; default reach */
  kind?: LaneKind;
  /** shared with other loaders so that their builds, too, run one at a time */
  queue?: BuildQueue;
}

/**
 * Reads reach tables from `dir`, building (and writing) any that is missing, stale, corrupt or
 * capped below `cap`. Builds run one at a time, whatever the rule set: two at once would only
 * share the same cores, and each keeps its level buffers in memory.
 */
export function reachTableLoader(dir: string, opts: ReachLoaderOptions = {}): ReachLoader {
  const cap = resolveReachCap(opts.cap);
  const threads = opts.threads ?? Math.max(1, availableParallelism() - 1);
  const build = opts.build ?? buildReachInWorker;
  const kind = opts.kind ?? 'reach';
  const queue = opts.queue ?? { tail: Promise.resolve() };
  return async (id, hooks) => {
    let reason: string;
    try {
      const { table } = await readReachTable(dir, RULESETS[id], kind);
      if (table.cap >= cap) return table;
      reason = `its cap ${table.cap} is below this server's ${cap}`;
    } catch (e) {
      if (!isDicewiseError(e) || !['TABLE_MISSING', 'TABLE_STALE', 'TABLE_CORRUPT'].includes(e.code)) throw e;
      reason = e.message;
    }
    const run = queue.tail.then(() => {
      hooks.onBuild(reason);
      return build(dir, id, { threads, cap, kind, onProgress: hooks.onProgress });
    });
    queue.tail = run.catch(() => undefined);
    await run;
    // Read back as any later start would: the file on disk is the one checked (header, checksum, sizes).
    return (await readReachTable(dir, RULESETS[id], kind)).table;
  };
}
