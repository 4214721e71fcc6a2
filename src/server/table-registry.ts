import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { DicewiseError, isDicewiseError, RetryLaterError } from '../errors.ts';
import { EXACT_RULESETS, DEFAULT_SERVED_RULESETS, RULESETS, supportsTable, type RuleSetId } from '../rules/index.ts';
import {
  buildEstimate,
  describeEstimate,
  initialState,
  resolveReachCap,
  type BuildEstimate,
  type BuildProgress,
  type GameModel,
  type LaneKind,
  type ReachTable,
} from '../solver/index.ts';
import { lacksMoments, loadModel } from '../store/model-loader.ts';
import { readReachTable } from '../store/reach-store.ts';
import { checkTable, MOMENTS_SUFFIX, needsBuild, sharedTableReader, type TableReader } from '../store/table-store.ts';
import { buildTableInProcess } from '../../workers/table-build.ts';
import { threadsLowerable } from '../../workers/thread-priority.ts';
import { silentLogger, type Logger } from './logger.ts';

/**
 * Every table a server answers with, whatever its kind: the value tables behind each served rule
 * set's model, and the reach tables and points distributions of the exact rule sets (reach and
 * win goals, odds). One entry shape, one build queue: builds run one at a time (two at once
 * would only share the same cores, and each keeps its buffers in memory), the served value tables
 * first in their order (the primary decides readiness), then the goal tables planned ahead. A
 * request for a table not ready moves its build to the front of the queue and is answered 503
 * with Retry-After and the build's progress; points hints never wait for a goal table.
 */

export type TableKind = 'values' | LaneKind;

export interface TableOf {
  values: GameModel;
  reach: ReachTable;
  distribution: ReachTable;
  /** the outlook of expected-score play (solver/outlook.ts), read or built when a hint first asks for `explain` */
  outlook: ReachTable;
}

export const TABLE_KINDS: readonly TableKind[] = ['values', 'reach', 'distribution', 'outlook'];

/** The goal tables of a rule set, in the order they are built ahead. */
export const GOAL_TABLE_KINDS: readonly LaneKind[] = ['reach', 'distribution'];

export type TableStatus =
  /** a goal table nobody has asked for and none planned: loaded on first use */
  | 'absent'
  | 'queued'
  | 'loading'
  | 'building'
  | 'ready'
  | 'failed'
  /** a value table of a rule set this server was not asked to load */
  | 'not-served';

export interface TableState {
  status: TableStatus;
  /** building: fraction of states solved */
  progress?: number;
  /** building: seconds left at the rate so far, once it means something */
  etaSeconds?: number;
  /** queued, loading, building, or failed and retried: a guess at when to ask again */
  retryAfterSeconds?: number;
  error?: string;
}

/** How far the tables a request waits for are: the first one's build, and all of them together. */
export interface TableProgress {
  /** what is being built, e.g. `yahtzee reach table` */
  table: string;
  status: TableStatus;
  percent: number;
  etaSeconds?: number;
  /** tables before this request's in the build queue */
  queuedAhead: number;
}

/** A table that will be there soon: 503 with Retry-After and, while it is prepared, its progress (a problem extension member). */
export type NotReadyError = RetryLaterError & { progress?: TableProgress };

function notReadyError(message: string, retryAfterSeconds: number, progress?: TableProgress): NotReadyError {
  const e: NotReadyError = new RetryLaterError('NOT_READY', message, retryAfterSeconds);
  if (progress) e.progress = progress;
  return e;
}

export interface BuildHooks {
  onProgress(p: BuildProgress): void;
  /** false only for the primary's value table: it builds before anything is served, with every core */
  background: boolean;
}

/** Where one kind of table comes from. */
export interface TableSource<T> {
  /** The table from disk, or why it must be built (missing, stale, corrupt, too small); other errors fail the load. */
  read(id: RuleSetId): Promise<{ table: T } | { rebuild: string }>;
  /** Builds (and writes) it, then reads it back. */
  build(id: RuleSetId, hooks: BuildHooks): Promise<T>;
  /**
   * Reads what `read` checked but left for first use (an exact model's moments table, which only
   * advice reads): a server asked about one rule set then holds that one's alone.
   */
  finish?(id: RuleSetId, table: T): Promise<void>;
}

