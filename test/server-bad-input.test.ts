import { pack } from 'msgpackr';
import { beforeAll, describe, expect, it } from 'vitest';
import { parsePosition } from '../src/position/index.ts';
import { RULESETS } from '../src/rules/index.ts';
import type { DicewiseApp } from '../src/server/app.ts';
import { postJson, testApp } from './support/server.ts';

let app: DicewiseApp;
beforeAll(async () => {
  ({ app } = await testApp());
});

interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  errors: { field: string; message: string }[];
}

async function expectProblem(res: Response, status: number, field: string): Promise<ProblemBody> {
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  const p = (await res.json()) as ProblemBody;
  expect({ status: res.status, fields: p.errors.map((e) => e.field) }).toEqual({ status, fields: expect.arrayContaining([field]) });
  expect(p).toMatchObject({ status, instance: '/api/v1/hint' });
  expect(p.type).toMatch(/^\/api\/v1\/docs#problem-/);
  expect(p.detail).toContain(field);
  for (const e of p.errors) expect(e.message.length).toBeGreaterThan(0);
  return p;
}

/** Superpass column 1 filled top to bottom up to chance (zeros, each possible where nothing scores), chance 0. */
const SUPERPASS_COLUMN_1_BEFORE_CHANCE = Object.fromEntries(RULESETS.superpass.boxes.map((b) => [b.id, 0]));

const FULL_CARD = {
  ones: 3, twos: 6, threes: 9, fours: 12, fives: 15, sixes: 18, threeOfAKind: 20, fourOfAKind: 0,
  fullHouse: 25, smallStraight: 30, largeStraight: 0, yahtzee: 0, chance: 22,
};

describe('POST /api/v1/hint rejects bad positions with 400 naming the field', () => {
  it.each([
    ['a threes of 7', { scorecard: { threes: 7 } }, 'scorecard.threes', /7 cannot be scored in Threes/],
    ['a fullHouse of 20', { scorecard: { fullHouse: 20 } }, 'scorecard.fullHouse', /20 cannot be scored in Full house; possible: 0, 25/],
    ['a non-integer score', { scorecard: { twos: 2.5 } }, 'scorecard.twos', /integer number of points/],
    ['a chance of 1e20', { scorecard: { chance: 1e20 } }, 'scorecard.chance', /^100000000000000000000 cannot be scored in Chance; possible: 5, /],
    ['a Yahtzee bonus that is text', { yahtzeeBonus: 'x' }, 'yahtzeeBonus', /must be a non-negative integer/],
    ['a text score in a column of a multi-column sheet', { ruleset: 'triple-yahtzee', scorecard: [{ twos: 'a' }, {}, {}] }, 'scorecard[0].twos', /number/],
    ['a Yahtzee bonus with no 50 in the yahtzee box', { scorecard: { yahtzee: 0, ones: 5 }, yahtzeeBonus: 100 }, 'yahtzeeBonus', /needs 50 in the Yahtzee box/],
    ['a Yahtzee bonus not a multiple of 100', { scorecard: { yahtzee: 50, ones: 5 }, yahtzeeBonus: 50 }, 'yahtzeeBonus', /multiple of 100/],
    ['a Yatzy with a Yahtzee bonus', { ruleset: 'yatzy', yahtzeeBonus: 100 }, 'yahtzeeBonus', /no Yahtzee bonus/],
    ['Superpass column 1 filled out of order', { ruleset: 'superpass', scorecard: [{ sixes: 18 }, {}, {}, {}] }, 'scorecard[0]', /top to bottom/],
    ['Superpass column 2 filled out of order', { ruleset: 'superpass', scorecard: [{}, { ones: 2 }, {}, {}] }, 'scorecard[1]', /bottom to top/],
    ['Superpass with a single column object', { ruleset: 'superpass', scorecard: {} }, 'scorecard', /array of 4/],
    ['a Superpass chance of 0 in column 2', { ruleset: 'superpass', scorecard: [{}, { chance: 0 }, {}, {}] }, 'scorecard[1].chance', /0 cannot be scored in Chance; possible: 6,/],
    ['a Superpass chance of 0 in column 4', { ruleset: 'superpass', scorecard: [{}, {}, {}, { chance: 0 }] }, 'scorecard[3].chance', /0 cannot be scored in Chance/],
    ['a Superpass chance of 0 in column 1', { ruleset: 'superpass', scorecard: [SUPERPASS_COLUMN_1_BEFORE_CHANCE, {}, {}, {}] }, 'scorecard[0].chance', /0 cannot be scored in Chance/],
    ['a finished scorecard', { scorecard: FULL_CARD }, 'scorecard', /game is over/],
    ['a face of 7', { dice: [1, 2, 3, 4, 7] }, 'dice[4]', /^must be a face 1 to 6$/],
    ['a face of 0', { dice: [0, 2, 3, 4, 5] }, 'dice[0]', /^must be a face 1 to 6$/],
    ['a die that is not a number', { dice: [1, 2, 'x', 4, 5] }, 'dice[2]', /^must be a face 1 to 6$/],
    ['dice that are not an array', { dice: '12345' }, 'dice', /array/],
    ['four dice', { dice: [1, 2, 3, 4] }, 'dice', /uses 5 dice, got 4/],
    ['six dice for yahtzee', { dice: [1, 2, 3, 4, 5, 6] }, 'dice', /uses 5 dice, got 6/],
    ['five dice for superpass', { ruleset: 'superpass', dice: [1, 2, 3, 4, 5] }, 'dice', /uses 6 dice, got 5/],
    ['an unknown box', { scorecard: { sevens: 7 } }, 'scorecard.sevens', /unknown box/],
    ['a Yatzy box in yahtzee', { scorecard: { onePair: 12 } }, 'scorecard.onePair', /unknown box/],
    ['an unknown rule set', { ruleset: 'kniffel' }, 'ruleset', /^unknown rule set "kniffel"; known: yahtzee, /],
    ['rollsLeft 3', { dice: [1, 2, 3, 4, 5], rollsLeft: 3 }, 'rollsLeft', /^must be 0, 1 or 2$/],
    ['rollsLeft without dice', { rollsLeft: 1 }, 'rollsLeft', /needs dice/],
    ['an unknown field', { dice: [1, 2, 3, 4, 5], rolls_left: 1 }, 'rolls_left', /unknown field/],
    ['a body that is an array', [1, 2, 3], 'body', /object/],
    ['a body that is a number', 42, 'body', /object/],
    ['a body that is null', null, 'body', /object/],
  ])('%s', async (_name, body, field, message) => {
    const p = await expectProblem(await postJson(app, '/api/v1/hint', body), 400, field);
    expect(p.errors.find((e) => e.field === field)!.message).toMatch(message);
    expect(p.title).toBe(field === 'ruleset' ? 'Unknown rule set' : 'Invalid input');
  });

  it('a Superpass chance of 0 stands in column 3, where an entry after a reroll scores 0', () => {
    expect(parsePosition({ ruleset: 'superpass', scorecard: [{}, {}, { chance: 0 }, {}] }).ok).toBe(true);
  });

  it('reports every problem of a position at once', async () => {
    const res = await postJson(app, '/api/v1/hint', { scorecard: { threes: 7, fullHouse: 20 }, dice: [1, 2, 3, 4, 5], rollsLeft: 1 });
    const p = await expectProblem(res, 400, 'scorecard.threes');
    expect(p.errors.map((e) => e.field)).toEqual(['scorecard.threes', 'scorecard.fullHouse']);
  });

  it('malformed JSON', async () => {
    const p = await expectProblem(await postJson(app, '/api/v1/hint', '{"dice": [1,2,'), 400, 'body');
    expect(p.errors[0].message).toMatch(/malformed JSON/);
  });

  it('malformed MessagePack', async () => {
    const res = await app.request('/api/v1/hint', { method: 'POST', body: new Uint8Array([0xc1, 0xff, 0x00]), headers: { 'content-type': 'application/msgpack' } });
    const p = await expectProblem(res, 400, 'body');
    expect(p.errors[0].message).toMatch(/MessagePack/);
  });

  it('a bad position sent as MessagePack is checked like JSON', async () => {
    const res = await app.request('/api/v1/hint', { method: 'POST', body: pack({ scorecard: { threes: 7 } }), headers: { 'content-type': 'application/msgpack' } });
    await expectProblem(res, 400, 'scorecard.threes');
  });

  it('a wrong content type', async () => {
    const res = await app.request('/api/v1/hint', { method: 'POST', body: '{"dice":[1,2,3,4,5]}', headers: { 'content-type': 'text/plain' } });
    const p = await expectProblem(res, 400, 'content-type');
    expect(p.errors[0].message).toMatch(/application\/json or application\/msgpack, got "text\/plain"/);
  });

  it('no content type', async () => {
    const res = await app.request('/api/v1/hint', { method: 'POST', body: new TextEncoder().encode('{"dice":[1,2,3,4,5]}') });
    await expectProblem(res, 400, 'content-type');
  });

  it('an empty body', async () => {
    const p = await expectProblem(await postJson(app, '/api/v1/hint', ''), 400, 'body');
    expect(p.errors[0].message).toBe('required');
  });

  it('a body over 64 KiB, streamed or announced by Content-Length, is 413', async () => {
    const big = JSON.stringify({ scorecard: {}, padding: 'x'.repeat(70_000) });
    const streamed = await postJson(app, '/api/v1/hint', big);
    const p = await expectProblem(streamed, 413, 'body');
    expect(p.title).toBe('Payload too large');
    const announced = await postJson(app, '/api/v1/hint', big, { 'content-length': String(big.length) });
    await expectProblem(announced, 413, 'body');
  });

  it('a smaller cap can be configured', async () => {
    const { app: small } = await testApp({ limits: { hintBodyBytes: 16 } });
    await expectProblem(await postJson(small, '/api/v1/hint', { dice: [1, 2, 3, 4, 5] }), 413, 'body');
    expect((await postJson(small, '/api/v1/hint', {})).status).toBe(200);
  });

  it('never answers garbage with a 500', async () => {
    const garbage: unknown[] = [
      'null', '"text"', 'true', '[]', '{"scorecard":[]}', '{"scorecard":"x"}', '{"scorecard":[{},{}]}', '{"dice":null}',
      '{"yahtzeeBonus":-1}', '{"yahtzeeBonus":[100]}', '{"scorecard":{"ones":null},"dice":[]}', '{"ruleset":null}',
      '{"ruleset":"triple-yahtzee","scorecard":[{},{}]}', '{"ruleset":"triple-yahtzee","yahtzeeBonus":5}', '{"__proto__":{"x":1}}',
      '{"scorecard":{"__proto__":5}}', '{"scorecard":{"constructor":5}}', '{"dice":[1e400,1,1,1,1]}', '{"rollsLeft":"2","dice":[1,1,1,1,1]}',
    ];
    for (const body of garbage) {
      const res = await postJson(app, '/api/v1/hint', body);
      const p = (await res.json()) as ProblemBody;
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(p.errors.length).toBeGreaterThan(0);
      for (const e of p.errors) expect(e.field).toMatch(/^[\w.[\]-]+$/);
    }
  });
});
