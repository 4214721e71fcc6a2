import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { DicewiseError, isDicewiseError, RetryLaterError } from '../errors.ts';
import type { RuleSetId } from '../rules/index.ts';
import { initialState, type BuildProgress, type GameModel } from '../solver/index.ts';
import { ensureModel } from '../store/model-loader.ts';
import { solverThreads } from '../../workers/pool.ts';
import { silentLogger, type Logger } from './logger.ts';

/**
 * The models a server answers with. Served rule sets load one after another, the first (the
 * primary, `yahtzee` by default) before the rest so that the server is ready as soon as it can
 * answer the common case; a missing table is built on the way (seconds to a minute each).
 */

/**
 * Every rule set, `yahtzee` first: it decides readiness. The exact single-column ones load next;
 * the multi-column ones (approximate models over their column tables) last, as Superpass's
 * column tables take the longest to build on a first start.
 */
export const DEFAULT_SERVED: readonly RuleSetId[] = ['yahtzee', 'yahtzee-free-joker', 'yahtzee-no-bonus', 'yatzy', 'triple-yahtzee', 'superpass'];

export type ModelStatus =
  | 'queued'
  | 'loading'
  | 'building'
  | 'ready'
  | 'failed'
  /** this server was not asked to load it */
  | 'not-served';

export interface RuleSetState {
  status: ModelStatus;
  /** building: fraction of states solved */
  progress?: number;
  /** queued, loading, building: a guess at when to ask again */
  retryAfterSeconds?: number;
  error?: string;
}

export interface LoadHooks {
  onBuild(reason: string): void;
  onProgress(p: BuildProgress): void;
}

/** Loads one rule set's model; `background` is true after the primary, when requests are being served. */
export type ModelLoader = (id: RuleSetId, hooks: LoadHooks, background: boolean) => Promise<GameModel>;

export interface ModelRegistry {
  /** the rule sets this registry loads, in load order */
  readonly served: readonly RuleSetId[];
  readonly primary: RuleSetId;
  /** The model, or a DicewiseError: NOT_READY (soon), TABLE_MISSING (not served), or why loading failed (NOT_SOLVED, TABLE_*). */
  get(id: RuleSetId): GameModel;
  state(id: RuleSetId): RuleSetState;
  /** The primary rule set is loaded. */
  ready(): boolean;
  /** Loads every served rule set, the primary first; resolves when all have loaded or failed. */
  start(): Promise<void>;
}

export interface RegistryOptions {
  load: ModelLoader;
  /** default DEFAULT_SERVED; the first is the primary */
  rulesets?: readonly RuleSetId[];
  logger?: Logger;
  now?: () => number;
  /**
   * Load again after a failure, waiting `firstMs`, then twice as long each time up to `maxMs`
   * (a full disk, a table folder not mounted yet). Default: a failure is final. NOT_SOLVED is
   * always final: no retry can give a rule set a model it does not have.
   */
  retry?: { firstMs: number; maxMs: number };
}

interface Entry {
  status: ModelStatus;
  model?: GameModel;
  error?: unknown;
  startedAt: number;
  progress: number;
  loggedTenth: number;
  failures: number;
  retryAt?: number;
}

/** Seconds until a rule set still in the queue or being built is likely ready; a guess, clamped. */
function retryAfter(e: Entry, now: number): number {
  if (e.status === 'loading') return 2;
  if (e.status === 'building' && e.progress > 0.02) {
    const elapsed = (now - e.startedAt) / 1000;
    return Math.min(600, Math.max(1, Math.ceil((elapsed * (1 - e.progress)) / e.progress)));
  }
  return e.status === 'building' ? 20 : 30;
}

