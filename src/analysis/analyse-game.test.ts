import { describe, expect, it } from 'vitest';
import { multisetProbability, multisetsOfSize } from '../dice/index.ts';
import { keepOfFaces } from '../position/index.ts';
import { RULESETS } from '../rules/index.ts';
import type { GameModel, GameState } from '../solver/index.ts';
import { createTurnEval, evaluateState, initialState } from '../solver/index.ts';
import { testModel } from '../../test/support/models.ts';
import { playGame, playGames, seededRandom } from '../../test/support/game-records.ts';
import { analyseGame, createAnalyser, analyseWith } from './analyse-game.ts';
import { isGameError, type GameAnalysis, type GameResult } from './types.ts';

function ok(r: GameResult): GameAnalysis {
  if (isGameError(r)) throw new Error(`unexpected error: ${JSON.stringify(r.error)}`);
  return r;
}

const boxIndex = (model: GameModel, id: string) => model.rs.boxes.findIndex((b) => b.id === id);

/** A single-column state with these boxes filled (upper total and Yahtzee 50 given). */
function stateOf(model: GameModel, boxes: string[], upper = 0, yahtzee50 = false): GameState {
  let mask = 0;
  for (const b of boxes) mask |= 1 << boxIndex(model, b);
  return { columns: [{ mask, upper, yahtzee50 }] };
}

describe('optimal play analyses with zero loss', () => {
  it.each(['yahtzee', 'yahtzee-free-joker', 'yahtzee-no-bonus', 'yatzy'] as const)('%s: 30 seeded optimal games', async (id) => {
    const model = await testModel(id);
    const rng = seededRandom(1234);
    const start = model.value(initialState(RULESETS[id]));
    for (let g = 0; g < 30; g++) {
      const record = playGame(model, rng);
      const a = ok(analyseGame(model, record));
      expect(a.finished).toBe(true);
      expect(a.turns).toHaveLength(RULESETS[id].boxes.length);
      expect(a.decisions.length).toBeGreaterThanOrEqual(RULESETS[id].boxes.length);
      for (const d of a.decisions) expect(d.loss).toBeLessThanOrEqual(1e-9);
      expect(a.totalLoss).toBeLessThanOrEqual(1e-9);
      expect(a.mistakes.total).toBe(0);
      expect(a.startValue).toBe(start);
      expect(a.remainingValue).toBe(0);
      expect(a.finalScore).toBe(a.turns.reduce((s, t) => s + t.points, 0));
      expect(a.luck).toBeCloseTo(a.finalScore - start, 9);
    }
  });

  it('a fresh analyser (no shared cache) gives identical results', async () => {
    const model = await testModel('yahtzee');
    const records = playGames(model, 99, 20, 0.3);
    const shared = records.map((r) => analyseGame(model, r));
    const fresh = records.map((r) => analyseWith(createAnalyser(model, 1), r));
    expect(fresh).toEqual(shared);
  });
});

