import { describe, expect, it } from 'vitest';
import { RULESETS, type RuleSetId } from '../rules/index.ts';
import type { GameModel, GameState } from '../solver/index.ts';
import { compileRules, genericScoreNow } from '../solver/index.ts';
import { analyseGame } from './analyse-game.ts';
import type { GameResult } from './types.ts';

/**
 * Multi-column rule sets have no exact table; any value function makes a model, and these
 * tests only need the column rules (fill order, first-roll-only, multipliers) to be right.
 */
function modelWith(id: RuleSetId, value: (s: GameState) => number): GameModel {
  const rs = RULESETS[id];
  const c = compileRules(rs);
  return { rs, c, exact: false, value, fillScoreNow: (s, first, later) => genericScoreNow(rs, c, value, s, first, later) };
}

function errorOf(r: GameResult) {
  if (!('error' in r)) throw new Error('expected an error');
  return r.error;
}

const six = (f: number) => [f, f, f, f, f, f];

describe('triple-yahtzee', () => {
  const model = modelWith('triple-yahtzee', () => 0);

  it('scores with the column multiplier and names the column in actions', () => {
    const r = analyseGame(model, { ruleset: 'triple-yahtzee', turns: [{ rolls: [[6, 6, 6, 6, 6]], box: 'yahtzee', column: 3 }] });
    if ('error' in r) throw new Error(r.error.detail);
    expect(r.finalScore).toBe(150);
    expect(r.turns).toEqual([{ turn: 1, points: 150 }]);
    expect(r.decisions[0].chosen.action).toEqual({ score: 'yahtzee', column: 3 });
    expect(r.decisions[0].loss).toBe(0);
  });

  it('needs a column, and one that exists', () => {
    const missing = errorOf(analyseGame(model, { ruleset: 'triple-yahtzee', turns: [{ rolls: [[1, 2, 3, 4, 5]], box: 'chance' }] }));
    expect(missing).toMatchObject({ turn: 1, roll: 1 });
    expect(missing.detail).toMatch(/column is required/);
    const four = errorOf(analyseGame(model, { ruleset: 'triple-yahtzee', turns: [{ rolls: [[1, 2, 3, 4, 5]], box: 'chance', column: 4 }] }));
    expect(four.detail).toMatch(/column 4 does not exist; triple-yahtzee has columns 1 to 3/);
  });
});

describe('superpass', () => {
  // Entries in column 4 are made costly so that column 3's first-roll entries matter.
  const model = modelWith('superpass', (s) => (s.columns[3].mask ? -1000 : 0));

  it('column 1 is filled top to bottom, column 2 bottom to top', () => {
    const down = errorOf(analyseGame(model, { ruleset: 'superpass', turns: [{ rolls: [[2, 2, 3, 4, 5, 6]], box: 'twos', column: 1 }] }));
    expect(down).toMatchObject({ turn: 1, roll: 1 });
    expect(down.detail).toMatch(/column 1 is filled top to bottom: its next box is ones/);
    const up = errorOf(analyseGame(model, { ruleset: 'superpass', turns: [{ rolls: [[2, 2, 3, 4, 5, 6]], box: 'ones', column: 2 }] }));
    expect(up.detail).toMatch(/column 2 is filled bottom to top: its next box is chance/);
  });

  it('a zero only when no box scores', () => {
    const e = errorOf(analyseGame(model, { ruleset: 'superpass', turns: [{ rolls: [[2, 2, 3, 4, 5, 6]], box: 'yahtzee', column: 4 }] }));
    expect(e.detail).toMatch(/unknown box "yahtzee"/);
    const z = errorOf(analyseGame(model, { ruleset: 'superpass', turns: [{ rolls: [[2, 2, 3, 4, 5, 6]], box: 'kniffel', column: 3 }] }));
    expect(z.detail).toMatch(/kniffel \(column 3\) would score 0, allowed only when no box scores/);
  });

  it('after a first roll worth most in the first-roll-only column, stopping at once is the best "hold"', () => {
    const r = analyseGame(model, {
      ruleset: 'superpass',
      turns: [{ rolls: [six(6), six(6)], holds: [six(6)], box: 'chance', column: 2 }],
    });
    if ('error' in r) throw new Error(r.error.detail);
    const hold = r.decisions[0];
    expect(hold.kind).toBe('hold');
    expect(hold.best.action).toEqual({ score: 'kniffel', column: 3 });
    expect(hold.best.ev).toBe(50);
    expect(hold.chosen.ev).toBe(36);
    expect(hold.loss).toBe(14);
    expect(r.decisions[1]).toMatchObject({ kind: 'score', loss: 0, chosen: { ev: 36 } });
  });
});