export type TableSources = { [K in TableKind]?: TableSource<TableOf[K]> };

export interface RegistryOptions {
  sources: TableSources;
  /** rule sets whose models are served, in load order; default DEFAULT_SERVED_RULESETS; the first is the primary */
  rulesets?: readonly RuleSetId[];
  /** rule sets whose goal tables are loaded (built where missing) ahead, after the value tables, in this order; default none */
  goalTables?: readonly RuleSetId[];
  logger?: Logger;
  now?: () => number;
  /**
   * Load again after a failure, waiting `firstMs`, then twice as long each time up to `maxMs` (a
   * full disk, a table folder not mounted yet): a served value table or a planned goal table by
   * itself, any other on the next request after the wait. Default: value tables fail for good,
   * goal tables are retried on request after a minute. NOT_SOLVED is always final.
   */
  retry?: { firstMs: number; maxMs: number };
}

export interface TableRegistry {
  /** the rule sets whose models this registry serves, in load order */
  readonly served: readonly RuleSetId[];
  readonly primary: RuleSetId;
  /** A served rule set's model, or a DicewiseError: NOT_READY (soon), TABLE_MISSING (not served), or why loading failed. */
  get(id: RuleSetId): GameModel;
  /**
   * The same model with every table its advice reads (get's model may still lack its moments
   * table, read on the first call here): at once when it has them, else once they are read.
   */
  complete(id: RuleSetId): GameModel | Promise<GameModel>;
  /** Any table; a goal table not loaded yet starts loading, or moves to the front of the build queue. */
  table<K extends TableKind>(kind: K, id: RuleSetId): TableOf[K];
  /** The goal tables one request needs, all moved to the front of the queue (in this order) until each is there. */
  tables<K extends LaneKind>(id: RuleSetId, kinds: readonly K[]): Pick<TableOf, K>;
  state(id: RuleSetId, kind?: TableKind): TableState;
  /** The primary rule set's model is loaded. */
  ready(): boolean;
  /** Loads every served model (the primary first), then queues the planned goal tables; resolves once every model has loaded or failed. */
  start(): Promise<void>;
  /** Resolves when the load in progress of that table (if any) has finished or failed. */
  settled(id: RuleSetId, kind?: TableKind): Promise<void>;
  /** Builds waiting their turn, first first, as `<ruleset> <kind>`. */
  queue(): string[];
  /** Every table's state that is loading, building, queued or failed, for /readyz and the log. */
  pending(): { ruleset: RuleSetId; kind: TableKind; state: TableState }[];
}

/** What each kind is called in messages and logs. */
const NAMES: Record<TableKind, { noun: string; log: string }> = {
  values: { noun: 'model', log: 'table' },
  reach: { noun: 'reach table', log: 'reach table' },
  distribution: { noun: 'points distribution table', log: 'points distribution table' },
  outlook: { noun: 'outlook table', log: 'outlook table' },
};

/** Goal tables that failed are refused this long before a request tries again (a build costs minutes of CPU). */
export const GOAL_RETRY_FAILED_MS = 60_000;

interface Entry {
  kind: TableKind;
  id: RuleSetId;
  status: TableStatus;
  table?: unknown;
  error?: unknown;
  startedAt: number;
  estimate: BuildEstimate;
  loggedTenth: number;
  failures: number;
  retryAt?: number;
  /** served model or planned goal table: retried by itself after a failure */
  wanted: boolean;
  /** values: the model once its source has finished it (TableSource.finish), and that read while it runs */
  finished?: unknown;
  finishing?: Promise<unknown>;
  /** settles once the table is read, or its build queued */
  read: Promise<void>;
  done: Promise<void>;
}

interface Job {
  entry: Entry;
  run: () => Promise<void>;
}

const keyOf = (kind: TableKind, id: RuleSetId) => `${id} ${kind}`;

