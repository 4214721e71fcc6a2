import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_IS_CURRENT, CLI, dicewise, ROOT } from './support/cli.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';

/** Every `workerEntry('name')` in the sources: the thread entry points a pool or a build starts. */
function workerNames(): string[] {
  const names = new Set<string>();
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) {
        for (const m of readFileSync(p, 'utf8').matchAll(/workerEntry\('([\w-]+)'\)/g)) names.add(m[1]);
      }
    }
  };
  walk(join(ROOT, 'src'));
  walk(join(ROOT, 'workers'));
  return [...names].sort();
}

// `dicewise` runs dist/bundle/main.js: the program in a few files, whose threads start from
// entries beside it (workers/worker-url.ts finds `./<name>.js` next to itself).
describe('the bundled program', () => {
  const script = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['build:bundle'];

  it('bundles every worker entry point the sources start, and nothing else', () => {
    const bundled = [...script.matchAll(/dist\/workers\/([\w-]+)\.js/g)].map((m) => m[1]).sort();
    expect(workerNames().length).toBeGreaterThanOrEqual(6);
    expect(bundled).toEqual(workerNames());
  });

  it.runIf(BUILT_IS_CURRENT)('is what the tests and `dicewise` run, with each entry beside main.js', () => {
    expect(CLI).toEqual([join(ROOT, 'dist/bundle/main.js')]);
    expect((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin.dicewise).toBe('dist/bundle/main.js');
    for (const name of workerNames()) expect(existsSync(join(ROOT, 'dist/bundle', `${name}.js`)), name).toBe(true);
  });

  it.runIf(BUILT_IS_CURRENT)('starts its threads: a simulation on two of them gives the report of one', () => {
    const args = ['simulate', '--ruleset', 'yahtzee', '--strategy', 'optimal,greedy', '--games', '300', '--seed', '5', '--tables', TEST_TABLE_DIR];
    const two = dicewise([...args, '--threads', '2']);
    const one = dicewise([...args, '--threads', '1']);
    expect(two.code, two.stderr).toBe(0);
    // All but the last line, which says how long it took and on how many threads.
    const report = (s: string): string => s.trimEnd().split('\n').slice(0, -1).join('\n');
    expect(report(two.stdout)).toContain('optimal');
    expect(report(two.stdout)).toBe(report(one.stdout));
  });
});
