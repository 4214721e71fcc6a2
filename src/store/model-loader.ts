import { DicewiseError, isDicewiseError, positiveInteger } from '../errors.ts';
import type { RuleSet, RuleSetId } from '../rules/index.ts';
import { columnTypes, hasJointTable, isSolvedByModel, isSolvedExactly, RULESETS, supportsTable } from '../rules/index.ts';
import type { ColumnTables, JointTaskRunner } from '../approx/index.ts';
import {
  buildColumnTable,
  buildMomentsTable,
  buildOutlookTable,
  buildReachTable,
  followsValues,
  resolveReachCap,
  type BuiltLaneTableOf,
  type LaneKind,
  type LaneTableOf,
  buildColumnTypeTables,
  exactColumnModel,
  ownColumnTypes,
  splitColumnTypeTables,
  type BuildProgress,
  type BuiltTable,
  type GameModel,
} from '../solver/index.ts';
import { availableParallelism } from 'node:os';
import { inlineReachRunner, inlineRunner, type LevelHelpers, type ReachTaskRunner, type TaskRunner } from '../solver/index.ts';
import { withBuildLock, type ReportProgress } from './build-lock.ts';
import { importLater } from './import-later.ts';
import { checkTable, JOINT_SUFFIX, MOMENTS_SUFFIX, needsBuild, readTable, rebuildHint, writeTable, type KeepTable, type SharingTableReader, type TableReader } from './table-store.ts';
import { readLaneTable, writeReachTable } from './reach-store.ts';
import { convertLegacyLaneTable } from './convert-lane-table.ts';

/**
 * The multi-column models, loaded when one is first needed: a process that builds or plays a
 * single-column rule set (most commands, every solver and simulate thread of one) does not load
 * them and their fitted weights: 22 modules and 1.6 MB of JSON.
 */
const approx = (): Promise<typeof import('../approx/index.ts')> => importLater(import('../approx/index.ts'), '../approx/index.ts', import.meta.url);

/** Solver threads for one build, started by the caller (workers/pool.ts): store only uses them. */
export interface SolverThreads {
  run: TaskRunner;
  runReach: ReachTaskRunner;
  /** a sub-game's joint states (approx/joint-exact.ts); absent: solved in this thread */
  runJoint?: JointTaskRunner;
  /** helpers for a value or moments table this thread leads (a command's build); absent: every chunk through `run` */
  helpers?: LevelHelpers;
  destroy(): Promise<void>;
}

/** Async, so that a caller can load its pool module only when a build is due. */
export type SolverFactory = (threads: number) => Promise<SolverThreads>;

/** Builds in this thread: for callers that bring no pool (slow, but never missing). */
const inlineSolver: SolverFactory = async () => ({ run: inlineRunner, runReach: inlineReachRunner, destroy: async () => {} });

export interface EnsureOptions {
  threads?: number;
  /**
   * how the model's tables are read once present (a server's sharedTableReader, which also keeps
   * the tables built here as they were written); default readTable
   */
  read?: TableReader | SharingTableReader;
  /** where a build's state chunks are solved; default in this thread */
  solver?: SolverFactory;
  onProgress?: (p: BuildProgress) => void;
  /** called when a table is missing or stale and is about to be built */
  onBuild?: (id: RuleSetId, reason: string) => void;
  /**
   * Also build an exact rule set's moments table (the final score's SD in advice) when it is
   * missing or stale. Off by default: it takes about twice as long as the value table, and a
   * model plays and advises without it.
   */
  moments?: boolean;
  /**
   * false: the model comes back without its moments table, which `moments` still builds where
   * missing: a server reads it on first use, and a table it has just built is not held meanwhile.
   */
  loadMoments?: boolean;
  /**
   * Also build a sub-game's exact joint table (what `optimal` plays there). `tables build` always
   * does; elsewhere off by default: hints and the models play from the column tables alone, and
   * triple-yahtzee-lower's joint table takes minutes.
   */
  joint?: boolean;
}

/** Where tables built here go besides their files: the caller's sharing reader, if it brought one. */
function keepOf(opts: EnsureOptions): KeepTable | undefined {
  return opts.read && 'keep' in opts.read ? opts.read.keep : undefined;
}

