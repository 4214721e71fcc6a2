import { beforeAll, describe, expect, it } from 'vitest';
import { hintInput } from '../src/cli/commands/hint.ts';
import { parseRuleSet } from '../src/cli/options.ts';
import { describeError } from '../src/cli/run.ts';
import { isDicewiseError } from '../src/errors.ts';
import { parsePosition, positionError } from '../src/position/index.ts';
import type { DicewiseApp } from '../src/server/app.ts';
import { postJson, testApp } from './support/server.ts';

let app: DicewiseApp;
beforeAll(async () => {
  ({ app } = await testApp());
});

type Flags = Parameters<typeof hintInput>[0];

/** What `dicewise hint` says for these flags: its parse path, up to the message it prints. */
function cliError(flags: Flags): { message: string; issues: readonly { field: string; message: string }[] } {
  const parsed = parsePosition(hintInput(flags));
  if (parsed.ok) throw new Error(`${JSON.stringify(flags)} parsed`);
  const err = positionError(parsed);
  return { message: describeError(err).message, issues: err.issues };
}

interface Problem {
  type: string;
  detail: string;
  errors: { field: string; message: string }[];
}

const yahtzee = (flags: Partial<Flags>): Flags => ({ ruleset: 'yahtzee', ...flags });

describe('a mistake gets the same words from the API and from the CLI', () => {
  it.each<[string, Flags, string, RegExp]>([
    ['rollsLeft 3', yahtzee({ dice: '1,2,3,4,5', rollsLeft: '3' }), 'rollsLeft', /^must be 0, 1 or 2$/],
    ['rollsLeft without dice', yahtzee({ rollsLeft: '1' }), 'rollsLeft', /^needs dice/],
    ['a die of 7', yahtzee({ dice: '1,2,3,4,7' }), 'dice[4]', /^must be a face 1 to 6$/],
    ['a die that is not a number', yahtzee({ dice: '1,2,x,4,5' }), 'dice[2]', /^must be a face 1 to 6$/],
    ['four dice', yahtzee({ dice: '1,2,3,4' }), 'dice', /^yahtzee uses 5 dice, got 4$/],
    ['a chance of 1e20', yahtzee({ scorecard: '{"chance":1e20}' }), 'scorecard.chance', /cannot be scored in Chance; possible: 5, 6, .*, 30$/],
    ['a full house of 20', yahtzee({ scorecard: '{"fullHouse":20}' }), 'scorecard.fullHouse', /^20 cannot be scored in Full house; possible: 0, 25$/],
    ['a score of 2.5', yahtzee({ scorecard: '{"twos":2.5}' }), 'scorecard.twos', /^must be an integer number of points$/],
    ['an unknown box', yahtzee({ scorecard: '{"sevens":7}' }), 'scorecard.sevens', /^unknown box; yahtzee has ones, /],
    ['a scorecard that is not an object', yahtzee({ scorecard: '"x"' }), 'scorecard', /^must be an object mapping box ids to points/],
    ['one column for Triple Yahtzee', { ruleset: 'triple-yahtzee', scorecard: '{}' }, 'scorecard', /^triple-yahtzee needs an array of 3 column objects$/],
    ['a bonus of 50', yahtzee({ scorecard: '{"yahtzee":50,"ones":5}', yahtzeeBonus: '50' }), 'yahtzeeBonus', /^must be a multiple of 100$/],
    ['a bonus without 50 in the Yahtzee box', yahtzee({ scorecard: '{"yahtzee":0}', yahtzeeBonus: '100' }), 'yahtzeeBonus', /^a Yahtzee bonus needs 50 in the Yahtzee box$/],
    ['a reach target beyond any game', yahtzee({ reach: '1000000000' }), 'goal.score', /^must be a whole number of points from 0 to 100000/],
    ['an opponent total no sheet reaches', yahtzee({ opponentFinal: ['99999'] }), 'goal.opponents[0].finalScore', /^must be a whole number of points from 0 to \d+, the most a yahtzee sheet can total$/],
    ['eight opponents', yahtzee({ opponentFinal: Array(8).fill('200') }), 'goal.opponents', /^at most 7 opponents, got 8$/],
    ['an opponent with a misspelt field', yahtzee({ opponent: ['{"scorecard":{},"yahtzee_bonus":0}'] }), 'goal.opponents[0].yahtzee_bonus', /^unknown field; an opponent has scorecard/],
    ['an opponent with an impossible box', yahtzee({ opponent: ['{"scorecard":{"threes":7}}'] }), 'goal.opponents[0].scorecard.threes', /^7 cannot be scored in Threes; possible: /],
  ])('%s', async (_name, flags, field, message) => {
    const cli = cliError(flags);
    const res = await postJson(app, '/api/v1/hint', hintInput(flags));
    const problem = (await res.json()) as Problem;
    expect(res.status).toBe(400);
    expect(problem.type).toBe('/api/v1/docs#problem-invalid-input');
    expect(problem.errors).toEqual(cli.issues);
    expect(`dicewise: ${problem.detail}`).toBe(cli.message);
    expect(problem.errors.find((e) => e.field === field)?.message).toMatch(message);
  });

  it('an unknown rule set: the documented problem type, with the CLI option\'s words', async () => {
    const option = (() => {
      try {
        parseRuleSet('kniffel');
      } catch (e) {
        if (isDicewiseError(e)) return e;
      }
      throw new Error('kniffel was taken for a rule set');
    })();
    const res = await postJson(app, '/api/v1/hint', { ruleset: 'kniffel' });
    const problem = (await res.json()) as Problem;
    expect(res.status).toBe(400);
    expect(problem.type).toBe('/api/v1/docs#problem-unknown-ruleset');
    expect(problem.errors).toEqual(option.issues);
    expect(problem.errors[0].message).toBe('unknown rule set "kniffel"; known: yahtzee, yahtzee-free-joker, yahtzee-no-bonus, yatzy, yahtsoos, triple-yahtzee, superpass, superpass-ordered, triple-yahtzee-lower');
    const odds = (await (await postJson(app, '/api/v1/odds', { ruleset: 'kniffel' })).json()) as Problem;
    expect(odds.type).toBe('/api/v1/docs#problem-unknown-ruleset');
  });
});
