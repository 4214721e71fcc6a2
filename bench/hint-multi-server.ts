/**
 * Multi-column points and goal hints in a warm server (issue #21: points hints' p99 under 2 ms at
 * the default effort; issue #48: goal hints' p99 at most 5 ms):
 * the compiled `dicewise serve` (`npm start`'s Node options, the default rule sets, no goal
 * tables) in a child process on 127.0.0.1, asked for hints on positions of best play's own
 * Superpass and Triple Yahtzee games (every turn start of each game, its first roll, 0-2 rerolls
 * left at random), each position asked once, so every hint evaluates its turn; one request at a
 * time, after --warm positions of each rule set. Two latencies per hint: the server's own (the
 * `ms` of its request log: from the app taking the request, its body read, to its response
 * built; the HTTP parsing before and the socket write after are not in it) and the client's
 * (fetch to the last byte read: the loopback and both processes' scheduling on the same cores).
 * Tables from $DICEWISE_TABLES or ./tables.
 *
 * Yahtzee's hints run too, as the yardstick of what the loopback and the client add. Goal hints
 * ask the same positions (another seed's games) with a goal: reach (Superpass 1251, Triple Yahtzee
 * 2350, each near best play's top fifth and tenth) and win against one opponent in progress (the
 * sheet of another position of those games, so at any stage of their game); `--goals none` leaves
 * them out.
 *
 *   npm run build && npx tsx bench/hint-multi-server.ts [--hints 1500] [--warm 300] [--goals reach,win|none]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { commonDice } from '../src/approx/index.ts';
import { playTurn } from '../src/approx/self-play.ts';
import { mulberry32 } from '../src/dice/index.ts';
import type { PositionInput } from '../src/position/index.ts';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { createTurnCache, initialState, isFinished } from '../src/solver/index.ts';
import { ensureModel } from '../src/store/model-loader.ts';
import { freePort } from './support/free-port.ts';
import { percentile, rssMiB, START_FLAGS, waitReady } from './support/server-process.ts';

const { values: args } = parseArgs({
  options: { hints: { type: 'string', default: '1500' }, warm: { type: 'string', default: '300' }, goals: { type: 'string', default: 'reach,win' } },
});
const HINTS = Number(args.hints);
const WARM = Number(args.warm);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TABLES = process.env.DICEWISE_TABLES ?? 'tables';
/** Yahtzee's points hints, whose compute is known to be small, show what the loopback and the client add. */
const IDS: RuleSetId[] = ['superpass', 'triple-yahtzee', 'yahtzee'];
const GOAL_IDS: RuleSetId[] = ['superpass', 'triple-yahtzee'];
const TARGETS: Partial<Record<RuleSetId, number>> = { superpass: 1251, 'triple-yahtzee': 2350 };
const GOALS = args.goals === 'none' ? [] : (args.goals.split(',') as ('reach' | 'win')[]);
for (const g of GOALS) if (g !== 'reach' && g !== 'win') throw new Error(`--goals: reach, win or none, got ${g}`);

/** Every turn start of best play's games (dice of run `seed`), `count` of them, as the positions a player would send. */
async function positions(id: RuleSetId, count: number, seed: number): Promise<PositionInput[]> {
  const rs = RULESETS[id];
  const model = await ensureModel(TABLES, id);
  const turns = createTurnCache(model);
  const rng = mulberry32(seed);
  const counts = [0, 0, 0, 0, 0, 0];
  const out: PositionInput[] = [];
  for (let g = 0; out.length < count; g++) {
    const dice = commonDice(seed, g);
    const sheet: Record<string, number>[] = rs.columns.map(() => ({}));
    let state = initialState(rs);
    for (let turn = 0; !isFinished(rs, state); turn++) {
      const faces = Array.from({ length: rs.dice }, (_, i) => dice(turn, 0, i));
      out.push({ ruleset: id, scorecard: sheet.map((c) => ({ ...c })), dice: faces, rollsLeft: Math.floor(rng() * 3) as 0 | 1 | 2 });
      const best = playTurn(turns.get(state), dice, turn, counts);
      sheet[best.column][rs.boxes[best.box].id] = best.points;
      state = best.next;
    }
  }
  return out.slice(0, count);
}

