/**
 * A server with every goal table, whole process, as `npm start` runs it: the compiled server on a
 * folder where every table is built (the default rule sets; goal tables of every exact one), then
 *   - the time until every goal table is loaded (checked: each file's checksum read through),
 *   - the resident memory of the server and its processes once loaded, and the most they held
 *     while the tables were in use (sampled every 250 ms),
 *   - reach hints, win hints (1 to 3 opponents in progress) and odds on random positions of every
 *     exact rule set, one at a time: p50 and p99, cold (each turn asked for the first time since
 *     the start: its rows read and decoded; with --drop-cache the table files are dropped from the
 *     page cache first, so they come from the disk) and warm (the same turn at once again, other
 *     dice: its rows in the server's cache, the answers not in the hint cache),
 *   - multiplayer reviews (POST /api/v1/analyse), which the batch threads rate from the same tables,
 *   - the folder's size, by kind.
 *
 *   npm run build && npx tsx bench/goal-tables.ts --tables DIR [--hints 100] [--drop-cache] [--goal-tables a,b] [--cli PATH]
 *
 * DIR must hold every table (`dicewise tables build --all --moments`, then `dicewise tables build
 * --all --win`): a table still to build is built, and the figures then count the build.
 * `--goal-tables`: the server's option, and the rule sets asked (default every exact one served);
 * `--cli`: another build of the CLI (an older Dicewise, to compare on the same machine).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { EXACT_RULESETS, RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { loadModel } from '../src/store/model-loader.ts';
import { playGames } from '../test/support/game-records.ts';
import { mulberry32, randomPosition } from '../test/support/random-positions.ts';
import { childPids } from '../test/support/processes.ts';
import { freePort } from './support/free-port.ts';
import { percentile, rssMiB, sampleTreeRss, START_FLAGS, waitReady } from './support/server-process.ts';

const { values: args } = parseArgs({
  options: {
    tables: { type: 'string' },
    hints: { type: 'string', default: '100' },
    'drop-cache': { type: 'boolean', default: false },
    'goal-tables': { type: 'string' },
    cli: { type: 'string' },
  },
});
if (!args.tables) throw new Error('give --tables DIR, a folder with every table built');
const dir = args.tables;
const hints = Number(args.hints);
const cli = args.cli ?? new URL('../dist/bundle/main.js', import.meta.url).pathname;
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const ids = args['goal-tables'] ? (args['goal-tables'].split(',') as RuleSetId[]) : EXACT_RULESETS.filter((id) => RULESETS[id].capabilities.servedByDefault);

const treeMiB = (pid: number) => ({ server: rssMiB(pid), children: childPids(pid).reduce((n, c) => n + (rssMiB(c) || 0), 0) });

async function post(path: string, body: unknown): Promise<{ status: number; ms: number; text: string }> {
  const s = performance.now();
  const r = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, ms: performance.now() - s, text };
}

/** A sheet at the start of a turn, for an opponent in progress. */
function sheet(id: RuleSetId, rng: () => number) {
  for (;;) {
    const { input } = randomPosition(RULESETS[id], rng, { dice: false });
    if (input.scorecard && Object.keys(input.scorecard).length < RULESETS[id].boxes.length) return { scorecard: input.scorecard, yahtzeeBonus: input.yahtzeeBonus };
  }
}

/** Per rule set, `hints` turns with dice: each asked for reach, win and odds; `again` is the same turn with other dice. */
function turns(id: RuleSetId, rng: () => number) {
  const out: { reach: unknown; win: unknown; odds: unknown; again: (dice: number[]) => { reach: unknown; win: unknown; odds: unknown } }[] = [];
  while (out.length < hints) {
    const { input, score } = randomPosition(RULESETS[id], rng, { dice: true });
    if (input.dice === undefined) continue;
    const need = 50 + Math.floor(rng() * 200);
    const opponents = Array.from({ length: 1 + Math.floor(rng() * 3) }, () => sheet(id, rng));
    const asked = (dice: number[]) => {
      const p = { ...input, dice };
      return { reach: { ...p, goal: { type: 'reach', score: score + need } }, win: { ...p, goal: { type: 'win', opponents } }, odds: p };
    };
    out.push({ ...asked(input.dice), again: asked });
  }
  return out;
}

function rollDice(n: number, rng: () => number): number[] {
  return Array.from({ length: n }, () => 1 + Math.floor(rng() * 6)).sort((a, b) => a - b);
}

