import { DicewiseError } from '../errors.ts';
import type { RuleSetId } from '../rules/index.ts';
import type { BuildProgress, GameModel, GoalKind, LaneKind, LaneTableOf, OutlookTable, ReachTable } from '../solver/index.ts';

/**
 * Where each kind of table a server answers with comes from: one source per kind, which reads a
 * table, says why it must be built instead, or builds it. A registry (src/server) decides when;
 * a source knows only how. A new table format or a reader of rows on demand is a new source.
 */

export type TableKind = 'values' | LaneKind;

export interface TableOf {
  values: GameModel;
  reach: ReachTable;
  distribution: ReachTable;
  /** the outlook of expected-score play (solver/outlook.ts), read or built when a hint first asks for `explain` */
  outlook: OutlookTable;
}

export const TABLE_KINDS: readonly TableKind[] = ['values', 'reach', 'distribution', 'outlook'];

/** The goal tables of a rule set, in the order they are built ahead. */
export const GOAL_TABLE_KINDS: readonly GoalKind[] = ['reach', 'distribution'];

/** What each kind is called in messages (`the yahtzee reach table is …`) and in the log (`reach table ready`). */
export const TABLE_NAMES: Record<TableKind, { noun: string; log: string }> = {
  values: { noun: 'model', log: 'table' },
  reach: { noun: 'reach table', log: 'reach table' },
  distribution: { noun: 'points distribution table', log: 'points distribution table' },
  outlook: { noun: 'outlook table', log: 'outlook table' },
};

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

/** Tables already in memory (tests, benchmarks): each read at once, none ever built. */
export function memorySources(
  models: readonly GameModel[],
  lanes: { [K in LaneKind]?: Partial<Record<RuleSetId, LaneTableOf[K]>> } = {},
): Required<TableSources> {
  const byId = new Map(models.map((m) => [m.rs.id, m] as const));
  const fixed = <T>(kind: TableKind, get: (id: RuleSetId) => T | undefined): TableSource<T> => ({
    async read(id) {
      const table = get(id);
      if (table === undefined) throw new DicewiseError('TABLE_MISSING', `no ${TABLE_NAMES[kind].noun} for ${id} in this registry`);
      return { table };
    },
    build: () => Promise.reject(new Error('a static registry builds nothing')),
  });
  return {
    values: fixed('values', (id) => byId.get(id)),
    reach: fixed('reach', (id) => lanes.reach?.[id]),
    distribution: fixed('distribution', (id) => lanes.distribution?.[id]),
    outlook: fixed('outlook', (id) => lanes.outlook?.[id]),
  };
}