/** `keepOf` for a moments table: kept only where the model is loaded with it. */
function keepMomentsOf(opts: EnsureOptions): KeepTable | undefined {
  return opts.loadMoments === false ? undefined : keepOf(opts);
}

function resolveThreads(opts: EnsureOptions): number {
  return positiveInteger('threads', opts.threads ?? availableParallelism());
}

/**
 * Builds the table a rule set's model reads with a worker pool and writes it atomically into
 * `dir`: the exact table of a single-column rule set, or the tables of a multi-column rule set's
 * own column types (rules/column-types.ts; `buildModelTables` also builds the exact tables its
 * other column types share).
 */
export async function buildAndWrite(dir: string, id: RuleSetId, opts: EnsureOptions = {}): Promise<{ built: BuiltTable; file: string }> {
  const threads = resolveThreads(opts);
  const pool = await (opts.solver ?? inlineSolver)(threads);
  try {
    const rs = RULESETS[id];
    const options = { concurrency: threads, runner: pool.run, helpers: pool.helpers, onProgress: opts.onProgress };
    const built = isSolvedExactly(rs) ? await buildColumnTable(rs, options) : await buildColumnTypeTables(rs, options);
    const file = await writeTable(dir, built, '', keepOf(opts));
    if (opts.moments && supportsTable(rs, 'moments')) await writeTable(dir, await buildMomentsTable(rs, options), MOMENTS_SUFFIX, keepMomentsOf(opts));
    return { built, file };
  } finally {
    await pool.destroy();
  }
}

/** Builds a sub-game's exact joint table over its column tables (built first) and writes it atomically into `dir`. */
async function buildJointAndWrite(dir: string, id: RuleSetId, opts: EnsureOptions): Promise<{ built: BuiltTable; file: string }> {
  const rs = RULESETS[id];
  const tables = await loadColumnTables(dir, rs);
  const threads = resolveThreads(opts);
  const pool = await (opts.solver ?? inlineSolver)(threads);
  try {
    const { buildJointTable } = await approx();
    const built = await buildJointTable(rs, tables, { concurrency: threads, runner: pool.runJoint, onProgress: opts.onProgress });
    return { built, file: await writeTable(dir, built, JOINT_SUFFIX, keepOf(opts)) };
  } finally {
    await pool.destroy();
  }
}

/** Builds an exact rule set's moments table (the final score's SD) and writes it atomically into `dir`. */
export async function buildMomentsAndWrite(dir: string, id: RuleSetId, opts: EnsureOptions = {}): Promise<{ built: BuiltTable; file: string }> {
  const rs = RULESETS[id];
  if (!supportsTable(rs, 'moments')) throw new DicewiseError('NOT_SOLVED', `${id} has no exact table, so no moments table`);
  const threads = resolveThreads(opts);
  const pool = await (opts.solver ?? inlineSolver)(threads);
  try {
    const built = await buildMomentsTable(rs, { concurrency: threads, runner: pool.run, helpers: pool.helpers, onProgress: opts.onProgress });
    return { built, file: await writeTable(dir, built, MOMENTS_SUFFIX, keepMomentsOf(opts)) };
  } finally {
    await pool.destroy();
  }
}

/** The options with their progress also reported to the build lock's holder file. */
function reporting<O extends EnsureOptions>(opts: O, report: ReportProgress): O {
  return {
    ...opts,
    onProgress: (p: BuildProgress) => {
      report(p);
      opts.onProgress?.(p);
    },
  };
}

/** Reach tables, points distributions and outlooks are locked apart: the win goal needs the first two, built one after the other. */
function laneLock(id: RuleSetId, kind: LaneKind): string {
  return kind === 'reach' ? `${id}.reach` : kind === 'distribution' ? `${id}.dist` : `${id}.outlook`;
}

/**
 * Builds a rule set's reach table (or, with kind `distribution`, the points distribution of its
 * expected-score play, with kind `outlook` the outlook of that play: both follow the value table,
 * built first where missing) and writes it atomically into `dir`, under the folder's build lock for it.
 */
