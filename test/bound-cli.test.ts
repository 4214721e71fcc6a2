import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gameValueLine, multiColumnGames } from '../src/cli/commands/tables.ts';
import { boundParameters, boundReport, boundText, computeBound, reusable } from '../src/cli/commands/bound.ts';
import { GAME_VALUE_FACTS } from '../src/approx/measured.ts';
import { solveJointTable } from '../src/approx/index.ts';
import { loadColumnTables } from '../src/store/model-loader.ts';
import { ruleSetFingerprint, RULESETS } from '../src/rules/index.ts';
import { boundColumnTask, columnJobs, compileRules, rollPricesOfTurns, runJobsHere, SOLVER_VERSION, type GameState } from '../src/solver/index.ts';
import { boundRunner, createWorkerPool } from '../workers/pool.ts';
import { boundPath, decodePrices, encodePrices, readBound, writeBound, type BoundRecord } from '../src/store/bound-store.ts';
import { dicewise } from './support/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'dicewise-bound-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A cached record as `dicewise bound` writes it (its numbers stand for a computed run: this tests the cache, not the search). */
function record(): BoundRecord {
  const R = compileRules(RULESETS.yahtzee).dice.rollCount;
  const prices = rollPricesOfTurns(Float64Array.from({ length: 39 }, (_, t) => t / 7 - 2), R);
  prices.first[5] = Math.PI;
  return {
    ruleset: 'triple-yahtzee',
    fingerprint: ruleSetFingerprint(RULESETS['triple-yahtzee']),
    solverVersion: SOLVER_VERSION,
    bound: 2345.678,
    payback: 12.5,
    method: 'Lagrangian relaxation with roll prices',
    parameters: { steps: 2, games: 10, seed: 1, theta: 0.5, floor: 0.001, target: 1870.4, startBeta: 0 },
    steps: [
      { step: 0, bound: 2500.1, payback: 0, gradient: 1, theta: 0.5, cpuSeconds: 60 },
      { step: 1, bound: 2345.678, payback: 12.5, gradient: 1, theta: 0.5, cpuSeconds: 61 },
    ],
    cpuSeconds: 121,
    wallSeconds: 70,
    threads: 2,
    computedAt: '2026-12-01T10:00:00.000Z',
    prices: encodePrices(prices),
  };
}

