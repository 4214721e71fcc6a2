import { pack, unpack } from 'msgpackr';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ProbabilityAdvice } from '../src/advisor/index.ts';
import { adviseGoal } from '../src/goals/index.ts';
import { maxFinalScore, parsePosition, type PositionInput } from '../src/position/index.ts';
import { RULESETS } from '../src/rules/index.ts';
import type { DicewiseApp } from '../src/server/app.ts';
import type { ReachTable } from '../src/solver/index.ts';
import { testModel } from './support/models.ts';
import { sheetExcept, TAIL_RULESET, tailDistribution, tailReachTable } from './support/reach.ts';
import { postJson, testApp } from './support/server.ts';
import { servedGoalModel } from '../src/approx/index.ts';
import { createApp } from '../src/server/app.ts';
import { staticRegistry } from '../src/server/table-registry.ts';

/**
 * The win goal over HTTP against the advisor called directly on the same tables (reach and points
 * distribution for the last two turns of yahtzee-no-bonus: test/support/reach.ts), and every way
 * an opponent can be wrong answered 400 naming the field.
 */

let app: DicewiseApp;
let reach: ReachTable;
let distribution: ReachTable;
beforeAll(async () => {
  [reach, distribution] = await Promise.all([tailReachTable().then((b) => b.table), tailDistribution()]);
  ({ app } = await testApp({
    lanes: { reach: { [TAIL_RULESET]: reach }, distribution: { [TAIL_RULESET]: distribution } },
  }));
});

const mine = { ruleset: TAIL_RULESET, scorecard: sheetExcept(['yahtzee', 'chance']) };
const theirs = { scorecard: sheetExcept(['largeStraight', 'fullHouse']) };
const win = (...opponents: unknown[]) => ({ type: 'win', opponents });

async function hint(input: unknown): Promise<{ status: number; body: ProbabilityAdvice & { errors: { field: string; message: string }[] } }> {
  const res = await postJson(app, '/api/v1/hint', input);
  return { status: res.status, body: (await res.json()) as never };
}

async function expected(input: PositionInput): Promise<unknown> {
  const r = parsePosition(input);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return JSON.parse(JSON.stringify(adviseGoal(await testModel(TAIL_RULESET), { reach, distribution }, r.position)));
}

describe('POST /api/v1/hint with a win goal', () => {
  const cases = [
    { ...mine, dice: [6, 6, 6, 6, 2], rollsLeft: 2, goal: win({ finalScore: 235 }) },
    { ...mine, dice: [1, 3, 3, 4, 5], rollsLeft: 1, goal: win(theirs, { finalScore: 228 }) },
    { ...mine, dice: [2, 2, 2, 5, 5], rollsLeft: 0, goal: win(theirs, theirs, theirs) },
    { ...mine, goal: win(theirs) },
  ] as PositionInput[];

  it.each(cases.map((c, i) => [i, c] as const))('case %i answers as the advisor does, with each opponent\'s expected total', async (_i, input) => {
    const { status, body } = await hint(input);
    expect(status).toBe(200);
    expect(body).toEqual(await expected(input));
    // Two boxes open: the end game is solved exactly.
    expect(body.exact).toBe(true);
    expect(body.opponents).toHaveLength((input.goal as { opponents: unknown[] }).opponents.length);
  });

  it('takes and gives MessagePack', async () => {
    const res = await app.request('/api/v1/hint', { method: 'POST', body: pack(cases[1]), headers: { 'content-type': 'application/msgpack', accept: 'application/msgpack' } });
    expect(res.status).toBe(200);
    expect(unpack(new Uint8Array(await res.arrayBuffer()))).toEqual(await expected(cases[1]));
  });

  it('gives a finished opponent their total, and a sure win against one far behind', async () => {
    const { body } = await hint({ ...mine, goal: win({ finalScore: 20 }) });
    expect(body.probabilityBefore).toBe(1);
    expect(body.opponents).toEqual([{ expectedFinalScore: 20 }]);
  });

  const top = maxFinalScore(RULESETS[TAIL_RULESET]);
  it.each([
    [win(), 'goal.opponents'],
    [{ type: 'win', opponents: Array.from({ length: 8 }, () => ({ finalScore: 200 })) }, 'goal.opponents'],
    [win({}), 'goal.opponents[0]'],
    [win({ finalScore: 200, scorecard: {} }), 'goal.opponents[0]'],
    [win({ finalScore: -1 }), 'goal.opponents[0].finalScore'],
    [win({ finalScore: 200.5 }), 'goal.opponents[0].finalScore'],
    [win({ finalScore: top + 1 }), 'goal.opponents[0].finalScore'],
    [win({ finalScore: 'abc' }), 'goal.opponents[0].finalScore'],
    [win({ finalScore: 200 }, { scorecard: { ones: 7 } }), 'goal.opponents[1].scorecard.ones'],
    [win({ scorecard: { ones: 3 }, yahtzeeBonus: 100 }), 'goal.opponents[0].yahtzeeBonus'],
    [win({ scorecard: { bogus: 3 } }), 'goal.opponents[0].scorecard.bogus'],
    [win({ finalScore: 200, name: 'Ann' }), 'goal.opponents[0].name'],
  ])('answers the bad goal %j with a 400 naming %s', async (goal, field) => {
    const { status, body } = await hint({ ...mine, goal });
    expect(status).toBe(400);
    expect(body.errors.map((e) => e.field)).toContain(field);
  });

  it('answers the win goal on a multi-column rule set against one opponent, as the advisor does; two opponents are a 400 naming goal.opponents', async () => {
    const model = await testModel('triple-yahtzee');
    const app3 = createApp({ registry: await staticRegistry([model]) });
    const input = { ruleset: 'triple-yahtzee', dice: [6, 6, 6, 2, 1], rollsLeft: 2, goal: win({ scorecard: [{ sixes: 24 }, {}, {}] }) } as const;
    const res = await postJson(app3, '/api/v1/hint', input);
    expect(res.status).toBe(200);
    const body = (await res.json()) as ProbabilityAdvice;
    const p = parsePosition(input);
    if (!p.ok) throw new Error(JSON.stringify(p.issues));
    expect(body).toEqual(JSON.parse(JSON.stringify(adviseGoal(model, { goal: servedGoalModel(model) }, p.position))));
    expect(body.exact).toBe(false);
    expect(body.opponents![0].expectedFinalScore).toBeGreaterThan(24 + 1700);
    const two = await postJson(app3, '/api/v1/hint', { ...input, goal: win({ finalScore: 1800 }, { finalScore: 1700 }) });
    expect(two.status).toBe(400);
    expect(((await two.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['goal.opponents']);
  });
});
