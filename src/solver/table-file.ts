import { createHash } from 'node:crypto';
import { pack } from 'msgpackr/pack';
import { unpack } from 'msgpackr/unpack';
import { DicewiseError } from '../errors.ts';
import { SOLVER_VERSION } from './solver-version.ts';
import type { RuleSet } from '../rules/index.ts';
import { ruleSetFingerprint } from '../rules/index.ts';

export { SOLVER_VERSION };

/**
 * A strategy table file:
 *
 *   "DWT1" | u32 LE header length | msgpack header | zero padding to 8 bytes | Float64 LE payload
 *
 * The header says what the payload is (rule set, its fingerprint, solver version, state layout)
 * and carries a SHA-256 of the payload, so a stale or damaged file is refused, never misread.
 */
export const TABLE_FORMAT = 1;
const MAGIC = 'DWT1';

/**
 * The format of goal tables (reach and distribution layouts): 2 since their rows are encoded one
 * by one behind an index of offsets (lane-codec.ts) and read on demand; format 1 held float32
 * values read whole. Value tables did not change and stay at TABLE_FORMAT.
 */
export const LANE_TABLE_FORMAT = 2;

/**
 * The format of outlook tables: 2 since their lanes are kept behind an index of offsets
 * (outlook-table.ts); format 1 held, as goal tables then did, a lo (always 0) and a count per
 * state slot. A format-1 outlook table is stale, and built again (seconds to a minute).
 */
export const OUTLOOK_TABLE_FORMAT = 2;

/** The format a table of this layout is written in (and must be, to be read). */
export function formatOf(kind: TableHeader['layout']['kind']): number {
  return kind === 'reach' || kind === 'distribution' ? LANE_TABLE_FORMAT : kind === 'outlook' ? OUTLOOK_TABLE_FORMAT : TABLE_FORMAT;
}

/** One single-column table (column-layout.ts). */
export interface ColumnTableLayout {
  kind: 'column';
  boxes: number;
  upperSlots: number;
  flags: number;
  entries: number;
}

/**
 * The tables of a multi-column rule set's own column types (rules/column-types.ts), one after
 * another in the payload, in this order; a type that plays as an exact rule set reads that
 * rule set's file instead and is not listed.
 */
export interface ColumnTypesLayout {
  kind: 'columns';
  types: { key: string; column: number; fill: string; slots: number; upperSlots: number; flags: number; entries: number; startValue: number }[];
  entries: number;
}

/** The exact values of a sub-game over its joint states (joint-layout.ts): `ranks` states per column. */
export interface JointTableLayout {
  kind: 'joint';
  ranks: number[];
  entries: number;
}

/**
 * A reach table or points distribution (reach-table.ts): the offsets of its rows (Uint32 per
 * state slot and one more, padded to 8 bytes), then the rows (lane-codec.ts).
 */
export interface ReachTableLayout {
  kind: 'reach' | 'distribution';
  cap: number;
  /** state slots (column-layout.ts size) */
  entries: number;
  /** values the rows hold */
  values: number;
  /** how rows are stored (lane-codec.ts) */
  encoding: 'fixed' | 'float64';
  /** fixed rows: bits of the fixed point */
  bits: number;
  /** bytes of the rows, their end padding included */
  rowBytes: number;
}

/**
 * An outlook table (outlook-table.ts): the offsets of its states' lanes (Uint32 per state slot
 * and one more, padded to 8 bytes), then every lane as float64.
 */
export interface OutlookTableLayout {
  kind: 'outlook';
  /** state slots (column-layout.ts size) */
  entries: number;
  /** lanes, all told */
  values: number;
}

export interface TableHeader {
  format: number;
  ruleset: string;
  fingerprint: string;
  solverVersion: number;
  layout: ColumnTableLayout | ColumnTypesLayout | JointTableLayout | ReachTableLayout | OutlookTableLayout;
  payloadBytes: number;
  checksum: string;
  /** value of the empty scorecard: exact for one column; for column types, Σ multiplier × column value */
  startValue: number;
  buildSeconds: number;
  threads: number;
  createdAt: string;
}

