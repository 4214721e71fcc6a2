import { DicewiseError, isDicewiseError } from '../errors.ts';
import { DEFAULT_SERVED_RULESETS, type RuleSetId } from '../rules/index.ts';
import { buildEstimate, initialState, type GameModel, type LaneKind, type LaneTableOf } from '../solver/index.ts';
import { laneTableBytes } from '../store/reach-store.ts';
import { GOAL_TABLE_KINDS, memorySources, TABLE_NAMES, type TableKind, type TableOf, type TableSource, type TableSources } from '../store/table-sources.ts';
import { createBuildQueue, type BuildQueue } from './build-queue.ts';
import { silentLogger, type Logger } from './logger.ts';
import { entryState, failureOf, keyOf, newEntry, notReadyError, notReadyFor, retryAfterSeconds, type Entry, type TableState } from './table-entry.ts';

/**
 * Every table a server answers with, whatever its kind: the value tables behind each served rule
 * set's model, and the reach tables and points distributions of the exact rule sets (reach and
 * win goals, odds). One entry shape, one build queue (build-queue.ts): the served value tables
 * first in their order (the primary decides readiness), then the goal tables planned ahead. A
 * request for a table not ready moves its build to the front of the queue and is answered 503
 * with Retry-After and the build's progress; points hints never wait for a goal table. Where
 * the tables come from, and how they are built, is the sources' (src/store/table-sources.ts).
 */

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
   * goal tables are retried on request after GOAL_RETRY_FAILED_MS. NOT_SOLVED is always final.
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

/** Goal tables that failed are refused this long before a request tries again (a build costs minutes of CPU), where no `retry` is given. */
export const GOAL_RETRY_FAILED_MS = 60_000;

/** A registry's state, passed explicitly to the functions below. */
interface Registry {
  sources: TableSources;
  served: readonly RuleSetId[];
  goalTables: readonly RuleSetId[];
  log: Logger;
  now: () => number;
  retry: { firstMs: number; maxMs: number } | undefined;
  entries: Map<string, Entry>;
  builds: BuildQueue<Entry>;
  started?: Promise<void>;
}

function addEntry(r: Registry, kind: TableKind, id: RuleSetId, wanted: boolean): Entry {
  const e = newEntry(kind, id, wanted, r.now());
  r.entries.set(keyOf(kind, id), e);
  return e;
}

const stateOf = (r: Registry, e: Entry | undefined, kind: TableKind) => entryState(e, kind, r.builds.running, r.now(), r.retry !== undefined);
const retryAfter = (r: Registry, e: Entry) => retryAfterSeconds(e, r.builds.running, r.now());

function markFailed(r: Registry, e: Entry, err: unknown): void {
  e.status = 'failed';
  e.error = err;
  e.failures++;
  // The log gets the whole story (file paths included); clients get the error without them.
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  const fields: Record<string, unknown> = { ruleset: e.id, table: e.kind, error: cause instanceof Error ? cause.message : String(cause) };
  // A build stopped by the server closing is not retried, and is no failure to report.
  const stopped = isDicewiseError(err) && err.code === 'CANCELLED';
  const final = stopped || (isDicewiseError(err) && err.code === 'NOT_SOLVED');
  if (!final && (r.retry || e.kind !== 'values')) {
    const delay = r.retry ? Math.min(r.retry.maxMs, r.retry.firstMs * 2 ** (e.failures - 1)) : GOAL_RETRY_FAILED_MS;
    e.retryAt = r.now() + delay;
    fields.retryInMs = delay;
    if (r.retry && e.wanted) setTimeout(() => void open(r, e.kind, e.id, false), delay).unref?.();
  }
  const what = e.kind === 'values' ? 'model' : TABLE_NAMES[e.kind].noun;
  if (stopped) r.log.info(`${what} build stopped`, fields);
  else r.log.error(`${what} failed to load`, fields);
}

function markReady(r: Registry, e: Entry, table: unknown): void {
  e.table = table;
  e.finished = undefined;
  e.finishing = undefined;
  e.status = 'ready';
  e.retryAt = undefined;
  const ms = Math.round(r.now() - e.startedAt);
  if (e.kind === 'values') {
    const model = table as GameModel;
    r.log.info('model ready', { ruleset: e.id, ms, startValue: model.value(initialState(model.rs)) });
  } else {
    const t = table as LaneTableOf[LaneKind];
    // An outlook table counts no points: it has no cap.
    r.log.info(`${TABLE_NAMES[e.kind].log} ready`, { ruleset: e.id, ...(t.kind === 'outlook' ? {} : { cap: t.cap }), ms, bytes: laneTableBytes(t) });
  }
}

