import { describe, expect, it } from 'vitest';
import { RULESETS } from '../rules/index.ts';
import { buildReachTable, compileRules, genericScoreNow, type GameModel } from '../solver/index.ts';
import { testModel } from '../../test/support/models.ts';
import { playGames } from '../../test/support/game-records.ts';
import { analysePacked, createAnalyser, createReachAnalyser } from './analyse-game.ts';
import { packedResultJson } from './packed-json.ts';
import { unpackResult } from './packed-result.ts';

describe('packedResultJson writes the bytes JSON.stringify writes for the unpacked result', () => {
  it('noisy and optimal games, unfinished games and errors', async () => {
    const model = await testModel('yahtzee');
    const a = createAnalyser(model);
    const records: unknown[] = playGames(model, 77, 40, 0.3, 0.25);
    records.push({ turns: [{ rolls: [[4, 4, 4, 4, 4]], box: 'chance' }] }, { turns: [{ rolls: [[1, 2, 3, 4, 9]], box: 'chance' }] }, 'not a game');
    for (const r of records) {
      const p = analysePacked(a, r);
      expect(packedResultJson(p)).toBe(JSON.stringify(unpackResult(p)));
    }
  });

  it('a reach review (goal first after the rule set) and a multi-column game (actions name the column)', async () => {
    // The last two turns of a yahtzee-no-bonus game, as in analyse-reach.test.ts: the table holds those two levels.
    const rs = RULESETS['yahtzee-no-bonus'];
    const { table } = await buildReachTable(rs, { cap: 200, levels: 2, float64: true });
    const early = ['ones', 'twos', 'threes', 'fours', 'fives', 'sixes', 'smallStraight', 'largeStraight', 'fullHouse', 'fourOfAKind', 'yahtzee'];
    const turns = early.map((box, i) => ({ rolls: [[1 + (i % 6), 1 + (i % 6), 1 + (i % 6), 2, 3]], box }));
    turns.push({ rolls: [[6, 5, 4, 2, 1], [6, 6, 5, 3, 2], [6, 6, 6, 3, 2]], holds: [[6, 5], [6, 6]], box: 'chance' } as (typeof turns)[number]);
    const p = analysePacked(createReachAnalyser(rs, table, 150), { ruleset: rs.id, turns });
    expect('goal' in p && p.goal).toEqual({ type: 'reach', score: 150 });
    expect(packedResultJson(p)).toBe(JSON.stringify(unpackResult(p)));

    const triple = RULESETS['triple-yahtzee'];
    const c = compileRules(triple);
    const value = () => 0;
    const model: GameModel = { rs: triple, c, exact: false, value, fillScoreNow: (s, first, later) => genericScoreNow(triple, c, value, s, first, later) };
    const q = analysePacked(createAnalyser(model), { ruleset: 'triple-yahtzee', turns: [{ rolls: [[6, 6, 1, 2, 3], [6, 6, 6, 6, 6]], holds: [[6, 6]], box: 'yahtzee', column: 3 }] });
    expect(packedResultJson(q)).toBe(JSON.stringify(unpackResult(q)));
  });
});