export interface ValueTable {
  header: TableHeader;
  values: Float64Array;
}

/**
 * Value tables a process has read and hands its worker threads with their tasks, by file name
 * (`<ruleset><suffix>`, store/table-store.ts tableKey), their values over SharedArrayBuffers: a
 * message shares them instead of copying, and a thread reads these files no more.
 */
export type SharedTables = Readonly<Record<string, ValueTable>>;

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A value table file in one buffer (`encodeTableParts` writes it without the copy). */
export function encodeTable(header: Omit<TableHeader, 'checksum' | 'payloadBytes' | 'format'>, values: Float64Array): Uint8Array {
  const parts = encodeTableParts(header, [new Uint8Array(values.buffer, values.byteOffset, values.byteLength)]);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/**
 * A table file as parts to write one after another: the head (magic, header, padding to 8 bytes),
 * then the payload's own parts untouched, so a payload of hundreds of megabytes is never copied.
 * Each payload part must be a multiple of 8 bytes long for the next to stay aligned.
 */
export function encodeTableParts(header: Omit<TableHeader, 'checksum' | 'payloadBytes' | 'format'>, payload: readonly Uint8Array[]): Uint8Array[] {
  return tableFileParts(header, payload).parts;
}

/** `encodeTableParts` with the header as written (its checksum and sizes filled in). */
export function tableFileParts(header: Omit<TableHeader, 'checksum' | 'payloadBytes' | 'format'>, payload: readonly Uint8Array[]): { header: TableHeader; parts: Uint8Array[] } {
  const hash = createHash('sha256');
  let payloadBytes = 0;
  for (const p of payload) {
    hash.update(p);
    payloadBytes += p.byteLength;
  }
  const full: TableHeader = { ...header, format: formatOf(header.layout.kind), payloadBytes, checksum: hash.digest('hex') };
  const head = pack(full);
  const payloadStart = Math.ceil((8 + head.byteLength) / 8) * 8;
  const first = new Uint8Array(payloadStart);
  first.set(Buffer.from(MAGIC, 'ascii'), 0);
  new DataView(first.buffer).setUint32(4, head.byteLength, true);
  first.set(head, 8);
  return { header: full, parts: [first, ...payload] };
}

function corrupt(file: string, why: string, fix: string): DicewiseError {
  return new DicewiseError('TABLE_CORRUPT', `${file}: ${why}. ${fix}`);
}

/** Bytes before a table file's header: its magic and the header's length. */
export const TABLE_PREFIX_BYTES = 8;

/**
 * How many of a file's first bytes hold its header, read from its first TABLE_PREFIX_BYTES (a
 * reader that wants the header alone reads that many); the prefix's own length where it is shorter.
 */
export function headerEnd(prefix: Uint8Array): number {
  if (prefix.byteLength < TABLE_PREFIX_BYTES) return prefix.byteLength;
  return TABLE_PREFIX_BYTES + new DataView(prefix.buffer, prefix.byteOffset, prefix.byteLength).getUint32(4, true);
}

/** Reads only the header (for listings); throws TABLE_CORRUPT when it cannot be read. */
export function decodeHeader(bytes: Uint8Array, file: string, fix: string): { header: TableHeader; payloadStart: number } {
  if (bytes.byteLength < TABLE_PREFIX_BYTES || Buffer.from(bytes.subarray(0, 4)).toString('ascii') !== MAGIC) {
    throw corrupt(file, 'not a Dicewise table file (bad magic)', fix);
  }
  const end = headerEnd(bytes);
  if (end > bytes.byteLength) throw corrupt(file, 'truncated header', fix);
  let header: TableHeader;
  try {
    // A copy: msgpackr keeps the last buffer it decoded, and a view would keep the whole file
    // (up to hundreds of MiB) alive after its table has been copied out.
    header = unpack(Uint8Array.prototype.slice.call(bytes, TABLE_PREFIX_BYTES, end)) as TableHeader;
  } catch {
    throw corrupt(file, 'unreadable header', fix);
  }
  if (typeof header !== 'object' || header === null || typeof header.payloadBytes !== 'number') {
    throw corrupt(file, 'malformed header', fix);
  }
  return { header, payloadStart: Math.ceil(end / 8) * 8 };
}

/**
 * Checks a table file's header against the rule set and the file's size (`fileBytes`); `head`
 * holds at least the file's first bytes up to the end of its header. Where the payload starts.
 * `fix` is the command that rebuilds it, quoted in every error so the user knows what to do.
 */
export function checkHeader(head: Uint8Array, fileBytes: number, rs: RuleSet, file: string, fix: string): { header: TableHeader; payloadStart: number } {
  const { header, payloadStart } = decodeHeader(head, file, fix);
  const format = formatOf(header.layout?.kind);
  if (header.format !== format) {
    throw new DicewiseError('TABLE_STALE', `${file}: table format ${header.format}, this Dicewise reads ${format}. ${fix}`);
  }
  if (header.ruleset !== rs.id) {
    throw new DicewiseError('TABLE_STALE', `${file}: holds rule set ${header.ruleset}, expected ${rs.id}. ${fix}`);
  }
  if (header.fingerprint !== ruleSetFingerprint(rs)) {
    throw new DicewiseError('TABLE_STALE', `${file}: built for a different definition of ${rs.id} (fingerprint ${header.fingerprint}). ${fix}`);
  }
  if (header.solverVersion !== SOLVER_VERSION) {
    throw new DicewiseError('TABLE_STALE', `${file}: built by solver version ${header.solverVersion}, this is ${SOLVER_VERSION}. ${fix}`);
  }
  if (fileBytes - payloadStart !== header.payloadBytes) {
    throw corrupt(file, `payload is ${fileBytes - payloadStart} bytes, header says ${header.payloadBytes} (truncated?)`, fix);
  }
  return { header, payloadStart };
}

/**
 * Checks a table file's header against the rule set and its payload against the checksum.
 * `digest`: the payload's SHA-256 as the reader already took it (in slices, between which a
 * server answers requests); else it is taken here.
 */
export function decodeChecked(bytes: Uint8Array, rs: RuleSet, file: string, fix: string, digest?: string): { header: TableHeader; payload: Uint8Array } {
  const { header, payloadStart } = checkHeader(bytes, bytes.byteLength, rs, file, fix);
  const payload = bytes.subarray(payloadStart);
  if ((digest ?? sha256(payload)) !== header.checksum) throw corrupt(file, 'payload checksum mismatch', fix);
  return { header, payload };
}

/** Checks that a header describes a value table (one float64 per state slot of its layout). */
export function checkValueLayout(header: TableHeader, file: string, fix: string): void {
  if (header.layout.kind === 'reach' || header.layout.kind === 'distribution' || header.layout.kind === 'outlook') throw corrupt(file, `holds a ${header.layout.kind} table, not values`, fix);
  if (header.payloadBytes / 8 !== header.layout.entries) throw corrupt(file, 'payload size does not match its layout', fix);
}

/**
 * Decodes and checks a value table (expected-score values, one float64 per state slot). `own`:
 * `bytes` is the caller's to give away, so aligned values are a view of it rather than a copy.
 */
export function decodeTable(bytes: Uint8Array, rs: RuleSet, file: string, fix: string, own = false): ValueTable {
  const { header, payload } = decodeChecked(bytes, rs, file, fix);
  checkValueLayout(header, file, fix);
  if (own && payload.byteOffset % 8 === 0 && (payload.buffer instanceof ArrayBuffer || payload.buffer instanceof SharedArrayBuffer)) {
    return { header, values: new Float64Array(payload.buffer, payload.byteOffset, header.payloadBytes / 8) };
  }
  // Copy into an aligned buffer: a Buffer from the file system may start at any offset.
  const values = new Float64Array(header.payloadBytes / 8);
  new Uint8Array(values.buffer).set(payload);
  return { header, values };
}
