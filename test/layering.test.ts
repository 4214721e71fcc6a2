import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// rules → dice → solver → position → advisor / analysis / simulate → store → server → cli.
// A module may import from its own layer or any earlier one, never from a later one or a sibling.
const RANK: Record<string, number> = {
  'errors.ts': 0,
  rules: 1,
  dice: 2,
  solver: 3,
  position: 4,
  advisor: 5,
  analysis: 5,
  simulate: 5,
  approx: 5,
  store: 6,
  server: 7,
  cli: 8,
};
/** Core layers do no I/O: no file system, no process, no console. */
const CORE = new Set(['rules', 'dice', 'solver', 'position', 'advisor', 'analysis', 'simulate', 'approx']);

const root = fileURLToPath(new URL('../src/', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

const layerOf = (rel: string) => rel.split('/')[0];

describe('architecture', () => {
  const all = files(root).map((f) => relative(root, f));
  it.each(all)('%s imports only from earlier layers', (rel) => {
    const src = readFileSync(join(root, rel), 'utf8');
    const mine = layerOf(rel);
    expect(RANK[mine], `unknown layer ${mine}`).toBeDefined();
    for (const m of src.matchAll(/from '(\.[^']+)'/g)) {
      const target = relative(root, join(root, rel, '..', m[1]));
      if (target.startsWith('..')) {
        // Outside src/: only store/server/cli may reach the worker pools.
        expect(RANK[mine], `${rel} imports ${m[1]}`).toBeGreaterThanOrEqual(RANK.store);
        continue;
      }
      const theirs = layerOf(target);
      const ok = theirs === mine || RANK[theirs] < RANK[mine];
      expect(ok, `${rel} (${mine}) imports ${target} (${theirs})`).toBe(true);
    }
    if (CORE.has(mine)) {
      expect(src, `${rel} is core and must not do I/O`).not.toMatch(/from 'node:(fs|fs\/promises|child_process|net|http)'|console\.|process\.(env|argv|stdout|stderr|exit)/);
    }
  });
});
