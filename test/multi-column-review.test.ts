import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { analyseGames, reviewRecords, type GameAnalysis, type GameResult } from '../src/analysis/index.ts';
import { loadReviewModel } from '../src/store/model-loader.ts';
import { createWorkerPool, reviewRunner } from '../workers/pool.ts';
import { CLI, dicewise, ROOT } from './support/cli.ts';
import { playGame, playGames, seededRandom } from './support/game-records.ts';
import { testModel } from './support/models.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';

function analysed(r: GameResult): GameAnalysis {
  if ('error' in r) throw new Error(r.error.detail);
  return r;
}

describe('Triple Yahtzee and Superpass games are reviewed by their best model, as estimates', () => {
  for (const id of ['superpass', 'triple-yahtzee'] as const) {
    it(`${id}: best play loses nothing, a wrong box loses what the model's options say, every value is marked an estimate`, async () => {
      const model = await loadReviewModel(TEST_TABLE_DIR, id);
      expect(model.exact).toBe(false);
      const injected: { turn: number; roll: number; kind: 'hold' | 'score'; loss: number }[] = [];
      const best = playGame(model, seededRandom(3));
      const sloppy = playGame(model, seededRandom(4), { worst: (turn, roll) => turn % 9 === 0 && roll === 3, injected });
      const [a, b] = analyseGames(() => model, [best, sloppy]).map(analysed);
      expect(a.exact).toBe(false);
      expect(a.totalLoss).toBeLessThan(1e-9);
      expect(a.finished).toBe(true);
      expect(injected.length).toBeGreaterThan(0);
      expect(b.totalLoss).toBeCloseTo(injected.reduce((x, i) => x + i.loss, 0), 6);
      for (const g of [a, b]) expect(g.luck).toBeCloseTo(g.finalScore - g.startValue + g.totalLoss, 6);
      expect(Object.keys(a).slice(0, 2)).toEqual(['ruleset', 'exact']);
    });
  }

  it('superpass-ordered: the best model\'s review agrees with the exact table\'s on nearly every decision', async () => {
    const exact = await loadReviewModel(TEST_TABLE_DIR, 'superpass-ordered');
    const model = await testModel('superpass-ordered');
    expect([exact.exact, model.exact]).toEqual([true, false]);
    const games = playGames(exact, 8, 12, 0.3, 0);
    const byExact = analyseGames(() => exact, games).map(analysed);
    const byModel = analyseGames(() => model, games).map(analysed);
    let decisions = 0;
    let sameBest = 0;
    let lossGap = 0;
    byExact.forEach((e, g) => {
      expect(e.exact).toBeUndefined();
      const m = byModel[g];
      expect(m.decisions).toHaveLength(e.decisions.length);
      e.decisions.forEach((d, i) => {
        decisions++;
        if (JSON.stringify(d.best.action) === JSON.stringify(m.decisions[i].best.action)) sameBest++;
        lossGap += Math.abs(d.loss - m.decisions[i].loss);
      });
    });
    // Measured over 300 games in docs/review-and-benchmark.md: 99.5% the same best choice, 0.007–0.05 points a decision apart.
    expect(sameBest / decisions).toBeGreaterThan(0.97);
    expect(lossGap / decisions).toBeLessThan(0.1);
    // Random decisions cost points by either review.
    expect(byModel.reduce((s, g) => s + g.totalLoss, 0)).toBeGreaterThan(10);
  });

  it('a Triple Yahtzee multiplayer record is a clear error (no exact win tables), its solo records are reviewed', async () => {
    const model = await testModel('triple-yahtzee');
    const solo = playGames(model, 13, 1, 0, 1)[0];
    const record = { ruleset: 'triple-yahtzee', players: ['a', 'b'], turns: solo.turns.slice(0, 4).map((t, i) => ({ ...t, player: i % 2 })) };
    const never = async () => {
      throw new Error('the win tables were asked for');
    };
    const [mp, one] = await reviewRecords(async () => model, { records: [record, solo] }, undefined, never);
    expect(mp).toEqual({ error: { turn: 0, roll: 0, detail: expect.stringMatching(/^triple-yahtzee: a multiplayer record is reviewed where the rule set is solved exactly .*review each player's turns as a solo record$/) } });
    expect(one).toMatchObject({ ruleset: 'triple-yahtzee', exact: false, totalLoss: 0 });
  });

  it('a review thread rates Superpass games as the main thread does', async () => {
    const model = await testModel('superpass');
    const records = playGames(model, 9, 4, 0.3, 0.5);
    const pool = createWorkerPool({ threads: 1, tables: TEST_TABLE_DIR });
    try {
      const r = await reviewRunner(pool)({ input: { records, first: 1 }, output: 'jsonl' });
      const lines = Buffer.from(r.out).toString('utf8').trim().split('\n').map((l) => JSON.parse(l));
      expect(lines).toEqual(JSON.parse(JSON.stringify(analyseGames(() => model, records))));
      expect(r.errors).toBe(0);
    } finally {
      await pool.destroy();
    }
  });

  it('the CLI says the values are estimates; a review for a goal is each game\'s error', async () => {
    const records = playGames(await testModel('triple-yahtzee'), 10, 2, 0.3, 0);
    const input = records.map((g) => JSON.stringify(g)).join('\n');
    const text = dicewise(['analyse', '--tables', TEST_TABLE_DIR, '-'], input);
    expect(text.stderr).toBe('');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^Game 1 \(triple-yahtzee\): \d+ points; start value \d+\.\d\d, loss \d+\.\d\d/m);
    expect(text.stdout).toMatch(/^ {2}values are estimates: triple-yahtzee has no exact table, so its best model rates the decisions$/m);
    expect(text.stdout).toMatch(/^ {2}every game rated by the best model, not an exact table: their values are estimates$/m);
    const goal = dicewise(['analyse', '--tables', TEST_TABLE_DIR, '--reach', '2000', '--jsonl', '-'], input);
    expect(goal.code).toBe(1);
    expect(goal.stdout.trim().split('\n').map((l) => JSON.parse(l).error.detail)).toEqual(['triple-yahtzee: its games are reviewed for points only', 'triple-yahtzee: its games are reviewed for points only']);
  });
});

describe('dicewise analyse into a pipe that closes early', () => {
  it('stops quietly, exit status 0', async () => {
    const records = playGames(await testModel('yahtzee'), 12, 150, 0.3);
    const child = spawn(process.execPath, [...CLI, 'analyse', '--tables', TEST_TABLE_DIR, '--jsonl', '-'], { cwd: ROOT });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    // As `| head -c 1` does: the reader takes the first bytes and goes away.
    child.stdout.once('data', () => child.stdout.destroy());
    child.stdin.end(records.map((g) => JSON.stringify(g)).join('\n'));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
