import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { RULESETS, ruleSetFingerprint, type RuleSetId } from '../rules/index.ts';
import {
  columnStateIndex,
  compileRules,
  countStates,
  levelStates,
  createRowEncoder,
  decodeHeader,
  LANE_BITS,
  openReachTable,
  rowRegionBytes,
  RowWriter,
  SOLVER_VERSION,
  type BuildProgress,
  type BuiltReachTable,
  type GoalKind,
  type ReachTableData,
} from '../solver/index.ts';
import { readHeadOf } from './read-table-bytes.ts';
import { reachTablePath } from './reach-store.ts';

/**
 * Goal tables of format 1 (before lane-codec.ts: per state slot lo and count as Uint16, each part
 * padded to 8 bytes, then every kept value as float32 or float64), converted into the current
 * format instead of solved again: a pass over the file, seconds where a build takes minutes. The
 * old values are the same solver's (its version and the rule set's fingerprint must match, and
 * the payload its checksum), rounded to float32: within 3e-8 of the engine's, so a converted
 * reach value is within 2^-23 + 3e-8 of exact, a converted tail within 2^-25 + 6e-8 (the float32
 * masses summed). Anything else about the file (damaged, another rule set, a smaller cap) leaves
 * it to be built.
 */
const LEGACY_FORMAT = 1;

interface LegacyLayout {
  kind: GoalKind;
  cap: number;
  entries: number;
  values: number;
  valueBytes: number;
}

/** The file ended before its header said it would: it is built instead. */
class TruncatedError extends Error {}

/** Bytes read at a time. */
const CHUNK = 4 << 20;

/**
 * The table of `kind` for `id` in `dir` converted from format 1, or undefined where there is no
 * such file, or it cannot be converted (the caller then builds it). Not written: the caller writes it.
 */
export async function convertLegacyLaneTable(dir: string, id: RuleSetId, kind: GoalKind, cap: number, onProgress?: (p: BuildProgress) => void): Promise<BuiltReachTable | undefined> {
  return convert(dir, id, kind, cap, onProgress).catch((e: unknown) => {
    if (e instanceof TruncatedError) return undefined;
    throw e;
  });
}

async function convert(dir: string, id: RuleSetId, kind: GoalKind, cap: number, onProgress?: (p: BuildProgress) => void): Promise<BuiltReachTable | undefined> {
  const started = performance.now();
  const rs = RULESETS[id];
  const file = reachTablePath(dir, id, kind);
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return undefined;
  try {
    const { head, size } = await readHeadOf(handle);
    let decoded: ReturnType<typeof decodeHeader>;
    try {
      decoded = decodeHeader(head, file, '');
    } catch {
      return undefined;
    }
    const { header, payloadStart } = decoded;
    const legacy = header.layout as unknown as LegacyLayout;
    const slots = compileRules(rs).layout.size;
    const part = Math.ceil((slots * 2) / 8) * 8;
    const fits =
      header.format === LEGACY_FORMAT &&
      legacy.kind === kind &&
      (legacy.valueBytes === 4 || legacy.valueBytes === 8) &&
      header.ruleset === id &&
      header.fingerprint === ruleSetFingerprint(rs) &&
      header.solverVersion === SOLVER_VERSION &&
      legacy.cap >= cap &&
      legacy.entries === slots &&
      header.payloadBytes === size - payloadStart &&
      header.payloadBytes === 2 * part + legacy.values * legacy.valueBytes;
    if (!fits) return undefined;
    const hash = createHash('sha256');
    const index = new Uint8Array(2 * part);
    await handle.read(index, 0, index.length, payloadStart);
    hash.update(index);
    const lo = new Uint16Array(index.buffer, 0, slots);
    const count = new Uint16Array(index.buffer, part, slots);
    let total = 0;
    for (let s = 0; s < slots; s++) total += count[s];
    if (total !== legacy.values) return undefined;

    const width = legacy.valueBytes;
    const chunk = new Uint8Array(CHUNK);
    const view = new DataView(chunk.buffer);
    let have = 0;
    let at = 0;
    let fileAt = payloadStart + 2 * part;
    const end = payloadStart + header.payloadBytes;
    /** Makes the next `n` bytes readable at chunk[at..]. */
    const need = async (n: number): Promise<void> => {
      if (have - at >= n) return;
      chunk.copyWithin(0, at, have);
      have -= at;
      at = 0;
      while (have < n) {
        const { bytesRead } = fileAt < end ? await handle.read(chunk, have, Math.min(CHUNK - have, end - fileAt), fileAt) : { bytesRead: 0 };
        if (bytesRead === 0) throw new TruncatedError();
        hash.update(chunk.subarray(have, have + bytesRead));
        have += bytesRead;
        fileAt += bytesRead;
      }
    };

    const bits = LANE_BITS[kind];
    const encoder = createRowEncoder(kind, 'fixed', bits, legacy.cap);
    const rows = new RowWriter(1 << 20);
    const offset = new Uint32Array(new SharedArrayBuffer(4 * (slots + 1)));
    const lanes = new Float64Array(legacy.cap + 2);
    for (let s = 0; s < slots; s++) {
      offset[s] = rows.length;
      const first = lo[s];
      const c = count[s];
      // A slot never solved (not a state of the game) has no row.
      if (first === 0 && c === 0) continue;
      await need(c * width);
      // The lanes as the builder had them: reach P(n) for n = 1..w (1 below the stretch), a distribution's masses for k = 0..w (0 below).
      const w = first + c - 1;
      lanes.fill(kind === 'reach' ? 1 : 0, 0, first);
      for (let i = 0; i < c; i++) lanes[first + i] = width === 4 ? view.getFloat32(at + 4 * i, true) : view.getFloat64(at + 8 * i, true);
      at += c * width;
      encoder.encode(rows, lanes, 0, w);
      if (s % 65536 === 0) onProgress?.({ level: 0, statesDone: s, statesTotal: slots });
    }
    offset[slots] = rows.length;
    // Every byte of the payload was read (the sizes add up) and went into the checksum.
    if (fileAt !== end || hash.digest('hex') !== header.checksum) return undefined;
    const bytes = new Uint8Array(new SharedArrayBuffer(rowRegionBytes(rows.length)));
    bytes.set(rows.bytes.subarray(0, rows.length));
    const data: ReachTableData = { kind, cap: legacy.cap, encoding: 'fixed', bits, offset, rows: { bytes }, values: encoder.values() };
    const table = openReachTable(data);
    const c = compileRules(rs);
    const top = table.row(columnStateIndex(c.layout, { mask: 0, upper: 0, yahtzee50: false }));
    const start = new Float64Array(legacy.cap + 1);
    for (let n = 0; n <= legacy.cap; n++) {
      const i = n - top.lo;
      start[n] = kind === 'reach' && n < top.lo ? 1 : i >= 0 && i < top.values.length ? top.values[i] : 0;
    }
    onProgress?.({ level: 0, statesDone: slots, statesTotal: slots });
    return {
      table,
      states: countStates(levelStates(rs)),
      start,
      convertedSeconds: (performance.now() - started) / 1000,
      header: {
        ruleset: id,
        fingerprint: header.fingerprint,
        solverVersion: SOLVER_VERSION,
        layout: { kind, cap: legacy.cap, entries: slots, values: data.values, encoding: 'fixed', bits, rowBytes: bytes.byteLength },
        startValue: header.startValue,
        buildSeconds: header.buildSeconds,
        threads: header.threads,
        createdAt: header.createdAt,
      },
    };
  } finally {
    await handle.close();
  }
}
