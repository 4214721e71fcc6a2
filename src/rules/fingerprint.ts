import { createHash } from 'node:crypto';
import type { RuleSet } from './types.ts';

function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const keys = Object.keys(v as object).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

/** A short hash of everything in a rule set that affects play; descriptions, published values and capabilities excluded. */
export function ruleSetFingerprint(rs: RuleSet): string {
  const { name: _n, description: _d, published: _p, capabilities: _c, ...playing } = rs;
  const boxes = playing.boxes.map(({ label: _l, ...b }) => b);
  return createHash('sha256').update(canonicalJson({ ...playing, boxes })).digest('hex').slice(0, 16);
}
