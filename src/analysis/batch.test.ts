import { describe, expect, it } from 'vitest';
import type { RuleSetId } from '../rules/index.ts';
import type { GameModel } from '../solver/index.ts';
import { testModel } from '../../test/support/models.ts';
import { playGames } from '../../test/support/game-records.ts';
import { analyseGame } from './analyse-game.ts';
import { analyseGames, batchRuleSets } from './batch.ts';
import { batchRecords, splitGameText } from './game-input.ts';

async function lookup(): Promise<(id: RuleSetId) => GameModel | undefined> {
  const models = new Map<RuleSetId, GameModel>([
    ['yahtzee', await testModel('yahtzee')],
    ['yahtzee-no-bonus', await testModel('yahtzee-no-bonus')],
  ]);
  return (id) => models.get(id);
}

describe('batches', () => {
  it('one bad game does not cost the others, and order is kept', async () => {
    const modelFor = await lookup();
    const good = playGames(modelFor('yahtzee')!, 11, 3);
    const other = { ...playGames(modelFor('yahtzee-no-bonus')!, 12, 1)[0], ruleset: 'yahtzee-no-bonus' };
    const bad = { ruleset: 'yahtzee', turns: [{ rolls: [[1, 2, 3, 4, 5]], box: 'pair' }] };
    const records = [good[0], bad, good[1], other, { ruleset: 'triple-yahtzee', turns: [] }, 'nonsense', good[2]];
    const results = analyseGames(modelFor, records);
    expect(results).toHaveLength(7);
    expect(results[0]).toEqual(analyseGame(modelFor('yahtzee')!, good[0]));
    expect(results[1]).toMatchObject({ error: { turn: 1, roll: 1 } });
    expect(results[2]).toEqual(analyseGame(modelFor('yahtzee')!, good[1]));
    expect(results[3]).toMatchObject({ ruleset: 'yahtzee-no-bonus', finished: true });
    expect(results[4]).toMatchObject({ error: { turn: 0, roll: 0, detail: 'no model is loaded for triple-yahtzee' } });
    expect(results[5]).toMatchObject({ error: { turn: 0, roll: 0, detail: expect.stringMatching(/JSON object/) } });
    expect(results[6]).toEqual(analyseGame(modelFor('yahtzee')!, good[2]));
    expect(batchRuleSets(records).sort()).toEqual(['triple-yahtzee', 'yahtzee', 'yahtzee-no-bonus']);
  });

  it('reads JSON Lines and JSON arrays alike; a malformed line is that game\'s error', async () => {
    const modelFor = await lookup();
    const games = playGames(modelFor('yahtzee')!, 13, 3);
    const lines = games.map((g) => JSON.stringify(g));
    const jsonl = splitGameText(`${lines[0]}\n\n${lines[1]}\n{"turns": [\n${lines[2]}\n`);
    expect('lines' in jsonl && jsonl.lines).toHaveLength(4);
    const fromLines = analyseGames(modelFor, batchRecords(jsonl));
    const fromArray = analyseGames(modelFor, batchRecords(splitGameText(JSON.stringify(games, null, 2))));
    expect(fromLines[2]).toMatchObject({ error: { turn: 0, roll: 0, detail: expect.stringMatching(/not valid JSON/) } });
    expect([fromLines[0], fromLines[1], fromLines[3]]).toEqual(fromArray);
    // One game pretty-printed over several lines is one game, not a line per error.
    const single = splitGameText(JSON.stringify(games[0], null, 2));
    expect(analyseGames(modelFor, batchRecords(single))).toEqual([fromArray[0]]);
    expect(batchRecords(splitGameText('  \n'))).toEqual([]);
  });

  it('a text that starts as a JSON array but is broken is rejected as a whole', () => {
    expect(() => splitGameText('[{"turns": []},')).toThrow(/starts as a JSON array/);
  });
});