/** The failure a client is told of: a refusal it can act on (not solved) as is, the server's table trouble as TABLE_MISSING. */
function failure(e: Entry): DicewiseError {
  const err = e.error;
  if (isDicewiseError(err) && (err.code === 'NOT_SOLVED' || e.kind === 'values')) return err;
  const why = err instanceof Error ? err.message : String(err);
  if (e.kind === 'values') return new DicewiseError('TABLE_MISSING', `${e.id}: the model failed to load`, [{ field: 'ruleset', message: 'failed to load' }]);
  return new DicewiseError('TABLE_MISSING', `the ${e.id} ${NAMES[e.kind].noun} could not be loaded or built: ${why}`);
}

export function createTableRegistry(opts: RegistryOptions): TableRegistry {
  const served = [...new Set(opts.rulesets ?? DEFAULT_SERVED_RULESETS)];
  if (served.length === 0) throw new DicewiseError('INVALID_OPTION', 'rulesets must name at least one rule set', [{ field: 'rulesets', message: 'empty' }]);
  const log = opts.logger ?? silentLogger;
  const now = opts.now ?? (() => performance.now());
  const entries = new Map<string, Entry>();
  const jobs: Job[] = [];
  let running: Job | undefined;
  let started: Promise<void> | undefined;

  const newEntry = (kind: TableKind, id: RuleSetId, wanted: boolean): Entry => {
    const e: Entry = { kind, id, status: 'queued', startedAt: now(), estimate: { fraction: 0, percent: 0 }, loggedTenth: 0, failures: 0, wanted, read: Promise.resolve(), done: Promise.resolve() };
    entries.set(keyOf(kind, id), e);
    return e;
  };
  for (const id of served) newEntry('values', id, true);

  const pump = () => {
    if (running || jobs.length === 0) return;
    const job = jobs.shift()!;
    running = job;
    void job.run().finally(() => {
      running = undefined;
      pump();
    });
  };

  /** Seconds until a table is likely there; a guess, clamped. */
  const retryAfter = (e: Entry): number => {
    if (e.status === 'loading') return 2;
    if (e.status === 'building') return Math.min(600, e.estimate.etaSeconds ?? (e.kind === 'values' ? 20 : 30));
    if (e.status === 'failed' && e.retryAt !== undefined) return Math.max(1, Math.ceil((e.retryAt - now()) / 1000));
    const ahead = running && running.entry !== e ? retryAfter(running.entry) : 0;
    return Math.min(600, Math.max(e.kind === 'values' ? 30 : 2, ahead));
  };

  const fail = (e: Entry, err: unknown) => {
    e.status = 'failed';
    e.error = err;
    e.failures++;
    // The log gets the whole story (file paths included); clients get the error without them.
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
    const fields: Record<string, unknown> = { ruleset: e.id, table: e.kind, error: cause instanceof Error ? cause.message : String(cause) };
    // A build stopped by the server closing is not retried, and is no failure to report.
    const stopped = isDicewiseError(err) && err.code === 'CANCELLED';
    const final = stopped || (isDicewiseError(err) && err.code === 'NOT_SOLVED');
    if (!final && (opts.retry || e.kind !== 'values')) {
      const delay = opts.retry ? Math.min(opts.retry.maxMs, opts.retry.firstMs * 2 ** (e.failures - 1)) : GOAL_RETRY_FAILED_MS;
      e.retryAt = now() + delay;
      fields.retryInMs = delay;
      if (opts.retry && e.wanted) setTimeout(() => void open(e.kind, e.id, false), delay).unref?.();
    }
    const what = e.kind === 'values' ? 'model' : NAMES[e.kind].noun;
    if (stopped) log.info(`${what} build stopped`, fields);
    else log.error(`${what} failed to load`, fields);
  };

  const ready = (e: Entry, table: unknown) => {
    e.table = table;
    e.finished = undefined;
    e.finishing = undefined;
    e.status = 'ready';
    e.retryAt = undefined;
    const ms = Math.round(now() - e.startedAt);
    if (e.kind === 'values') {
      const model = table as GameModel;
      log.info('model ready', { ruleset: e.id, ms, startValue: model.value(initialState(model.rs)) });
    } else {
      const t = table as ReachTable;
      log.info(`${NAMES[e.kind].log} ready`, { ruleset: e.id, cap: t.cap, ms, bytes: reachTableBytes(t) });
    }
  };

  /** Reads the table; where it must be built, queues the build (at the front when a request waits for it). */
  const open = (kind: TableKind, id: RuleSetId, urgent: boolean): Entry => {
    const source = opts.sources[kind] as TableSource<unknown> | undefined;
    let e = entries.get(keyOf(kind, id));
    if (!e) e = newEntry(kind, id, false);
    const entry = e;
    entry.status = 'loading';
    entry.startedAt = now();
    entry.error = undefined;
    entry.retryAt = undefined;
    let readDone!: () => void;
    entry.read = new Promise<void>((r) => (readDone = r));
    entry.done = (async () => {
      try {
        if (!source) throw new DicewiseError('TABLE_MISSING', `this server has no ${NAMES[kind].noun}s (${id})`);
        const read = await source.read(id).finally(readDone);
        if ('table' in read) return ready(entry, read.table);
        entry.status = 'queued';
        await new Promise<void>((resolveJob, rejectJob) => {
          const job: Job = {
            entry,
            run: async () => {
              entry.status = 'building';
              entry.startedAt = now();
              entry.estimate = { fraction: 0, percent: 0 };
              entry.loggedTenth = 0;
              const background = !(kind === 'values' && id === served[0]);
              log.info(`${NAMES[kind].log} build started`, { ruleset: id, reason: read.rebuild, background });
              try {
                const table = await source.build(id, {
                  background,
                  onProgress(p) {
                    entry.estimate = buildEstimate(p, now() - entry.startedAt);
                    const tenth = Math.floor(entry.estimate.fraction * 10);
                    if (tenth > entry.loggedTenth && tenth < 10) {
                      entry.loggedTenth = tenth;
                      log.info(`${NAMES[kind].log} build progress`, { ruleset: id, percent: tenth * 10, etaSeconds: entry.estimate.etaSeconds });
                    }
                  },
                });
                ready(entry, table);
                resolveJob();
              } catch (err) {
                rejectJob(err);
              }
            },
          };
          if (urgent) jobs.unshift(job);
          else jobs.push(job);
          pump();
        });
      } catch (err) {
        fail(entry, err);
      } finally {
        readDone();
      }
    })();
    return entry;
  };

  /** Planned (or served) but not read yet: queued in name only. */
  const unopened = (e: Entry) => e.status === 'queued' && running?.entry !== e && !jobs.some((j) => j.entry === e);

  /** A request waits for this table: start it, or move its build to the front. */
  const promote = (kind: TableKind, id: RuleSetId): Entry | undefined => {
    const e = entries.get(keyOf(kind, id));
    if (kind === 'values' && !e) return undefined;
    if (kind === 'values' && unopened(e!)) return e;
    if (!e || e.status === 'absent' || unopened(e) || (e.status === 'failed' && e.retryAt !== undefined && now() >= e.retryAt)) return open(kind, id, true);
    const at = jobs.findIndex((j) => j.entry === e);
    if (at > 0) jobs.unshift(...jobs.splice(at, 1));
    return e;
  };

  const notReady = (waiting: Entry[]): NotReadyError => {
    const first = waiting[0];
    const building = running?.entry;
    const ahead = first.status === 'queued' ? jobs.findIndex((j) => j.entry === first) + (building ? 1 : 0) : 0;
    // While this request's tables wait behind a build, that build's progress is what there is to show.
    const shown = first.status === 'queued' && building && !waiting.includes(building) ? building : first;
    const progress: TableProgress = { table: `${shown.id} ${NAMES[shown.kind].noun}`, status: shown.status, percent: shown.status === 'building' ? shown.estimate.percent : 0, queuedAhead: Math.max(0, ahead) };
    if (shown.status === 'building' && shown.estimate.etaSeconds !== undefined) progress.etaSeconds = shown.estimate.etaSeconds;
    const what = (e: Entry) => (e.status === 'building' ? `being built (${describeEstimate(e.estimate)})` : e.status);
    let message = `the ${first.id} ${NAMES[first.kind].noun} is ${what(first)}`;
    if (shown !== first) message += `, waiting for the ${shown.id} ${NAMES[shown.kind].noun}, ${what(shown)}`;
    if (waiting.length > 1) message += `; then ${waiting.slice(1).map((e) => `its ${NAMES[e.kind].noun}`).join(' and ')}`;
    return notReadyError(`${message}; try again shortly`, retryAfter(first), progress);
  };

  const tableOf = (kind: TableKind, id: RuleSetId): unknown => {
    const e = promote(kind, id);
    if (!e) {
      throw new DicewiseError('TABLE_MISSING', `${id} is not served here; start the server with --rulesets including ${id}`, [{ field: 'ruleset', message: 'not served' }]);
    }
    if (e.status === 'ready') return e.table;
    if (e.status === 'failed') {
      if (kind === 'values' && e.retryAt !== undefined) throw notReadyError(`${id} failed to load and is retried; try again later`, retryAfter(e));
      throw failure(e);
    }
    throw notReady([e]);
  };

  const stateOf = (e: Entry | undefined, kind: TableKind): TableState => {
    if (!e) return { status: kind === 'values' ? 'not-served' : 'absent' };
    const s: TableState = { status: e.status };
    if (e.status === 'building') {
      s.progress = e.estimate.fraction;
      if (e.estimate.etaSeconds !== undefined) s.etaSeconds = e.estimate.etaSeconds;
    }
    if (e.status === 'queued' || e.status === 'loading' || e.status === 'building') s.retryAfterSeconds = retryAfter(e);
    if (e.status === 'failed') {
      s.error = e.error instanceof Error ? e.error.message : String(e.error);
      if (e.retryAt !== undefined && (opts.retry || kind === 'values')) s.retryAfterSeconds = retryAfter(e);
    }
    return s;
  };

  return {
    served,
    primary: served[0],
    get: (id) => tableOf('values', id) as GameModel,
    complete(id) {
      const model = tableOf('values', id) as GameModel;
      const finish = opts.sources.values?.finish;
      const e = entries.get(keyOf('values', id))!;
      if (!finish || e.finished === model) return model;
      if (!e.finishing) {
        const startedAt = now();
        // A failed read (the moments file gone or damaged since start) still answers, without the
        // final score's SD, and is tried again by the next request.
        const p: Promise<GameModel> = finish(id, model).then(
          () => {
            if (e.table === model) e.finished = model;
            log.info('model completed', { ruleset: id, ms: Math.round(now() - startedAt) });
            return model;
          },
          (err: unknown) => {
            if (e.finishing === p) e.finishing = undefined;
            log.warn('model not completed: its advice goes without what the missing table gives', { ruleset: id, error: err instanceof Error ? err.message : String(err) });
            return model;
          },
        );
        e.finishing = p;
      }
      return e.finishing as Promise<GameModel>;
    },
    table: <K extends TableKind>(kind: K, id: RuleSetId) => tableOf(kind, id) as TableOf[K],
    tables<K extends LaneKind>(id: RuleSetId, kinds: readonly K[]) {
      // Promoted last to first, so that the first needed ends up at the very front.
      for (const kind of [...kinds].reverse()) promote(kind, id);
      const waiting = kinds.map((k) => entries.get(keyOf(k, id))!).filter((e) => e.status !== 'ready');
      const failed = waiting.find((e) => e.status === 'failed');
      if (failed) throw failure(failed);
      if (waiting.length > 0) throw notReady(waiting);
      const out = {} as Pick<TableOf, K>;
      for (const kind of kinds) out[kind] = entries.get(keyOf(kind, id))!.table as TableOf[K];
      return out;
    },
    state: (id, kind = 'values') => stateOf(entries.get(keyOf(kind, id)), kind),
    ready: () => entries.get(keyOf('values', served[0]))!.status === 'ready',
    start() {
      started ??= (async () => {
        // One read at a time, in order: the builds queue in that order, and the tables never all sit in memory twice at once.
        const models: Entry[] = [];
        for (const id of served) {
          const e = open('values', id, false);
          models.push(e);
          await e.read;
        }
        for (const id of opts.goalTables ?? []) {
          for (const kind of GOAL_TABLE_KINDS) if (!entries.has(keyOf(kind, id))) newEntry(kind, id, true);
        }
        const planned = (async () => {
          for (const id of opts.goalTables ?? []) {
            for (const kind of GOAL_TABLE_KINDS) {
              const e = entries.get(keyOf(kind, id))!;
              // A request may have started it meanwhile.
              if (unopened(e)) await open(kind, id, false).read;
            }
          }
        })();
        await Promise.all([...models.map((e) => e.done), planned]);
      })();
      return started;
    },
    settled: (id, kind = 'values') => entries.get(keyOf(kind, id))?.done ?? Promise.resolve(),
    queue: () => jobs.map((j) => keyOf(j.entry.kind, j.entry.id)),
    pending() {
      const out: { ruleset: RuleSetId; kind: TableKind; state: TableState }[] = [];
      for (const e of entries.values()) if (e.status !== 'ready' && e.status !== 'absent') out.push({ ruleset: e.id, kind: e.kind, state: stateOf(e, e.kind) });
      return out;
    },
  };
}

