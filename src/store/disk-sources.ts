import { isDicewiseError } from '../errors.ts';
import { RULESETS, supportsTable, type RuleSetId } from '../rules/index.ts';
import { resolveReachCap, type BuildProgress, type GameModel, type LaneKind, type LaneTableOf } from '../solver/index.ts';
import { lacksMoments, loadModel } from './model-loader.ts';
import { readLaneTable } from './reach-store.ts';
import { checkTable, MOMENTS_SUFFIX, needsBuild, sharedTableReader, type TableReader } from './table-store.ts';
import type { TableKind, TableSource, TableSources } from './table-sources.ts';
import { withoutPaths } from './without-paths.ts';

/** One table to build and write into the folder. */
export interface TableBuildJob {
  kind: TableKind;
  /** false only for the primary's value table (built before anything is served); goal tables always */
  background: boolean;
  /** goal tables: the most points still needed that the table answers */
  cap?: number;
  onProgress: (p: BuildProgress) => void;
}

/**
 * Builds one table and writes it into `dir`; the source then reads it back, as a restart would.
 * How (a process of its own, how many threads, at what priority) is the caller's: the store is
 * given a builder, it does not import one.
 */
export type TableBuild = (dir: string, id: RuleSetId, job: TableBuildJob) => Promise<unknown>;

export interface DiskSourceOptions {
  /** builds a missing, stale or corrupt table (a server: workers/table-build.ts, in a child process) */
  build: TableBuild;
  /** a goal table is (re)built unless it answers every need up to this; default REACH_CAP_DEFAULT */
  cap?: number;
  /** how value tables are read (a server hands the same reader's tables to its batch threads); default a new sharedTableReader */
  read?: TableReader;
}

function hidePaths(e: unknown, dir: string): never {
  throw withoutPaths(e, dir);
}

/** Whether the error says the table must be built (missing, stale, corrupt): its reason, else undefined. */
function rebuildReason(e: unknown): { rebuild: string } | undefined {
  return needsBuild(e) ? { rebuild: (e as Error).message } : undefined;
}

/**
 * Value tables read from `dir`, built there when missing, stale or corrupt. A value table's build
 * also builds its moments table: a server's advice carries the final score's SD.
 */
function valueSource(dir: string, build: TableBuild, read: TableReader): TableSource<GameModel> {
  const hide = (e: unknown) => hidePaths(e, dir);
  return {
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
        return rebuildReason(e) ?? hide(e);
      }
    },
    async finish(id, model) {
      if (!lacksMoments(model, { moments: true })) return;
      const { values } = await read(dir, model.rs, MOMENTS_SUFFIX).catch(hide);
      model.moments = values;
    },
    // Read back from its file as a restart reads it: the moments on first use (finish), and none
    // of the build's memory stays in this process when the builder runs it in another.
    build: async (id, hooks) => {
      await build(dir, id, { kind: 'values', background: hooks.background, onProgress: hooks.onProgress }).catch(hide);
      return loadModel(dir, id, { read, moments: false }).catch(hide);
    },
  };
}

/** Goal or outlook tables of one kind read from `dir`, built there when missing, stale, corrupt or (goal tables) capped below `cap`. */
function laneSource<K extends LaneKind>(dir: string, kind: K, build: TableBuild, cap: number): TableSource<LaneTableOf[K]> {
  // Opened once (a goal table: its index and open file; an outlook table: read into shared memory): the batch workers are handed it rather than each reading its own.
  const readShared = async (id: RuleSetId) => (await readLaneTable(dir, RULESETS[id], kind)).table;
  return {
    async read(id) {
      try {
        const table = await readShared(id);
        // An outlook counts no points: it has no cap to fall short of.
        return table.kind === 'outlook' || table.cap >= cap ? { table } : { rebuild: `its cap ${table.cap} is below this server's ${cap}` };
      } catch (e) {
        return rebuildReason(e) ?? hidePaths(e, dir);
      }
    },
    async build(id, hooks) {
      await build(dir, id, { kind, background: true, cap, onProgress: hooks.onProgress });
      // Read back as any later start would: the file on disk is the one checked (header, checksum, sizes).
      return readShared(id);
    },
  };
}

/** Every kind of table, read from `dir` and built there by `opts.build` where it must be. */
export function diskSources(dir: string, opts: DiskSourceOptions): Required<TableSources> {
  const cap = resolveReachCap(opts.cap);
  // One copy of each table file, whichever models read it (yahtzee and Triple Yahtzee's columns),
  // in shared memory: a server hands these copies to its batch threads instead of each reading its own.
  const read = opts.read ?? sharedTableReader();
  return {
    values: valueSource(dir, opts.build, read),
    reach: laneSource(dir, 'reach', opts.build, cap),
    distribution: laneSource(dir, 'distribution', opts.build, cap),
    outlook: laneSource(dir, 'outlook', opts.build, cap),
  };
}
