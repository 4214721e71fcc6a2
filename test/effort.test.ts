import { describe, expect, it } from 'vitest';
import { bestModel, commonDice, correctedModel, createEffortPlayer, createRollouts, EFFORT_PLANS, firstRoll, MAX_EFFORT, modelOptions, playEffortGame, playModelGame, rolloutStats } from '../src/approx/index.ts';
import { RULESETS } from '../src/rules/index.ts';
import { createApp } from '../src/server/app.ts';
import { staticRegistry } from '../src/server/table-registry.ts';
import { createTurnEval, evaluateState, type GameState } from '../src/solver/index.ts';
import { testColumnTables, testModel } from './support/models.ts';
import { postJson } from './support/server.ts';
import { dicewise } from './support/cli.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';

interface Hint {
  effort: number;
  score: number;
  expectedFinalScore: number;
  options: { action: unknown; ev: number; rollouts?: number }[];
  best: unknown;
}

const superpass = async () => correctedModel(RULESETS.superpass, await testColumnTables('superpass'));
/** The model the CLI and the server play: best (the neural correction). */
const servedSuperpass = async () => bestModel(RULESETS.superpass, await testColumnTables('superpass'));

describe('rollouts (approx/rollout.ts)', () => {
  it('at horizon 0 a box is worth its gain plus the model value, and holds agree with the engine within the paired error', async () => {
    const model = await superpass();
    const states: GameState[] = [];
    playModelGame(model, commonDice(3, 0), (s) => states.push(s));
    const counts = [0, 0, 0, 0, 0, 0];
    let holdsChecked = 0;
    for (const s of [states[4], states[20], states[40]]) {
      const te = evaluateState(createTurnEval(model), s);
      const roll = firstRoll(te, commonDice(9, 1), 0, counts);
      const options = modelOptions(te, roll, 2).slice(0, 4);
      const { means, se } = rolloutStats(createRollouts(model), s, roll, 2, options, { candidates: 4, window: 1e9, rollouts: 1500, horizon: 0 }, 77);
      options.forEach((o, k) => {
        if (!('keep' in o)) expect(Math.abs(means[k] - o.ev)).toBeLessThan(1e-9);
        else if (k > 0 && 'keep' in options[0]) {
          // The rest of the turn is sampled: paired differences of the means estimate the engine's differences.
          expect(Math.abs(means[k] - means[0] - (o.ev - options[0].ev))).toBeLessThan(4 * se[k] + 1e-9);
          holdsChecked++;
        }
      });
    }
    expect(holdsChecked).toBeGreaterThan(0);
  });

  it('a player at effort 0 plays the model’s games; at effort 1 it rolls out some decisions of each game', async () => {
    const model = await superpass();
    const zero = createEffortPlayer(model, EFFORT_PLANS[0]);
    for (let g = 0; g < 3; g++) expect(playEffortGame(model, zero, commonDice(5, g))).toBe(playModelGame(model, commonDice(5, g)));
    expect(zero.rolledOut).toBe(0);
    const one = createEffortPlayer(model, EFFORT_PLANS[1]);
    const score = playEffortGame(model, one, commonDice(5, 0));
    expect(score).toBeGreaterThan(0);
    expect(one.rolledOut).toBeGreaterThan(0);
    expect(one.rolledOut).toBeLessThan(one.decisions);
  });
});

describe('effort in the hint API', () => {
  const app = async () => createApp({ registry: await staticRegistry([await superpass(), await testModel('yahtzee')]) });
  const position = { ruleset: 'superpass', dice: [1, 2, 3, 4, 6, 6], rollsLeft: 2 };

  it('effort 0 and no effort are the model alone, labelled effort 0; effort 1 rolls out the closest options, the same answer every time', async () => {
    const a = await app();
    const plain = (await (await postJson(a, '/api/v1/hint', position)).json()) as Hint;
    expect(plain.effort).toBe(0);
    expect(plain.options.some((o) => o.rollouts !== undefined)).toBe(false);
    expect(await (await postJson(a, '/api/v1/hint', { ...position, effort: 0 })).json()).toEqual(plain);
    const r1 = await postJson(a, '/api/v1/hint', { ...position, effort: 1 });
    expect(r1.status).toBe(200);
    const one = (await r1.json()) as Hint;
    expect(one.effort).toBe(1);
    const rolled = one.options.filter((o) => o.rollouts === EFFORT_PLANS[1].rollouts);
    expect(rolled.length).toBeGreaterThanOrEqual(2);
    expect(rolled.length).toBeLessThanOrEqual(EFFORT_PLANS[1].candidates);
    // The rolled-out options come first, best rollout mean first; the best is what the advice says.
    expect(one.options.slice(0, rolled.length)).toEqual(rolled);
    for (let i = 1; i < rolled.length; i++) expect(rolled[i].ev).toBeLessThanOrEqual(rolled[i - 1].ev);
    expect(one.best).toEqual(one.options[0]);
    expect(one.expectedFinalScore).toBeCloseTo(one.score + one.options[0].ev, 9);
    // The same options as the model's, by action.
    const actions = (x: Hint) => x.options.map((o) => JSON.stringify(o.action)).sort();
    expect(actions(one)).toEqual(actions(plain));
    // Another app (fresh caches) gives the same rollouts: the dice streams are a hash of the decision.
    expect(await (await postJson(await app(), '/api/v1/hint', { ...position, effort: 1 })).json()).toEqual(one);
  });

  it('refuses an effort out of bounds, on an exact rule set or with another goal, naming the field', async () => {
    const a = await app();
    for (const effort of [MAX_EFFORT + 1, -1, 1.5, '2']) {
      const r = await postJson(a, '/api/v1/hint', { ...position, effort });
      expect(r.status).toBe(400);
      expect(JSON.stringify(((await r.json()) as { errors: unknown }).errors)).toContain('effort');
    }
    const exact = await postJson(a, '/api/v1/hint', { ruleset: 'yahtzee', dice: [1, 2, 3, 4, 6], effort: 1 });
    expect(exact.status).toBe(400);
    expect(((await exact.json()) as { errors: unknown }).errors).toEqual([{ field: 'effort', message: 'yahtzee is solved exactly: its advice needs no rollouts (effort 0)' }]);
  });
});

describe('dicewise hint --effort', () => {
  it('--json prints the API body at that effort; an effort out of bounds exits 2 naming it', async () => {
    const r = dicewise(['hint', '--ruleset', 'superpass', '--dice', '1,2,3,4,6,6', '--effort', '1', '--json', '--tables', TEST_TABLE_DIR]);
    expect(r.stderr).toBe('');
    const api = await postJson(createApp({ registry: await staticRegistry([await servedSuperpass()]) }), '/api/v1/hint', { ruleset: 'superpass', dice: [1, 2, 3, 4, 6, 6], effort: 1 });
    expect(r.stdout).toBe(`${await api.text()}\n`);
    const bad = dicewise(['hint', '--ruleset', 'superpass', '--effort', String(MAX_EFFORT + 1), '--tables', TEST_TABLE_DIR]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(`dicewise: effort: must be an integer 0 to ${MAX_EFFORT}, got ${MAX_EFFORT + 1}\n`);
  });
});