export function createModelRegistry(opts: RegistryOptions): ModelRegistry {
  const served = [...new Set(opts.rulesets ?? DEFAULT_SERVED)];
  if (served.length === 0) throw new DicewiseError('INVALID_OPTION', 'rulesets must name at least one rule set', [{ field: 'rulesets', message: 'empty' }]);
  const log = opts.logger ?? silentLogger;
  const now = opts.now ?? (() => performance.now());
  const entries = new Map<RuleSetId, Entry>();
  for (const id of served) entries.set(id, { status: 'queued', startedAt: 0, progress: 0, loggedTenth: 0, failures: 0 });
  let started: Promise<void> | undefined;

  const loadOne = async (id: RuleSetId, background: boolean) => {
    const e = entries.get(id)!;
    e.status = 'loading';
    e.startedAt = now();
    try {
      e.model = await opts.load(
        id,
        {
          onBuild(reason) {
            e.status = 'building';
            e.startedAt = now();
            log.info('table build started', { ruleset: id, reason, background });
          },
          onProgress(p) {
            e.progress = p.statesTotal > 0 ? p.statesDone / p.statesTotal : 0;
            const tenth = Math.floor(e.progress * 10);
            if (tenth > e.loggedTenth && tenth < 10) {
              e.loggedTenth = tenth;
              log.info('table build progress', { ruleset: id, percent: tenth * 10 });
            }
          },
        },
        background,
      );
      e.status = 'ready';
      const ms = Math.round(now() - e.startedAt);
      log.info('model ready', { ruleset: id, ms, startValue: e.model.value(initialState(e.model.rs)) });
    } catch (err) {
      e.status = 'failed';
      e.error = err;
      e.failures++;
      // The log gets the whole story (file paths included); clients get the error without them.
      const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
      const fields: Record<string, unknown> = { ruleset: id, error: cause instanceof Error ? cause.message : String(cause) };
      if (opts.retry && !(isDicewiseError(err) && err.code === 'NOT_SOLVED')) {
        const delay = Math.min(opts.retry.maxMs, opts.retry.firstMs * 2 ** (e.failures - 1));
        e.retryAt = now() + delay;
        fields.retryInMs = delay;
        setTimeout(() => void loadOne(id, true), delay).unref?.();
      }
      log.error('model failed to load', fields);
    }
  };

  return {
    served,
    primary: served[0],
    get(id) {
      const e = entries.get(id);
      if (e?.model) return e.model;
      if (!e) {
        throw new DicewiseError('TABLE_MISSING', `${id} is not served here; start the server with --rulesets including ${id}`, [
          { field: 'ruleset', message: 'not served' },
        ]);
      }
      if (e.status === 'failed') {
        if (e.retryAt !== undefined) throw new RetryLaterError('NOT_READY', `${id} failed to load and is retried; try again later`, Math.max(1, Math.ceil((e.retryAt - now()) / 1000)));
        if (isDicewiseError(e.error)) throw e.error;
        throw new DicewiseError('TABLE_MISSING', `${id}: the model failed to load`, [{ field: 'ruleset', message: 'failed to load' }]);
      }
      throw new RetryLaterError('NOT_READY', `${id} is ${e.status === 'building' ? 'being built' : e.status}; try again shortly`, retryAfter(e, now()));
    },
    state(id) {
      const e = entries.get(id);
      if (!e) return { status: 'not-served' };
      const s: RuleSetState = { status: e.status };
      if (e.status === 'building') s.progress = e.progress;
      if (e.status === 'queued' || e.status === 'loading' || e.status === 'building') s.retryAfterSeconds = retryAfter(e, now());
      if (e.status === 'failed') s.error = e.error instanceof Error ? e.error.message : String(e.error);
      if (e.status === 'failed' && e.retryAt !== undefined) s.retryAfterSeconds = Math.max(1, Math.ceil((e.retryAt - now()) / 1000));
      return s;
    },
    ready() {
      return entries.get(served[0])!.status === 'ready';
    },
    start() {
      started ??= (async () => {
        for (const [i, id] of served.entries()) await loadOne(id, i > 0);
      })();
      return started;
    },
  };
}

export interface TableLoaderOptions {
  /** threads for the primary build; default all cores */
  threads?: number;
  /** threads for later builds, while requests are served; default one core fewer */
  backgroundThreads?: number;
}

/**
 * The error without the table folder's absolute path, which is the server's business, not its
 * clients' (`<tables>` stands for it); the original stays as the cause, for the log. An error of
 * the file system becomes TABLE_MISSING.
 */
export function withoutPaths(e: unknown, dir: string): unknown {
  if (!(e instanceof Error)) return e;
  const folder = resolve(dir);
  if (!e.message.includes(folder)) return e;
  const message = e.message.replaceAll(folder, '<tables>');
  const out = isDicewiseError(e) ? new DicewiseError(e.code, message, e.issues) : new DicewiseError('TABLE_MISSING', `cannot read the table: ${message}`);
  out.cause = e;
  return out;
}

/** Loads tables from `dir`, building and writing any that are missing or stale. */
export function tableLoader(dir: string, opts: TableLoaderOptions = {}): ModelLoader {
  const cores = availableParallelism();
  const threads = opts.threads ?? cores;
  const backgroundThreads = opts.backgroundThreads ?? Math.max(1, cores - 1);
  return async (id, hooks, background) => {
    try {
      return await ensureModel(dir, id, {
        threads: background ? backgroundThreads : threads,
        solver: solverThreads,
        // The server's advice carries the final score's SD: its moments table is built with the values.
        moments: true,
        onBuild: (_id, reason) => hooks.onBuild(reason),
        onProgress: hooks.onProgress,
      });
    } catch (e) {
      throw withoutPaths(e, dir);
    }
  };
}

/** A registry over models already in memory (tests, benchmarks), loaded and ready. */
export async function staticRegistry(models: readonly GameModel[], logger?: Logger): Promise<ModelRegistry> {
  const byId = new Map(models.map((m) => [m.rs.id, m] as const));
  const registry = createModelRegistry({ rulesets: models.map((m) => m.rs.id), load: async (id) => byId.get(id)!, logger });
  await registry.start();
  return registry;
}
