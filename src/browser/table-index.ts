import { isRuleSetId, type RuleSetId } from '../rules/index.ts';
import type { ColumnTypesLayout } from '../solver/index.ts';

/**
 * The tables a server or a static export offers the browser engine for download, listed in
 * `web/tables/index.json` beside the files. A file holds a table's float64 payload (as its table
 * file's payload, little-endian), gzipped, named by the payload's SHA-256, which the entry gives
 * whole: the engine checks it before use. The server writes the index from the tables it has
 * loaded (server/routes/web-tables.ts), `dicewise export-web` from its table folder.
 */

export const TABLE_INDEX_FORMAT = 1;

/** Where the index sits below the page's /web/ folder. */
export const TABLE_INDEX_PATH = 'tables/index.json';

export type DownloadKind = 'values' | 'moments' | 'columns';

export interface TableIndexEntry {
  ruleset: RuleSetId;
  kind: DownloadKind;
  /** the file's name, beside the index */
  file: string;
  /** SHA-256 (hex) of the payload (the file gunzipped): the table file header's checksum */
  sha256: string;
  /** the file's size, gzipped */
  bytes: number;
  /** float64 values in the payload */
  entries: number;
  /** the rule set's fingerprint and the solver version the table was solved for: another is never used */
  fingerprint: string;
  solverVersion: number;
  /** kind `columns`: the column types' layout, as the column-types file's header has it */
  layout?: ColumnTypesLayout;
}

export interface TableIndex {
  format: typeof TABLE_INDEX_FORMAT;
  tables: TableIndexEntry[];
}

/** A table file's name: its rule set, kind and the first 16 hex digits of its payload's SHA-256. */
export function tableFileName(ruleset: RuleSetId, kind: DownloadKind, sha256: string): string {
  return `${ruleset}.${kind}.${sha256.slice(0, 16)}.f64.gz`;
}

const NAME = /^[a-z0-9-]+\.(values|moments|columns)\.[0-9a-f]{16}\.f64\.gz$/;

/** Whether `name` can be a table file's (what a server serves under web/tables/). */
export function isTableFileName(name: string): boolean {
  return NAME.test(name);
}

function isEntry(e: unknown): e is TableIndexEntry {
  if (typeof e !== 'object' || e === null) return false;
  const x = e as Record<string, unknown>;
  return (
    typeof x.ruleset === 'string' &&
    isRuleSetId(x.ruleset) &&
    (x.kind === 'values' || x.kind === 'moments' || x.kind === 'columns') &&
    typeof x.file === 'string' &&
    isTableFileName(x.file) &&
    typeof x.sha256 === 'string' &&
    /^[0-9a-f]{64}$/.test(x.sha256) &&
    typeof x.bytes === 'number' &&
    typeof x.entries === 'number' &&
    typeof x.fingerprint === 'string' &&
    typeof x.solverVersion === 'number' &&
    (x.kind !== 'columns' || (typeof x.layout === 'object' && x.layout !== null && (x.layout as { kind?: unknown }).kind === 'columns'))
  );
}

/** The index's usable entries (one of another format, or a malformed entry, is left out); none for anything else. */
export function readTableIndex(json: unknown): TableIndexEntry[] {
  if (typeof json !== 'object' || json === null) return [];
  const { format, tables } = json as { format?: unknown; tables?: unknown };
  if (format !== TABLE_INDEX_FORMAT || !Array.isArray(tables)) return [];
  return tables.filter(isEntry);
}
