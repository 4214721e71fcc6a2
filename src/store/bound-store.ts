import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ruleSetFingerprint, RULESETS, type RuleSetId } from '../rules/index.ts';
import { SOLVER_VERSION, type PriceSearchStep, type RollPrices } from '../solver/index.ts';
import { writeFileAtomic } from './write-atomic.ts';

/**
 * A computed upper bound on a multi-column game's optimum, cached beside its tables as
 * `<ruleset>.bound.json`: the bound takes minutes, and `tables info` shows it once computed. The
 * prices it was computed at travel with it (base64 Float64), so the number can be checked by
 * solving the relaxed columns at them once more.
 */
export interface BoundRecord {
  ruleset: RuleSetId;
  fingerprint: string;
  solverVersion: number;
  bound: number;
  /** Σ_t Λ_t of the best prices, and each column's m_c W_c */
  payback: number;
  method: string;
  parameters: { steps: number; games: number; seed: number; theta: number; floor: number; target: number; startBeta: number };
  steps: PriceSearchStep[];
  cpuSeconds: number;
  wallSeconds: number;
  threads: number;
  computedAt: string;
  prices: { turns: number; rolls: number; first: string; later: string };
}

export function boundPath(dir: string, id: RuleSetId): string {
  return join(resolve(dir), `${id}.bound.json`);
}

export function encodePrices(p: RollPrices): BoundRecord['prices'] {
  const b64 = (a: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
  return { turns: p.turns, rolls: p.rolls, first: b64(p.first), later: b64(p.later) };
}

export function decodePrices(p: BoundRecord['prices']): RollPrices {
  const f64 = (s: string) => {
    const b = Buffer.from(s, 'base64');
    return new Float64Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
  };
  return { turns: p.turns, rolls: p.rolls, first: f64(p.first), later: f64(p.later) };
}

export async function writeBound(dir: string, record: BoundRecord): Promise<string> {
  await mkdir(resolve(dir), { recursive: true });
  const file = boundPath(dir, record.ruleset);
  await writeFileAtomic(file, `${JSON.stringify(record)}\n`);
  return file;
}

/** The cached bound of `id`, or undefined where there is none or it was computed for other rules or another solver. */
export async function readBound(dir: string, id: RuleSetId): Promise<BoundRecord | undefined> {
  let text: string;
  try {
    text = await readFile(boundPath(dir, id), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const r = JSON.parse(text) as BoundRecord;
    if (r.ruleset !== id || r.fingerprint !== ruleSetFingerprint(RULESETS[id]) || r.solverVersion !== SOLVER_VERSION || typeof r.bound !== 'number') return undefined;
    return r;
  } catch {
    return undefined;
  }
}
