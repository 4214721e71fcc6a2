import { describe, expect, it } from 'vitest';
import { adviseGoal, goalTablesNeeded } from '../src/goals/index.ts';
import type { ProbabilityAdvice } from '../src/advisor/index.ts';
import { parsePosition } from '../src/position/index.ts';
import { RULESETS, type RuleSet, type RuleSetId } from '../src/rules/index.ts';
import {
  buildReachTable,
  columnStateIndex,
  compileRules,
  createTurnEval,
  evaluateState,
  END_GAME_BOXES,
  finalDistribution,
  opponentFinal,
  pointMass,
  scoreOptions,
  shareCurve,
  winGoalModel,
  type FinalDistribution,
  type GameState,
  type ReachTable,
} from '../src/solver/index.ts';
import { testModel, testValues } from './support/models.ts';
// The naive side shares nothing with the engine but the rules and scoreOptions.
import { naivePointsDistribution, naiveUtility } from './support/naive-game.ts';
import { mulberry32, sampleOpenStates } from './support/random-positions.ts';

const CAP = 200;

/**
 * With only finished opponents the win goal's one approximation is how a tie is split: each
 * target's best chance stands in for one strategy's, so a tie's half share and the next point's
 * whole one may come from different plans. With one box left nothing is approximated; with two
 * the gap stays within rounding here, and bench/win-tie-split.ts measures it with three
 * (docs/goals.md, "How honest the win chance is": at most 0.6 percentage points over 96 end games).
 */
const TIE_SPLIT_GAP = 1e-9;

const tables = new Map<string, Promise<{ reach: ReachTable; distribution: ReachTable }>>();

/** The last two levels of a rule set's reach and points-distribution tables, solved once per file. */
function tails(id: RuleSetId) {
  let t = tables.get(id);
  if (!t) {
    t = (async () => {
      const rs = RULESETS[id];
      const values = await testValues(rs.id);
      const reach = (await buildReachTable(rs, { cap: CAP, float64: true, levels: 2 })).table;
      const distribution = (await buildReachTable(rs, { kind: 'distribution', values, cap: CAP, float64: true, levels: 2 })).table;
      return { reach, distribution };
    })();
    tables.set(id, t);
  }
  return t;
}

const index = (rs: RuleSet, s: GameState) => columnStateIndex(compileRules(rs).layout, s.columns[0]);

/** Our share against opponents whose totals are independent, by enumerating every combination of their totals. */
function enumeratedShare(x: number, opponents: FinalDistribution[]): number {
  let share = 0;
  const visit = (i: number, p: number, best: number, tiedAtX: number) => {
    if (p === 0) return;
    if (i === opponents.length) {
      if (x >= best) share += p / (1 + tiedAtX);
      return;
    }
    const o = opponents[i];
    o.p.forEach((q, k) => visit(i + 1, p * q, Math.max(best, o.lo + k), tiedAtX + (o.lo + k === x ? 1 : 0)));
  };
  visit(0, 1, -1, 0);
  return share;
}