/** The build of one table, run when its turn in the queue comes; it ends ready or failed. */
function buildJob(r: Registry, e: Entry, source: TableSource<unknown>, reason: string): () => Promise<void> {
  const { kind, id } = e;
  return async () => {
    e.status = 'building';
    e.startedAt = r.now();
    e.estimate = { fraction: 0, percent: 0 };
    e.loggedTenth = 0;
    const background = !(kind === 'values' && id === r.served[0]);
    r.log.info(`${TABLE_NAMES[kind].log} build started`, { ruleset: id, reason, background });
    try {
      const table = await source.build(id, {
        background,
        onProgress(p) {
          e.estimate = buildEstimate(p, r.now() - e.startedAt);
          const tenth = Math.floor(e.estimate.fraction * 10);
          if (tenth > e.loggedTenth && tenth < 10) {
            e.loggedTenth = tenth;
            r.log.info(`${TABLE_NAMES[kind].log} build progress`, { ruleset: id, percent: tenth * 10, etaSeconds: e.estimate.etaSeconds });
          }
        },
      });
      markReady(r, e, table);
    } catch (err) {
      markFailed(r, e, err);
    }
  };
}

/** Reads the table; where it must be built, queues the build (at the front when a request waits for it). */
function open(r: Registry, kind: TableKind, id: RuleSetId, urgent: boolean): Entry {
  const e = r.entries.get(keyOf(kind, id)) ?? addEntry(r, kind, id, false);
  e.status = 'loading';
  e.startedAt = r.now();
  e.error = undefined;
  e.retryAt = undefined;
  let readDone!: () => void;
  e.read = new Promise<void>((resolve) => (readDone = resolve));
  e.done = (async () => {
    const source = r.sources[kind] as TableSource<unknown> | undefined;
    try {
      if (!source) throw new DicewiseError('TABLE_MISSING', `this server has no ${TABLE_NAMES[kind].noun}s (${id})`);
      const read = await source.read(id).finally(readDone);
      if ('table' in read) return markReady(r, e, read.table);
      e.status = 'queued';
      await r.builds.add(e, buildJob(r, e, source, read.rebuild), urgent);
    } catch (err) {
      markFailed(r, e, err);
    } finally {
      readDone();
    }
  })();
  return e;
}

/** Planned (or served) but not read yet: queued in name only. */
const unopened = (r: Registry, e: Entry) => e.status === 'queued' && !r.builds.holds(e);

/** A request waits for this table: start it, or move its build to the front. */
function promote(r: Registry, kind: TableKind, id: RuleSetId): Entry | undefined {
  const e = r.entries.get(keyOf(kind, id));
  if (kind === 'values' && !e) return undefined;
  if (kind === 'values' && unopened(r, e!)) return e;
  if (!e || e.status === 'absent' || unopened(r, e) || (e.status === 'failed' && e.retryAt !== undefined && r.now() >= e.retryAt)) return open(r, kind, id, true);
  r.builds.promote(e);
  return e;
}

function notReady(r: Registry, waiting: Entry[]): Error {
  return notReadyFor(waiting, r.builds.running, r.builds.indexOf(waiting[0]), r.now());
}

function tableOf(r: Registry, kind: TableKind, id: RuleSetId): unknown {
  const e = promote(r, kind, id);
  if (!e) {
    throw new DicewiseError('TABLE_MISSING', `${id} is not served here; start the server with --rulesets including ${id}`, [{ field: 'ruleset', message: 'not served' }]);
  }
  if (e.status === 'ready') return e.table;
  if (e.status === 'failed') {
    if (kind === 'values' && e.retryAt !== undefined) throw notReadyError(`${id} failed to load and is retried; try again later`, retryAfter(r, e));
    throw failureOf(e);
  }
  throw notReady(r, [e]);
}

/** The model with what its source reads on first use (TableSource.finish), once. */
function completeModel(r: Registry, id: RuleSetId): GameModel | Promise<GameModel> {
  const model = tableOf(r, 'values', id) as GameModel;
  const finish = r.sources.values?.finish;
  const e = r.entries.get(keyOf('values', id))!;
  if (!finish || e.finished === model) return model;
  if (!e.finishing) {
    const startedAt = r.now();
    // A failed read (the moments file gone or damaged since start) still answers, without the
    // final score's SD, and is tried again by the next request.
    const p: Promise<GameModel> = finish(id, model).then(
      () => {
        if (e.table === model) e.finished = model;
        r.log.info('model completed', { ruleset: id, ms: Math.round(r.now() - startedAt) });
        return model;
      },
      (err: unknown) => {
        if (e.finishing === p) e.finishing = undefined;
        r.log.warn('model not completed: its advice goes without what the missing table gives', { ruleset: id, error: err instanceof Error ? err.message : String(err) });
        return model;
      },
    );
    e.finishing = p;
  }
  return e.finishing as Promise<GameModel>;
}

