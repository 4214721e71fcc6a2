import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DicewiseError } from '../errors.ts';
import type { RuleSet, RuleSetId } from '../rules/index.ts';
import {
  decodeChecked,
  decodeHeader,
  decodeReachPayload,
  encodeTableParts,
  reachPayloadParts,
  type BuiltReachTable,
  type LaneKind,
  type ReachTable,
  type TableHeader,
} from '../solver/index.ts';
import { readWholeFile } from './read-table-bytes.ts';
import { writeFileAtomic } from './write-atomic.ts';

/**
 * Lane tables sit beside the value tables: reach tables as `<ruleset>.reach.dwt`, the points
 * distribution of expected-score play (how opponents finish, for the win goal) as
 * `<ruleset>.dist.dwt`, the outlook of that play (what a hint's `explain` reads) as `<ruleset>.outlook.dwt`.
 */
export const REACH_SUFFIX = '.reach';
export const DISTRIBUTION_SUFFIX = '.dist';
export const OUTLOOK_SUFFIX = '.outlook';

const SUFFIX: Record<LaneKind, string> = { reach: REACH_SUFFIX, distribution: DISTRIBUTION_SUFFIX, outlook: OUTLOOK_SUFFIX };
const NAME: Record<LaneKind, string> = { reach: 'reach table', distribution: 'points distribution table', outlook: 'outlook table' };
const FLAG: Record<LaneKind, string> = { reach: '--reach', distribution: '--win', outlook: '--outlook' };

export function reachTablePath(dir: string, id: RuleSetId, kind: LaneKind = 'reach'): string {
  return join(resolve(dir), `${id}${SUFFIX[kind]}.dwt`);
}

export function reachRebuildHint(id: RuleSetId, kind: LaneKind = 'reach'): string {
  return `Rebuild it with: dicewise tables build --ruleset ${id} ${FLAG[kind]}`;
}

/** Bytes hashed between two turns of the event loop: a few milliseconds. */
const DIGEST_SLICE = 4 << 20;

/**
 * The payload's SHA-256, taken in slices with the event loop's other work between them: hashing a
 * 517 MB reach table at once held a server's main thread for about a second, and every points hint
 * waited (the slowest took 433 ms while goal tables loaded). Undefined where the header does not
 * decode: the checked decode then says why.
 */
async function payloadDigest(bytes: Uint8Array, file: string): Promise<string | undefined> {
  let start: number;
  try {
    start = decodeHeader(bytes, file, '').payloadStart;
  } catch {
    return undefined;
  }
  const hash = createHash('sha256');
  for (let at = start; at < bytes.byteLength; at += DIGEST_SLICE) {
    hash.update(bytes.subarray(at, Math.min(bytes.byteLength, at + DIGEST_SLICE)));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return hash.digest('hex');
}

/** Written atomically, like every table: an interrupted build never leaves half a file. */
export async function writeReachTable(dir: string, built: BuiltReachTable): Promise<string> {
  await mkdir(resolve(dir), { recursive: true });
  const layoutKind = built.header.layout.kind;
  const kind: LaneKind = layoutKind === 'distribution' || layoutKind === 'outlook' ? layoutKind : 'reach';
  const file = reachTablePath(dir, built.header.ruleset as RuleSetId, kind);
  await writeFileAtomic(file, encodeTableParts(built.header, reachPayloadParts(built.table)));
  return file;
}

/** Checks and decodes a reach (or distribution) table file (header, fingerprint, checksum, sizes). */
export function decodeReachTable(bytes: Uint8Array, rs: RuleSet, file: string, fix: string, kind: LaneKind = 'reach', shared = false, digest?: string): { header: TableHeader; table: ReachTable } {
  const { header, payload } = decodeChecked(bytes, rs, file, fix, digest);
  const layout = header.layout;
  const table =
    layout.kind === kind && (layout.valueBytes === 4 || layout.valueBytes === 8)
      ? decodeReachPayload(payload, layout.cap, layout.entries, layout.values, layout.valueBytes === 8, shared)
      : null;
  if (!table) throw new DicewiseError('TABLE_CORRUPT', `${file}: not a ${NAME[kind]} of the expected size. ${fix}`);
  return { header, table };
}

/**
 * `shared`: the table's arrays over SharedArrayBuffers, for a process that hands it to its
 * worker threads (in a task message: shared, not copied) instead of each thread reading its own.
 */
export async function readReachTable(dir: string, rs: RuleSet, kind: LaneKind = 'reach', opts: { shared?: boolean } = {}): Promise<{ header: TableHeader; table: ReachTable }> {
  const file = reachTablePath(dir, rs.id, kind);
  let bytes: Uint8Array;
  try {
    bytes = await readWholeFile(file, opts.shared);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new DicewiseError('TABLE_MISSING', `${file}: no ${NAME[kind]} for ${rs.id}. Build it with: dicewise tables build --ruleset ${rs.id} ${FLAG[kind]}`);
    }
    throw e;
  }
  return decodeReachTable(bytes, rs, file, reachRebuildHint(rs.id, kind), kind, opts.shared, await payloadDigest(bytes, file));
}

/** Bytes a goal table holds in memory: its values and the three per-state arrays. */
export function reachTableBytes(t: ReachTable): number {
  return t.values.byteLength + t.lo.byteLength + t.count.byteLength + t.offset.byteLength;
}
