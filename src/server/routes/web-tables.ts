import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { readTableIndex, tableFileName, TABLE_INDEX_FORMAT, isTableFileName, type TableIndex, type TableIndexEntry } from '../../browser/table-index.ts';
import { isSolvedByModel, ruleSetFingerprint, RULESETS, type RuleSetId } from '../../rules/index.ts';
import { joinColumnTypeTables, ownColumnTypes, SOLVER_VERSION, type GameModel } from '../../solver/index.ts';
import type { RouteModule } from '../app-deps.ts';
import { notFoundProblem, problemResponse } from '../problem.ts';

/**
 * The tables the browser engine downloads rather than solves (src/browser/table-supply.ts): a
 * multi-column rule set's own column tables (Superpass's four: 3.9 MB gzipped against some 15 s
 * of solving in a page), from the models this server has loaded, at GET /web/tables/index.json
 * and GET /web/tables/<ruleset>.columns.<sha>.f64.gz. `dicewise export-web` writes the same files
 * from its table folder.
 */

const gzipAsync = promisify(gzip);

/** A table file as the browser engine downloads it: its index entry and its gzipped payload. */
export interface DownloadTable {
  entry: TableIndexEntry;
  gz: Uint8Array;
}

/** Whether the browser engine downloads this rule set's own column tables (a multi-column rule set that has some). */
export function downloadsColumns(id: RuleSetId): boolean {
  const rs = RULESETS[id];
  return isSolvedByModel(rs) && ownColumnTypes(rs).length > 0;
}

/** The download of a multi-column model's own column tables: their payload as its column-types file holds it, gzipped. */
export async function columnsDownload(model: GameModel): Promise<DownloadTable> {
  const rs = model.rs;
  const tables = ownColumnTypes(rs).map((t) => {
    const values = model.columnTables?.get(t.key);
    if (!values) throw new Error(`${rs.id}: the model has no table for ${t.key}`);
    return values;
  });
  const { values, layout } = joinColumnTypeTables(rs, tables);
  const payload = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  const sha256 = createHash('sha256').update(payload).digest('hex');
  const gz = new Uint8Array(await gzipAsync(payload, { level: 9 }));
  const entry: TableIndexEntry = {
    ruleset: rs.id,
    kind: 'columns',
    file: tableFileName(rs.id, 'columns', sha256),
    sha256,
    bytes: gz.byteLength,
    entries: values.length,
    fingerprint: ruleSetFingerprint(rs),
    solverVersion: SOLVER_VERSION,
    layout,
  };
  return { entry, gz };
}

export function tableIndexOf(downloads: readonly DownloadTable[]): TableIndex {
  const index: TableIndex = { format: TABLE_INDEX_FORMAT, tables: downloads.map((d) => d.entry) };
  // What the engine reads back is what was written.
  if (readTableIndex(index).length !== downloads.length) throw new Error('a table index entry the engine would not read');
  return index;
}

/** Route module: the downloads of the models this server has loaded, each made once per model (gzip: about a second for Superpass's). */
export const registerWebTablesRoutes: RouteModule = (app, deps) => {
  const made = new WeakMap<GameModel, Promise<DownloadTable>>();
  const downloadOf = (model: GameModel): Promise<DownloadTable> => {
    let p = made.get(model);
    if (!p) {
      p = columnsDownload(model);
      made.set(model, p);
      p.catch(() => made.delete(model));
    }
    return p;
  };
  /** The downloads of every served rule set that has one and whose model is loaded now (one still loading is listed once loaded). */
  const downloads = (): Promise<DownloadTable[]> =>
    Promise.all(deps.registry.served.filter((id) => downloadsColumns(id) && deps.registry.state(id).status === 'ready').map((id) => downloadOf(deps.registry.get(id))));

  app.get('/web/tables/index.json', async (c) => {
    const body = JSON.stringify(tableIndexOf(await downloads()));
    return c.body(body, 200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' });
  });
  app.get('/web/tables/:name', async (c) => {
    const name = c.req.param('name');
    const found = isTableFileName(name) ? (await downloads()).find((d) => d.entry.file === name) : undefined;
    if (!found) return problemResponse(c, notFoundProblem(c.req.path));
    // Named by its content: a file never changes, so it is kept as long as a browser likes.
    return c.body(found.gz as Uint8Array<ArrayBuffer>, 200, { 'content-type': 'application/octet-stream', 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' });
  });
};