describe('win goal: the share of the stake', () => {
  it('splits ties between k players equally and agrees with an enumeration of the opponents\' totals', () => {
    const two = shareCurve([pointMass(200), pointMass(200)]);
    expect([two.u[199], two.u[200], two.u[201]]).toEqual([0, 1 / 3, 1]);
    const alone = shareCurve([pointMass(180)]);
    expect([alone.u[179], alone.u[180], alone.u[181]]).toEqual([0, 0.5, 1]);
    const rng = mulberry32(7);
    for (let trial = 0; trial < 20; trial++) {
      const opponents: FinalDistribution[] = [];
      for (let i = 0; i < 1 + (trial % 4); i++) {
        const p = Float64Array.from({ length: 1 + Math.floor(rng() * 6) }, () => rng());
        const sum = p.reduce((a, b) => a + b, 0);
        opponents.push({ lo: 10 + Math.floor(rng() * 6), p: p.map((v) => v / sum) });
      }
      const curve = shareCurve(opponents);
      for (let x = 5; x < 25; x++) {
        const u = x < curve.u.length ? curve.u[x] : 1;
        expect(Math.abs(u - enumeratedShare(x, opponents))).toBeLessThan(1e-12);
      }
    }
  });

  for (const id of ['yahtzee', 'yahtsoos'] as const) {
    it(`${id}: an opponent in progress finishes as a brute-force enumeration of expected-score play says`, async () => {
      const rs = RULESETS[id];
      const { distribution } = await tails(id);
      let compared = 0;
      const memo = new Map<string, number>();
      const dists = new Map();
      for (const open of [1, 2]) {
        for (const s of sampleOpenStates(rs, open, open === 1 ? 4 : 2, 40 + open)) {
          const { dist, tied } = naivePointsDistribution(rs, s, memo, dists);
          // Where choices tie on expected points, the table follows the engine's own tie order.
          if (tied) continue;
          const score = 150;
          const f = finalDistribution(distribution, index(rs, s), score);
          for (let total = score; total < score + CAP; total++) {
            const got = total >= f.lo && total < f.lo + f.p.length ? f.p[total - f.lo] : 0;
            const want = dist.get(total - score) ?? 0;
            if (!(Math.abs(got - want) < 1e-9)) throw new Error(`${JSON.stringify(s)}: P(final = ${total}) table ${got}, naive ${want}`);
          }
          compared++;
        }
      }
      expect(compared).toBeGreaterThanOrEqual(3);
    }, 120_000);

    it(`${id}: with finished opponents, shares agree with the end game solved for the share itself`, async () => {
      const rs = RULESETS[id];
      const { reach } = await tails(id);
      const model = winGoalModel(rs, reach, shareCurve([]), 0);
      const te = createTurnEval(model);
      const memo = new Map<string, Map<string, number>>();
      let worst = 0;
      for (const open of [1, 2]) {
        for (const s of sampleOpenStates(rs, open, 2, 90 + open)) {
          for (const opponents of [[120], [128, 128], [140, 95, 133]]) {
            for (const score of [100, 118]) {
              const finals = opponents.map(pointMass);
              model.score = score;
              model.curve = shareCurve(finals);
              const got = evaluateState(te, s).value;
              const key = opponents.join(',');
              if (!memo.has(key)) memo.set(key, new Map());
              const want = naiveUtility(rs, s, score, (x) => enumeratedShare(x, finals), memo.get(key)!);
              // One box open: the turn's leaves are finished games, so nothing is approximated.
              if (open === 1) expect(Math.abs(got - want)).toBeLessThan(1e-9);
              // Each leaf takes every target's best chance: never below the optimum.
              expect(got).toBeGreaterThan(want - 1e-9);
              worst = Math.max(worst, got - want);
            }
          }
        }
      }
      expect(worst).toBeLessThan(TIE_SPLIT_GAP);
    }, 120_000);
  }

  it('with a finished opponent far behind, takes the option that makes losing impossible', async () => {
    const rs = RULESETS.yahtzee;
    const { reach } = await tails('yahtzee');
    const model = await testModel('yahtzee');
    // Chance and Yahtzee open, 6-6-6-6-5: for points, hold the sixes for a Yahtzee; 29 in chance now wins outright.
    const scorecard = { ones: 3, twos: 6, threes: 9, fours: 12, fives: 15, sixes: 18, threeOfAKind: 20, fourOfAKind: 20, fullHouse: 25, smallStraight: 30, largeStraight: 40 };
    const position = (goal: unknown) => {
      const p = parsePosition({ ruleset: rs.id, scorecard, dice: [6, 6, 6, 6, 5], rollsLeft: 2, goal });
      if (!p.ok) throw new Error(JSON.stringify(p.issues));
      return p.position;
    };
    const score = position(undefined).score;
    const points = adviseGoal(model, {}, position(undefined));
    expect(points.best?.action).toEqual({ hold: [6, 6, 6, 6] });
    const win = adviseGoal(model, { reach }, position({ type: 'win', opponents: [{ finalScore: score + 28 }] }));
    expect(win.best?.action).toEqual({ score: 'chance' });
    expect('probability' in win && win.probability).toBe(1);
  });
});

/**
 * The position where the estimate (win-model.ts) lost share: official rules, 156 on the sheet with
 * an upper total of 61, 2-6-6-6-6 with no reroll left, twos, full house, large straight and Yahtzee
 * open; the opponent, 188 with full house and chance open, scored 0 in Yahtzee. Each target's best
 * chance valued keeping twos open (a 0 in Yahtzee) at 55.2%, above twos (the bonus now); played
 * on, the zero achieves 50.9% and twos 53.2%: the estimate's choice lost 2.3 percentage points.
 */
