/**
 * Playing to win from the first start, as a new user meets it: the compiled server started on an
 * empty table folder (what `npm start` finds on a fresh clone), then
 *   - the time until /readyz answers 200 (the value tables built),
 *   - a win hint against one opponent in progress (YahtSooS, or the last rule set --goal-tables
 *     names), asked every 5 s from then: the time
 *     until it answers 200 (its goal tables move to the front of the build queue),
 *   - points hints (yahtzee, 20 a second, one at a time) while any goal table is still to come:
 *     p50, p99 and the slowest,
 *   - the server's peak resident memory (VmHWM) once every goal table is loaded, the most it and
 *     its table build processes held together (sampled every 250 ms), and the folder's size.
 *
 *   npm run build && npx tsx bench/first-start.ts [--minutes 25] [--keep] [--goal-tables yahtzee,yahtsoos] [--tables DIR]
 *
 * The folder is a new temporary one (removed afterwards unless --keep); `--tables DIR` starts on
 * a folder of tables built already, as a second start finds it (kept). `--goal-tables` is the
 * server's own option; `all` (what `npm start` builds) goes on to the other rule sets' tables,
 * and the peak then counts them too.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from './support/free-port.ts';
import { rssMiB, sampleTreeRss, waitReady } from './support/server-process.ts';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '25' },
    keep: { type: 'boolean', default: false },
    'goal-tables': { type: 'string', default: 'yahtzee,yahtsoos' },
    tables: { type: 'string' },
  },
});
const cli = new URL('../dist/bundle/main.js', import.meta.url).pathname;
// --tables: a folder with the tables built already (a second start): they are then loaded, not built.
const dir = args.tables ?? mkdtempSync(join(tmpdir(), 'dicewise-first-start-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const t0 = performance.now();
const since = () => (performance.now() - t0) / 1000;
const child = spawn(process.execPath, [cli, 'serve', '--port', String(port), '--tables', dir, '--goal-tables', args['goal-tables']], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, LOG_LEVEL: 'warn' } });
const deadline = Date.now() + Number(args.minutes) * 60_000;
// A rule set whose goal tables this start builds, to ask for a win hint.
const named = args['goal-tables'] === 'all' ? [] : args['goal-tables'].split(',');
const winRuleSet = named.includes('yahtsoos') || named.length === 0 ? 'yahtsoos' : named[named.length - 1];
const tree = sampleTreeRss(child.pid!);

function vmHwmMiB(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

async function post(path: string, body: unknown): Promise<{ status: number; ms: number; text: string }> {
  const s = performance.now();
  const r = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, ms: performance.now() - s, text };
}

try {
  await waitReady(url, child, Number(args.minutes) * 60_000);
  const ready = since();
  console.log(`ready (value tables built): ${ready.toFixed(1)} s`);

  let goalPending = true;
  let winAt: number | undefined;
  let lastWin = '';
  const during: number[] = [];
  let errors = 0;
  let i = 0;

  const pollReady = async () => {
    while (goalPending && Date.now() < deadline) {
      const body = (await (await fetch(`${url}/readyz`)).json()) as { tables: { ruleset: string; kind: string; percent?: number }[] };
      goalPending = body.tables.length > 0;
      await new Promise((r) => setTimeout(r, 2000));
    }
  };
  const askWin = async () => {
    const position = {
      ruleset: winRuleSet,
      scorecard: {},
      yahtzeeBonus: 0,
      dice: [2, 3, 3, 5, 6],
      rollsLeft: 2,
      goal: { type: 'win', opponents: [{ scorecard: { ones: 3, chance: 22 }, yahtzeeBonus: 0 }] },
    };
    while (winAt === undefined && Date.now() < deadline) {
      const r = await post('/api/v1/hint', position);
      if (r.status === 200) winAt = since();
      else {
        lastWin = `${r.status} ${r.text.slice(0, 160)}`;
        await new Promise((res) => setTimeout(res, 5000));
      }
    }
  };
  const points = async () => {
    while (goalPending && Date.now() < deadline) {
      const dice = [1 + (i % 6), 1 + ((i * 7) % 6), 1 + ((i * 13) % 6), 1 + ((i * 3) % 6), 1 + ((i * 11) % 6)];
      i++;
      const r = await post('/api/v1/hint', { ruleset: 'yahtzee', scorecard: {}, yahtzeeBonus: 0, dice, rollsLeft: 2 });
      if (r.status !== 200) errors++;
      else during.push(r.ms);
      await new Promise((res) => setTimeout(res, 50));
    }
  };
  await Promise.all([pollReady(), askWin(), points()]);

  if (winAt === undefined) console.log(`${winRuleSet} win hint: no 200 within ${args.minutes} min (last answer: ${lastWin})`);
  else console.log(`${winRuleSet} win hint against one opponent in progress: 200 at ${winAt.toFixed(1)} s from the start (${(winAt / 60).toFixed(1)} min)`);
  during.sort((a, b) => a - b);
  const q = (p: number) => during[Math.min(during.length - 1, Math.floor(p * during.length))];
  console.log(
    `points hints while goal tables were to come: ${during.length} answered, ${errors} not 200; p50 ${q(0.5).toFixed(1)} ms, p99 ${q(0.99).toFixed(1)} ms, slowest ${during[during.length - 1].toFixed(1)} ms`,
  );
  console.log(`every goal table loaded: ${goalPending ? 'not yet' : `${since().toFixed(1)} s`}; server RSS now ${rssMiB(child.pid!).toFixed(0)} MiB, peak ${vmHwmMiB(child.pid!).toFixed(0)} MiB`);
  const { togetherMiB, buildsMiB } = tree.stop();
  console.log(`with its build processes (sampled every 250 ms): at most ${togetherMiB.toFixed(0)} MiB together, the builds alone ${buildsMiB.toFixed(0)} MiB`);
  const bytes = readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
  console.log(`table folder: ${(bytes / 2 ** 30).toFixed(2)} GiB (${readdirSync(dir).join(', ')})`);
} finally {
  tree.stop();
  child.kill('SIGTERM');
  if (!args.keep && !args.tables) rmSync(dir, { recursive: true, force: true });
  else console.log(`tables kept in ${dir}`);
}
