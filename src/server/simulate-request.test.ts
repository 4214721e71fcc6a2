import { describe, expect, it } from 'vitest';
import { errorOf } from '../../test/support/errors.ts';
import { testModel } from '../../test/support/models.ts';
import { createInlineRunner } from '../simulate/index.ts';
import { MAX_REQUEST_GAMES, simulateRequest } from './simulate-request.ts';

const runner = createInlineRunner({ model: (id) => testModel(id) });

describe('simulateRequest', () => {
  it('runs a valid body and returns the report', async () => {
    const r = await simulateRequest({ ruleset: 'yahtzee', strategies: ['optimal', 'greedy'], games: 60, seed: 9 }, { runner });
    expect(r.games).toBe(60);
    expect(r.strategies.map((s) => s.name)).toEqual(['optimal', 'greedy']);
    expect(r.pairs[0].a).toBe('optimal');
  });

  it(`caps games at ${MAX_REQUEST_GAMES} with PAYLOAD_TOO_LARGE naming games`, async () => {
    const e = await errorOf(simulateRequest({ games: MAX_REQUEST_GAMES + 1 }, { runner }));
    expect(e.code).toBe('PAYLOAD_TOO_LARGE');
    expect(e.issues[0].field).toBe('games');
    expect(e.message).toContain('games');
  });

  it.each([
    [{ games: 0 }, 'games'],
    [{ games: 1.5 }, 'games'],
    [{ seed: -1 }, 'seed'],
    [{ strategies: ['optimal', 'optimal'] }, 'strategies'],
    [{ strategies: ['./evil.js'] }, 'strategies[0]'],
    [{ strategies: [] }, 'strategies'],
    [{ ruleset: 'triple-yahtzee' }, 'ruleset'],
    [{ ruleset: 'nope' }, 'ruleset'],
    [{ extra: 1 }, 'extra'],
  ])('rejects %j naming %s', async (body, field) => {
    const e = await errorOf(simulateRequest(body, { runner }));
    expect(e.code).toBe('INVALID_INPUT');
    expect(e.issues.map((i) => i.field)).toContain(field);
  });

  it('names every rule set with an exact table when refusing one without', async () => {
    const e = await errorOf(simulateRequest({ ruleset: 'superpass' }, { runner }));
    expect(e.issues.find((i) => i.field === 'ruleset')?.message).toBe('must be a rule set with an exact table: yahtzee, yahtsoos, yahtzee-free-joker, yahtzee-no-bonus or yatzy');
  });

  it('simulates yahtsoos, which has an exact table', async () => {
    const r = await simulateRequest({ ruleset: 'yahtsoos', strategies: ['greedy'], games: 20, seed: 3 }, { runner });
    expect(r.ruleset).toBe('yahtsoos');
    expect(r.strategies[0].games).toBe(20);
  });
});

