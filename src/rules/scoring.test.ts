import { describe, expect, it } from 'vitest';
import { facesToCounts } from '../dice/multiset.ts';
import { scorePattern } from './patterns.ts';
import { RULESETS } from './rulesets.ts';
import { scoreBox, upperBonusFor, type ColumnFacts } from './scoring.ts';
import type { RuleSet, RuleSetId } from './types.ts';

/** Face counts of the given dice. */
const dice = (...faces: number[]): number[] => facesToCounts(faces);

function boxIndex(rs: RuleSet, id: string): number {
  const i = rs.boxes.findIndex((b) => b.id === id);
  if (i < 0) throw new Error(`rule set ${rs.id} has no box ${id}`);
  return i;
}

/** A filled-box mask with the named boxes filled. */
function filled(rs: RuleSet, ids: readonly string[]): number {
  return ids.reduce((m, id) => m | (1 << boxIndex(rs, id)), 0);
}

const UPPER_IDS = ['ones', 'twos', 'threes', 'fours', 'fives', 'sixes'] as const;
const YAHTZEE_LOWER_IDS = [
  'threeOfAKind',
  'fourOfAKind',
  'fullHouse',
  'smallStraight',
  'largeStraight',
  'yahtzee',
  'chance',
] as const;

const EMPTY_CARD: ColumnFacts = { filledMask: 0, yahtzeeHolds50: false };

type Row = [boxId: string, faces: number[], points: number];

/** Ordinary scoring of the 13-box Yahtzee column with 5 dice. */
const YAHTZEE_TABLE: Row[] = [
  ['ones', [1, 1, 2, 3, 1], 3],
  ['ones', [2, 3, 4, 5, 6], 0],
  ['ones', [1, 1, 1, 1, 1], 5],
  ['twos', [2, 2, 5, 6, 2], 6],
  ['twos', [1, 3, 4, 5, 6], 0],
  ['threes', [3, 3, 3, 3, 1], 12],
  ['threes', [1, 2, 4, 5, 6], 0],
  ['fours', [4, 1, 2, 3, 5], 4],
  ['fours', [4, 4, 4, 4, 4], 20],
  ['fives', [5, 5, 5, 5, 5], 25],
  ['fives', [5, 5, 1, 1, 1], 10],
  ['sixes', [6, 6, 1, 2, 3], 12],
  ['sixes', [1, 2, 3, 4, 5], 0],
  ['threeOfAKind', [3, 3, 3, 4, 5], 18],
  ['threeOfAKind', [3, 3, 4, 4, 5], 0],
  ['threeOfAKind', [6, 6, 6, 6, 2], 26],
  ['threeOfAKind', [2, 2, 2, 2, 2], 10],
  ['threeOfAKind', [2, 2, 2, 6, 6], 18],
  ['fourOfAKind', [4, 4, 4, 4, 1], 17],
  ['fourOfAKind', [4, 4, 4, 1, 1], 0],
  ['fourOfAKind', [5, 5, 5, 5, 5], 25],
  ['fullHouse', [2, 2, 3, 3, 3], 25],
  ['fullHouse', [6, 6, 6, 1, 1], 25],
  ['fullHouse', [2, 2, 3, 3, 4], 0],
  ['fullHouse', [4, 4, 4, 4, 1], 0],
  ['fullHouse', [5, 5, 5, 5, 5], 0], // five of a kind is not a full house (except as a Joker)
  ['fullHouse', [1, 2, 3, 4, 5], 0],
  ['smallStraight', [1, 2, 3, 4, 6], 30],
  ['smallStraight', [3, 4, 5, 6, 6], 30],
  ['smallStraight', [2, 3, 4, 5, 2], 30],
  ['smallStraight', [1, 2, 3, 4, 5], 30], // a large straight contains a small one
  ['smallStraight', [1, 2, 3, 5, 6], 0],
  ['smallStraight', [1, 1, 2, 2, 3], 0],
  ['largeStraight', [1, 2, 3, 4, 5], 40],
  ['largeStraight', [6, 5, 4, 3, 2], 40],
  ['largeStraight', [1, 2, 3, 4, 6], 0],
  ['largeStraight', [2, 3, 4, 5, 5], 0],
  ['yahtzee', [6, 6, 6, 6, 6], 50],
  ['yahtzee', [1, 1, 1, 1, 1], 50],
  ['yahtzee', [6, 6, 6, 6, 5], 0],
  ['chance', [1, 1, 1, 1, 1], 5],
  ['chance', [6, 6, 6, 6, 6], 30],
  ['chance', [1, 2, 3, 4, 6], 16],
];

