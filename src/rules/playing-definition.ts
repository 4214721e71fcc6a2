import type { RuleSet } from './types.ts';

function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const keys = Object.keys(v as object).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

/**
 * Everything in a rule set that affects play, as canonical JSON (keys sorted; descriptions,
 * published values, capabilities and box labels left out): two rule sets play alike exactly when
 * these strings are equal. The fingerprint (fingerprint.ts) is its hash; code that only compares
 * definitions or keys a cache by them uses the string itself, which needs no hash function, so it
 * runs where node:crypto does not (the engine in a browser, src/browser).
 */
export function playingDefinition(rs: RuleSet): string {
  const { name: _n, description: _d, published: _p, capabilities: _c, ...playing } = rs;
  const boxes = playing.boxes.map(({ label: _l, ...b }) => b);
  return canonicalJson({ ...playing, boxes });
}
