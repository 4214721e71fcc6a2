import { Bench } from 'tinybench';
import { parentPort, workerData } from 'node:worker_threads';
import { diceTables, type DiceTables } from '../../src/dice/index.ts';
import { RULESETS } from '../../src/rules/index.ts';
import {
  compileRules,
  countStates,
  createScoreScratch,
  createStateSolver,
  decodeState,
  levelStates,
  scoreNow,
  solveStates,
} from '../../src/solver/index.ts';
import { createTurnKernel } from '../../src/solver/kernel/turn-kernel.ts';
import { createTurnWorkspace, evaluateTurn } from '../../test/support/reference-turn.ts';

/** The measurements of bench/turn-kernel.ts, loadable in a worker thread (no top-level await). */
export interface Row {
  dice: number;
  lanes: number;
  /** µs per turn, median of samples, by variant */
  us: Record<string, number>;
}

/**
 * Score-now values shaped like the engine's: for L = 1 the best of a few boxes (dice total,
 * full house, large straight, Yahtzee), with ties; for more lanes the chance-like curve of a
 * reach table, P falling from 1 to 0 across the lanes at a point that depends on the roll.
 */
function sampleScores(t: DiceTables, L: number): Float64Array {
  const out = new Float64Array(t.rollCount * L);
  for (let r = 0; r < t.rollCount; r++) {
    const c = Array.from(t.keepCounts.subarray(r * 6, r * 6 + 6));
    const total = c.reduce((s, n, f) => s + n * (f + 1), 0);
    const most = Math.max(...c);
    const run = c.slice(0, 5).every((n) => n > 0) || c.slice(1).every((n) => n > 0);
    const full = c.includes(3) && c.includes(2);
    const best = Math.max(total, most >= 5 ? 50 : 0, run ? 40 : 0, full ? 25 : 0);
    for (let j = 0; j < L; j++) {
      out[r * L + j] = L === 1 ? best : 1 / (1 + Math.exp((j * (60 / L) - best) / 4));
    }
  }
  return out;
}

export async function measure(dice: number, L: number, time: number): Promise<Row> {
  const t = diceTables(dice);
  const R = t.rollCount;
  const later = sampleScores(t, L);
  const first = later.map((v, i) => (i % 7 === 0 ? v * 1.1 : v));
  const bench = new Bench({ time, warmupTime: Math.min(200, time) });
  let sink = 0;

  if (L > 1) {
    // The engine at one lane, once per lane, on inputs already split by lane (no transposition counted).
    const ws = createTurnWorkspace(t, 1);
    const firsts = Array.from({ length: L }, (_, j) => Float64Array.from({ length: R }, (_, r) => first[r * L + j]));
    const laters = Array.from({ length: L }, (_, j) => Float64Array.from({ length: R }, (_, r) => later[r * L + j]));
    bench.add('JS 1 lane ×L', () => {
      for (let j = 0; j < L; j++) sink += evaluateTurn(t, firsts[j], laters[j], ws);
    });
  }
  const ws = createTurnWorkspace(t, L);
  bench.add('JS engine', () => {
    sink += evaluateTurn(t, first, later, ws);
  });
  const k = createTurnKernel(t, L);
  k.scoreLater.set(later);
  k.scoreFirst.set(first);
  // evaluate reads scoreLater from hold3's roll rows, which it does not overwrite: in-place calls
  // see the same input every time, as a caller writing it there before each turn would.
  bench.add('WASM', () => {
    k.evaluate(true);
    sink += k.value[0];
  });
  // The lane tables' call: the values only, in chunks of VALUE_CHUNK lanes past that many.
  bench.add('WASM value', () => {
    sink += k.evaluateValue(true);
  });
  const value = new Float64Array(L);
  const roll1 = new Float64Array(R * L);
  const rollRows = k.roll1.subarray(0, R * L);
  bench.add('WASM+copy', () => {
    k.scoreLater.set(later);
    k.scoreFirst.set(first);
    k.evaluate(true);
    value.set(k.value);
    roll1.set(rollRows);
    sink += value[0];
  });
  await bench.run();
  if (Number.isNaN(sink)) throw new Error('unreachable: keeps the results alive');
  const us: Record<string, number> = {};
  for (const task of bench.tasks) {
    const res = task.result;
    if (res && 'latency' in res) us[task.name] = res.latency.p50 * 1000;
  }
  return { dice, lanes: L, us };
}

const COLUMNS = ['JS 1 lane ×L', 'JS engine', 'WASM', 'WASM value', 'WASM+copy'];

export function format(rows: Row[], title: string): string {
  const cell = (x: number | undefined) => (x === undefined ? '-' : x >= 100 ? x.toFixed(0) : x.toFixed(2)).padStart(13);
  const head =
    `${title} (µs per turn, median)\n${'dice'.padEnd(5)}${'L'.padStart(5)}${COLUMNS.map((c) => c.padStart(13)).join('')}` +
    `${'JS/WASM'.padStart(10)}${'JS/WASM+copy'.padStart(14)}`;
  const lines = rows.map((r) => {
    const u = r.us;
    return (
      `${String(r.dice).padEnd(5)}${String(r.lanes).padStart(5)}${COLUMNS.map((c) => cell(u[c])).join('')}` +
      `${(u['JS engine'] / u['WASM']).toFixed(2).padStart(9)}×${(u['JS engine'] / u['WASM+copy']).toFixed(2).padStart(13)}×`
    );
  });
  return [head, ...lines].join('\n');
}

export async function runAll(configs: [number, number][], time: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [dice, L] of configs) rows.push(await measure(dice, L, time));
  return rows;
}


/** Worker-thread side: measures the configurations in workerData and posts the rows back. */
export function measureInWorker(): void {
  const { configs, time } = workerData as { configs: [number, number][]; time: number };
  void runAll(configs, time).then((rows) => parentPort!.postMessage(rows));
}

/**
 * The whole `yahtzee` table in this thread, backward induction level by level as the table
 * build does, with today's engine and with the kernel at one lane behind the same score-now
 * (ms per build, each run); also the number of state values whose bits differ (expected 0).
 */
export function measureTable(runs: number): { js: number[]; wasm: number[]; differing: number; states: number } {
  const rs = RULESETS.yahtzee;
  const c = compileRules(rs);
  const levels = levelStates(rs);
  const withJs = (): Float64Array => {
    const values = new Float64Array(c.layout.size);
    const s = createStateSolver(c);
    for (const states of levels) solveStates(s, values, states);
    return values;
  };
  const withWasm = (): Float64Array => {
    const values = new Float64Array(c.layout.size);
    const score = createScoreScratch(c);
    const k = createTurnKernel(c.dice, 1);
    for (const states of levels) {
      for (let i = 0; i < states.length; i++) {
        const { mask, upper, flag } = decodeState(c.layout, states[i]);
        scoreNow(c, values, mask, upper, flag, score);
        k.scoreLater.set(score.best);
        k.evaluate(false);
        values[states[i]] = k.value[0];
      }
    }
    return values;
  };
  const js: number[] = [];
  const wasm: number[] = [];
  let a: Float64Array = new Float64Array(0);
  let b: Float64Array = new Float64Array(0);
  for (let run = 0; run < runs; run++) {
    let t0 = performance.now();
    a = withJs();
    js.push(performance.now() - t0);
    t0 = performance.now();
    b = withWasm();
    wasm.push(performance.now() - t0);
  }
  let differing = 0;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) differing++;
  return { js, wasm, differing, states: countStates(levels) };
}