/** Ordinary scoring of the 15-box Scandinavian Yatzy column. */
const YATZY_TABLE: Row[] = [
  ['ones', [1, 1, 2, 3, 1], 3],
  ['ones', [2, 3, 4, 5, 6], 0],
  ['twos', [2, 2, 2, 2, 2], 10],
  ['threes', [3, 3, 1, 1, 1], 6],
  ['fours', [4, 4, 4, 1, 2], 12],
  ['fives', [5, 1, 2, 3, 4], 5],
  ['sixes', [6, 6, 6, 6, 1], 24],
  ['sixes', [1, 2, 3, 4, 5], 0],
  ['onePair', [1, 1, 6, 6, 3], 12], // the highest pair counts
  ['onePair', [3, 3, 3, 5, 2], 6],
  ['onePair', [2, 2, 2, 2, 5], 4],
  ['onePair', [5, 5, 5, 5, 5], 10],
  ['onePair', [1, 2, 3, 4, 5], 0],
  ['twoPairs', [2, 2, 3, 3, 3], 10],
  ['twoPairs', [1, 1, 6, 6, 3], 14],
  ['twoPairs', [4, 4, 6, 6, 1], 20],
  ['twoPairs', [3, 3, 5, 5, 5], 16],
  ['twoPairs', [2, 2, 2, 2, 5], 0], // four of a kind is not two pairs
  ['twoPairs', [5, 5, 5, 5, 5], 0],
  ['twoPairs', [1, 2, 3, 4, 4], 0],
  ['threeOfAKind', [3, 3, 3, 4, 5], 9],
  ['threeOfAKind', [5, 5, 5, 5, 1], 15],
  ['threeOfAKind', [6, 6, 6, 6, 6], 18],
  ['threeOfAKind', [3, 3, 4, 4, 5], 0],
  ['fourOfAKind', [2, 2, 2, 2, 5], 8],
  ['fourOfAKind', [6, 6, 6, 6, 6], 24],
  ['fourOfAKind', [3, 3, 3, 4, 4], 0],
  ['smallStraight', [1, 2, 3, 4, 5], 15],
  ['smallStraight', [5, 4, 3, 2, 1], 15],
  ['smallStraight', [1, 2, 3, 4, 6], 0], // Yatzy straights are exact
  ['smallStraight', [2, 3, 4, 5, 6], 0],
  ['smallStraight', [1, 2, 3, 4, 4], 0],
  ['largeStraight', [2, 3, 4, 5, 6], 20],
  ['largeStraight', [6, 2, 5, 3, 4], 20],
  ['largeStraight', [1, 2, 3, 4, 5], 0],
  ['largeStraight', [2, 3, 4, 5, 5], 0],
  ['fullHouse', [2, 2, 3, 3, 3], 13],
  ['fullHouse', [6, 6, 6, 5, 5], 28],
  ['fullHouse', [4, 4, 4, 4, 4], 0],
  ['fullHouse', [4, 4, 4, 4, 1], 0],
  ['fullHouse', [2, 2, 3, 3, 4], 0],
  ['chance', [1, 2, 3, 4, 6], 16],
  ['chance', [6, 6, 6, 6, 6], 30],
  ['yatzy', [3, 3, 3, 3, 3], 50],
  ['yatzy', [3, 3, 3, 3, 2], 0],
];

