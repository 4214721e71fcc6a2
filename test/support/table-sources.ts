import type { RuleSetId } from '../../src/rules/index.ts';
import type { BuildHooks, TableKind, TableOf, TableSource, TableSources } from '../../src/store/table-sources.ts';

/** A source whose every table is there to read (or whose read fails, as `load` does). */
export function loadedSource<T>(load: (id: RuleSetId) => Promise<T>): TableSource<T> {
  return {
    read: async (id) => ({ table: await load(id) }),
    build: () => Promise.reject(new Error('nothing to build: every table is read')),
  };
}

export interface ManualBuild {
  kind: TableKind;
  id: RuleSetId;
  hooks: BuildHooks;
  /** ends the build with this table, or fails it with `err` */
  finish(table?: unknown, err?: unknown): void;
}

/**
 * Sources of every kind whose tables are all missing, and whose builds the test finishes by
 * hand, recording the order they were started in.
 */
export function manualSources(kinds: readonly TableKind[] = ['values', 'reach', 'distribution']): { builds: ManualBuild[]; sources: TableSources } {
  const builds: ManualBuild[] = [];
  const source = <K extends TableKind>(kind: K): TableSource<TableOf[K]> => ({
    read: async () => ({ rebuild: 'no table' }),
    build: (id, hooks) =>
      new Promise<TableOf[K]>((resolve, reject) => {
        builds.push({ kind, id, hooks, finish: (table, err) => (err ? reject(err) : resolve(table as TableOf[K])) });
      }),
  });
  const sources: TableSources = {};
  for (const kind of kinds) (sources as Record<TableKind, unknown>)[kind] = source(kind);
  return { builds, sources };
}

/** Lets pending promise callbacks run. */
export const tick = () => new Promise((r) => setTimeout(r, 0));