export async function buildReachAndWrite<K extends LaneKind = 'reach'>(
  dir: string,
  id: RuleSetId,
  opts: EnsureOptions & { cap?: number; kind?: K } = {},
): Promise<{ built: BuiltLaneTableOf[K]; file: string }> {
  return withBuildLock(dir, laneLock(id, opts.kind ?? 'reach'), (report) => buildReachUnlocked(dir, id, reporting(opts, report)));
}

async function valuesFor(dir: string, id: RuleSetId, opts: EnsureOptions): Promise<Float64Array> {
  const rs = RULESETS[id];
  try {
    return (await readTable(dir, rs)).values;
  } catch (e) {
    if (!needsBuild(e)) throw e;
    opts.onBuild?.(id, (e as Error).message);
  }
  await buildModelTables(dir, id, opts);
  return (await readTable(dir, rs)).values;
}

async function buildReachUnlocked<K extends LaneKind>(dir: string, id: RuleSetId, opts: EnsureOptions & { cap?: number; kind?: K }): Promise<{ built: BuiltLaneTableOf[K]; file: string }> {
  const threads = resolveThreads(opts);
  const kind: LaneKind = opts.kind ?? 'reach';
  // A goal table of the older format, intact and big enough, is converted: seconds instead of minutes.
  if (kind !== 'outlook') {
    const converted = await convertLegacyLaneTable(dir, id, kind, resolveReachCap(opts.cap), opts.onProgress);
    if (converted) return { built: converted as BuiltLaneTableOf[K], file: await writeReachTable(dir, converted) };
  }
  const values = followsValues(kind) ? await valuesFor(dir, id, opts) : undefined;
  const pool = await (opts.solver ?? inlineSolver)(threads);
  try {
    const how = { concurrency: threads, reachRunner: pool.runReach, onProgress: opts.onProgress };
    // The outlook follows the value table's play and counts no points: no cap.
    const built = kind === 'outlook' ? await buildOutlookTable(RULESETS[id], { ...how, values: values! }) : await buildReachTable(RULESETS[id], { ...how, cap: opts.cap, kind, values });
    return { built: built as BuiltLaneTableOf[K], file: await writeReachTable(dir, built) };
  } finally {
    await pool.destroy();
  }
}

/**
 * Every table a rule set's model needs, built and written (Triple Yahtzee: the yahtzee table),
 * under the folder's build lock for the rule set.
 */
export function buildModelTables(dir: string, id: RuleSetId, opts: EnsureOptions = {}): Promise<{ id: RuleSetId; built: BuiltTable; file: string }[]> {
  return withBuildLock(dir, id, (report) => buildUnlocked(dir, id, reporting({ joint: true, ...opts }, report)));
}

async function buildUnlocked(dir: string, id: RuleSetId, opts: EnsureOptions): Promise<{ id: RuleSetId; built: BuiltTable; file: string }[]> {
  const rs = RULESETS[id];
  const out: { id: RuleSetId; built: BuiltTable; file: string }[] = [];
  if (isSolvedByModel(rs)) {
    const shared = new Set(columnTypes(rs).flatMap((t) => (t.sameAs ? [t.sameAs] : [])));
    for (const other of shared) {
      // A shared table present and current is kept: Triple Yahtzee's columns are the yahtzee table.
      if (await isCurrent(dir, other)) continue;
      out.push({ id: other, ...(await buildAndWrite(dir, other, opts)) });
    }
    if (ownColumnTypes(rs).length === 0) return out;
  }
  out.push({ id, ...(await buildAndWrite(dir, id, opts)) });
  if (opts.joint && hasJointTable(rs)) out.push({ id, ...(await buildJointAndWrite(dir, id, opts)) });
  return out;
}

async function isCurrent(dir: string, id: RuleSetId, suffix = ''): Promise<boolean> {
  try {
    await readTable(dir, RULESETS[id], suffix);
    return true;
  } catch (e) {
    if (needsBuild(e)) return false;
    throw e;
  }
}