/** Ordinary scoring of a 13-box Superpass column with 6 dice. */
const SUPERPASS_TABLE: Row[] = [
  ['ones', [1, 1, 1, 2, 3, 4], 3],
  ['ones', [2, 3, 4, 5, 6, 6], 0],
  ['ones', [1, 1, 1, 1, 1, 1], 6],
  ['twos', [2, 2, 2, 1, 1, 1], 6],
  ['threes', [3, 1, 2, 4, 5, 6], 3],
  ['fours', [4, 4, 4, 4, 1, 2], 16],
  ['fives', [5, 5, 1, 2, 3, 4], 10],
  ['sixes', [6, 6, 6, 6, 6, 6], 36],
  ['threeOfAKind', [3, 3, 3, 1, 2, 4], 16], // sum of all six dice
  ['threeOfAKind', [2, 2, 2, 5, 5, 5], 21],
  ['threeOfAKind', [6, 6, 6, 6, 6, 6], 36],
  ['threeOfAKind', [1, 1, 2, 2, 3, 3], 0],
  ['fourOfAKind', [4, 4, 4, 4, 1, 2], 19],
  ['fourOfAKind', [5, 5, 5, 5, 5, 1], 26],
  ['fourOfAKind', [4, 4, 4, 1, 1, 1], 0],
  ['fullHouse', [2, 2, 2, 3, 3, 4], 25], // 3 + 2 + 1
  ['fullHouse', [2, 2, 2, 3, 3, 3], 25], // 3 + 3
  ['fullHouse', [4, 4, 4, 4, 1, 1], 25], // 4 + 2
  ['fullHouse', [5, 5, 5, 5, 5, 1], 0], // 5 + 1
  ['fullHouse', [6, 6, 6, 6, 6, 6], 0], // 6 of a kind
  ['fullHouse', [1, 1, 2, 2, 3, 3], 0],
  ['fullHouse', [1, 1, 1, 2, 3, 4], 0],
  ['smallStraight', [1, 2, 3, 4, 6, 6], 30],
  ['smallStraight', [3, 4, 5, 6, 1, 1], 30],
  ['smallStraight', [1, 2, 3, 4, 5, 6], 30],
  ['smallStraight', [1, 2, 3, 5, 6, 6], 0],
  ['largeStraight', [1, 2, 3, 4, 5, 5], 40],
  ['largeStraight', [2, 3, 4, 5, 6, 6], 40],
  ['largeStraight', [1, 2, 3, 4, 5, 6], 40],
  ['largeStraight', [1, 2, 3, 4, 6, 6], 0],
  ['kniffel', [3, 3, 3, 3, 3, 1], 50], // 5 of a kind
  ['kniffel', [3, 3, 3, 3, 3, 3], 50], // 6 of a kind
  ['kniffel', [3, 3, 3, 3, 1, 1], 0],
  ['chance', [1, 1, 1, 1, 1, 1], 6],
  ['chance', [6, 6, 6, 6, 6, 6], 36],
  ['chance', [1, 2, 3, 4, 5, 6], 21],
];

const TABLES: Record<RuleSetId, Row[]> = {
  yahtzee: YAHTZEE_TABLE,
  'yahtzee-free-joker': YAHTZEE_TABLE,
  'yahtzee-no-bonus': YAHTZEE_TABLE,
  yahtsoos: YAHTZEE_TABLE,
  'triple-yahtzee': YAHTZEE_TABLE,
  yatzy: YATZY_TABLE,
  superpass: SUPERPASS_TABLE,
  'superpass-ordered': SUPERPASS_TABLE,
  'triple-yahtzee-lower': YAHTZEE_TABLE,
};

describe.each(Object.keys(TABLES) as RuleSetId[])('ordinary scoring of every box: %s', (id) => {
  const rs = RULESETS[id];
  const table = TABLES[id];

  it('the table covers every box of the rule set', () => {
    const covered = new Set(table.map(([box]) => box));
    expect([...covered].sort()).toEqual(rs.boxes.map((b) => b.id).sort());
  });

  it('every row uses the rule set dice count', () => {
    for (const [, faces] of table) expect(faces).toHaveLength(rs.dice);
  });

  it.each(table)('%s scores %j -> %i', (boxId, faces, points) => {
    const b = boxIndex(rs, boxId);
    const counts = dice(...faces);
    expect(scorePattern(rs.boxes[b].pattern, counts)).toBe(points);
    // On an empty scorecard no Joker and no bonus can apply: scoreBox is the ordinary score.
    expect(scoreBox(rs, EMPTY_CARD, counts, b)).toEqual({ points, yahtzeeBonus: 0 });
  });
});

/** Scores of every box in `ids` for a roll, `null` where the Joker rules forbid the box. */
function scoresOf(rs: RuleSet, facts: ColumnFacts, faces: number[], ids: readonly string[]) {
  const out: Record<string, { points: number; yahtzeeBonus: number } | null> = {};
  for (const id of ids) out[id] = scoreBox(rs, facts, dice(...faces), boxIndex(rs, id));
  return out;
}

