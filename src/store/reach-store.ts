import { readFile } from 'node:fs/promises';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DicewiseError } from '../errors.ts';
import type { RuleSet, RuleSetId } from '../rules/index.ts';
import {
  decodeChecked,
  decodeReachPayload,
  encodeTableParts,
  reachPayloadParts,
  type BuiltReachTable,
  type ReachTable,
  type TableHeader,
} from '../solver/index.ts';
import { writeFileAtomic } from './write-atomic.ts';

/** Reach tables sit beside the value tables: `<ruleset>.reach.dwt`. */
export const REACH_SUFFIX = '.reach';

export function reachTablePath(dir: string, id: RuleSetId): string {
  return join(resolve(dir), `${id}${REACH_SUFFIX}.dwt`);
}

export function reachRebuildHint(id: RuleSetId): string {
  return `Rebuild it with: dicewise tables build --ruleset ${id} --reach`;
}

/** Written atomically, like every table: an interrupted build never leaves half a file. */
export async function writeReachTable(dir: string, built: BuiltReachTable): Promise<string> {
  await mkdir(resolve(dir), { recursive: true });
  const file = reachTablePath(dir, built.header.ruleset as RuleSetId);
  await writeFileAtomic(file, encodeTableParts(built.header, reachPayloadParts(built.table)));
  return file;
}

/** Checks and decodes a reach table file (header, fingerprint, checksum, sizes). */
export function decodeReachTable(bytes: Uint8Array, rs: RuleSet, file: string, fix: string): { header: TableHeader; table: ReachTable } {
  const { header, payload } = decodeChecked(bytes, rs, file, fix);
  const layout = header.layout;
  const table =
    layout.kind === 'reach' && (layout.valueBytes === 4 || layout.valueBytes === 8)
      ? decodeReachPayload(payload, layout.cap, layout.entries, layout.values, layout.valueBytes === 8)
      : null;
  if (!table) throw new DicewiseError('TABLE_CORRUPT', `${file}: not a reach table of the expected size. ${fix}`);
  return { header, table };
}

export async function readReachTable(dir: string, rs: RuleSet): Promise<{ header: TableHeader; table: ReachTable }> {
  const file = reachTablePath(dir, rs.id);
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new DicewiseError('TABLE_MISSING', `${file}: no reach table for ${rs.id}. Build it with: dicewise tables build --ruleset ${rs.id} --reach`);
    }
    throw e;
  }
  return decodeReachTable(bytes, rs, file, reachRebuildHint(rs.id));
}