/** Bytes a goal table holds in memory: its values and the three per-state arrays. */
export function reachTableBytes(t: ReachTable): number {
  return t.values.byteLength + t.lo.byteLength + t.count.byteLength + t.offset.byteLength;
}

/**
 * Which rule sets' goal tables a server builds ahead, from `--goal-tables` or DICEWISE_GOAL_TABLES:
 * `all` (every served exact rule set, most played first), `none`, or a comma-separated list of
 * ids; a bad value throws naming `field`. Default: the served single-column rule sets.
 */
export function parseGoalTables(text: string | undefined, served: readonly RuleSetId[], field: string): RuleSetId[] {
  const exact = EXACT_RULESETS.filter((id) => served.includes(id));
  const value = text?.trim();
  if (value === undefined || value === 'all') return exact;
  if (value === 'none') return [];
  const ids = value.split(',').map((s) => s.trim());
  const bad = (message: string) => new DicewiseError('INVALID_OPTION', `${field} ${message}`, [{ field, message }]);
  if (ids.some((s) => s === '')) throw bad(`must be all, none or a comma-separated list of rule sets, got ${JSON.stringify(text)}`);
  for (const id of ids) {
    if (!(EXACT_RULESETS as readonly string[]).includes(id)) throw bad(`has ${JSON.stringify(id)}, which has no goal tables; those with them: ${EXACT_RULESETS.join(', ')}`);
    if (!served.includes(id as RuleSetId)) throw bad(`has ${id}, which this server does not serve (--rulesets)`);
  }
  return [...new Set(ids as RuleSetId[])];
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

/** Builds a goal table and writes it into `dir`; the source then reads it back. */
export type GoalBuild = (dir: string, id: RuleSetId, opts: { cap: number; threads: number; kind: LaneKind; onProgress: (p: BuildProgress) => void }) => Promise<unknown>;

export interface DiskSourceOptions {
  /** threads for the primary's value table; default all cores */
  threads?: number;
  /**
   * threads for every later build, while requests are served, at the lowest CPU priority; default
   * all cores, or one fewer where a thread cannot lower itself alone (not Linux)
   */
  backgroundThreads?: number;
  /** a goal table is (re)built unless it answers every need up to this; default REACH_CAP_DEFAULT */
  cap?: number;
  /** the goal table build (tests pass a quicker one); default a build in a process of its own (workers/table-build.ts) */
  build?: GoalBuild;
  /** how value tables are read (serve.ts hands the same reader's tables to its batch threads); default a new sharedTableReader */
  read?: TableReader;
  /** stops the builds in progress (their processes are killed) and refuses new ones: a server closing */
  signal?: AbortSignal;
}

/**
 * Tables read from `dir`, built and written there when missing, stale, corrupt or (goal tables)
 * capped below `cap`. A value table's build also builds its moments table: a server's advice
 * carries the final score's SD.
 */
export function diskSources(dir: string, opts: DiskSourceOptions = {}): Required<TableSources> {
  const cores = availableParallelism();
  const threads = opts.threads ?? cores;
  const backgroundThreads = opts.backgroundThreads ?? opts.threads ?? (threadsLowerable() ? cores : Math.max(1, cores - 1));
  const cap = resolveReachCap(opts.cap);
  const build: GoalBuild = opts.build ?? ((d, i, o) => buildTableInProcess({ dir: d, id: i, kind: o.kind, threads: o.threads, cap: o.cap, background: true }, o.onProgress, opts.signal));
  const hidePaths = (e: unknown): never => {
    throw withoutPaths(e, dir);
  };
  // One copy of each table file, whichever models read it (yahtzee and Triple Yahtzee's columns),
  // in shared memory: the batch threads are handed these copies (serve.ts) instead of reading their own.
  const read = opts.read ?? sharedTableReader();
  const values: TableSource<GameModel> = {
    async read(id) {
      try {
        // The moments table (twice the value table) is only checked here, and read on first use.
        const model = await loadModel(dir, id, { read, moments: false });
        if (supportsTable(model.rs, 'moments')) {
          try {
            await checkTable(dir, model.rs, MOMENTS_SUFFIX);
          } catch (e) {
            if (isDicewiseError(e)) return { rebuild: `no moments table for ${id}` };
            throw e;
          }
        }
        return { table: model };
      } catch (e) {
        if (needsBuild(e)) return { rebuild: (e as Error).message };
        return hidePaths(e);
      }
    },
    async finish(id, model) {
      if (!lacksMoments(model, { moments: true })) return;
      const { values } = await read(dir, model.rs, MOMENTS_SUFFIX).catch(hidePaths);
      model.moments = values;
    },
    // Built in a process of its own, which looks again under the folder's build lock (another
    // process may have built it meanwhile), then read from its file as a restart reads it: the
    // moments on first use (finish), and none of the build's memory stays in this process.
    build: async (id, hooks) => {
      const background = hooks.background;
      await buildTableInProcess({ dir, id, kind: 'values', threads: background ? backgroundThreads : threads, background }, hooks.onProgress, opts.signal).catch(hidePaths);
      return loadModel(dir, id, { read, moments: false }).catch(hidePaths);
    },
  };
  const lane = (kind: LaneKind): TableSource<ReachTable> => ({
    async read(id) {
      try {
        // Shared memory: the batch workers are handed this copy rather than each reading its own.
        const { table } = await readReachTable(dir, RULESETS[id], kind, { shared: true });
        // An outlook counts no points: it has no cap to fall short of.
        return kind === 'outlook' || table.cap >= cap ? { table } : { rebuild: `its cap ${table.cap} is below this server's ${cap}` };
      } catch (e) {
        if (needsBuild(e)) return { rebuild: (e as Error).message };
        return hidePaths(e);
      }
    },
    async build(id, hooks) {
      await build(dir, id, { threads: backgroundThreads, cap, kind, onProgress: hooks.onProgress });
      // Read back as any later start would: the file on disk is the one checked (header, checksum, sizes).
      return (await readReachTable(dir, RULESETS[id], kind, { shared: true })).table;
    },
  });
  return { values, reach: lane('reach'), distribution: lane('distribution'), outlook: lane('outlook') };
}

/** A registry over tables already in memory (tests, benchmarks), each loaded and ready. */
export async function staticRegistry(
  models: readonly GameModel[],
  lanes: { [K in LaneKind]?: Partial<Record<RuleSetId, ReachTable>> } = {},
  logger?: Logger,
): Promise<TableRegistry> {
  const byId = new Map(models.map((m) => [m.rs.id, m] as const));
  const fixed = <T>(kind: TableKind, get: (id: RuleSetId) => T | undefined): TableSource<T> => ({
    async read(id) {
      const table = get(id);
      if (table === undefined) throw new DicewiseError('TABLE_MISSING', `no ${NAMES[kind].noun} for ${id} in this registry`);
      return { table };
    },
    build: () => Promise.reject(new Error('a static registry builds nothing')),
  });
  const registry = createTableRegistry({
    rulesets: models.map((m) => m.rs.id),
    sources: {
      values: fixed('values', (id) => byId.get(id)),
      reach: fixed('reach', (id) => lanes.reach?.[id]),
      distribution: fixed('distribution', (id) => lanes.distribution?.[id]),
      outlook: fixed('outlook', (id) => lanes.outlook?.[id]),
    },
    logger,
  });
  await registry.start();
  for (const kind of [...GOAL_TABLE_KINDS, 'outlook'] as const) {
    for (const id of Object.keys(lanes[kind] ?? {}) as RuleSetId[]) {
      try {
        registry.table(kind, id);
      } catch {
        // The first request starts the load and answers NOT_READY; settled() waits for it.
      }
      await registry.settled(id, kind);
    }
  }
  return registry;
}
