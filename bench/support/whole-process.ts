/**
 * Times a `dicewise` command as users run it: a new `node dist/bundle/main.js …` process each
 * run (npm run bench builds dist/ first), wall clock from spawn to exit. Other processes on a
 * shared machine only ever make a run slower, so the minimum of the runs is the figure to quote;
 * the load average is printed beside it to say how busy the machine was.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../dist/bundle/main.js', import.meta.url));

export interface ProcessRuns {
  /** wall seconds of each run */
  seconds: number[];
  min: number;
  median: number;
  /** stdout of the fastest run */
  stdout: string;
  /** 1-minute load average before the first run */
  load: number;
}

export function timeCommand(args: readonly string[], runs: number): ProcessRuns {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`);
  const load = loadavg()[0];
  const seconds: number[] = [];
  let stdout = '';
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
    const s = (performance.now() - t) / 1000;
    if (r.status !== 0) throw new Error(`dicewise ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
    seconds.push(s);
    if (s < best) {
      best = s;
      stdout = r.stdout;
    }
  }
  const sorted = [...seconds].sort((a, b) => a - b);
  return { seconds, min: sorted[0], median: sorted[Math.floor(sorted.length / 2)], stdout, load };
}

/** One line: min and median of the runs, every run, and the load average. */
export function describeRuns(what: string, r: ProcessRuns, extra = ''): string {
  const all = r.seconds.map((s) => s.toFixed(2)).join(' ');
  return `${what.padEnd(58)} min ${r.min.toFixed(2)} s  median ${r.median.toFixed(2)} s${extra}  (runs: ${all}; load ${r.load.toFixed(1)})`;
}