describe.each(['yahtzee', 'triple-yahtzee'] as const)('forced Joker (%s, per column)', (id) => {
  const rs = RULESETS[id];
  const FOURS = [4, 4, 4, 4, 4];

  it('while the Yahtzee box is free, a Yahtzee scores by the ordinary rules in any box', () => {
    const facts = { filledMask: filled(rs, ['fours', 'ones']), yahtzeeHolds50: false };
    expect(scoresOf(rs, facts, FOURS, ['twos', 'sixes', 'threeOfAKind', 'fourOfAKind', 'fullHouse', 'smallStraight', 'largeStraight', 'yahtzee', 'chance'])).toEqual({
      twos: { points: 0, yahtzeeBonus: 0 },
      sixes: { points: 0, yahtzeeBonus: 0 },
      threeOfAKind: { points: 20, yahtzeeBonus: 0 },
      fourOfAKind: { points: 20, yahtzeeBonus: 0 },
      fullHouse: { points: 0, yahtzeeBonus: 0 },
      smallStraight: { points: 0, yahtzeeBonus: 0 },
      largeStraight: { points: 0, yahtzeeBonus: 0 },
      yahtzee: { points: 50, yahtzeeBonus: 0 },
      chance: { points: 20, yahtzeeBonus: 0 },
    });
  });

  it('rule 1: matching upper box free -> only that box is legal (with +100 while Yahtzee holds 50)', () => {
    const facts = { filledMask: filled(rs, ['yahtzee']), yahtzeeHolds50: true };
    const free = [...UPPER_IDS, ...YAHTZEE_LOWER_IDS.filter((b) => b !== 'yahtzee')];
    const s = scoresOf(rs, facts, FOURS, free);
    expect(s.fours).toEqual({ points: 20, yahtzeeBonus: 100 });
    for (const b of free) if (b !== 'fours') expect(s[b], b).toBeNull();
  });

  it('rule 1 with the Yahtzee box holding 0: matching upper box only, no bonus', () => {
    const facts = { filledMask: filled(rs, ['yahtzee', 'chance', 'sixes']), yahtzeeHolds50: false };
    const s = scoresOf(rs, facts, [2, 2, 2, 2, 2], ['twos', 'ones', 'fullHouse', 'largeStraight', 'threeOfAKind']);
    expect(s).toEqual({
      twos: { points: 10, yahtzeeBonus: 0 },
      ones: null,
      fullHouse: null,
      largeStraight: null,
      threeOfAKind: null,
    });
  });

  it('rule 2: upper box filled, a lower box free -> lower boxes at Joker points, upper boxes illegal', () => {
    const facts = { filledMask: filled(rs, ['yahtzee', 'fours']), yahtzeeHolds50: true };
    expect(scoresOf(rs, facts, FOURS, [...UPPER_IDS.filter((b) => b !== 'fours'), ...YAHTZEE_LOWER_IDS.filter((b) => b !== 'yahtzee')])).toEqual({
      ones: null,
      twos: null,
      threes: null,
      fives: null,
      sixes: null,
      threeOfAKind: { points: 20, yahtzeeBonus: 100 },
      fourOfAKind: { points: 20, yahtzeeBonus: 100 },
      fullHouse: { points: 25, yahtzeeBonus: 100 },
      smallStraight: { points: 30, yahtzeeBonus: 100 },
      largeStraight: { points: 40, yahtzeeBonus: 100 },
      chance: { points: 20, yahtzeeBonus: 100 },
    });
  });

  it('rule 2 applies while just one lower box is free (Yahtzee box holding 0: no bonus)', () => {
    const lowerFilled = YAHTZEE_LOWER_IDS.filter((b) => b !== 'largeStraight');
    const facts = { filledMask: filled(rs, ['sixes', ...lowerFilled]), yahtzeeHolds50: false };
    expect(scoresOf(rs, facts, [6, 6, 6, 6, 6], ['largeStraight', 'ones', 'twos'])).toEqual({
      largeStraight: { points: 40, yahtzeeBonus: 0 },
      ones: null,
      twos: null,
    });
  });

  it('rule 3: upper box filled and no lower box free -> 0 in any free upper box', () => {
    const facts = { filledMask: filled(rs, ['fours', ...YAHTZEE_LOWER_IDS]), yahtzeeHolds50: true };
    expect(scoresOf(rs, facts, FOURS, ['ones', 'twos', 'threes', 'fives', 'sixes'])).toEqual({
      ones: { points: 0, yahtzeeBonus: 100 },
      twos: { points: 0, yahtzeeBonus: 100 },
      threes: { points: 0, yahtzeeBonus: 100 },
      fives: { points: 0, yahtzeeBonus: 100 },
      sixes: { points: 0, yahtzeeBonus: 100 },
    });
  });

  it('a non-Yahtzee roll with the Yahtzee box filled scores ordinarily and earns no bonus', () => {
    const facts = { filledMask: filled(rs, ['yahtzee', 'fours']), yahtzeeHolds50: true };
    expect(scoresOf(rs, facts, [4, 4, 4, 4, 2], ['twos', 'fourOfAKind', 'fullHouse', 'smallStraight'])).toEqual({
      twos: { points: 2, yahtzeeBonus: 0 },
      fourOfAKind: { points: 18, yahtzeeBonus: 0 },
      fullHouse: { points: 0, yahtzeeBonus: 0 },
      smallStraight: { points: 0, yahtzeeBonus: 0 },
    });
  });
});

