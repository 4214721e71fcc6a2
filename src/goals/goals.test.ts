import { describe, expect, it } from 'vitest';
import { parsePosition } from '../position/index.ts';
import { RULESET_IDS, RULESETS } from '../rules/index.ts';
import { GOAL_PLAYS } from '../simulate/index.ts';
import { goalLabel, goalModule, GOALS, goalTablesNeeded, supportsGoal } from './index.ts';

describe('the goal list', () => {
  it('holds each goal of docs/rules.md once, under its own kind', () => {
    expect(GOALS.map((g) => g.kind)).toEqual(['points', 'reach', 'win']);
    for (const g of GOALS) expect(goalModule(g.kind)).toBe(g);
  });

  it.each(RULESET_IDS)('every rule set plays every goal from tables it has: %s', (id) => {
    for (const g of GOALS) expect(supportsGoal(RULESETS[id], g.kind)).toBe(true);
  });

  it('names the simulator strategies that play each goal', () => {
    const played = (s: string) => GOALS.filter((g) => g.playedBy(s)).map((g) => g.kind);
    expect(played('reach:1251')).toEqual(['reach']);
    expect(played('win')).toEqual(['win']);
    expect(played('optimal')).toEqual([]);
    expect(played('reach:x')).toEqual([]);
  });

  it('names every goal of the list where a goal is unknown', () => {
    const parsed = parsePosition({ goal: { type: 'beat', score: 200 } });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.issues).toEqual([{ field: 'goal.type', message: 'unknown goal "beat"; known: points, reach, win' }]);
  });

  it('names each goal strategy the simulator plays, once', () => {
    for (const play of GOAL_PLAYS) expect(GOALS.filter((g) => g.playedBy === play.plays)).toHaveLength(1);
    expect(GOALS.filter((g) => g.kind !== 'points').every((g) => GOAL_PLAYS.some((p) => p.plays === g.playedBy))).toBe(true);
  });

  it('labels advice as the CLI prints it', () => {
    expect(goalLabel({ type: 'reach', score: 300 })).toBe('reach 300');
    expect(goalLabel({ type: 'win', opponents: [{ finalScore: 241 }] })).toBe('win against 1 opponent (expected share of the stake)');
    expect(goalLabel({ type: 'win', opponents: [{ finalScore: 241 }, { finalScore: 200 }] })).toBe('win against 2 opponents (expected share of the stake)');
  });
});

describe('which tables a position and goal need', () => {
  const needs = (input: Record<string, unknown>) => {
    const parsed = parsePosition(input);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    return goalTablesNeeded(parsed.position);
  };

  it('none for points, on any rule set', () => {
    expect(needs({ ruleset: 'yahtzee' })).toEqual([]);
    expect(needs({ ruleset: 'superpass', scorecard: [{}, {}, {}, {}] })).toEqual([]);
  });

  it('the reach table where solved exactly, and the points distribution for an opponent still playing', () => {
    expect(needs({ ruleset: 'yahtzee', goal: { type: 'reach', score: 300 } })).toEqual(['reach']);
    expect(needs({ ruleset: 'yatzy', goal: { type: 'win', opponents: [{ finalScore: 241 }] } })).toEqual(['reach']);
    expect(needs({ ruleset: 'yatzy', goal: { type: 'win', opponents: [{ finalScore: 241 }, { scorecard: { ones: 3 } }] } })).toEqual(['reach', 'distribution']);
  });

  it('the goal model where a model plays the rule set, whoever the opponent is', () => {
    expect(needs({ ruleset: 'triple-yahtzee', scorecard: [{}, {}, {}], goal: { type: 'reach', score: 2000 } })).toEqual(['goal-model']);
    expect(needs({ ruleset: 'superpass', scorecard: [{}, {}, {}, {}], goal: { type: 'win', opponents: [{ scorecard: [{}, {}, {}, {}] }] } })).toEqual(['goal-model']);
  });
});
