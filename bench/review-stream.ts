/**
 * Streamed review at scale, whole process as a user runs it: `dicewise simulate --record` writes
 * N distinct games of the heuristic strategy (so there are mistakes to find), then
 * `dicewise analyse --jsonl` reviews the first tenth and all of them on 2 threads (peak memory
 * compared), the tenth again on 1 thread (its output hashed here, SHA-256, against 2 threads'),
 * and the profile of the tenth (`--summary`), printed.
 *
 *   npm run build && npx tsx bench/review-stream.ts [--games 1000000] [--dir /tmp]
 *
 * Peak RSS is the whole process, every thread, as GNU time reads it (`/usr/bin/time -f %M`).
 * CPU is user + system of the whole process; "games/s on 2 idle cores" is games over half the CPU
 * seconds, what the run would take alone on the 2-core machine (an upper bound: the main thread
 * is not always busy). Tables from ./tables ($DICEWISE_TABLES).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: { games: { type: 'string', default: '1000000' }, dir: { type: 'string', default: '/tmp' } },
});
const GAMES = Number(args.games);
const TABLES = process.env.DICEWISE_TABLES ?? 'tables';
const CLI = 'dist/bundle/main.js';
const GOAL = 4000;
const RSS_LIMIT_MB = 300;
if (!existsSync(CLI)) throw new Error('run npm run build first');
if (!existsSync('/usr/bin/time')) throw new Error('needs GNU time (/usr/bin/time) for the peak RSS of the whole process');

interface Run {
  name: string;
  games: number;
  wall: number;
  cpu: number;
  rssMb: number;
  hash: string;
  text?: string;
}

const tmp = mkdtempSync(join(args.dir, 'dicewise-review-'));

/** Runs the CLI under GNU time; stdout is hashed as it streams (never held). */
function timed(name: string, games: number, cli: string[], keepText = false): Promise<Run> {
  const stats = join(tmp, 'time.txt');
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn('/usr/bin/time', ['-f', '%U %S %M', '-o', stats, process.execPath, CLI, ...cli], { stdio: ['ignore', 'pipe', 'inherit'] });
    const hash = createHash('sha256');
    let text = '';
    child.stdout.on('data', (b: Buffer) => {
      hash.update(b);
      if (keepText) text += b.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const wall = (performance.now() - t0) / 1000;
      if (code !== 0 && code !== 1) return reject(new Error(`${name}: exit ${code}`));
      const [user, sys, kb] = readFileSync(stats, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number);
      resolve({ name, games, wall, cpu: user + sys, rssMb: kb / 1024, hash: hash.digest('hex'), text });
    });
  });
}

function loadAverage(): string {
  return existsSync('/proc/loadavg') ? readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ') : 'unknown';
}

try {
  const records = join(tmp, `heuristic-${GAMES}.jsonl`);
  const tenth = join(tmp, `heuristic-${GAMES / 10}.jsonl`);
  console.log(`load average before: ${loadAverage()} (2 cores)`);
  const sim = await timed('simulate --record', GAMES, ['simulate', '--strategy', 'heuristic', '--games', String(GAMES), '--seed', '1', '--threads', '2', '--record', records, '--tables', TABLES]);
  console.log(`${GAMES} records: ${(statSync(records).size / 2 ** 30).toFixed(2)} GiB in ${sim.wall.toFixed(1)} s (${Math.round(GAMES / sim.wall)} games/s, peak RSS ${sim.rssMb.toFixed(0)} MB)`);
  spawnSync('sh', ['-c', `head -n ${GAMES / 10} '${records}' > '${tenth}'`]);

  const runs: Run[] = [sim];
  const review = (file: string, games: number, threads: number, extra: string[] = []) =>
    timed(
      `analyse ${extra.join(' ') || '--jsonl'}, ${games} games, ${threads} thread${threads > 1 ? 's' : ''}`,
      games,
      ['analyse', file, ...(extra.length ? extra : ['--jsonl']), '--threads', String(threads), '--tables', TABLES],
      extra.length > 0,
    );
  runs.push(await review(tenth, GAMES / 10, 2));
  runs.push(await review(records, GAMES, 2));
  runs.push(await review(tenth, GAMES / 10, 1));
  runs.push(await review(tenth, GAMES / 10, 2, ['--summary']));
  console.log(`load average after: ${loadAverage()}`);
  console.table(
    runs.map((r) => ({
      run: r.name,
      'wall s': r.wall.toFixed(1),
      'games/s': Math.round(r.games / r.wall),
      'cpu s': r.cpu.toFixed(1),
      'cpu µs/game': Math.round((r.cpu / r.games) * 1e6),
      'games/s on 2 idle cores': Math.round(r.games / Math.max(r.wall > 0 ? r.cpu / 2 : 0, 1e-9)),
      'peak RSS MB': r.rssMb.toFixed(0),
      'sha256 of stdout': r.hash.slice(0, 16),
    })),
  );
  const [, small, big, one, summary] = runs;
  console.log(`goal >= ${GOAL} games/s on 2 threads: ${Math.round(GAMES / big.wall)} as measured, ${Math.round(GAMES / (big.cpu / 2))} for 2 idle cores`);
  console.log(`peak RSS < ${RSS_LIMIT_MB} MB: ${Math.max(...runs.slice(1).map((r) => r.rssMb)).toFixed(0)} MB at most`);
  console.log(`peak RSS at ${GAMES / 10} vs ${GAMES} games: ${small.rssMb.toFixed(0)} vs ${big.rssMb.toFixed(0)} MB (${((100 * (big.rssMb - small.rssMb)) / small.rssMb).toFixed(1)}%)`);
  console.log(`output of ${GAMES / 10} games on 1 and 2 threads: ${one.hash === small.hash ? 'identical' : 'DIFFERENT'} (sha256 ${small.hash})`);
  console.log(`\nprofile of the first ${GAMES / 10} games:\n${summary.text}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