describe("free Joker (yahtzee-free-joker, Verhoeff's convention)", () => {
  const rs = RULESETS['yahtzee-free-joker'];
  const FOURS = [4, 4, 4, 4, 4];
  const allBut = (taken: readonly string[]) =>
    [...UPPER_IDS, ...YAHTZEE_LOWER_IDS].filter((b) => !taken.includes(b));

  it('Yahtzee box and matching upper box filled -> 25/30/40, any free box legal, +100 while 50', () => {
    const facts = { filledMask: filled(rs, ['yahtzee', 'fours']), yahtzeeHolds50: true };
    expect(scoresOf(rs, facts, FOURS, allBut(['yahtzee', 'fours']))).toEqual({
      ones: { points: 0, yahtzeeBonus: 100 },
      twos: { points: 0, yahtzeeBonus: 100 },
      threes: { points: 0, yahtzeeBonus: 100 },
      fives: { points: 0, yahtzeeBonus: 100 },
      sixes: { points: 0, yahtzeeBonus: 100 },
      threeOfAKind: { points: 20, yahtzeeBonus: 100 },
      fourOfAKind: { points: 20, yahtzeeBonus: 100 },
      fullHouse: { points: 25, yahtzeeBonus: 100 },
      smallStraight: { points: 30, yahtzeeBonus: 100 },
      largeStraight: { points: 40, yahtzeeBonus: 100 },
      chance: { points: 20, yahtzeeBonus: 100 },
    });
  });

  it('matching upper box free -> ordinary scoring in every box (no 25/30/40), all boxes legal', () => {
    const facts = { filledMask: filled(rs, ['yahtzee']), yahtzeeHolds50: true };
    expect(scoresOf(rs, facts, FOURS, allBut(['yahtzee']))).toEqual({
      ones: { points: 0, yahtzeeBonus: 100 },
      twos: { points: 0, yahtzeeBonus: 100 },
      threes: { points: 0, yahtzeeBonus: 100 },
      fours: { points: 20, yahtzeeBonus: 100 },
      fives: { points: 0, yahtzeeBonus: 100 },
      sixes: { points: 0, yahtzeeBonus: 100 },
      threeOfAKind: { points: 20, yahtzeeBonus: 100 },
      fourOfAKind: { points: 20, yahtzeeBonus: 100 },
      fullHouse: { points: 0, yahtzeeBonus: 100 },
      smallStraight: { points: 0, yahtzeeBonus: 100 },
      largeStraight: { points: 0, yahtzeeBonus: 100 },
      chance: { points: 20, yahtzeeBonus: 100 },
    });
  });

  it('Yahtzee box free (even with the upper box filled) -> ordinary scoring, no bonus', () => {
    const facts = { filledMask: filled(rs, ['fours']), yahtzeeHolds50: false };
    expect(scoresOf(rs, facts, FOURS, ['fullHouse', 'smallStraight', 'largeStraight', 'yahtzee', 'ones'])).toEqual({
      fullHouse: { points: 0, yahtzeeBonus: 0 },
      smallStraight: { points: 0, yahtzeeBonus: 0 },
      largeStraight: { points: 0, yahtzeeBonus: 0 },
      yahtzee: { points: 50, yahtzeeBonus: 0 },
      ones: { points: 0, yahtzeeBonus: 0 },
    });
  });

  it('Yahtzee box holding 0 and upper box filled -> 25/30/40 but no bonus', () => {
    const facts = { filledMask: filled(rs, ['yahtzee', 'fours']), yahtzeeHolds50: false };
    expect(scoresOf(rs, facts, FOURS, ['fullHouse', 'smallStraight', 'largeStraight', 'sixes'])).toEqual({
      fullHouse: { points: 25, yahtzeeBonus: 0 },
      smallStraight: { points: 30, yahtzeeBonus: 0 },
      largeStraight: { points: 40, yahtzeeBonus: 0 },
      sixes: { points: 0, yahtzeeBonus: 0 },
    });
  });

  it('the free Joker never forbids a box', () => {
    for (let f = 1; f <= 6; f++) {
      const faces = [f, f, f, f, f];
      for (const mask of [filled(rs, ['yahtzee']), filled(rs, ['yahtzee', UPPER_IDS[f - 1]]), filled(rs, ['yahtzee', ...YAHTZEE_LOWER_IDS])]) {
        for (let b = 0; b < rs.boxes.length; b++) {
          if (mask & (1 << b)) continue;
          expect(scoreBox(rs, { filledMask: mask, yahtzeeHolds50: true }, dice(...faces), b)).not.toBeNull();
        }
      }
    }
  });
});

