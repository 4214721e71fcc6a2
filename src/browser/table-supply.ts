import type { FittedNeural } from '../approx/neural-data.ts';
import { DicewiseError } from '../errors.ts';
import { columnTypes, playingDefinition, RULESETS, type RuleSetId } from '../rules/index.ts';
import { compileRules, ownColumnTypes, SOLVER_VERSION, splitColumnTypeTables, UPPER_SLOTS, type ColumnTypesLayout, type TableHeader } from '../solver/index.ts';
import { WEB_BUILD, type WebBuildInfo } from './build-info.ts';
import type { BrowserTableKind, SolveJob, SolveReply, TableProgressEvent, TableRecord } from './protocol.ts';
import { readTableIndex, TABLE_INDEX_PATH, type TableIndexEntry } from './table-index.ts';
import { freshJson, keepTable, keptTable, sha256Hex, verifiedFile } from './verified-files.ts';
import { hardwareConcurrency, startWorker } from './worker-scope.ts';

/**
 * Where each table of the browser engine comes from, per kind (docs/offline.md has the figures
 * behind each choice):
 * - an exact rule set's value and moments tables are solved here, in solve workers, and kept in
 *   the Cache API for the next visit (a yahtzee value table solves in about a second, less time
 *   than its 2.4 MB download would take on most connections, and needs no server);
 * - a multi-column rule set's own column tables (Superpass's four) are downloaded where the
 *   server or export lists them (3.9 MB gzipped, against some 15 s of solving), and solved here
 *   where the download fails; a column type that plays as an exact rule set (Triple Yahtzee's)
 *   is that rule set's value table;
 * - the neural corrections' weights are downloaded (they cannot be solved): a file per rule set,
 *   written beside the bundle.
 * Every table is asked for once; later asks share the first one's promise.
 */

export type SolveRunner = (job: SolveJob, onProgress: (done: number, total: number) => void) => Promise<{ values: Float64Array; layout?: ColumnTypesLayout }>;

export interface SupplyOptions {
  /** the engine bundle's URL (its entry's import.meta.url): solve workers, weights and the tables' index are found from it */
  base: URL;
  build?: WebBuildInfo;
  /** where tables are solved; default a solve worker each, a few at a time */
  solve?: SolveRunner;
  onProgress?: (e: TableProgressEvent) => void;
}

export interface TableSupply {
  values(id: RuleSetId): Promise<Float64Array>;
  moments(id: RuleSetId): Promise<Float64Array>;
  /** every column type's table of a multi-column rule set, by type key (approx/ ColumnTables) */
  columnTables(id: RuleSetId): Promise<ReadonlyMap<string, Float64Array>>;
  neural(id: RuleSetId): Promise<FittedNeural | undefined>;
  /** the tables got so far */
  records(): TableRecord[];
}

/** Solve workers at a time: one per core up to four, at least one. */
function solveSlots(): number {
  return Math.max(1, Math.min(4, hardwareConcurrency()));
}

/** A runner that starts a solve worker per table; value and column tables go ahead of moments tables in its queue. */
export function workerSolveRunner(base: URL, slots = solveSlots()): SolveRunner {
  const waiting: { job: SolveJob; start: () => void }[] = [];
  let running = 0;
  const next = () => {
    if (running >= slots || waiting.length === 0) return;
    const i = waiting.findIndex((w) => w.job.kind !== 'moments');
    const [w] = waiting.splice(i < 0 ? 0 : i, 1);
    running++;
    w.start();
  };
  return (job, onProgress) =>
    new Promise((resolve, reject) => {
      waiting.push({
        job,
        start: () => {
          const worker = startWorker(new URL('./solve-worker.js', base), `dicewise ${job.ruleset} ${job.kind}`);
          const done = () => {
            worker.terminate();
            running--;
            next();
          };
          worker.addEventListener('message', (e) => {
            const reply = e.data as SolveReply;
            if ('progress' in reply) return onProgress(reply.progress.done, reply.progress.total);
            done();
            if (reply.ok) resolve({ values: reply.values, layout: reply.layout });
            else reject(new DicewiseError('TABLE_MISSING', `${job.ruleset} ${job.kind} table could not be solved: ${reply.message}`));
          });
          worker.addEventListener('error', (e) => {
            done();
            reject(new DicewiseError('TABLE_MISSING', `${job.ruleset} ${job.kind} table could not be solved: ${e.message ?? 'the solve worker failed'}`));
          });
          worker.postMessage(job);
        },
      });
      next();
    });
}