describe('win goal: the exact end game in the advice', () => {
  const theirs = { scorecard: { ones: 3, twos: 6, threes: 9, fours: 12, fives: 15, sixes: 18, threeOfAKind: 12, fourOfAKind: 8, smallStraight: 30, largeStraight: 40, yahtzee: 0 } };
  const mine = { ones: 3, threes: 9, fours: 16, fives: 15, sixes: 18, threeOfAKind: 25, fourOfAKind: 20, smallStraight: 30, chance: 20 };
  const rs = RULESETS.yahtzee;

  async function issuePosition() {
    const { distribution } = await tails('yahtzee');
    const parsed = parsePosition({ ruleset: rs.id, scorecard: mine, dice: [2, 6, 6, 6, 6], rollsLeft: 0, goal: { type: 'win', opponents: [theirs] } });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const position = parsed.position;
    const opponent = parsePosition({ ruleset: rs.id, ...theirs });
    if (!opponent.ok) throw new Error(JSON.stringify(opponent.issues));
    const curve = shareCurve([opponentFinal(rs, distribution, opponent.position.state, opponent.position.score)]);
    const u = (x: number) => (x < curve.u.length ? curve.u[x] : 1);
    // Each option's share by brute force: the end game from the state it leaves, with its points.
    const brute = (box: string) => {
      const o = scoreOptions(rs, position.state, [0, 1, 0, 0, 0, 4], false).find((e) => rs.boxes[e.box].id === box)!;
      return naiveUtility(rs, o.next, position.score + o.gain, u);
    };
    const advice = adviseGoal(await testModel('yahtzee'), { distribution }, position) as ProbabilityAdvice;
    const share = (box: string) => advice.options.find((o) => 'score' in o.action && o.action.score === box)!.probability;
    return { position, advice, brute, share };
  }

  it('scores twos (the upper bonus), and its share is the brute-force end game\'s', async () => {
    const { position, advice, brute, share } = await issuePosition();
    expect(position.score).toBe(156);
    expect(END_GAME_BOXES).toBeGreaterThanOrEqual(4);
    expect(advice.exact).toBe(true);
    expect(advice.best?.action).toEqual({ score: 'twos' });
    expect(Math.abs(share('twos') - brute('twos'))).toBeLessThan(1e-9);
    expect(advice.probability).toBeCloseTo(0.53153, 5);
  });

  it('values the 0 in Yahtzee the estimate chose at what it achieves, 2.3 points below twos', async () => {
    const { brute, share } = await issuePosition();
    expect(Math.abs(share('yahtzee') - brute('yahtzee'))).toBeLessThan(1e-9);
    expect(share('twos') - share('yahtzee')).toBeCloseTo(0.02272, 4);
  });

  it('needs no reach table in the end game, and the reach table before it', async () => {
    const { distribution } = await tails('yahtzee');
    const model = await testModel('yahtzee');
    const open = (boxes: string[]) => {
      const scorecard: Record<string, number> = { ...mine, twos: 4, fullHouse: 25, largeStraight: 40, yahtzee: 0 };
      for (const b of boxes) delete scorecard[b];
      const p = parsePosition({ ruleset: rs.id, scorecard, goal: { type: 'win', opponents: [theirs] } });
      if (!p.ok) throw new Error(JSON.stringify(p.issues));
      return p.position;
    };
    const atThreshold = open(['twos', 'fullHouse', 'largeStraight', 'yahtzee'].slice(0, END_GAME_BOXES));
    expect(goalTablesNeeded(atThreshold)).toEqual(['distribution']);
    expect((adviseGoal(model, { distribution }, atThreshold) as ProbabilityAdvice).exact).toBe(true);
    const before = open(['twos', 'fullHouse', 'largeStraight', 'yahtzee', 'chance', 'sixes'].slice(0, END_GAME_BOXES + 1));
    expect(goalTablesNeeded(before)).toEqual(['reach', 'distribution']);
    expect(() => adviseGoal(model, { distribution }, before)).toThrow(/needs the reach table/);
  });
});