/** The value tables of every column type of a multi-column rule set, read from `dir`. */
export async function loadColumnTables(dir: string, rs: RuleSet, read: TableReader = readTable): Promise<ColumnTables> {
  const tables = new Map<string, Float64Array>();
  for (const t of columnTypes(rs)) {
    if (t.sameAs) tables.set(t.key, (await read(dir, RULESETS[t.sameAs])).values);
  }
  if (ownColumnTypes(rs).length > 0) {
    const own = await read(dir, rs);
    for (const [key, values] of splitColumnTypeTables(rs, own.header, own.values, rebuildHint(rs.id))) tables.set(key, values);
  }
  return tables;
}

/**
 * The model of a rule set from its tables in `dir`: the exact model of a single-column rule set,
 * Dicewise's best approximate model of a multi-column one (see approx/). `moments: false` skips
 * the moments table (twice the value table's size) for callers that only play. `read`: how the
 * tables are read (a server shares one copy of a table between the models that read it).
 */
export async function loadModel(dir: string, id: RuleSetId, opts: { moments?: boolean; read?: TableReader } = {}): Promise<GameModel> {
  const rs = RULESETS[id];
  const read = opts.read ?? readTable;
  if (isSolvedByModel(rs)) return (await approx()).bestModel(rs, await loadColumnTables(dir, rs, read));
  if (!isSolvedExactly(rs)) throw new DicewiseError('NOT_SOLVED', `${id} has no exact table`);
  const table = await read(dir, rs);
  const model = exactColumnModel(rs, table.values);
  if (opts.moments === false) return model;
  // Without its moments table a model still plays; its advice just has no standard deviation.
  const moments = await read(dir, rs, MOMENTS_SUFFIX).catch((e: unknown) => {
    if (isDicewiseError(e)) return null;
    throw e;
  });
  if (moments) model.moments = moments.values;
  return model;
}

/**
 * The model a game review rates decisions against: the exact one where there is one (a
 * single-column rule set's table, a sub-game's joint table), else the best model (the full
 * multi-column games: the review's values are then estimates, and say so).
 */
export async function loadReviewModel(dir: string, id: RuleSetId, opts: { read?: TableReader } = {}): Promise<GameModel> {
  const rs = RULESETS[id];
  if (hasJointTable(rs)) return loadApproxModel(dir, id, 'exact', opts);
  return loadModel(dir, id, { moments: false, read: opts.read });
}

/**
 * A multi-column rule set's other models, for the simulator's `linear`, `decomposition`/`sequential`,
 * `greedy` and (on a sub-game) `optimal` strategies: the decomposition with its fitted linear
 * correction, the plain column-sum model over the tables in `dir`, greedy (zero tables), or the
 * exact model over the sub-game's joint table.
 */
export async function loadApproxModel(dir: string, id: RuleSetId, kind: 'linear' | 'decomposition' | 'greedy' | 'exact', opts: { read?: TableReader } = {}): Promise<GameModel> {
  const rs = RULESETS[id];
  const read = opts.read ?? readTable;
  if (!isSolvedByModel(rs)) throw new DicewiseError('INVALID_INPUT', `${id} has one column: no ${kind} model of columns`);
  const { correctedModel, decompositionModel, greedyModel, jointExactModel } = await approx();
  if (kind === 'greedy') return greedyModel(rs);
  const tables = await loadColumnTables(dir, rs, read);
  if (kind === 'linear') return correctedModel(rs, tables);
  if (kind === 'decomposition') return decompositionModel(rs, tables);
  if (!hasJointTable(rs)) throw new DicewiseError('NOT_SOLVED', `${id} has no exact joint table: only its sub-games do`);
  return jointExactModel(rs, tables, (await read(dir, rs, JOINT_SUFFIX)).values);
}

/**
 * Reads, through `read`, the tables `loadModel` plays a rule set from (its moments aside), without
 * making the model: a process that hands them to its threads (sharedTableReader).
 */
export async function readModelTables(dir: string, id: RuleSetId, read: TableReader): Promise<void> {
  const rs = RULESETS[id];
  if (isSolvedByModel(rs)) await loadColumnTables(dir, rs, read);
  else await read(dir, rs);
}

