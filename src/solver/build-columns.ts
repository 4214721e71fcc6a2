import { DicewiseError } from '../errors.ts';
import type { ColumnType, RuleSet } from '../rules/index.ts';
import { columnTypes, ruleSetFingerprint } from '../rules/index.ts';
import { columnStateIndex, UPPER_SLOTS } from './column-layout.ts';
import { initialState } from './game-state.ts';
import { compileRules } from './compiled-rules.ts';
import { countStates, levelStates, resolveBuildOptions, solveLevels, type BuildOptions, type BuiltTable } from './build-table.ts';
import type { ColumnTypesLayout, TableHeader } from './table-file.ts';
import { SOLVER_VERSION } from './solver-version.ts';
import { sharedBuffer } from './shared-buffer.ts';

/**
 * Exact tables of a multi-column rule set's column types, each column played on its own (see
 * rules/column-types.ts): the building blocks of the approximate models in approx/. Types that
 * play exactly like an exact rule set (Triple Yahtzee's columns are `yahtzee`) use that rule
 * set's table and are not built here.
 */
export function ownColumnTypes(rs: RuleSet): ColumnType[] {
  return columnTypes(rs).filter((t) => t.sameAs === undefined);
}

/**
 * Every own column type of `rs` solved into one table (the types' tables in order) and its layout,
 * without the file header `buildColumnTypeTables` adds: what a browser's engine solves (src/browser).
 */
export async function solveColumnTypeTables(rs: RuleSet, options: BuildOptions = {}): Promise<{ values: Float64Array; layout: ColumnTypesLayout; startValue: number; states: number }> {
  const types = ownColumnTypes(rs);
  if (types.length === 0) throw new DicewiseError('NOT_SOLVED', `${rs.id} has no column types of its own to build`);
  const opts = resolveBuildOptions(options);
  const levels = types.map((t) => levelStates(t.rs));
  const progress = { done: 0, total: levels.reduce((n, l) => n + countStates(l), 0) };
  const tables: Float64Array[] = [];
  for (const [i, t] of types.entries()) tables.push(await solveLevels({ ruleset: rs.id, column: t.columns[0] }, levels[i], opts, progress));
  return { ...joinColumnTypeTables(rs, tables), states: progress.total };
}

/**
 * The own column types' tables of `rs` (in `ownColumnTypes` order) as one table, the payload of
 * its column-types file, with that file's layout and start value.
 */
export function joinColumnTypeTables(rs: RuleSet, tables: readonly Float64Array[]): { values: Float64Array; layout: ColumnTypesLayout; startValue: number } {
  const types = ownColumnTypes(rs);
  if (tables.length !== types.length) throw new Error(`${rs.id} has ${types.length} own column types, got ${tables.length} tables`);
  const entries = tables.reduce((n, v) => n + v.length, 0);
  // Shared memory, as a single column's table: a server keeps what it built (store/table-store.ts keep).
  const values = new Float64Array(sharedBuffer(entries * 8));
  let offset = 0;
  const layoutTypes: ColumnTypesLayout['types'] = types.map((t, i) => {
    const L = compileRules(t.rs).layout;
    values.set(tables[i], offset);
    offset += tables[i].length;
    // The column's own start: a sub-game's columns start with the boxes it does not play filled.
    const startValue = tables[i][columnStateIndex(L, initialState(t.rs).columns[0])];
    return { key: t.key, column: t.columns[0], fill: L.fill, slots: L.size / (UPPER_SLOTS * L.flags), upperSlots: UPPER_SLOTS, flags: L.flags, entries: L.size, startValue };
  });
  // Columns of this file's types, each start value times its multiplier (other types add theirs when loaded).
  const startValue = types.reduce((sum, t, i) => sum + t.columns.reduce((m, ci) => m + rs.columns[ci].multiplier, 0) * layoutTypes[i].startValue, 0);
  return { values, layout: { kind: 'columns', types: layoutTypes, entries }, startValue };
}

/** Solves every own column type of `rs` into one table (payload = the types' tables in order). */
export async function buildColumnTypeTables(rs: RuleSet, options: BuildOptions = {}): Promise<BuiltTable> {
  const opts = resolveBuildOptions(options);
  const started = performance.now();
  const { values, layout, startValue, states } = await solveColumnTypeTables(rs, opts);
  return {
    values,
    states,
    header: {
      ruleset: rs.id,
      fingerprint: ruleSetFingerprint(rs),
      solverVersion: SOLVER_VERSION,
      layout,
      startValue,
      buildSeconds: (performance.now() - started) / 1000,
      threads: opts.concurrency,
      createdAt: new Date().toISOString(),
    },
  };
}

/**
 * The per-type value tables of a decoded column-types file, keyed by type key; throws
 * TABLE_STALE when the file's types are not those this Dicewise derives for the rule set.
 */
export function splitColumnTypeTables(rs: RuleSet, header: TableHeader, values: Float64Array, fix: string): Map<string, Float64Array> {
  const types = ownColumnTypes(rs);
  const layout = header.layout;
  const stale = (why: string) => new DicewiseError('TABLE_STALE', `${rs.id} column tables: ${why}. ${fix}`);
  if (layout.kind !== 'columns') throw stale('not a column-types table');
  if (layout.types.length !== types.length) throw stale(`${layout.types.length} column types, expected ${types.length}`);
  const out = new Map<string, Float64Array>();
  let offset = 0;
  types.forEach((t, i) => {
    const L = compileRules(t.rs).layout;
    const got = layout.types[i];
    if (got.key !== t.key || got.fill !== L.fill || got.entries !== L.size) throw stale(`type ${i + 1} is ${got.key} (${got.fill}, ${got.entries} entries), expected ${t.key} (${L.fill}, ${L.size})`);
    out.set(t.key, values.subarray(offset, offset + L.size));
    offset += L.size;
  });
  return out;
}
