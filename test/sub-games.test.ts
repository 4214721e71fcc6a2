import { describe, expect, it } from 'vitest';
import { createJointSolver } from '../src/approx/index.ts';
import { parsePosition } from '../src/position/index.ts';
import { columnTypes, RULESETS } from '../src/rules/index.ts';
import { simulate } from '../src/simulate/index.ts';
import { compileRules, createStateSolver, initialState, jointLayout, jointStatesAtLevel, solveStates, statesAtLevel, turnCount, type GameState } from '../src/solver/index.ts';
import { readTable, JOINT_SUFFIX } from '../src/store/table-store.ts';
import { loadReviewModel } from '../src/store/model-loader.ts';
import { analyseGames, reviewRecords } from '../src/analysis/index.ts';
import { playGame, seededRandom } from './support/game-records.ts';
import { simulateRunner, createWorkerPool } from '../workers/pool.ts';
import { naiveGameValue } from './support/naive-game.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';

const FULL = (1 << 13) - 1;
const UPPER = 0b111111;

describe('triple-yahtzee-lower: Triple Yahtzee with its upper sections closed', () => {
  const rs = RULESETS['triple-yahtzee-lower'];
  const box = (id: string) => rs.boxes.findIndex((b) => b.id === id);
  const openOnly = (...ids: string[]) => ids.reduce((m, id) => m & ~(1 << box(id)), FULL);

  it('starts with the six upper boxes of every column filled, and plays 21 turns over 191³ joint states', () => {
    expect(initialState(rs).columns.map((c) => c.mask)).toEqual([UPPER, UPPER, UPPER]);
    expect(turnCount(rs)).toBe(21);
    const J = jointLayout(rs);
    // Per column: the 64 lower masks with the Yahtzee box open, 63 × 2 (its 50 flag) with it filled, and the full column.
    expect(J.columns.map((c) => c.indexOf.length)).toEqual([191, 191, 191]);
    expect(J.size).toBe(191 ** 3);
    expect(Array.from(jointStatesAtLevel(J, 18))).toEqual([0]);
  });

  it('a scorecard naming an upper box is refused with the field named', () => {
    const res = parsePosition({ ruleset: rs.id, scorecard: [{ ones: 3 }, {}, {}] });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.issues).toContainEqual(expect.objectContaining({ field: 'scorecard[0].ones', message: expect.stringContaining('not played') }));
  });

  it('its exact joint values equal a naive recursion over scoreOptions with two boxes left: Joker, Yahtzee bonus and multipliers', () => {
    // The column type's table for its last levels, and the joint table for the last two levels of the game.
    const type = columnTypes(rs)[0];
    const c = compileRules(type.rs);
    const column = new Float64Array(c.layout.size);
    const solver = createStateSolver(c);
    for (let level = 12; level >= 11; level--) solveStates(solver, column, statesAtLevel(c.layout, level));
    const J = jointLayout(rs);
    const joint = createJointSolver(rs, new Map([[type.key, column]]), J);
    for (const level of [J.boxes - 1, J.boxes - 2]) joint.solve(jointStatesAtLevel(J, level));
    const full = { mask: FULL, upper: 0, yahtzee50: false };
    const cases: GameState[] = [
      // a Yahtzee is a Joker in column 3 (its Yahtzee box holds 50: +100 there, ×3) and scores normally in column 1
      { columns: [{ mask: openOnly('yahtzee'), upper: 0, yahtzee50: false }, full, { mask: openOnly('fullHouse'), upper: 0, yahtzee50: true }] },
      { columns: [{ mask: openOnly('chance'), upper: 0, yahtzee50: false }, { mask: openOnly('largeStraight'), upper: 0, yahtzee50: true }, full] },
      { columns: [full, full, { mask: openOnly('smallStraight', 'fourOfAKind'), upper: 0, yahtzee50: false }] },
    ];
    const memo = new Map<string, number>();
    for (const s of cases) expect(Math.abs(joint.model.value(s) - naiveGameValue(rs, s, memo))).toBeLessThan(1e-9);
  });
});

describe('superpass-ordered: optimal play scores its exact optimum', () => {
  it('over 1,500 simulated games the mean is within its 99.9% interval of the joint table’s start value', async () => {
    const rs = RULESETS['superpass-ordered'];
    const optimum = (await readTable(TEST_TABLE_DIR, rs, JOINT_SUFFIX)).header.startValue;
    const pool = createWorkerPool({ threads: 2, tables: TEST_TABLE_DIR });
    try {
      const data = await simulate({ ruleset: rs.id, strategies: ['optimal'], games: 1500, seed: 11, runner: simulateRunner(pool), concurrency: 2 });
      const scores = data.scores[0];
      const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
      const sd = Math.sqrt(scores.reduce((a, b) => a + (b - mean) ** 2, 0) / (scores.length - 1));
      expect(Math.abs(mean - optimum)).toBeLessThan((3.29 * sd) / Math.sqrt(scores.length));
    } finally {
      await pool.destroy();
    }
  });
});

describe('superpass-ordered: games are reviewed against its exact joint table', () => {
  it('optimal play loses nothing; a game with random decisions loses what the exact values say, and no review is guessed for a goal', async () => {
    const exact = await loadReviewModel(TEST_TABLE_DIR, 'superpass-ordered');
    expect(exact.exact).toBe(true);
    const injected: { turn: number; roll: number; kind: 'hold' | 'score'; loss: number }[] = [];
    const optimal = playGame(exact, seededRandom(5));
    const sloppy = playGame(exact, seededRandom(6), { worst: (turn, roll) => turn % 5 === 0 && roll === 3, injected });
    const [a, b] = analyseGames(() => exact, [optimal, sloppy]);
    if ('error' in a || 'error' in b) throw new Error('review failed');
    expect(a.totalLoss).toBeLessThan(1e-9);
    expect(injected.length).toBeGreaterThan(0);
    expect(b.totalLoss).toBeCloseTo(injected.reduce((x, i) => x + i.loss, 0), 6);
    const forGoal = await reviewRecords(async () => exact, { records: [optimal] }, { analyser: async () => { throw new Error('not asked'); } }, undefined);
    expect(JSON.stringify(forGoal[0])).toMatch(/reviewed for points only/);
  });
});