/** Reads through `read` the tables `loadReviewModel` makes its model from (for a process to share them with its threads). */
export async function readReviewTables(dir: string, id: RuleSetId, read: TableReader): Promise<void> {
  const rs = RULESETS[id];
  await readModelTables(dir, id, read);
  if (hasJointTable(rs)) await read(dir, rs, JOINT_SUFFIX);
}

/**
 * Loads the model, building (or rebuilding) its tables first when one is missing or stale. Builds
 * hold a lock in `dir`: a second process waits for the first one's table instead of building it too.
 */
export async function ensureModel(dir: string, id: RuleSetId, opts: EnsureOptions = {}): Promise<GameModel> {
  const load = (): Promise<GameModel> => loadModel(dir, id, { read: opts.read, ...(opts.loadMoments === false && { moments: false }) });
  try {
    const model = await load();
    if (!(await missingMoments(dir, model, opts)) && !(await lacksJoint(dir, id, opts))) return model;
  } catch (e) {
    if (!needsBuild(e)) throw e;
  }
  return withBuildLock(dir, id, async (report) => {
    opts = reporting(opts, report);
    let model: GameModel | undefined;
    try {
      model = await load();
    } catch (e) {
      if (!needsBuild(e)) throw e;
      opts.onBuild?.(id, (e as Error).message);
    }
    if (!model) {
      await buildUnlocked(dir, id, opts);
      return load();
    }
    if (await missingMoments(dir, model, opts)) {
      opts.onBuild?.(id, `no moments table for ${id}`);
      const { built } = await buildMomentsAndWrite(dir, id, opts);
      if (opts.loadMoments !== false) model.moments = built.values;
    }
    if (await lacksJoint(dir, id, opts)) {
      opts.onBuild?.(id, `no joint table for ${id}`);
      await buildJointAndWrite(dir, id, opts);
    }
    return model;
  });
}

/** True when the caller asked for a sub-game's joint table and none is present and current. */
async function lacksJoint(dir: string, id: RuleSetId, opts: Pick<EnsureOptions, 'joint'>): Promise<boolean> {
  return opts.joint === true && hasJointTable(RULESETS[id]) && !(await isCurrent(dir, id, JOINT_SUFFIX));
}

/**
 * True when the caller asked for the moments table and it is not there: not loaded with the model,
 * or, where the model is loaded without it (`loadMoments: false`), not present and current.
 */
async function missingMoments(dir: string, model: GameModel, opts: Pick<EnsureOptions, 'moments' | 'loadMoments'>): Promise<boolean> {
  if (opts.loadMoments !== false) return lacksMoments(model, opts);
  if (opts.moments !== true || !supportsTable(model.rs, 'moments')) return false;
  try {
    await checkTable(dir, model.rs, MOMENTS_SUFFIX);
    return false;
  } catch (e) {
    if (needsBuild(e)) return true;
    throw e;
  }
}

/** True when the caller asked for the moments and an exact model was loaded without them. */
export function lacksMoments(model: GameModel, opts: Pick<EnsureOptions, 'moments'>): boolean {
  return opts.moments === true && supportsTable(model.rs, 'moments') && !model.moments;
}

/**
 * The reach table (or points distribution, or outlook table) of a rule set, building it first when
 * missing or stale (slow: seconds to minutes), one builder at a time. A table just built is read
 * back from its file, as any later start reads it (a goal table's rows on demand), the build's
 * memory let go.
 */
export async function ensureReachTable<K extends LaneKind = 'reach'>(dir: string, id: RuleSetId, opts: EnsureOptions & { kind?: K } = {}): Promise<LaneTableOf[K]> {
  const kind = opts.kind ?? ('reach' as K);
  const read = async () => (await readLaneTable(dir, RULESETS[id], kind)).table;
  try {
    return await read();
  } catch (e) {
    if (!needsBuild(e)) throw e;
  }
  return withBuildLock(dir, laneLock(id, kind), async (report) => {
    opts = reporting(opts, report);
    try {
      return await read();
    } catch (e) {
      if (!needsBuild(e)) throw e;
      opts.onBuild?.(id, (e as Error).message);
    }
    await buildReachUnlocked(dir, id, opts);
    return read();
  });
}
