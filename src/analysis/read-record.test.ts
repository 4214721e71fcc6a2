import { describe, expect, it } from 'vitest';
import { testModel } from '../../test/support/models.ts';
import { playGame, seededRandom } from '../../test/support/game-records.ts';
import { analyseGame } from './analyse-game.ts';
import { UnreadableGame } from './game-input.ts';
import type { GameResult, TurnRecord } from './types.ts';

/** Three legal turns (ones, twos, threes) and then the turn under test as turn 4. */
const prefix: TurnRecord[] = [
  { rolls: [[1, 1, 2, 3, 4]], holds: [], box: 'ones' },
  { rolls: [[2, 2, 5, 6, 6], [2, 2, 2, 1, 3]], holds: [[2, 2]], box: 'twos' },
  { rolls: [[3, 4, 5, 6, 6], [3, 3, 1, 2, 2], [3, 3, 3, 3, 2]], holds: [[3], [3, 3]], box: 'threes' },
];

async function analyseTurn(turn: unknown, ruleset = 'yahtzee'): Promise<GameResult> {
  const model = await testModel('yahtzee');
  return analyseGame(model, { ruleset, turns: [...prefix, turn] });
}

function errorOf(r: GameResult) {
  if (!('error' in r)) throw new Error('expected an error');
  return r.error;
}

