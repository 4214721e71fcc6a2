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
 *
 * `parameters.method` says which bounds were computed: the roll-price search over every column
 * relaxed, the bound with some columns coupled exactly (approx/coupled-bound.ts), or both; `from`
 * says which of them gave `bound` (the least, every one being valid). Records written before the
 * coupled bound have neither and are the search's.
 */
export type BoundMethodId = 'roll-prices' | 'coupled' | 'both';

/** One coupled bound computed: at the turn prices of the start slope, or at the search's best roll prices. */
export interface CoupledBoundRun {
  prices: 'turn' | 'search';
  /** the sub-game played jointly and its columns in the game (1-based) */
  group: { ruleset: RuleSetId; columns: number[] };
  bound: number;
  payback: number;
  /** the group's W and each relaxed column's m_c W_c, in column order */
  groupValue: number;
  others: number[];
  cpuSeconds: number;
  wallSeconds: number;
}
export interface BoundRecord {
  ruleset: RuleSetId;
  fingerprint: string;
  solverVersion: number;
  bound: number;
  /** Σ_t Λ_t of the best prices, and each column's m_c W_c */
  payback: number;
  /** how the bound was computed, in words */
  method: string;
  parameters: { method?: BoundMethodId; steps: number; games: number; seed: number; theta: number; floor: number; target: number; startBeta: number };
  /** which computed bound is `bound`: the search's best step or a coupled run (absent: the search) */
  from?: { method: 'roll-prices' | 'coupled'; prices: 'turn' | 'search' };
  /** the search's steps (none where it did not run) */
  steps: PriceSearchStep[];
  coupled?: CoupledBoundRun[];
  cpuSeconds: number;
  wallSeconds: number;
  threads: number;
  computedAt: string;
  /** the prices `bound` was computed at */
  prices: { turns: number; rolls: number; first: string; later: string };
}

/** The method a record was computed with (records from before the coupled bound are the search's). */
export function methodOf(r: { parameters: { method?: BoundMethodId } }): BoundMethodId {
  return r.parameters.method ?? 'roll-prices';
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
