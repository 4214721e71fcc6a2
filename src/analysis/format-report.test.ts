import { describe, expect, it } from 'vitest';
import { testModel } from '../../test/support/models.ts';
import { analyseGame } from './analyse-game.ts';
import { actionText, formatGameResult, formatReport, summariseResults } from './format-report.ts';
import { gameError } from './types.ts';

describe('text report', () => {
  it('names each lossy decision with the best alternative', async () => {
    const model = await testModel('yahtzee');
    const r = analyseGame(model, {
      turns: [
        { rolls: [[4, 4, 4, 4, 4]], box: 'chance' },
        { rolls: [[6, 2, 6, 1, 4], [6, 6, 6, 3, 2]], holds: [[6, 6]], box: 'sixes' },
      ],
    });
    const text = formatGameResult(r, 0).split('\n');
    expect(text[0]).toMatch(/^Game 1 \(yahtzee, unfinished after 2 turns\): 38 points so far, \d+\.\d\d expected to come; start value 254\.59, loss \d+\.\d\d, luck [+-]\d+\.\d\d$/);
    expect(text[1]).toBe('  mistakes: 1 blunder, 1 mistake, 0 inaccuracies, 0 slight');
    expect(text[2]).toBe('  points by turn: 20 18');
    expect(text[3]).toMatch(/^ {2}turn {2}1 roll 1 {2}score chance {2}best: score yahtzee {2}loss 80\.\d\d$/);
    // Scoring after the second roll, where rerolling the two odd dice was better.
    expect(text[4]).toMatch(/^ {2}turn {2}2 roll 2 {2}score sixes {3}best: hold \[6 6 6\] {2}loss \d+\.\d\d$/);
    expect(text).toHaveLength(5);
  });

  it('errors say where; a batch ends with a summary', async () => {
    const model = await testModel('yahtzee');
    const ok = analyseGame(model, { turns: [{ rolls: [[1, 2, 3, 4, 5]], box: 'largeStraight' }] });
    const results = [ok, gameError(3, 2, 'hold [6] is not in roll 2 [1 2 3 4 5]'), gameError(0, 0, 'not valid JSON'), gameError(14, 0, 'too many turns')];
    const text = formatReport(results);
    expect(text).toContain('Game 2: error at turn 3, roll 2: hold [6] is not in roll 2 [1 2 3 4 5]');
    expect(text).toContain('Game 3: error: not valid JSON');
    expect(text).toContain('Game 4: error at turn 14: too many turns');
    expect(text).toContain('4 games: 1 analysed (0 finished), 3 with errors');
    expect(summariseResults(results)).toMatchObject({ games: 4, analysed: 1, errors: 3, finished: 0 });
  });

  it('writes actions as the hint API names them', () => {
    expect(actionText({ hold: [] })).toBe('hold nothing');
    expect(actionText({ hold: [3, 3, 6] })).toBe('hold [3 3 6]');
    expect(actionText({ score: 'chance' })).toBe('score chance');
    expect(actionText({ score: 'chance', column: 2 })).toBe('score chance (column 2)');
  });
});
