import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DicewiseError, isDicewiseError } from '../errors.ts';
import { readTableHead, readWholeFile } from './read-table-bytes.ts';
import { writeFileAtomic } from './write-atomic.ts';
import { decodeOutlookTable, DISTRIBUTION_SUFFIX, OUTLOOK_SUFFIX, readReachTable, REACH_SUFFIX } from './reach-store.ts';
import type { RuleSet, RuleSetId } from '../rules/index.ts';
import { isRuleSetId, RULESETS, ruleSetFingerprint } from '../rules/index.ts';
import { checkHeader, checkValueLayout, decodeHeader, decodeTable, formatOf, SOLVER_VERSION, tableFileParts, type BuiltTable, type SharedTables, type TableHeader, type ValueTable } from '../solver/index.ts';

/** Table files on disk: one `<ruleset>.dwt` per rule set in a folder (default `tables/`). */
export const TABLE_EXTENSION = '.dwt';

/** The moments of a rule set's expected-score strategy sit beside its values: `<ruleset>.moments.dwt`. */
export const MOMENTS_SUFFIX = '.moments';

/** A sub-game's exact values over its joint states sit beside its column tables: `<ruleset>.joint.dwt`. */
export const JOINT_SUFFIX = '.joint';

export function tablePath(dir: string, id: RuleSetId, suffix = ''): string {
  return join(resolve(dir), `${id}${suffix}${TABLE_EXTENSION}`);
}

export function rebuildHint(id: RuleSetId): string {
  return `Rebuild it with: dicewise tables build --ruleset ${id}`;
}

/**
 * Writes atomically (see write-atomic.ts): an interrupted build never leaves half a table. `keep`
 * (a sharing reader's) is then handed the table as written, so that a process serving what it has
 * just built reads the build's own memory, not a second copy from the file.
 */
export async function writeTable(dir: string, built: BuiltTable, suffix = '', keep?: KeepTable): Promise<string> {
  await mkdir(resolve(dir), { recursive: true });
  const file = tablePath(dir, built.header.ruleset as RuleSetId, suffix);
  const { header, parts } = tableFileParts(built.header, [new Uint8Array(built.values.buffer, built.values.byteOffset, built.values.byteLength)]);
  await writeFileAtomic(file, parts);
  await keep?.(dir, RULESETS[built.header.ruleset as RuleSetId], suffix, { header, values: built.values });
  return file;
}

/** The errors a build cures: the table is missing, out of date or damaged. */
export function needsBuild(e: unknown): boolean {
  return isDicewiseError(e) && (e.code === 'TABLE_MISSING' || e.code === 'TABLE_STALE' || e.code === 'TABLE_CORRUPT');
}

/**
 * A value table from its file in `dir`, checked. `shared`: its values over a SharedArrayBuffer,
 * for a process that hands them to its worker threads (in a task message: shared, not copied).
 */
export async function readTable(dir: string, rs: RuleSet, suffix = '', opts: { shared?: boolean } = {}): Promise<ValueTable> {
  const file = tablePath(dir, rs.id, suffix);
  let bytes: Uint8Array;
  try {
    bytes = await readWholeFile(file, opts.shared);
  } catch (e) {
    throw missingOr(e, file, rs);
  }
  return decodeTable(bytes, rs, file, rebuildHint(rs.id), true);
}

function missingOr(e: unknown, file: string, rs: RuleSet): unknown {
  if ((e as NodeJS.ErrnoException).code !== 'ENOENT') return e;
  return new DicewiseError('TABLE_MISSING', `${file}: no table for ${rs.id}. Build it with: dicewise tables build --ruleset ${rs.id}`);
}

/**
 * Checks a value table file as readTable does, from its header alone (the payload is neither read
 * nor checksummed): for a table read later, on first use. Throws what readTable would.
 */
export async function checkTable(dir: string, rs: RuleSet, suffix = ''): Promise<void> {
  const file = tablePath(dir, rs.id, suffix);
  const fix = rebuildHint(rs.id);
  const { head, size } = await readTableHead(file).catch((e: unknown) => {
    throw missingOr(e, file, rs);
  });
  checkValueLayout(checkHeader(head, size, rs, file, fix).header, file, fix);
}

/** How a loader reads a table: readTable, or a reader that shares what it has read (sharedTableReader). */
export type TableReader = (dir: string, rs: RuleSet, suffix?: string) => Promise<ValueTable>;

/** A table's name among shared tables: its file's name without the extension. */
export function tableKey(id: RuleSetId, suffix = ''): string {
  return `${id}${suffix}`;
}

/** A worker thread's reader: the tables its tasks handed over (`receive`), and the files for the rest. */
export interface ReceivingTableReader extends TableReader {
  /** keeps a task's shared tables (absent: none), for this and every later read */
  receive(tables: SharedTables | undefined): void;
}

export function receivingTableReader(): ReceivingTableReader {
  const received: Record<string, ValueTable> = {};
  const read: TableReader = async (dir, rs, suffix = '') => received[tableKey(rs.id, suffix)] ?? readTable(dir, rs, suffix);
  return Object.assign(read, { receive: (tables: SharedTables | undefined) => void Object.assign(received, tables) });
}

/** Takes a table just written to its file (writeTable) as what reading that file gives. */
export type KeepTable = (dir: string, rs: RuleSet, suffix: string, table: ValueTable) => Promise<void>;