describe('illegal records are reported with their turn and roll', () => {
  it('accepts the legal prefix', async () => {
    const model = await testModel('yahtzee');
    const r = analyseGame(model, { turns: prefix });
    expect('error' in r).toBe(false);
  });

  it.each([
    ['a hold not in the roll', { rolls: [[1, 2, 3, 4, 5], [1, 2, 3, 4, 6]], holds: [[6, 6]], box: 'chance' }, 1, /hold \[6 6\] is not in roll 1/],
    ['a hold with more dice than the roll', { rolls: [[1, 1, 1, 1, 1], [1, 1, 1, 1, 1]], holds: [[1, 1, 1, 1, 1, 1]], box: 'chance' }, 1, /not in roll 1/],
    ['a reroll that drops held dice', { rolls: [[1, 2, 3, 4, 5], [1, 2, 3, 6, 6], [1, 2, 6, 6, 6]], holds: [[1, 2, 3], [1, 2, 3]], box: 'chance' }, 3, /roll 3 .* does not keep the held dice \[1 2 3\]/],
    ['a roll of four dice', { rolls: [[1, 2, 3, 4, 5], [1, 2, 3, 4]], holds: [[1, 2, 3, 4]], box: 'chance' }, 2, /roll 2 has 4 dice; yahtzee uses 5/],
    ['a roll of six dice', { rolls: [[1, 2, 3, 4, 5, 6]], box: 'chance' }, 1, /has 6 dice/],
    ['a face 7 in a roll', { rolls: [[1, 2, 3, 4, 5], [1, 2, 3, 4, 7]], holds: [[1, 2, 3, 4]], box: 'chance' }, 2, /roll 2: 7 is not a die face/],
    ['a face 0 in a hold', { rolls: [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5]], holds: [[0]], box: 'chance' }, 1, /hold 1: 0 is not a die face/],
    ['a fractional face', { rolls: [[1, 2, 3, 4, 2.5]], box: 'chance' }, 1, /2.5 is not a die face/],
    ['an unknown box', { rolls: [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5]], holds: [[1, 2, 3, 4, 5]], box: 'pair' }, 2, /unknown box "pair"/],
    ['a box already filled', { rolls: [[2, 2, 3, 4, 5]], box: 'twos' }, 1, /twos is already filled/],
    ['too few holds', { rolls: [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5], [1, 2, 3, 4, 5]], holds: [[1, 2]], box: 'chance' }, 2, /no hold recorded before roll 3/],
    ['holds but one roll', { rolls: [[1, 2, 3, 4, 5]], holds: [[1, 2]], box: 'chance' }, 1, /1 holds for 1 rolls/],
    ['no rolls', { rolls: [], box: 'chance' }, 1, /1 to 3 rolls/],
    ['four rolls', { rolls: [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5], [1, 2, 3, 4, 5], [1, 2, 3, 4, 5]], holds: [[], [], []], box: 'chance' }, 4, /at most 3 rolls/],
    ['a column on a one-column sheet', { rolls: [[1, 2, 3, 4, 5]], box: 'chance', column: 2 }, 1, /column 2 does not exist/],
    ['a die that is not a number', { rolls: [[1, 2, 3, 4, 5], [1, 2, '3', 4, 5]], holds: [[1, 2]], box: 'chance' }, 2, /rolls\[1\]\[2\]/],
    ['a missing box', { rolls: [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5]], holds: [[1]] }, 2, /^box:/],
    ['a turn that is not an object', 'chance', 0, /turn/],
    ['a null turn', null, 0, /turn/],
    ['rolls that are not an array', { rolls: 5, box: 3 }, 1, /^rolls:/],
  ] as const)('%s', async (_name, turn, roll, detail) => {
    const e = errorOf(await analyseTurn(turn));
    expect(e.turn).toBe(4);
    expect(e.roll).toBe(roll);
    expect(e.detail).toMatch(detail);
  });

  it('reports the first problem in playing order', async () => {
    // The hold after roll 1 is illegal and roll 3 has a bad face: roll 1 is reported.
    const e = errorOf(await analyseTurn({ rolls: [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5], [1, 2, 3, 4, 9]], holds: [[6], [1]], box: 'chance' }));
    expect([e.turn, e.roll]).toEqual([4, 1]);
  });

  it('a box barred by the forced Joker rules', async () => {
    const model = await testModel('yahtzee');
    const turns = [
      { rolls: [[5, 5, 5, 5, 5]], box: 'yahtzee' },
      { rolls: [[5, 5, 5, 5, 5]], box: 'chance' },
    ];
    const e = errorOf(analyseGame(model, { turns }));
    expect(e).toMatchObject({ turn: 2, roll: 1 });
    expect(e.detail).toMatch(/Joker rules; allowed: fives$/);
    // Verhoeff's free Joker allows any box: the same record analyses there.
    const free = await testModel('yahtzee-free-joker');
    expect('error' in analyseGame(free, { ruleset: 'yahtzee-free-joker', turns })).toBe(false);
  });

  it('too many turns', async () => {
    const model = await testModel('yahtzee');
    const game = playGame(model, seededRandom(5));
    const e = errorOf(analyseGame(model, { turns: [...game.turns, game.turns[0]] }));
    expect(e).toMatchObject({ turn: 14, roll: 0 });
    expect(e.detail).toMatch(/too many turns/);
  });

  it.each([
    ['an unknown rule set', { ruleset: 'kniffel', turns: [] }, /unknown rule set "kniffel"/],
    ['a record for another rule set', { ruleset: 'yahtzee-no-bonus', turns: [] }, /record is for yahtzee-no-bonus/],
    ['no turns', { ruleset: 'yahtzee' }, /turns/],
    ['turns that are not an array', { turns: {} }, /turns/],
    ['a record that is not an object', [1, 2], /must be a JSON object/],
    ['an unreadable line', new UnreadableGame('not valid JSON: Unexpected token'), /not valid JSON/],
  ])('whole-game error: %s', async (_name, record, detail) => {
    const model = await testModel('yahtzee');
    const e = errorOf(analyseGame(model, record));
    expect([e.turn, e.roll]).toEqual([0, 0]);
    expect(e.detail).toMatch(detail);
  });

  it('dice order does not matter and holds may be omitted with one roll', async () => {
    const model = await testModel('yahtzee');
    const a = analyseGame(model, { turns: [{ rolls: [[4, 1, 3, 2, 5]], box: 'largeStraight' }] });
    const b = analyseGame(model, { turns: [{ rolls: [[1, 2, 3, 4, 5]], holds: [], box: 'largeStraight' }] });
    expect(a).toEqual(b);
  });
});
