import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WEB_LIB } from '../src/server/routes/web.ts';

// codec → rules → dice → solver → position → advisor / analysis / simulate / approx → goals → store → workers →
// server → cli. A module may import from its own layer or any earlier one, never from a later one
// or a sibling; so no two folders import each other. The web page imports only its own modules.
const RANK: Record<string, number> = {
  'src/errors.ts': 0,
  'src/version.ts': 0,
  'src/run-in-lanes.ts': 0,
  // Reading an option's value from a flag or the environment, naming it in the error: every face's resolve…Options.
  'src/option-values.ts': 0.1,
  // Error codes as RFC 9457 problems: the server's answers and the browser engine's.
  'src/problems.ts': 0.1,
  // Splitting a run into parts (--shard K/N): the simulator and the review share it.
  'src/shard.ts': 0.25,
  // Bounded decoding of untrusted JSON/MessagePack into plain data: the server's thread and workers share it.
  'src/codec': 0.5,
  'src/rules': 1,
  'src/dice': 2,
  'src/solver': 3,
  'src/position': 4,
  'src/advisor': 5,
  'src/analysis': 5,
  'src/simulate': 5,
  'src/approx': 5,
  // One module per goal: it assembles the goal's parts from the layers before (advisor, simulate, solver).
  'src/goals': 5.5,
  'src/store': 6,
  workers: 7,
  // The engine as a browser runs it (Web Workers, Cache API): entry points beside workers/, bundled by scripts/build-web-engine.mjs.
  'src/browser': 7,
  'src/server': 8,
  'src/cli': 9,
};
/** Core layers do no I/O: no file system, no process, no console. */
const CORE = new Set(['codec', 'rules', 'dice', 'solver', 'position', 'advisor', 'analysis', 'simulate', 'approx', 'goals'].map((l) => `src/${l}`));

const root = fileURLToPath(new URL('../', import.meta.url));

function files(dir: string, ext: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p, ext) : p.endsWith(ext) && !p.endsWith(`.test${ext}`) ? [p] : [];
  });
}

/** `src/solver` for src/solver/x.ts, `workers` for workers/x.ts, `src/errors.ts` for itself. */
function layerOf(rel: string): string {
  const parts = rel.split('/');
  return parts[0] === 'workers' ? 'workers' : parts.slice(0, 2).join('/');
}

