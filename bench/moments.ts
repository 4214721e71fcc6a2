/**
 * Moments tables at full size: each exact rule set's moments table built on 2 worker threads,
 * timed, and its first lane checked against the value table at every state (the test run builds
 * the moments of Yatzy and Yahtsoos only for their last levels: the whole tables would double its
 * setup). Exits 1 on a mismatch.
 * Run: npm run bench -- moments   (builds dist/ first; or: npm run build && npx tsx bench/moments.ts [ruleset…])
 */
import { existsSync } from 'node:fs';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { buildColumnTable, buildMomentsTable, compileRules, statesAtLevel } from '../src/solver/index.ts';
import type * as PoolModule from '../workers/pool.ts';

// Compiled workers, as `dicewise tables build` runs them (see solver.ts).
const compiled = new URL('../dist/workers/pool.js', import.meta.url);
const { solverThreads } = (existsSync(compiled) ? await import(compiled.href) : await import('../workers/pool.ts')) as typeof PoolModule;

const ids = (process.argv.length > 2 ? process.argv.slice(2) : ['yahtzee', 'yahtzee-free-joker', 'yahtzee-no-bonus', 'yatzy', 'yahtsoos']) as RuleSetId[];
const threads = 2;
const pool = await solverThreads(threads);
try {
  for (const id of ids) {
    const rs = RULESETS[id];
    const options = { concurrency: threads, runner: pool.run };
    const { values } = await buildColumnTable(rs, options);
    const started = performance.now();
    const moments = await buildMomentsTable(rs, options);
    const seconds = (performance.now() - started) / 1000;
    const c = compileRules(rs);
    let states = 0;
    let worst = 0;
    for (let level = 0; level < rs.boxes.length; level++) {
      for (const s of statesAtLevel(c.layout, level)) {
        worst = Math.max(worst, Math.abs(moments.values[2 * s] - values[s]));
        states++;
      }
    }
    const ok = worst <= 1e-9;
    if (!ok) process.exitCode = 1;
    console.log(`${id.padEnd(20)} moments ${seconds.toFixed(2)} s on ${threads} threads  SD ${moments.header.startValue.toFixed(4)}  first lane vs value over ${states} states: ${ok ? 'equal' : 'DIFFERENT'} (max ${worst.toExponential(1)})`);
  }
} finally {
  await pool.destroy();
}