/** The rule set's fingerprint as rules/fingerprint.ts takes it (node:crypto there, Web Crypto here). */
export async function browserFingerprint(id: RuleSetId): Promise<string> {
  return (await sha256Hex(new TextEncoder().encode(playingDefinition(RULESETS[id])))).slice(0, 16);
}

export function createTableSupply(opts: SupplyOptions): TableSupply {
  const build = opts.build ?? WEB_BUILD;
  const solve = opts.solve ?? workerSolveRunner(opts.base);
  const progress = opts.onProgress ?? (() => {});
  const got: TableRecord[] = [];
  const memo = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, make: () => Promise<T>): Promise<T> => {
    let p = memo.get(key) as Promise<T> | undefined;
    if (!p) {
      p = make();
      memo.set(key, p);
      // A failed table is tried again by the next ask (the network may be back).
      p.catch(() => memo.delete(key));
    }
    return p;
  };
  let index: Promise<TableIndexEntry[]> | undefined;
  const listed = (): Promise<TableIndexEntry[]> => (index ??= freshJson(new URL(`../${TABLE_INDEX_PATH}`, opts.base).href).then(readTableIndex));

  const record = (ruleset: RuleSetId, kind: BrowserTableKind, origin: TableRecord['origin'], started: number, bytes: number, sha256: string) => {
    got.push({ ruleset, kind, origin, seconds: (performance.now() - started) / 1000, bytes, sha256 });
    progress({ ruleset, table: `${ruleset} ${kind}`, kind, stage: 'done', done: 1, total: 1 });
  };

  /** A table solved here, or kept from an earlier solve of the same rules by the same solver. */
  async function solvedTable(id: RuleSetId, kind: SolveJob['kind']): Promise<{ values: Float64Array; layout?: ColumnTypesLayout }> {
    const started = performance.now();
    const table = `${id} ${kind}`;
    const prefix = new URL(`../tables/solved/${id}.${kind}.`, opts.base).href;
    const key = `${prefix}${await browserFingerprint(id)}.v${SOLVER_VERSION}.f64`;
    const kept = await keptTable(key);
    // A column-types table's layout follows from the rules alone; its start values are not read by the models.
    if (kept) {
      record(id, kind, 'cache', started, 0, kept.sha256);
      return { values: kept.values, layout: kind === 'columns' ? layoutFromRules(id) : undefined };
    }
    const solved = await solve({ ruleset: id, kind }, (done, total) => progress({ ruleset: id, table, kind, stage: 'solve', done, total }));
    const sha256 = await sha256Hex(new Uint8Array(solved.values.buffer, solved.values.byteOffset, solved.values.byteLength));
    await keepTable(key, prefix, solved.values, sha256);
    record(id, kind, 'solved', started, 0, sha256);
    return solved;
  }

  /** A listed table, downloaded and checked, where the index lists one for these rules and this solver. */
  async function downloaded(id: RuleSetId, kind: TableIndexEntry['kind']): Promise<{ values: Float64Array; entry: TableIndexEntry } | undefined> {
    const started = performance.now();
    const fingerprint = await browserFingerprint(id);
    const entry = (await listed()).find((e) => e.ruleset === id && e.kind === kind && e.fingerprint === fingerprint && e.solverVersion === SOLVER_VERSION);
    if (!entry) return undefined;
    const url = new URL(`../tables/${entry.file}`, opts.base).href;
    progress({ ruleset: id, table: `${id} ${kind}`, kind, stage: 'download', done: 0, total: entry.bytes });
    const versions = new URL(`../tables/${id}.${kind}.`, opts.base).href;
    const { content, fetched } = await verifiedFile({ url, sha256: entry.sha256, versions }, (n) => progress({ ruleset: id, table: `${id} ${kind}`, kind, stage: 'download', done: n, total: entry.bytes }));
    if (content.byteLength !== entry.entries * 8) throw new DicewiseError('TABLE_CORRUPT', `${url}: ${content.byteLength} bytes, expected ${entry.entries * 8}`);
    // Aligned for the Float64Array (a fresh buffer from the decoder or the response is; a view of one may not be).
    const values = content.byteOffset % 8 === 0 ? new Float64Array(content.buffer, content.byteOffset, entry.entries) : new Float64Array(content.slice().buffer);
    record(id, kind, fetched > 0 ? 'download' : 'cache', started, fetched, entry.sha256);
    return { values, entry };
  }

  const values = (id: RuleSetId) => once(`${id}.values`, async () => (await solvedTable(id, 'values')).values);
  const moments = (id: RuleSetId) => once(`${id}.moments`, async () => (await solvedTable(id, 'moments')).values);

  /** A multi-column rule set's own column types' tables, split by type key: downloaded where listed, else solved. */
  const ownColumns = (id: RuleSetId) =>
    once(`${id}.columns`, async (): Promise<Map<string, Float64Array>> => {
      const rs = RULESETS[id];
      const fix = 'the engine solves them instead';
      const down = await downloaded(id, 'columns').catch(() => undefined);
      if (down?.entry.layout) {
        try {
          return splitColumnTypeTables(rs, { layout: down.entry.layout } as TableHeader, down.values, fix);
        } catch {
          // Listed with other column types than these rules have: solved instead.
        }
      }
      const solved = await solvedTable(id, 'columns');
      return splitColumnTypeTables(rs, { layout: solved.layout ?? layoutFromRules(id) } as TableHeader, solved.values, fix);
    });

  return {
    values,
    moments,
    columnTables: (id) =>
      once(`${id}.column-tables`, async () => {
        const tables = new Map<string, Float64Array>();
        const own = ownColumnTypes(RULESETS[id]).length > 0 ? await ownColumns(id) : new Map<string, Float64Array>();
        for (const t of columnTypes(RULESETS[id])) tables.set(t.key, t.sameAs ? await values(t.sameAs) : own.get(t.key)!);
        return tables;
      }),
    neural: (id) =>
      once(`${id}.neural`, async () => {
        const ref = build.neural[id];
        if (!ref) return undefined;
        const started = performance.now();
        const url = new URL(ref.file, opts.base).href;
        progress({ ruleset: id, table: `${id} neural`, kind: 'neural', stage: 'download', done: 0, total: ref.bytes });
        const { content, fetched } = await verifiedFile({ url, sha256: ref.sha256, versions: new URL(`neural-${id}.`, opts.base).href });
        record(id, 'neural', fetched > 0 ? 'download' : 'cache', started, fetched, ref.sha256);
        return JSON.parse(new TextDecoder().decode(content)) as FittedNeural;
      }),
    records: () => got.map((r) => ({ ...r })),
  };
}

/**
 * The column-types layout the rules give (each own type's key, fill and entries, in order), for a
 * table kept without its header: what splitColumnTypeTables checks. The types' start values are
 * not kept (no model reads them), so they are left 0.
 */
function layoutFromRules(id: RuleSetId): ColumnTypesLayout {
  const types = ownColumnTypes(RULESETS[id]).map((t) => {
    const L = compileRules(t.rs).layout;
    return { key: t.key, column: t.columns[0], fill: L.fill, slots: L.size / (UPPER_SLOTS * L.flags), upperSlots: UPPER_SLOTS, flags: L.flags, entries: L.size, startValue: 0 };
  });
  return { kind: 'columns', types, entries: types.reduce((n, t) => n + t.entries, 0) };
}