function importsOf(src: string): string[] {
  return [...src.matchAll(/(?:from|import\() ?'(\.[^']+)'/g)].map((m) => m[1]);
}

describe('architecture', () => {
  const modules = [...files(join(root, 'src'), '.ts'), ...files(join(root, 'workers'), '.ts')].map((f) => relative(root, f)).filter((f) => !f.startsWith('src/web/'));

  it.each(modules)('%s imports only from earlier layers', (rel) => {
    const src = readFileSync(join(root, rel), 'utf8');
    const mine = layerOf(rel);
    expect(RANK[mine], `unknown layer ${mine}`).toBeDefined();
    for (const spec of importsOf(src)) {
      const target = relative(root, join(root, rel, '..', spec));
      const theirs = layerOf(target);
      expect(RANK[theirs], `${rel} imports ${spec}, outside every layer`).toBeDefined();
      const ok = theirs === mine || RANK[theirs] < RANK[mine];
      expect(ok, `${rel} (${mine}) imports ${target} (${theirs})`).toBe(true);
    }
    if (CORE.has(mine)) {
      expect(src, `${rel} is core and must not do I/O`).not.toMatch(/from 'node:(fs|fs\/promises|child_process|net|http)'|console\.|process\.(env|argv|stdout|stderr|exit)/);
    }
  });

  it('has no import cycles, within a folder or across', () => {
    const graph = new Map(modules.map((m) => [m, importsOf(readFileSync(join(root, m), 'utf8')).map((spec) => relative(root, join(root, m, '..', spec)))]));
    const done = new Set<string>();
    const path: string[] = [];
    const cycles: string[] = [];
    const visit = (m: string): void => {
      const at = path.indexOf(m);
      if (at >= 0) {
        cycles.push([...path.slice(at), m].join(' -> '));
        return;
      }
      if (done.has(m)) return;
      path.push(m);
      for (const next of graph.get(m) ?? []) visit(next);
      path.pop();
      done.add(m);
    };
    for (const m of modules) visit(m);
    expect(cycles).toEqual([]);
  });

  // A table build starts its solver threads first and waits for them: each loads only what it runs,
  // no package (the table file's MessagePack codec, the turn cache's LRU) and no engine index.
  it('the solver thread loads no package and no index module', () => {
    /** What a module loads when it runs: type-only imports are erased. */
    const loads = (src: string): string[] =>
      [...src.matchAll(/^(?:import|export)(?!\s+type\b)[^;]*?from '([^']+)'|^import '([^']+)'/gm)].map((m) => m[1] ?? m[2]);
    const seen = new Set<string>();
    const packages: string[] = [];
    const visit = (rel: string): void => {
      if (seen.has(rel)) return;
      seen.add(rel);
      for (const spec of loads(readFileSync(join(root, rel), 'utf8'))) {
        if (spec.startsWith('.')) visit(relative(root, join(root, rel, '..', spec)));
        else if (!spec.startsWith('node:')) packages.push(`${rel}: ${spec}`);
      }
    };
    visit('workers/solve-worker.ts');
    expect(seen.size).toBeGreaterThan(10);
    expect(packages).toEqual([]);
    // The rules' and the dice's indexes are small; the solver's would load all of it.
    expect([...seen].filter((m) => m.endsWith('/index.ts') && m !== 'src/rules/index.ts' && m !== 'src/dice/index.ts')).toEqual([]);
  });

  const page = files(join(root, 'src/web'), '.js').map((f) => relative(root, f));
  // Besides its own modules, the page imports the engine's browser-clean modules the server serves
  // under /web/lib/; its JSDoc types (`import('…')`, never loaded) may name any module of those folders.
  const served = new Set(Object.entries(WEB_LIB).flatMap(([folder, names]) => names.map((n) => `src/web/lib/${folder}/${n}`)));
  const typesOf = new RegExp(`^src/web/lib/(?:${Object.keys(WEB_LIB).join('|')})/[\\w-]+\\.js$`);
  it.each(page)('%s imports only the page\'s own modules and the served engine modules', (rel) => {
    const src = readFileSync(join(root, rel), 'utf8');
    const own = (spec: string) => relative(root, join(root, rel, '..', spec));
    for (const [, spec] of src.matchAll(/from '(\.[^']+)'/g)) {
      expect(/^src\/web\/[\w-]+\.js$/.test(own(spec)) || served.has(own(spec)), `${rel} imports ${spec}`).toBe(true);
    }
    for (const [, spec] of src.matchAll(/import\('(\.[^']+)'\)/g)) {
      expect(/^src\/web\/[\w-]+\.js$/.test(own(spec)) || typesOf.test(own(spec)), `${rel} names the type module ${spec}`).toBe(true);
    }
    expect(src, `${rel} imports something other than a relative module`).not.toMatch(/\bfrom '(?!\.)|\bimport\('(?!\.)|^import '(?!\.)/m);
  });

  // What a rule set is (solved exactly or by a model, one column or several, a plain column) is
  // declared once in src/rules (capabilities.ts) and asked there, never re-derived by hand.
  const HAND_TESTS: RegExp[] = [
    /columns\.length\s*(?:[<>]=?|[!=]==?)\s*[0-2]\b/,
    /\b[0-2]\s*(?:[<>]=?|[!=]==?)\s*[\w.[\]]*columns\.length\b/,
    /\b(?:rs|ruleSet|RULESETS\[[^\]]+\])\.exact\b/,
    /\bisPlainColumn\b/,
    /capabilities\.solved\b/,
  ];
  /** Files outside src/rules allowed a hand test, each with its reason (at most 5). */
  const HAND_TEST_ALLOWED: Record<string, string> = {};

  it('asks src/rules what a rule set is instead of testing its shape by hand', () => {
    expect(Object.keys(HAND_TEST_ALLOWED).length).toBeLessThanOrEqual(5);
    const found: string[] = [];
    for (const rel of modules) {
      if (rel.startsWith('src/rules/') || rel in HAND_TEST_ALLOWED) continue;
      readFileSync(join(root, rel), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (HAND_TESTS.some((re) => re.test(line))) found.push(`${rel}:${i + 1}: ${line.trim()}`);
        });
    }
    // The page asks the rule set's declared kind through its one module, as the API serves it.
    for (const rel of page) {
      if (rel === 'src/web/ruleset-kind.js') continue;
      readFileSync(join(root, rel), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (HAND_TESTS.some((re) => re.test(line)) || /\b(?:r|next)\.exact\b/.test(line)) found.push(`${rel}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found, 'use src/web/ruleset-kind.js on the page; use isSolvedExactly, isSolvedByModel, hasColumns, isPlainSingleColumn or supportsTable from src/rules (supportsGoal, goalTablesNeeded from src/goals)').toEqual([]);
  });

  // What differs between goals is asked of the goal's module (src/goals), and a goal's strategy of
  // its GoalPlay (simulate/strategies), never decided by testing the goal's kind by name elsewhere.
  const GOAL_TESTS: RegExp[] = [/\.type\s*[!=]==\s*'(?:reach|win)'/, /[!=]==\s*WIN_STRATEGY\b/, /\bparseReachStrategy\(/];
  /** Files outside src/goals allowed a test of the goal's kind, each with its reason. */
  const GOAL_TEST_ALLOWED: Record<string, string> = {
    'src/simulate/strategies/reach.ts': "the reach goal's own strategy and the names it takes",
    'src/simulate/strategies/win.ts': "the win goal's own strategy and the name it takes",
    'src/position/goal.ts': 'the parser: a win goal alone has opponents to read against the rule set',
    'src/analysis/format-profile.ts': 'review text for the reviewed goal, below the goal modules',
    'src/analysis/format-report.ts': 'review text for the reviewed goal, below the goal modules',
  };

  it('asks the goal modules what differs between goals instead of testing the kind by name', () => {
    const found: string[] = [];
    for (const rel of modules) {
      if (rel.startsWith('src/goals/') || rel in GOAL_TEST_ALLOWED) continue;
      readFileSync(join(root, rel), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (GOAL_TESTS.some((re) => re.test(line))) found.push(`${rel}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found, 'add what differs to GoalModule (src/goals/goal-module.ts) or a GoalPlay (src/simulate/strategies/goal-play.ts)').toEqual([]);
  });

  it('reads every folder of code', () => {
    expect(modules.filter((m) => m.startsWith('workers/')).length).toBeGreaterThanOrEqual(5);
    expect(page.length).toBeGreaterThanOrEqual(10);
  });
});