describe('deliberate mistakes', () => {
  it('a Yahtzee scored in chance loses exactly the difference of the two boxes', async () => {
    const model = await testModel('yahtzee');
    const a = ok(analyseGame(model, { turns: [{ rolls: [[4, 4, 4, 4, 4]], holds: [], box: 'chance' }] }));
    expect(a.decisions).toHaveLength(1);
    const d = a.decisions[0];
    const asYahtzee = 50 + model.value(stateOf(model, ['yahtzee'], 0, true));
    const asChance = 20 + model.value(stateOf(model, ['chance']));
    expect(d).toMatchObject({ turn: 1, roll: 1, kind: 'score', chosen: { action: { score: 'chance' } }, best: { action: { score: 'yahtzee' } } });
    expect(d.chosen.ev).toBeCloseTo(asChance, 9);
    expect(d.best.ev).toBeCloseTo(asYahtzee, 9);
    expect(d.loss).toBeCloseTo(asYahtzee - asChance, 9);
    expect(a.mistakes.blunder + a.mistakes.mistake).toBe(1);
    // Unfinished: points so far plus the value still to come stand in for the final score.
    expect(a.finished).toBe(false);
    expect(a.finalScore).toBe(20);
    expect(a.remainingValue).toBeCloseTo(model.value(stateOf(model, ['chance'])), 9);
    expect(a.luck).toBeCloseTo(a.finalScore + a.remainingValue - a.startValue + a.totalLoss, 9);
  });

  it('holding nothing instead of the pair loses the difference of two independently averaged holds', async () => {
    const model = await testModel('yahtzee');
    const dice = model.c.dice;
    const te = evaluateState(createTurnEval(model), initialState(model.rs));
    // Value of a hold, averaged here over every outcome of the rerolled dice (not the engine's keep table).
    const holdEv = (held: number[]) => {
      let ev = 0;
      for (const counts of multisetsOfSize(5 - held.length)) {
        const faces = [...held];
        counts.forEach((c, f) => faces.push(...Array(c).fill(f + 1)));
        ev += multisetProbability(counts) * te.ws.hold2[keepOfFaces(dice, faces)];
      }
      return ev;
    };
    const roll = [6, 2, 6, 1, 4];
    const pair = holdEv([6, 6]);
    const nothing = holdEv([]);
    const record = {
      ruleset: 'yahtzee',
      turns: [{ rolls: [roll, [5, 3, 3, 2, 1], [3, 3, 3, 5, 2]], holds: [[], [3, 3]], box: 'threes' }],
    };
    const a = ok(analyseGame(model, record));
    const d = a.decisions[0];
    expect(d).toMatchObject({ turn: 1, roll: 1, kind: 'hold', chosen: { action: { hold: [] } }, best: { action: { hold: [6, 6] } } });
    expect(d.chosen.ev).toBeCloseTo(nothing, 9);
    expect(d.best.ev).toBeCloseTo(pair, 9);
    expect(d.loss).toBeCloseTo(pair - nothing, 9);
    // The first decision that loses anything is the deliberate one.
    const mistakes = a.decisions.filter((x) => x.loss > 0).map((x) => [x.turn, x.roll, x.kind]);
    expect(mistakes[0]).toEqual([1, 1, 'hold']);
  });

  it('holding every die (rerolling none) is a legal hold worth the full keep', async () => {
    const model = await testModel('yahtzee');
    const record = { turns: [{ rolls: [[2, 2, 2, 2, 2], [2, 2, 2, 2, 2]], holds: [[2, 2, 2, 2, 2]], box: 'yahtzee' }] };
    const a = ok(analyseGame(model, record));
    const te = evaluateState(createTurnEval(model), initialState(model.rs));
    const keep = keepOfFaces(model.c.dice, [2, 2, 2, 2, 2]);
    expect(a.decisions[0]).toMatchObject({ kind: 'hold', chosen: { action: { hold: [2, 2, 2, 2, 2] }, ev: te.ws.hold2[keep] }, loss: 0 });
    expect(a.decisions[1]).toMatchObject({ kind: 'score', roll: 2, loss: 0 });
    expect(a.decisions[1].chosen.ev).toBeCloseTo(50 + model.value(stateOf(model, ['yahtzee'], 0, true)), 9);
  });

  it('stopping after the first roll is compared with rerolling', async () => {
    const model = await testModel('yahtzee');
    const a = ok(analyseGame(model, { turns: [{ rolls: [[1, 2, 3, 5, 6]], box: 'chance' }] }));
    const d = a.decisions[0];
    expect(d.kind).toBe('score');
    expect('hold' in d.best.action).toBe(true);
    expect(d.loss).toBeGreaterThan(1);
  });

  it('reports exactly the injected mistakes of an otherwise optimal game', async () => {
    const model = await testModel('yahtzee');
    const targets = new Set(['2:1', '5:3', '8:2', '11:1', '12:3']);
    const injected: { turn: number; roll: number; kind: 'hold' | 'score'; loss: number }[] = [];
    const record = playGame(model, seededRandom(7), { worst: (t, r) => targets.has(`${t}:${r}`), injected });
    expect(injected).toHaveLength(targets.size);
    const a = ok(analyseGame(model, record));
    const lossy = a.decisions.filter((d) => d.loss > 0);
    expect(lossy.map((d) => ({ turn: d.turn, roll: d.roll, kind: d.kind }))).toEqual(
      injected.filter((i) => i.loss > 1e-9).map(({ turn, roll, kind }) => ({ turn, roll, kind })),
    );
    for (const d of lossy) {
      const want = injected.find((i) => i.turn === d.turn && i.roll === d.roll)!;
      expect(d.loss).toBeCloseTo(want.loss, 9);
    }
    expect(a.totalLoss).toBeCloseTo(injected.reduce((s, i) => s + i.loss, 0), 9);
  });
});

describe('luck', () => {
  it('averages near zero over noisy games (it is the dice, not the play)', async () => {
    const model = await testModel('yahtzee');
    const results = playGames(model, 2024, 600, 0.3, 0).map((r) => ok(analyseGame(model, r)));
    const lucks = results.map((r) => r.luck);
    const mean = lucks.reduce((s, x) => s + x, 0) / lucks.length;
    const sd = Math.sqrt(lucks.reduce((s, x) => s + (x - mean) ** 2, 0) / lucks.length);
    expect(Math.abs(mean)).toBeLessThan((4 * sd) / Math.sqrt(lucks.length));
    for (const r of results) expect(r.luck).toBeCloseTo(r.finalScore - r.startValue + r.totalLoss, 9);
    expect(results.some((r) => r.totalLoss > 0)).toBe(true);
  });
});