describe('dicewise bound', () => {
  it('keeps the prices bit for bit and refuses a record made for other rules', async () => {
    const r = record();
    await writeBound(dir, r);
    const back = (await readBound(dir, 'triple-yahtzee'))!;
    expect(back.bound).toBe(2345.678);
    const p = decodePrices(back.prices);
    expect(p.first[5]).toBe(Math.PI);
    expect(p.later[39 * 252 - 1]).toBe(38 / 7 - 2);
    await writeBound(dir, { ...r, ruleset: 'superpass' });
    expect(await readBound(dir, 'superpass')).toBeUndefined();
    expect(await readBound(dir, 'yahtzee')).toBeUndefined();
  });

  it('prints a cached bound with best play beside it, in text and JSON', async () => {
    await writeBound(dir, record());
    const text = dicewise(['bound', '--ruleset', 'triple-yahtzee', '--steps', '2', '--games', '10', '--tables', dir]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^triple-yahtzee: optimal is between 1889\.4 and 2345\.7\n/);
    expect(text.stdout).toMatch(/measured mean/);
    expect(text.stdout).toMatch(/cached in .*triple-yahtzee\.bound\.json/);
    const json = JSON.parse(dicewise(['bound', '--ruleset', 'triple-yahtzee', '--steps', '2', '--games', '10', '--tables', dir, '--json']).stdout);
    expect(json.lower).toMatchObject({ value: 1889.4, halfWidth95: 2.2, games: 100000 });
    expect(json.upper).toMatchObject({ value: 2345.678, cached: true, parameters: { steps: 2, games: 10 } });
    expect(json.upper.steps.map((s: { bound: number }) => s.bound)).toEqual([2500.1, 2345.678]);
    // The file is the record, written whole.
    expect(JSON.parse(readFileSync(boundPath(dir, 'triple-yahtzee'), 'utf8')).bound).toBe(2345.678);
  });

  it('refuses exact rule sets and bad options, naming the field', () => {
    const exact = dicewise(['bound', '--ruleset', 'yahtzee', '--tables', dir]);
    expect(exact.code).toBe(2);
    expect(exact.stderr).toMatch(/--ruleset yahtzee is solved exactly/);
    const steps = dicewise(['bound', '--ruleset', 'superpass', '--method', 'roll-prices', '--steps', '0', '--tables', dir]);
    expect(steps.code).toBe(2);
    expect(steps.stderr).toMatch(/--steps must be a positive integer/);
    const method = dicewise(['bound', '--ruleset', 'superpass', '--method', 'coupled-ish', '--tables', dir]);
    expect(method.code).toBe(2);
    expect(method.stderr).toMatch(/--method must be one of roll-prices, coupled, both, got "coupled-ish"/);
  });

  it('takes --method, and --steps and --games only where a search runs', () => {
    expect(boundParameters('superpass', {})).toEqual({ method: 'coupled', steps: 0, games: 0 });
    expect(boundParameters('superpass', { method: 'both' })).toEqual({ method: 'both', steps: 5, games: 2000 });
    expect(boundParameters('triple-yahtzee', { steps: '2' })).toEqual({ method: 'roll-prices', steps: 2, games: 2000 });
    expect(() => boundParameters('superpass', { steps: '3' })).toThrow(/--steps sets the roll-price search, which --method coupled \(superpass's default\) does not run/);
    expect(() => boundParameters('triple-yahtzee', { method: 'both' })).toThrow(/--method both couples columns exactly, which triple-yahtzee does not afford/);
    expect(() => boundParameters('superpass', { method: 'Coupled' })).toThrow(/--method must be one of roll-prices, coupled, both, got "Coupled"/);
  });

  it('reuses a cached record only for the method and parameters asked (a record from before methods is the search\'s)', () => {
    const r = record();
    delete r.parameters.method;
    expect(reusable(r, { method: 'roll-prices', steps: 2, games: 10, startBeta: 0 })).toBe(true);
    expect(reusable(r, { method: 'coupled', steps: 0, games: 0, startBeta: 0 })).toBe(false);
    expect(reusable(r, { method: 'both', steps: 2, games: 10, startBeta: 0 })).toBe(false);
    expect(reusable(r, { method: 'roll-prices', steps: 2, games: 10, startBeta: -0.05 })).toBe(false);
    expect(reusable(r, { method: 'roll-prices', steps: 3, games: 10, startBeta: 0 })).toBe(false);
  });

  it('with superpass-ordered coupled whole, the command path\'s coupled bound is the exact optimum, and says how it was found', async () => {
    const id = 'superpass-ordered';
    const r = await computeBound(id, GAME_VALUE_FACTS[id], { method: 'coupled', steps: 0, games: 0, threads: 1, tables: dir });
    const optimum = (await solveJointTable(RULESETS[id], await loadColumnTables(dir, RULESETS[id])))[0];
    expect(Math.abs(r.bound - optimum)).toBeLessThan(1e-9);
    expect(r.from).toEqual({ method: 'coupled', prices: 'turn' });
    expect(r.steps).toEqual([]);
    expect(r.coupled).toHaveLength(1);
    expect(r.coupled![0]).toMatchObject({ group: { ruleset: id, columns: [1, 2] }, others: [] });
    expect(Math.abs(r.coupled![0].groupValue + r.coupled![0].payback - optimum)).toBeLessThan(1e-9);
    const text = boundText(r, GAME_VALUE_FACTS[id], 'f', false);
    expect(text).toMatch(/proven upper bound \(--method coupled; .*\), from columns 1, 2 coupled exactly at turn prices β 0\. Lagrangian relaxation .* columns 1, 2 coupled exactly/);
    expect(boundReport(r, GAME_VALUE_FACTS[id], 'f', false).upper).toMatchObject({ from: { method: 'coupled' }, parameters: { method: 'coupled', steps: 0 } });
    await writeBound(dir, r);
    expect(reusable((await readBound(dir, id))!, { method: 'coupled', steps: 0, games: 0, startBeta: 0 })).toBe(true);
  });

  it("a worker thread solves and plays a relaxed column as this thread does", async () => {
    const rs = RULESETS['triple-yahtzee'];
    const FULL = (1 << 13) - 1;
    const state: GameState = { columns: [{ mask: FULL & ~(1 << 12), upper: 10, yahtzee50: false }, { mask: FULL, upper: 63, yahtzee50: false }, { mask: FULL & ~(1 << 8), upper: 63, yahtzee50: false }] };
    const R = compileRules(RULESETS.yahtzee).dice.rollCount;
    const prices = rollPricesOfTurns([1, -1], R);
    prices.first[R + 3] = 4;
    const tasks = columnJobs(rs, state).map((j, i) => boundColumnTask(rs, j, 2, prices, 50, [i]));
    const pool = createWorkerPool({ threads: 1 });
    try {
      const there = (await boundRunner(pool)(tasks)).map((s) => s[0]);
      const here = (await runJobsHere(tasks)).map((s) => s[0]);
      expect(there.map((s) => s.value)).toEqual(here.map((s) => s.value));
      expect([...there[2].tally.fills]).toEqual([...here[2].tally.fills]);
      // Every relaxed game fills a column's one open box exactly once; the full column never.
      for (const i of [0, 2]) expect(there[i].tally.fills.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      expect(there[1].tally.fills.every((f) => f === 0)).toBe(true);
    } finally {
      await pool.destroy();
    }
  });

  it('tables info shows the computed bound once there is one', () => {
    const r = record();
    const [g] = multiColumnGames([{ ruleset: 'yahtzee', kind: 'values' }], { 'triple-yahtzee': r });
    expect(g.upperBound).toBe(2345.678);
    expect(gameValueLine(g)).toMatch(/at most 2345\.7 \(dicewise bound --method roll-prices, from roll-prices, 121 s CPU \(triple-yahtzee\.bound\.json\)\)/);
    expect(g.boundMethod).toMatchObject({ id: 'roll-prices', from: { method: 'roll-prices' }, steps: 2 });
    const [plain] = multiColumnGames([{ ruleset: 'yahtzee', kind: 'values' }]);
    expect(plain.upperBound).toBe(2234.3);
  });
});
