import { describe, expect, it } from 'vitest';
import { advise, explainAdvice, type ExplainedAdvice } from '../src/advisor/index.ts';
import { aspectLosses, outlookTotal, parsePosition, REASONS_COVER, type Outlook } from '../src/position/index.ts';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { createPlayer, GamePlayer, optimalStrategy } from '../src/simulate/index.ts';
import { buildOutlookTable, columnStateIndex, compileRules, outlookWidth, type OutlookTable } from '../src/solver/index.ts';
import { readOutlookTable } from '../src/store/reach-store.ts';
import { testModel, testValues } from './support/models.ts';
import { naiveOutlook } from './support/naive-game.ts';
import { TEST_RULESETS, TEST_TABLE_DIR } from './support/paths.ts';
import { mulberry32, randomPosition, sampleOpenStates } from './support/random-positions.ts';

const outlookTables = new Map<RuleSetId, Promise<OutlookTable>>();
/** The outlook table the global setup built. */
function outlookTable(id: RuleSetId): Promise<OutlookTable> {
  let t = outlookTables.get(id);
  if (!t) outlookTables.set(id, (t = readOutlookTable(TEST_TABLE_DIR, RULESETS[id]).then((r) => r.table)));
  return t;
}

async function explain(input: unknown): Promise<ExplainedAdvice> {
  const parsed = parsePosition(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const { position } = parsed;
  const model = await testModel(position.rs.id);
  return explainAdvice(model, await outlookTable(position.rs.id), position, advise(model, position));
}

/**
 * Verhoeff's table of optimal solitaire Yahtzee (free choice of Joker box), as copied on
 * Wikipedia: each box's expected points to 2 decimals and chance of a zero to 4.
 */
const VERHOEFF: Record<string, [expected: number, zero: number]> = {
  ones: [1.88, 0.1084],
  twos: [5.28, 0.018],
  threes: [8.57, 0.0095],
  fours: [12.16, 0.006],
  fives: [15.69, 0.005],
  sixes: [19.19, 0.0053],
  threeOfAKind: [21.66, 0.0326],
  fourOfAKind: [13.1, 0.3634],
  fullHouse: [22.59, 0.0963],
  smallStraight: [29.46, 0.018],
  largeStraight: [32.71, 0.1822],
  yahtzee: [16.87, 0.6626],
  chance: [22.01, 0],
};

describe('the outlook of expected-score play', () => {
  it("reproduces Verhoeff's published table at the start of a free-Joker game", async () => {
    const advice = await explain({ ruleset: 'yahtzee-free-joker' });
    const o = advice.outlook;
    for (const [box, [expected, zero]] of Object.entries(VERHOEFF)) {
      expect(Math.abs(o.boxes[box].expected - expected), box).toBeLessThanOrEqual(0.005);
      // Three of a kind's 0.0326 depends on the tie rule (solver/outlook.ts, docs/explain.md "Ties"):
      // with near-equal holds left to the last bit of floating point it came out 0.03245.
      expect(Math.abs(o.boxes[box].probabilityZero - zero), box).toBeLessThanOrEqual(0.00005);
    }
    expect(Math.abs(o.upperBonus!.expected - 23.84)).toBeLessThanOrEqual(0.005);
    expect(Math.abs(o.yahtzeeBonus!.expected - 9.58)).toBeLessThanOrEqual(0.005);
    expect(Math.abs(outlookTotal(o) - 254.5896095)).toBeLessThan(1e-6);
  });

  it.each(['yahtzee', 'yahtzee-free-joker'] as const)('%s: every outlook sums to the sheet plus its expected points still to come (1e-9)', async (id) => {
    const rng = mulberry32(51);
    for (let i = 0; i < 60; i++) {
      const { input, score } = randomPosition(RULESETS[id], rng);
      const advice = await explain(input);
      if (advice.options.length === 0) expect(Math.abs(outlookTotal(advice.outlook) - (score + advice.stateValue))).toBeLessThan(1e-9);
      for (const o of advice.options) expect(Math.abs(outlookTotal(o.outlook) - (score + o.ev)), JSON.stringify([input, o.action])).toBeLessThan(1e-9);
      expect(advice.outlook).toEqual(advice.options[0]?.outlook ?? advice.outlook);
    }
  });

  it('gives filled boxes their points and a zero chance of 0 or 1, and an earned bonus as certain', async () => {
    const card = { ones: 3, twos: 6, threes: 9, fours: 12, fives: 15, sixes: 18, chance: 22, yahtzee: 0 };
    const advice = await explain({ ruleset: 'yahtzee', scorecard: card, dice: [1, 2, 3, 4, 6], rollsLeft: 0 });
    for (const o of [advice.outlook, ...advice.options.map((x) => x.outlook)]) {
      expect(o.boxes.ones).toEqual({ expected: 3, probabilityZero: 0 });
      expect(o.boxes.yahtzee).toEqual({ expected: 0, probabilityZero: 1 });
      expect(o.upperBonus).toEqual({ probability: 1, expected: 35 });
      // The Yahtzee box holds 0: no bonus can come.
      expect(o.yahtzeeBonus).toEqual({ expected: 0 });
    }
    // Scoring the small straight now: its box then holds 30 for sure.
    const straight = advice.options.find((o) => 'score' in o.action && o.action.score === 'smallStraight')!;
    expect(straight.outlook.boxes.smallStraight).toEqual({ expected: 30, probabilityZero: 0 });
  });
});

describe('reasons', () => {
  it('name aspects, largest first, that account for at least 80% of each option\'s loss; all aspects add up to it', async () => {
    const rng = mulberry32(5151);
    let explained = 0;
    for (let i = 0; i < 40; i++) {
      const { input } = randomPosition(RULESETS.yahtzee, rng);
      const advice = await explain(input);
      for (const o of advice.options.slice(1)) {
        const all = aspectLosses(advice.outlook, o.outlook).reduce((s, a) => s + a.loss, 0);
        expect(Math.abs(all - o.loss)).toBeLessThan(1e-9);
        const reasons = o.reasons!;
        const covered = reasons.reduce((s, r) => s + r.loss, 0);
        if (o.loss > 1e-9) {
          expect(covered, JSON.stringify(o)).toBeGreaterThanOrEqual(REASONS_COVER * o.loss);
          // As few as cover it: without the last one, they would not.
          expect(covered - reasons[reasons.length - 1].loss).toBeLessThan(REASONS_COVER * o.loss);
          explained++;
        } else expect(reasons).toEqual([]);
        for (let k = 1; k < reasons.length; k++) expect(reasons[k].loss).toBeLessThanOrEqual(reasons[k - 1].loss);
      }
      expect(advice.options[0]?.reasons).toBeUndefined();
    }
    expect(explained).toBeGreaterThan(100);
  });

  it('say why holding three fives beats scoring them: the Yahtzee and its bonus that more fives bring, and the fives themselves', async () => {
    const advice = await explain({ ruleset: 'yahtzee', scorecard: { ones: 3, twos: 6, threes: 9 }, dice: [1, 2, 5, 5, 5], rollsLeft: 2 });
    expect(advice.best!.action).toEqual({ hold: [5, 5, 5] });
    const fives = advice.options.find((o) => 'score' in o.action && o.action.score === 'fives')!;
    expect(fives.reasons!.map((r) => (r.aspect === 'box' ? r.box : r.aspect))).toEqual(['yahtzee', 'yahtzeeBonus', 'fives']);
  });
});

/**
 * The lanes of the table against the naive recursion of test/support (which shares nothing with
 * the engine but the rules and scoreOptions), on states with one to three boxes left in every
 * exact rule set: the table's last levels are built here from its value table.
 */
describe('the outlook table against a naive recursion', () => {
  it.each(TEST_RULESETS)('%s: states with 1 to 3 boxes left', async (id) => {
    const rs = RULESETS[id];
    const c = compileRules(rs);
    const B = rs.boxes.length;
    const table = (await buildOutlookTable(rs, { values: await testValues(id), levels: 3 })).table;
    const memo = new Map<string, number>();
    const outlooks = new Map<string, { lanes: number[]; tied: boolean }>();
    let compared = 0;
    for (const open of [1, 2, 3]) {
      for (const state of sampleOpenStates(rs, open, [0, 8, 6, 2][open], 5100 + open)) {
        const naive = naiveOutlook(rs, state, memo, outlooks);
        if (naive.tied) continue;
        const col = state.columns[0];
        const slot = columnStateIndex(c.layout, col);
        const at = table.offset[slot];
        expect(table.offset[slot + 1] - at).toBe(outlookWidth(c, col.mask));
        const openBoxes = rs.boxes.map((_, b) => b).filter((b) => !(col.mask & (1 << b)));
        openBoxes.forEach((b, i) => {
          expect(table.values[at + i], `${rs.boxes[b].id} expected`).toBeCloseTo(naive.lanes[b], 9);
          expect(table.values[at + open + i], `${rs.boxes[b].id} zero`).toBeCloseTo(naive.lanes[B + b], 9);
        });
        let lane = at + 2 * open;
        if (rs.upperBonus.points > 0) expect(table.values[lane++], 'upper bonus').toBeCloseTo(naive.lanes[2 * B], 9);
        if (rs.yahtzeeBonus > 0) expect(table.values[lane], 'Yahtzee bonus').toBeCloseTo(naive.lanes[2 * B + 1], 9);
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(10);
  }, 120_000);
});

/** Games of the advised play (the simulator's optimal strategy) against the outlook of their start. */
describe('the outlook against simulated games', () => {
  it('yahtzee: 20,000 games of optimal play end as the start outlook says, within 4.5 standard errors', async () => {
    const rs = RULESETS.yahtzee;
    const model = await testModel('yahtzee');
    const outlook: Outlook = (await explain({ ruleset: 'yahtzee' })).outlook;
    const player = createPlayer(rs, optimalStrategy(model, 4096));
    const game = new GamePlayer(rs);
    const N = 20_000;
    const B = rs.boxes.length;
    const sum = new Float64Array(B);
    const sumSq = new Float64Array(B);
    const zeros = new Float64Array(B);
    let bonuses = 0;
    let yahtzeeBonus = 0;
    let yahtzeeBonusSq = 0;
    for (let g = 0; g < N; g++) {
      game.play(player, 51, g);
      const points = player.ctx.points;
      let upper = 0;
      for (let b = 0; b < B; b++) {
        sum[b] += points[b];
        sumSq[b] += points[b] * points[b];
        if (points[b] === 0) zeros[b]++;
        if (b < 6) upper += points[b];
      }
      if (upper >= 63) bonuses++;
      // The context counts the bonuses; the outlook counts their points.
      const ybPoints = player.ctx.yahtzeeBonuses * rs.yahtzeeBonus;
      yahtzeeBonus += ybPoints;
      yahtzeeBonusSq += ybPoints ** 2;
    }
    const within = (mean: number, sd: number, expected: number, what: string) => expect(Math.abs(mean - expected), what).toBeLessThanOrEqual(4.5 * Math.max(sd, 1e-3) / Math.sqrt(N));
    rs.boxes.forEach((box, b) => {
      const mean = sum[b] / N;
      within(mean, Math.sqrt(sumSq[b] / N - mean * mean), outlook.boxes[box.id].expected, `${box.id} expected`);
      const p = outlook.boxes[box.id].probabilityZero;
      within(zeros[b] / N, Math.sqrt(p * (1 - p)), p, `${box.id} zero`);
    });
    const p = outlook.upperBonus!.probability;
    within(bonuses / N, Math.sqrt(p * (1 - p)), p, 'upper bonus');
    const yb = yahtzeeBonus / N;
    within(yb, Math.sqrt(yahtzeeBonusSq / N - yb * yb), outlook.yahtzeeBonus!.expected, 'Yahtzee bonus');
  }, 120_000);
});