describe('Yahtzee bonus (+100 only while the Yahtzee box holds 50)', () => {
  const SIXES = [6, 6, 6, 6, 6];

  it.each(['yahtzee', 'yahtzee-free-joker', 'triple-yahtzee'] as const)('%s: +100 when the Yahtzee box holds 50', (id) => {
    const rs = RULESETS[id];
    const facts = { filledMask: filled(rs, ['yahtzee']), yahtzeeHolds50: true };
    expect(scoreBox(rs, facts, dice(...SIXES), boxIndex(rs, 'sixes'))).toEqual({ points: 30, yahtzeeBonus: 100 });
  });

  it.each(['yahtzee', 'yahtzee-free-joker', 'triple-yahtzee'] as const)('%s: no bonus when the Yahtzee box holds 0', (id) => {
    const rs = RULESETS[id];
    const facts = { filledMask: filled(rs, ['yahtzee']), yahtzeeHolds50: false };
    expect(scoreBox(rs, facts, dice(...SIXES), boxIndex(rs, 'sixes'))).toEqual({ points: 30, yahtzeeBonus: 0 });
  });

  it.each(['yahtzee', 'yahtzee-free-joker', 'triple-yahtzee'] as const)('%s: no bonus for the first Yahtzee (scored in the Yahtzee box)', (id) => {
    const rs = RULESETS[id];
    expect(scoreBox(rs, EMPTY_CARD, dice(...SIXES), boxIndex(rs, 'yahtzee'))).toEqual({ points: 50, yahtzeeBonus: 0 });
  });

  it.each(['yahtzee', 'yahtzee-free-joker', 'triple-yahtzee'] as const)('%s: no bonus for a non-Yahtzee roll', (id) => {
    const rs = RULESETS[id];
    const facts = { filledMask: filled(rs, ['yahtzee']), yahtzeeHolds50: true };
    expect(scoreBox(rs, facts, dice(6, 6, 6, 6, 5), boxIndex(rs, 'sixes'))).toEqual({ points: 24, yahtzeeBonus: 0 });
  });

  describe('yahtzee-no-bonus: no bonus and no Joker, a second Yahtzee is an ordinary roll', () => {
    const rs = RULESETS['yahtzee-no-bonus'];

    it('no bonus even when the Yahtzee box holds 50', () => {
      const facts = { filledMask: filled(rs, ['yahtzee']), yahtzeeHolds50: true };
      for (let b = 0; b < rs.boxes.length; b++) {
        if (rs.boxes[b].id === 'yahtzee') continue;
        expect(scoreBox(rs, facts, dice(...SIXES), b)?.yahtzeeBonus).toBe(0);
      }
    });

    it('no Joker: every free box is legal at ordinary points, full house and straights score 0', () => {
      const facts = { filledMask: filled(rs, ['yahtzee', 'sixes']), yahtzeeHolds50: true };
      expect(scoresOf(rs, facts, SIXES, ['ones', 'threeOfAKind', 'fullHouse', 'smallStraight', 'largeStraight', 'chance'])).toEqual({
        ones: { points: 0, yahtzeeBonus: 0 },
        threeOfAKind: { points: 30, yahtzeeBonus: 0 },
        fullHouse: { points: 0, yahtzeeBonus: 0 },
        smallStraight: { points: 0, yahtzeeBonus: 0 },
        largeStraight: { points: 0, yahtzeeBonus: 0 },
        chance: { points: 30, yahtzeeBonus: 0 },
      });
    });
  });

  describe('yahtsoos: +100 for a further Yahtzee while the box holds 50, and no Joker', () => {
    const rs = RULESETS.yahtsoos;

    it('every free box takes the Yahtzee at ordinary points, each with the bonus', () => {
      const facts = { filledMask: filled(rs, ['yahtzee', 'sixes']), yahtzeeHolds50: true };
      expect(scoresOf(rs, facts, SIXES, ['ones', 'threeOfAKind', 'fullHouse', 'smallStraight', 'chance'])).toEqual({
        ones: { points: 0, yahtzeeBonus: 100 },
        threeOfAKind: { points: 30, yahtzeeBonus: 100 },
        fullHouse: { points: 0, yahtzeeBonus: 100 },
        smallStraight: { points: 0, yahtzeeBonus: 100 },
        chance: { points: 30, yahtzeeBonus: 100 },
      });
    });

    it('no bonus when the Yahtzee box holds 0', () => {
      const facts = { filledMask: filled(rs, ['yahtzee']), yahtzeeHolds50: false };
      expect(scoreBox(rs, facts, dice(...SIXES), boxIndex(rs, 'sixes'))).toEqual({ points: 30, yahtzeeBonus: 0 });
    });
  });

  it('yatzy: no bonus and no Joker for a second Yatzy', () => {
    const rs = RULESETS.yatzy;
    const facts = { filledMask: filled(rs, ['yatzy', 'fives']), yahtzeeHolds50: true };
    expect(scoresOf(rs, facts, [5, 5, 5, 5, 5], ['ones', 'onePair', 'twoPairs', 'fullHouse', 'largeStraight', 'chance'])).toEqual({
      ones: { points: 0, yahtzeeBonus: 0 },
      onePair: { points: 10, yahtzeeBonus: 0 },
      twoPairs: { points: 0, yahtzeeBonus: 0 },
      fullHouse: { points: 0, yahtzeeBonus: 0 },
      largeStraight: { points: 0, yahtzeeBonus: 0 },
      chance: { points: 25, yahtzeeBonus: 0 },
    });
  });

  it('superpass: no Kniffel bonus and no Joker, 5 or 6 of a kind score ordinarily', () => {
    const rs = RULESETS.superpass;
    const facts = { filledMask: filled(rs, ['kniffel', 'threes']), yahtzeeHolds50: true };
    for (const faces of [[3, 3, 3, 3, 3, 3], [3, 3, 3, 3, 3, 1]]) {
      expect(scoresOf(rs, facts, faces, ['ones', 'fullHouse', 'smallStraight', 'largeStraight'])).toEqual({
        ones: { points: faces.includes(1) ? 1 : 0, yahtzeeBonus: 0 },
        fullHouse: { points: 0, yahtzeeBonus: 0 },
        smallStraight: { points: 0, yahtzeeBonus: 0 },
        largeStraight: { points: 0, yahtzeeBonus: 0 },
      });
    }
  });
});

describe('upperBonusFor and the 63 threshold', () => {
  const EXPECTED_BONUS: Record<RuleSetId, number> = {
    yahtzee: 35,
    'yahtzee-free-joker': 35,
    'yahtzee-no-bonus': 35,
    yahtsoos: 35,
    'triple-yahtzee': 35,
    yatzy: 50,
    superpass: 35,
    'superpass-ordered': 35,
    'triple-yahtzee-lower': 35,
  };

  describe.each(Object.keys(EXPECTED_BONUS) as RuleSetId[])('%s', (id) => {
    const rs = RULESETS[id];
    const bonus = EXPECTED_BONUS[id];

    it.each([
      // [upper total before, points added, bonus expected?]
      [59, 3, false], // 62: one short
      [60, 3, true], // exactly 63
      [62, 1, true],
      [58, 30, true], // well over 63 in one entry
      [0, 63, true],
      [62, 0, false], // a zero entry does not cross
      [63, 0, false], // already at 63: no second bonus
      [63, 5, false],
      [70, 24, false], // already over: no second bonus
      [0, 0, false],
    ] as const)('upper %i + %i -> bonus %s', (before, points, expected) => {
      expect(upperBonusFor(rs, before, points)).toBe(expected ? bonus : 0);
    });
  });
});