/** The server's request log lines (JSON on stdout) for hints, their `ms`, as they come. */
function hintLog(child: ChildProcess): number[] {
  const ms: number[] = [];
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      if (!line.includes('"/api/v1/hint"')) continue;
      const entry = JSON.parse(line) as { ms?: number; status?: number };
      if (entry.status === 200 && typeof entry.ms === 'number') ms.push(entry.ms);
    }
  });
  return ms;
}

/** Each row of the table: a rule set's points hints, or its goal hints of one kind, and the positions asked. */
const mixes = new Map<string, { id: RuleSetId; list: PositionInput[] }>();
for (const id of IDS) mixes.set(id, { id, list: await positions(id, WARM + HINTS, 7) });
for (const id of GOAL_IDS) {
  const base = await positions(id, WARM + HINTS, 11);
  for (const kind of GOALS) {
    const label = kind === 'reach' ? `${id} reach ${TARGETS[id]}` : `${id} win`;
    // The opponent: a position far off in the list (another game, a stage of its own).
    const list = base.map((p, i): PositionInput => {
      const them = base[(i + Math.floor(base.length / 2) + 17 * i) % base.length];
      return { ...p, goal: kind === 'reach' ? { type: 'reach', score: TARGETS[id]! } : { type: 'win', opponents: [{ scorecard: them.scorecard! }] } };
    });
    mixes.set(label, { id, list });
  }
}

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, [...START_FLAGS, 'dist/bundle/main.js', 'serve', '--host', '127.0.0.1', '--port', String(port), '--tables', TABLES, '--goal-tables', 'none'], {
  cwd: ROOT,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const serverMs = hintLog(child);
const rows: Record<string, Record<string, string | number>> = {};
try {
  await waitReady(url, child);
  // Ready serves the default rule set first; the multi-column models load behind it (503 until then).
  for (const id of IDS) {
    const body = JSON.stringify(mixes.get(id)!.list[0]);
    while ((await fetch(`${url}/api/v1/hint`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status === 503) await new Promise((r) => setTimeout(r, 200));
  }
  for (const [label, { id, list: mix }] of mixes) {
    const client: number[] = [];
    const logged = serverMs.length;
    for (let i = 0; i < mix.length; i++) {
      const t = performance.now();
      const res = await fetch(`${url}/api/v1/hint`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(mix[i]) });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${id} position ${i}: ${res.status}`);
      if (i >= WARM) client.push(performance.now() - t);
    }
    await new Promise((r) => setTimeout(r, 200));
    const server = serverMs.slice(logged + WARM);
    rows[label] = {
      hints: client.length,
      'server p50 ms': percentile(server, 50),
      'server p99 ms': percentile(server, 99),
      'server max ms': Math.max(...server),
      'client p50 ms': Number(percentile(client, 50).toFixed(2)),
      'client p99 ms': Number(percentile(client, 99).toFixed(2)),
      'server RSS MiB': Math.round(rssMiB(child.pid!)),
    };
  }
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}
console.log(`tables: ${TABLES}; compiled server, default rule sets, no goal tables; one request at a time, ${HINTS} positions per row after ${WARM} of warm-up`);
console.table(rows);
const met = (labels: string[], key: string, ms: number): string => (labels.every((l) => Number(rows[l][key]) <= ms) ? 'met' : 'NOT met');
console.log(`multi-column points hints (p99 < 2 ms, issue #21): the server's own time ${met(GOAL_IDS, 'server p99 ms', 2)}; as a client on the same machine sees it ${met(GOAL_IDS, 'client p99 ms', 2)}`);
const goalRows = [...mixes.keys()].filter((l) => !IDS.includes(l as RuleSetId));
if (goalRows.length > 0) {
  console.log(`multi-column goal hints (p99 <= 5 ms, issue #48): the server's own time ${met(goalRows, 'server p99 ms', 5)}; as a client on the same machine sees it ${met(goalRows, 'client p99 ms', 5)}`);
}
