import { describe, expect, it } from 'vitest';
import { playGames } from '../../test/support/game-records.ts';
import { testModel } from '../../test/support/models.ts';
import { analyseGames } from '../analysis/index.ts';
import { isDicewiseError } from '../errors.ts';
import type { RuleSetId } from '../rules/index.ts';
import type { GameModel } from '../solver/index.ts';
import { readAnalyseBody } from './analyse-request.ts';

async function lookup(): Promise<(id: RuleSetId) => GameModel | undefined> {
  const models = new Map<RuleSetId, GameModel>([
    ['yahtzee', await testModel('yahtzee')],
    ['yahtzee-no-bonus', await testModel('yahtzee-no-bonus')],
  ]);
  return (id) => models.get(id);
}

describe('the HTTP body', () => {
  it('analyses { games } into { results } in order', async () => {
    const modelFor = await lookup();
    const games = playGames(modelFor('yahtzee')!, 14, 2);
    const results = analyseGames(modelFor, readAnalyseBody({ games: [games[0], { turns: 3 }, games[1]] }));
    expect(results).toHaveLength(3);
    expect(results[1]).toMatchObject({ error: { turn: 0 } });
  });

  it('rejects a body without games, and more games than the cap', () => {
    const codeOf = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return isDicewiseError(e) ? e.code : 'other';
      }
      return 'none';
    };
    expect(codeOf(() => readAnalyseBody({ game: [] }))).toBe('INVALID_INPUT');
    expect(codeOf(() => readAnalyseBody([]))).toBe('INVALID_INPUT');
    expect(codeOf(() => readAnalyseBody({ games: new Array(4).fill({}) }, 3))).toBe('PAYLOAD_TOO_LARGE');
    expect(readAnalyseBody({ games: new Array(3).fill({}) }, 3)).toHaveLength(3);
  });
});
