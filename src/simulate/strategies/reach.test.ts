import { describe, expect, it } from 'vitest';
import { adviseProbability } from '../../advisor/index.ts';
import { keepOfFaces, parsePosition } from '../../position/index.ts';
import { RULESETS } from '../../rules/index.ts';
import { buildReachTable, compileRules, decodeState, reachGoalModel, statesAtLevel } from '../../solver/index.ts';
import type { DecisionContext } from '../strategy.ts';
import { goalModel } from '../../approx/index.ts';
import { testModel } from '../../../test/support/models.ts';
import { parseReachStrategy, reachStrategy, spreadReachStrategy } from './reach.ts';
import type { Strategy } from '../strategy.ts';

describe('reach:T strategy', () => {
  it('parses reach:T names and nothing else', () => {
    expect(parseReachStrategy('reach:300')).toBe(300);
    expect(parseReachStrategy('reach:')).toBeUndefined();
    expect(parseReachStrategy('reach:-5')).toBeUndefined();
    expect(parseReachStrategy('reach:3.5')).toBeUndefined();
    expect(parseReachStrategy('optimal')).toBeUndefined();
  });

  it('takes, at every decision, an option as likely to reach the target as the advisor’s best', async () => {
    const rs = RULESETS['yahtzee-no-bonus'];
    const c = compileRules(rs);
    const { table } = await buildReachTable(rs, { cap: 120, levels: 2 });
    const target = 100;
    const strategy = reachStrategy(reachGoalModel(rs, table, target), target);
    const states = statesAtLevel(c.layout, rs.boxes.length - 2);
    let x = 7;
    const next = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0);
    let checked = 0;
    for (let game = 0; game < 60; game++) {
      const { mask, upper } = decodeState(c.layout, states[next() % states.length]);
      const scorecard: Record<string, number> = {};
      rs.boxes.forEach((b, i) => {
        if (mask & (1 << i)) scorecard[b.id] = b.id === 'chance' ? 20 : 0;
      });
      // Spread the upper total over the filled upper boxes the canonical state allows.
      let left = upper;
      for (let f = 6; f >= 1 && left > 0; f--) {
        if (!(mask & (1 << (f - 1)))) continue;
        const n = Math.min(5, Math.floor(left / f));
        scorecard[rs.boxes[f - 1].id] = n * f;
        left -= n * f;
      }
      const dice = [1, 2, 3, 4, 5].map(() => 1 + (next() % 6));
      const rollsLeft = (next() % 3) as 0 | 1 | 2;
      const parsed = parsePosition({ ruleset: rs.id, scorecard, dice, rollsLeft, goal: { type: 'reach', score: target } });
      if (!parsed.ok) continue;
      const p = parsed.position;
      checked++;
      const advice = adviseProbability(reachGoalModel(rs, table, target - p.score), p);
      const ctx = { game, turn: 12, score: p.score, state: p.state, roll: keepOfFaces(c.dice, p.dice!), rollsLeft } as unknown as DecisionContext;
      const best = advice.options[0].probability;
      const chance = (action: { hold?: number[]; score?: string }) =>
        advice.options.find((o) => JSON.stringify(o.action) === JSON.stringify(action))!.probability;
      if (rollsLeft > 0) {
        const keep = strategy.chooseHold(ctx) as number;
        const faces = c.dice.keepCounts.subarray(keep * 6, keep * 6 + 6);
        const held = [...faces].flatMap((n, f) => Array<number>(n).fill(f + 1));
        const action = held.length === 5 ? advice.options.find((o) => 'score' in o.action)!.action : { hold: held };
        expect(Math.abs(chance(action) - best)).toBeLessThan(1e-12);
      } else {
        const pick = strategy.chooseBox(ctx) as { box: number };
        expect(Math.abs(chance({ score: rs.boxes[pick.box].id }) - best)).toBeLessThan(1e-12);
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('on a multi-column rule set steers by the goal model within its horizon and plays the fallback before it', async () => {
    const rs = RULESETS.superpass;
    const c = compileRules(rs);
    const best = await testModel('superpass');
    const model = goalModel(rs, best.columnTables!);
    const target = 1251;
    const fallback: Strategy = { name: 'fallback', chooseHold: () => -1, chooseBox: () => ({ box: -1, column: -1 }) };
    const parsed = parsePosition({ ruleset: rs.id, dice: [1, 2, 3, 4, 6, 6], rollsLeft: 1, goal: { type: 'reach', score: target } });
    if (!parsed.ok) throw new Error('bad position');
    const p = parsed.position;
    const ctx = { game: 0, turn: 1, score: 0, state: p.state, roll: keepOfFaces(c.dice, p.dice!), rollsLeft: 1 } as unknown as DecisionContext;
    const total = rs.boxes.length * rs.columns.length;
    for (const horizon of [total - 1, total]) {
      model.horizon = { reach: horizon, win: 0 };
      const keep = spreadReachStrategy(model, target, fallback).chooseHold({ ...ctx, game: horizon }) as number;
      if (horizon < total) {
        expect(keep).toBe(-1);
        continue;
      }
      const advice = adviseProbability(model.aim({ kind: 'reach', need: target }), p);
      const held = [...c.dice.keepCounts.subarray(keep * 6, keep * 6 + 6)].flatMap((n, f) => Array<number>(n).fill(f + 1));
      const chance = advice.options.find((o) => JSON.stringify(o.action) === JSON.stringify({ hold: held }))!.probability;
      expect(chance).toBe(advice.options[0].probability);
    }
    // Decided turns go to the fallback: the target already on the sheet, or out of reach on the last turn.
    const strategy = spreadReachStrategy(model, target, fallback);
    expect(strategy.chooseHold({ ...ctx, game: 100, score: target })).toBe(-1);
    const last = parsePosition({ ruleset: rs.id, scorecard: lastBoxOpen(), dice: [1, 2, 3, 4, 6, 6], rollsLeft: 1, goal: { type: 'reach', score: target } });
    if (!last.ok) throw new Error('bad position');
    const lastCtx = { ...ctx, game: 101, state: last.position.state, score: last.position.score };
    // The chance box of column 4 scores at most 36: 37 more is out of reach, 36 is not.
    expect(spreadReachStrategy(model, last.position.score + 37, fallback).chooseHold(lastCtx)).toBe(-1);
    expect(spreadReachStrategy(model, last.position.score + 36, fallback).chooseHold(lastCtx)).not.toBe(-1);
  });
});

/** A Superpass sheet with every box filled (zeros, a chance of 20 in each of columns 1–3) but column 4's chance. */
function lastBoxOpen(): Record<string, number>[] {
  const col = Object.fromEntries(RULESETS.superpass.boxes.map((b) => [b.id, b.id === 'chance' ? 20 : 0]));
  const fourth: Record<string, number> = { ...col };
  delete fourth.chance;
  return [col, col, col, fourth];
}