function goalTablesFor<K extends LaneKind>(r: Registry, id: RuleSetId, kinds: readonly K[]): Pick<TableOf, K> {
  // Promoted last to first, so that the first needed ends up at the very front.
  for (const kind of [...kinds].reverse()) promote(r, kind, id);
  const waiting = kinds.map((k) => r.entries.get(keyOf(k, id))!).filter((e) => e.status !== 'ready');
  const failed = waiting.find((e) => e.status === 'failed');
  if (failed) throw failureOf(failed);
  if (waiting.length > 0) throw notReady(r, waiting);
  const out = {} as Pick<TableOf, K>;
  for (const kind of kinds) out[kind] = r.entries.get(keyOf(kind, id))!.table as TableOf[K];
  return out;
}

/** The served models in order, then the planned goal tables; resolves once every model has loaded or failed, and the plan is queued. */
async function startAll(r: Registry): Promise<void> {
  // One read at a time, in order: the builds queue in that order, and the tables never all sit in memory twice at once.
  const models: Entry[] = [];
  for (const id of r.served) {
    const e = open(r, 'values', id, false);
    models.push(e);
    await e.read;
  }
  for (const id of r.goalTables) {
    for (const kind of GOAL_TABLE_KINDS) if (!r.entries.has(keyOf(kind, id))) addEntry(r, kind, id, true);
  }
  const planned = (async () => {
    for (const id of r.goalTables) {
      for (const kind of GOAL_TABLE_KINDS) {
        const e = r.entries.get(keyOf(kind, id))!;
        // A request may have started it meanwhile.
        if (unopened(r, e)) await open(r, kind, id, false).read;
      }
    }
  })();
  await Promise.all([...models.map((e) => e.done), planned]);
}

export function createTableRegistry(opts: RegistryOptions): TableRegistry {
  const served = [...new Set(opts.rulesets ?? DEFAULT_SERVED_RULESETS)];
  if (served.length === 0) throw new DicewiseError('INVALID_OPTION', 'rulesets must name at least one rule set', [{ field: 'rulesets', message: 'empty' }]);
  const r: Registry = {
    sources: opts.sources,
    served,
    goalTables: opts.goalTables ?? [],
    log: opts.logger ?? silentLogger,
    now: opts.now ?? (() => performance.now()),
    retry: opts.retry,
    entries: new Map(),
    builds: createBuildQueue<Entry>(),
  };
  for (const id of served) addEntry(r, 'values', id, true);
  return {
    served,
    primary: served[0],
    get: (id) => tableOf(r, 'values', id) as GameModel,
    complete: (id) => completeModel(r, id),
    table: <K extends TableKind>(kind: K, id: RuleSetId) => tableOf(r, kind, id) as TableOf[K],
    tables: (id, kinds) => goalTablesFor(r, id, kinds),
    state: (id, kind = 'values') => stateOf(r, r.entries.get(keyOf(kind, id)), kind),
    ready: () => r.entries.get(keyOf('values', served[0]))!.status === 'ready',
    start: () => (r.started ??= startAll(r)),
    settled: (id, kind = 'values') => r.entries.get(keyOf(kind, id))?.done ?? Promise.resolve(),
    queue: () => r.builds.waiting().map((e) => keyOf(e.kind, e.id)),
    pending() {
      const out: { ruleset: RuleSetId; kind: TableKind; state: TableState }[] = [];
      for (const e of r.entries.values()) if (e.status !== 'ready' && e.status !== 'absent') out.push({ ruleset: e.id, kind: e.kind, state: stateOf(r, e, e.kind) });
      return out;
    },
  };
}

/** A registry over tables already in memory (tests, benchmarks), each loaded and ready. */
export async function staticRegistry(models: readonly GameModel[], lanes: { [K in LaneKind]?: Partial<Record<RuleSetId, LaneTableOf[K]>> } = {}, logger?: Logger): Promise<TableRegistry> {
  const registry = createTableRegistry({ rulesets: models.map((m) => m.rs.id), sources: memorySources(models, lanes), logger });
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