const t0 = performance.now();
const since = () => (performance.now() - t0) / 1000;
const goalFlag = args['goal-tables'] ? ['--goal-tables', args['goal-tables']] : [];
const child = spawn(process.execPath, [...START_FLAGS, cli, 'serve', '--port', String(port), '--tables', dir, ...goalFlag], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, LOG_LEVEL: 'warn' } });
const tree = sampleTreeRss(child.pid!);
try {
  await waitReady(url, child, 60 * 60_000, { all: true });
  // Loaded once a win hint (both goal tables) is answered for every rule set; until then it is 503.
  for (const id of ids) {
    const position = { ruleset: id, scorecard: {}, dice: Array.from({ length: RULESETS[id].dice }, (_, i) => 1 + (i % 6)), rollsLeft: 2, goal: { type: 'win', opponents: [{ scorecard: {} }] } };
    while ((await post('/api/v1/hint', position)).status !== 200) await new Promise((r) => setTimeout(r, 250));
  }
  const loaded = treeMiB(child.pid!);
  console.log(`every goal table loaded: ${since().toFixed(1)} s; server RSS ${loaded.server.toFixed(0)} MiB, its processes ${loaded.children.toFixed(0)} MiB`);

  const rng = mulberry32(52);
  const plan = Object.fromEntries(ids.map((id) => [id, turns(id, rng)])) as Record<RuleSetId, ReturnType<typeof turns>>;
  if (args['drop-cache']) {
    // GNU dd's nocache with no data copied advises the kernel to drop the file's cached pages.
    for (const f of readdirSync(dir).filter((n) => /\.(reach|dist)\.dwt$/.test(n))) spawnSync('dd', [`if=${join(dir, f)}`, 'iflag=nocache', 'count=0', 'status=none']);
  }
  const times: Record<string, number[]> = {};
  let failed = 0;
  const ask = async (pass: string, kind: string, path: string, body: unknown) => {
    const r = await post(path, body);
    if (r.status !== 200) {
      if (failed++ < 5) console.log(`${kind}: ${r.status} ${r.text.slice(0, 200)}`);
      return;
    }
    (times[`${kind} ${pass}`] ??= []).push(r.ms);
  };
  // Each turn cold, then at once warm: its rows read and decoded by the first answers, kept for the next.
  for (const id of ids) {
    for (const t of plan[id]) {
      for (const pass of ['cold', 'warm'] as const) {
        const q = pass === 'cold' ? t : t.again(rollDice(RULESETS[id].dice, rng));
        await ask(pass, 'reach hint', '/api/v1/hint', q.reach);
        await ask(pass, 'win hint', '/api/v1/hint', q.win);
        await ask(pass, 'odds', '/api/v1/odds', q.odds);
      }
    }
  }
  for (const [k, xs] of Object.entries(times)) console.log(`${k.padEnd(16)} p50 ${percentile(xs, 50).toFixed(1)} ms, p99 ${percentile(xs, 99).toFixed(1)} ms, slowest ${Math.max(...xs).toFixed(1)} ms (${xs.length})`);

  // Multiplayer reviews: two solo games of each rule set, turn by turn in play order, rated in share of the stake by the batch threads.
  for (const id of ids) {
    const games = playGames(await loadModel(dir, id, { moments: false }), 52, 4, 0.1);
    const records = [0, 2].map((g) => ({
      ruleset: id,
      players: ['A', 'B'],
      turns: games[g].turns.flatMap((t, i) => [{ ...t, player: 0 }, { ...games[g + 1].turns[i], player: 1 }]),
    }));
    const r = await post('/api/v1/analyse', { games: records, summary: true });
    console.log(`${id}: two multiplayer reviews ${r.status === 200 ? `in ${r.ms.toFixed(0)} ms` : `failed: ${r.status} ${r.text.slice(0, 200)}`}`);
  }
  const after = treeMiB(child.pid!);
  const { togetherMiB } = tree.stop();
  console.log(`in use: server RSS ${after.server.toFixed(0)} MiB, its processes ${after.children.toFixed(0)} MiB; together at most ${togetherMiB.toFixed(0)} MiB (sampled every 250 ms)`);
  const files = readdirSync(dir).filter((f) => f.endsWith('.dwt'));
  const size = (re: RegExp) => files.filter((f) => re.test(f)).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
  const gb = (b: number) => `${(b / 1e9).toFixed(3)} GB`;
  console.log(`table folder: ${gb(size(/./))} (reach ${gb(size(/\.reach\.dwt$/))}, distribution ${gb(size(/\.dist\.dwt$/))}, the rest ${gb(size(/^[^.]+(\.moments|\.joint)?\.dwt$/))})`);
  if (failed > 0) console.log(`${failed} requests not answered 200`);
} finally {
  tree.stop();
  child.kill('SIGTERM');
}