/** A TableReader that keeps what it read, to hand to worker threads (`loaded`). */
export interface SharingTableReader extends TableReader {
  /** every table read so far, by tableKey */
  loaded(): SharedTables;
  /**
   * A table this process has just built and written, kept as its file's contents where its
   * values lie in shared memory (as a build's do): a server that builds its tables on first start
   * then holds one copy of each. Read back instead, the build's copy stayed resident as well
   * until a full collection, which a server's steady heap runs late (a first start of the default
   * rule sets: 278 MB read back, 259 MB kept).
   */
  keep: KeepTable;
}

/**
 * readTable into shared memory, except that a file read before (same path, inode, size and
 * modification time) gives the same table again: a server's yahtzee model and Triple Yahtzee's
 * columns are then one copy of yahtzee.dwt, not two, and `loaded` hands them to worker threads
 * (one folder's tables). A rebuilt file is a new inode, so it is read afresh. The tables it returns
 * are shared: callers never write into them (models copy a table before changing it).
 */
export function sharedTableReader(): SharingTableReader {
  const seen = new Map<string, { stamp: string; table: Promise<ValueTable> }>();
  let loaded: Record<string, ValueTable> = {};
  const readShared = (dir: string, rs: RuleSet, suffix: string): Promise<ValueTable> => {
    const table = readTable(dir, rs, suffix, { shared: true });
    table.then((t) => (loaded = { ...loaded, [tableKey(rs.id, suffix)]: t }), () => {});
    return table;
  };
  const read = async (dir: string, rs: RuleSet, suffix = ''): Promise<ValueTable> => {
    const file = tablePath(dir, rs.id, suffix);
    const s = await stat(file).catch(() => undefined);
    if (!s) return readShared(dir, rs, suffix);
    const stamp = `${s.ino}:${s.size}:${s.mtimeMs}`;
    const hit = seen.get(file);
    if (hit?.stamp === stamp) return hit.table;
    const table = readShared(dir, rs, suffix);
    seen.set(file, { stamp, table });
    table.catch(() => {
      if (seen.get(file)?.table === table) seen.delete(file);
    });
    return table;
  };
  const keep: KeepTable = async (dir, rs, suffix, table) => {
    if (!(table.values.buffer instanceof SharedArrayBuffer)) return;
    const file = tablePath(dir, rs.id, suffix);
    const s = await stat(file);
    seen.set(file, { stamp: `${s.ino}:${s.size}:${s.mtimeMs}`, table: Promise.resolve(table) });
    loaded = { ...loaded, [tableKey(rs.id, suffix)]: table };
  };
  return Object.assign(read, { loaded: () => loaded, keep });
}

export type TableStatus = 'ok' | 'stale' | 'corrupt';

export interface TableInfo {
  ruleset: string;
  /** expected-score values, the moments of that strategy, a reach table, the points distribution or the outlook of that strategy, or a sub-game's exact joint values */
  kind: 'values' | 'moments' | 'reach' | 'distribution' | 'outlook' | 'joint';
  file: string;
  bytes: number;
  status: TableStatus;
  detail?: string;
  header?: TableHeader;
}

/** Lists every table file in `dir` with its header and whether it matches this Dicewise. */
export async function listTables(dir: string): Promise<TableInfo[]> {
  let names: string[];
  try {
    names = await readdir(resolve(dir));
  } catch {
    return [];
  }
  const out: TableInfo[] = [];
  for (const name of names.filter((n) => n.endsWith(TABLE_EXTENSION)).sort()) {
    const file = join(resolve(dir), name);
    const stem = name.slice(0, -TABLE_EXTENSION.length);
    const suffixes = { reach: REACH_SUFFIX, distribution: DISTRIBUTION_SUFFIX, outlook: OUTLOOK_SUFFIX, moments: MOMENTS_SUFFIX, joint: JOINT_SUFFIX } as const;
    const found = (Object.keys(suffixes) as (keyof typeof suffixes)[]).find((k) => stem.endsWith(suffixes[k]));
    const kind = found ?? 'values';
    const id = stem.slice(0, stem.length - (found ? suffixes[found].length : 0));
    const bytes = (await stat(file)).size;
    try {
      // The header first: a goal table's payload (hundreds of MB) is then checked as it streams by, never held.
      const { head } = await readTableHead(file);
      const { header } = decodeHeader(head, file, '');
      let status: TableStatus = 'ok';
      let detail: string | undefined;
      if (!isRuleSetId(id)) {
        status = 'stale';
        detail = 'unknown rule set';
      } else if (header.format !== formatOf(header.layout?.kind) || header.solverVersion !== SOLVER_VERSION) {
        status = 'stale';
        detail = `format ${header.format} / solver ${header.solverVersion}`;
      } else if (header.fingerprint !== ruleSetFingerprint(RULESETS[id])) {
        status = 'stale';
        detail = 'rule set definition changed';
      } else {
        try {
          if (kind === 'reach' || kind === 'distribution') await readReachTable(dir, RULESETS[id], kind);
          else if (kind === 'outlook') decodeOutlookTable(await readFile(file), RULESETS[id], file, '');
          else decodeTable(await readFile(file), RULESETS[id], file, '');
        } catch (e) {
          status = 'corrupt';
          detail = (e as Error).message;
        }
      }
      out.push({ ruleset: id, kind, file, bytes, status, detail, header });
    } catch (e) {
      out.push({ ruleset: id, kind, file, bytes, status: 'corrupt', detail: (e as Error).message });
    }
  }
  return out;
}
