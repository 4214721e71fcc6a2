import { describe, expect, it } from 'vitest';
import { multisetsOfSize } from '../dice/multiset.ts';
import { isSolvedByModel, isSolvedExactly, SOLVED_BY_MODEL, SOLVED_EXACTLY } from './capabilities.ts';
import { ruleSetFingerprint } from './fingerprint.ts';
import { possibleScores, scorePattern } from './patterns.ts';
import { DEFAULT_RULESET, isRuleSetId, RULESET_IDS, RULESETS } from './rulesets.ts';
import { scoreBox, UPPER_COUNT, yahtzeeBoxIndex } from './scoring.ts';
import type { RuleSet, RuleSetId } from './types.ts';

const UPPER_IDS = ['ones', 'twos', 'threes', 'fours', 'fives', 'sixes'];

/** What docs/rules.md says about each rule set's shape. */
const EXPECTED: Record<
  RuleSetId,
  {
    dice: number;
    boxes: string[];
    columns: { multiplier: number; fill: string }[];
    upperBonus: number;
    yahtzeeBonus: number;
    joker: string;
    zeroOnlyWhenNothingScores: boolean;
    exact: boolean;
    publishedMean?: number;
  }
> = (() => {
  const yahtzeeBoxes = [
    ...UPPER_IDS,
    'threeOfAKind',
    'fourOfAKind',
    'fullHouse',
    'smallStraight',
    'largeStraight',
    'yahtzee',
    'chance',
  ];
  const one = [{ multiplier: 1, fill: 'any' }];
  return {
    yahtzee: {
      dice: 5,
      boxes: yahtzeeBoxes,
      columns: one,
      upperBonus: 35,
      yahtzeeBonus: 100,
      joker: 'forced',
      zeroOnlyWhenNothingScores: false,
      exact: true,
      publishedMean: 254.5877287,
    },
    'yahtzee-free-joker': {
      dice: 5,
      boxes: yahtzeeBoxes,
      columns: one,
      upperBonus: 35,
      yahtzeeBonus: 100,
      joker: 'free',
      zeroOnlyWhenNothingScores: false,
      exact: true,
      publishedMean: 254.5896095,
    },
    yahtsoos: {
      dice: 5,
      boxes: yahtzeeBoxes,
      columns: one,
      upperBonus: 35,
      yahtzeeBonus: 100,
      joker: 'none',
      zeroOnlyWhenNothingScores: false,
      exact: true,
      publishedMean: 253.9702412,
    },
    'yahtzee-no-bonus': {
      dice: 5,
      boxes: yahtzeeBoxes,
      columns: one,
      upperBonus: 35,
      yahtzeeBonus: 0,
      joker: 'none',
      zeroOnlyWhenNothingScores: false,
      exact: true,
      publishedMean: 245.8707745,
    },
    yatzy: {
      dice: 5,
      boxes: [
        ...UPPER_IDS,
        'onePair',
        'twoPairs',
        'threeOfAKind',
        'fourOfAKind',
        'smallStraight',
        'largeStraight',
        'fullHouse',
        'chance',
        'yatzy',
      ],
      columns: one,
      upperBonus: 50,
      yahtzeeBonus: 0,
      joker: 'none',
      zeroOnlyWhenNothingScores: false,
      exact: true,
      publishedMean: 248.4399894,
    },
    'triple-yahtzee': {
      dice: 5,
      boxes: yahtzeeBoxes,
      columns: [
        { multiplier: 1, fill: 'any' },
        { multiplier: 2, fill: 'any' },
        { multiplier: 3, fill: 'any' },
      ],
      upperBonus: 35,
      yahtzeeBonus: 100,
      joker: 'forced',
      zeroOnlyWhenNothingScores: false,
      exact: false,
    },
    superpass: {
      dice: 6,
      boxes: [
        ...UPPER_IDS,
        'threeOfAKind',
        'fourOfAKind',
        'fullHouse',
        'smallStraight',
        'largeStraight',
        'kniffel',
        'chance',
      ],
      columns: [
        { multiplier: 1, fill: 'top-down' },
        { multiplier: 1, fill: 'bottom-up' },
        { multiplier: 1, fill: 'first-roll-only' },
        { multiplier: 1, fill: 'any' },
      ],
      upperBonus: 35,
      yahtzeeBonus: 0,
      joker: 'none',
      zeroOnlyWhenNothingScores: true,
      exact: false,
    },
    'triple-yahtzee-lower': {
      dice: 5,
      boxes: yahtzeeBoxes,
      columns: [
        { multiplier: 1, fill: 'any' },
        { multiplier: 2, fill: 'any' },
        { multiplier: 3, fill: 'any' },
      ],
      upperBonus: 35,
      yahtzeeBonus: 100,
      joker: 'forced',
      zeroOnlyWhenNothingScores: false,
      exact: false,
    },
    'superpass-ordered': {
      dice: 6,
      boxes: [
        ...UPPER_IDS,
        'threeOfAKind',
        'fourOfAKind',
        'fullHouse',
        'smallStraight',
        'largeStraight',
        'kniffel',
        'chance',
      ],
      columns: [
        { multiplier: 1, fill: 'top-down' },
        { multiplier: 1, fill: 'bottom-up' },
      ],
      upperBonus: 35,
      yahtzeeBonus: 0,
      joker: 'none',
      zeroOnlyWhenNothingScores: true,
      exact: false,
    },
  };
})();

/** Deterministic pseudo-random filled masks (a small LCG), so the sweep is reproducible. */
function sampleMasks(boxCount: number, n: number): number[] {
  let s = 12345;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    out.push((s >>> 7) & ((1 << boxCount) - 1));
  }
  return out;
}

/** Filled masks that exercise every Joker branch, plus random ones. */
function interestingMasks(rs: RuleSet): number[] {
  const B = rs.boxes.length;
  const all = (1 << B) - 1;
  const upper = (1 << UPPER_COUNT) - 1;
  const lower = all & ~upper;
  const y = yahtzeeBoxIndex(rs);
  const yBit = y >= 0 ? 1 << y : 0;
  const masks = new Set<number>([0, yBit, yBit | upper, lower, yBit | lower, ...sampleMasks(B, 60)]);
  for (let b = 0; b < B; b++) {
    masks.add(all & ~(1 << b)); // only box b free
    masks.add(yBit | (1 << b));
    masks.add(lower | (1 << b));
  }
  return [...masks].filter((m) => m !== all);
}

it('RULESET_IDS lists exactly the seven rule sets of docs/rules.md and its sub-games superpass-ordered and triple-yahtzee-lower', () => {
  expect([...RULESET_IDS].sort()).toEqual(
    ['superpass', 'superpass-ordered', 'triple-yahtzee', 'triple-yahtzee-lower', 'yahtzee', 'yahtzee-free-joker', 'yahtzee-no-bonus', 'yatzy', 'yahtsoos'].sort(),
  );
});

it('the default rule set is yahtzee', () => {
  expect(DEFAULT_RULESET).toBe('yahtzee');
});

it('isRuleSetId accepts exactly the rule set ids', () => {
  for (const id of RULESET_IDS) expect(isRuleSetId(id)).toBe(true);
  for (const id of ['', 'Yahtzee', 'kniffel', 'toString', '__proto__', 'constructor']) expect(isRuleSetId(id)).toBe(false);
});

it('ruleSetFingerprint differs between every pair of rule sets', () => {
  const prints = RULESET_IDS.map((id) => ruleSetFingerprint(RULESETS[id]));
  expect(new Set(prints).size).toBe(RULESET_IDS.length);
});

describe.each(RULESET_IDS)('rule set contract: %s', (id) => {
  const rs = RULESETS[id];
  const exp = EXPECTED[id];
  const rolls = multisetsOfSize(rs.dice);

  describe('shape', () => {
    it('its id is its key in RULESETS', () => {
      expect(rs.id).toBe(id);
    });

    it('has a name and a description', () => {
      expect(rs.name.length).toBeGreaterThan(0);
      expect(rs.description.length).toBeGreaterThan(0);
    });

    it('box ids are unique', () => {
      const ids = rs.boxes.map((b) => b.id);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('box labels are non-empty', () => {
      for (const b of rs.boxes) expect(b.label.length).toBeGreaterThan(0);
    });

    it('boxes are the ones docs/rules.md lists, in order', () => {
      expect(rs.boxes.map((b) => b.id)).toEqual(exp.boxes);
    });

    it('upper boxes come first, faces 1..6, and there are no others', () => {
      expect(UPPER_COUNT).toBe(6);
      rs.boxes.forEach((b, i) => {
        if (i < UPPER_COUNT) {
          expect(b.id).toBe(UPPER_IDS[i]);
          expect(b.pattern).toEqual({ kind: 'upper', face: i + 1 });
        } else {
          expect(b.pattern.kind).not.toBe('upper');
        }
      });
    });

    it('a column fits in a 31-bit filled mask', () => {
      expect(rs.boxes.length).toBeLessThanOrEqual(31);
    });

    it('dice count and columns match docs/rules.md', () => {
      expect(rs.dice).toBe(exp.dice);
      expect(rs.columns).toEqual(exp.columns);
    });

    it('bonuses, Joker mode and zero rule match docs/rules.md', () => {
      expect(rs.upperBonus).toEqual({ threshold: 63, points: exp.upperBonus });
      expect(rs.yahtzeeBonus).toBe(exp.yahtzeeBonus);
      expect(rs.joker).toBe(exp.joker);
      expect(rs.zeroOnlyWhenNothingScores).toBe(exp.zeroOnlyWhenNothingScores);
    });

    it('exactness and the published optimum match docs/rules.md', () => {
      expect(isSolvedExactly(rs)).toBe(exp.exact);
      expect(isSolvedByModel(rs)).toBe(!exp.exact);
      if (exp.publishedMean !== undefined) expect(rs.published?.mean).toBe(exp.publishedMean);
    });

    it('Joker points exist only on full house and the straights of a Joker rule set (25/30/40)', () => {
      const JOKER_POINTS: Record<string, number> = { fullHouse: 25, smallStraight: 30, largeStraight: 40 };
      for (const b of rs.boxes) {
        if (b.jokerPoints !== undefined) expect(b.jokerPoints, b.id).toBe(JOKER_POINTS[b.id]);
      }
      if (rs.joker !== 'none') {
        expect(rs.boxes.filter((b) => b.jokerPoints !== undefined).map((b) => b.id)).toEqual([
          'fullHouse',
          'smallStraight',
          'largeStraight',
        ]);
      }
    });

    it('a rule set with a Joker or a Yahtzee bonus has a 50-point all-dice Yahtzee box', () => {
      const y = yahtzeeBoxIndex(rs);
      if (rs.joker !== 'none' || rs.yahtzeeBonus > 0) {
        expect(y).toBeGreaterThanOrEqual(UPPER_COUNT);
        expect(rs.boxes[y].pattern).toEqual({ kind: 'ofAKindFixed', n: rs.dice, points: 50 });
      }
    });
  });

  describe('fingerprint', () => {
    it('is a stable 16-hex-digit string', () => {
      const a = ruleSetFingerprint(rs);
      expect(a).toMatch(/^[0-9a-f]{16}$/);
      expect(ruleSetFingerprint(rs)).toBe(a);
      expect(ruleSetFingerprint(structuredClone(rs) as RuleSet)).toBe(a);
    });

    it('ignores name, description, published values, capabilities and box labels', () => {
      const renamed: RuleSet = {
        ...rs,
        name: 'x',
        description: 'y',
        published: { mean: 1, source: 'z' },
        capabilities: isSolvedExactly(rs) ? SOLVED_BY_MODEL : SOLVED_EXACTLY,
        boxes: rs.boxes.map((b) => ({ ...b, label: `${b.label}!` })),
      };
      expect(ruleSetFingerprint(renamed)).toBe(ruleSetFingerprint(rs));
    });

    it('changes when anything that affects play changes', () => {
      const base = ruleSetFingerprint(rs);
      expect(ruleSetFingerprint({ ...rs, upperBonus: { ...rs.upperBonus, points: rs.upperBonus.points + 1 } })).not.toBe(base);
      expect(ruleSetFingerprint({ ...rs, yahtzeeBonus: rs.yahtzeeBonus + 1 })).not.toBe(base);
      expect(ruleSetFingerprint({ ...rs, columns: [...rs.columns, { multiplier: 1, fill: 'any' }] })).not.toBe(base);
      expect(ruleSetFingerprint({ ...rs, boxes: rs.boxes.slice(0, -1) })).not.toBe(base);
    });
  });

  describe(`scoring over all ${rolls.length} rolls of ${rs.dice} dice`, () => {
    it('scorePattern is a non-negative integer and one of possibleScores, for every box and roll', () => {
      for (const box of rs.boxes) {
        const possible = possibleScores(box.pattern, rs.dice);
        for (const counts of rolls) {
          const s = scorePattern(box.pattern, counts);
          expect(Number.isInteger(s) && s >= 0, `${box.id} ${counts}`).toBe(true);
          expect(possible.has(s), `${box.id} ${counts} -> ${s}`).toBe(true);
        }
      }
    });

    it('scoreBox on an empty card equals scorePattern, with no bonus', () => {
      for (let b = 0; b < rs.boxes.length; b++) {
        for (const counts of rolls) {
          expect(scoreBox(rs, { filledMask: 0, yahtzeeHolds50: false }, counts, b)).toEqual({
            points: scorePattern(rs.boxes[b].pattern, counts),
            yahtzeeBonus: 0,
          });
        }
      }
    });

    it('under any card, scoreBox points are non-negative, one of possibleScores, and the bonus is 0 or the rule set bonus', () => {
      const y = yahtzeeBoxIndex(rs);
      const possible = rs.boxes.map((b) => possibleScores(b.pattern, rs.dice));
      let checked = 0;
      for (const mask of interestingMasks(rs)) {
        const holds = y >= 0 && mask & (1 << y) ? [false, true] : [false];
        for (const yahtzeeHolds50 of holds) {
          for (const counts of rolls) {
            for (let b = 0; b < rs.boxes.length; b++) {
              if (mask & (1 << b)) continue;
              const r = scoreBox(rs, { filledMask: mask, yahtzeeHolds50 }, counts, b);
              if (r === null) continue;
              checked++;
              if (r.points < 0 || !Number.isInteger(r.points) || !possible[b].has(r.points)) {
                expect.fail(`${rs.boxes[b].id} ${counts} mask ${mask}: ${r.points}`);
              }
              if (r.yahtzeeBonus !== 0 && r.yahtzeeBonus !== rs.yahtzeeBonus) {
                expect.fail(`${rs.boxes[b].id} ${counts} mask ${mask}: bonus ${r.yahtzeeBonus}`);
              }
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(0);
    });

    it('some free box is always legal (the player can always fill a box)', () => {
      for (const mask of interestingMasks(rs)) {
        for (const counts of rolls) {
          let legal = false;
          for (let b = 0; b < rs.boxes.length && !legal; b++) {
            if (mask & (1 << b)) continue;
            legal = scoreBox(rs, { filledMask: mask, yahtzeeHolds50: false }, counts, b) !== null;
          }
          if (!legal) expect.fail(`no legal box for ${counts} with mask ${mask}`);
        }
      }
    });

    it(rs.joker === 'forced' ? 'only a Yahtzee with the Yahtzee box filled can make a box illegal' : 'without a forced Joker no box is ever illegal', () => {
      const y = yahtzeeBoxIndex(rs);
      for (const mask of interestingMasks(rs)) {
        for (const counts of rolls) {
          const jokerRoll = rs.joker === 'forced' && y >= 0 && (mask & (1 << y)) !== 0 && Math.max(...counts) === rs.dice;
          if (jokerRoll) continue;
          for (let b = 0; b < rs.boxes.length; b++) {
            if (mask & (1 << b)) continue;
            if (scoreBox(rs, { filledMask: mask, yahtzeeHolds50: false }, counts, b) === null) {
              expect.fail(`${rs.boxes[b].id} illegal for ${counts} with mask ${mask}`);
            }
          }
        }
      }
    });

    it('a non-Yahtzee roll never earns the Yahtzee bonus', () => {
      const y = yahtzeeBoxIndex(rs);
      if (y < 0) return;
      const facts = { filledMask: 1 << y, yahtzeeHolds50: true };
      for (const counts of rolls) {
        if (Math.max(...counts) === rs.dice) continue;
        for (let b = 0; b < rs.boxes.length; b++) {
          if (b === y) continue;
          expect(scoreBox(rs, facts, counts, b)?.yahtzeeBonus).toBe(0);
        }
      }
    });
  });

  describe('possibleScores', () => {
    it('includes 0 for every box except chance', () => {
      for (const box of rs.boxes) {
        expect(possibleScores(box.pattern, rs.dice).has(0), box.id).toBe(box.id !== 'chance');
      }
    });

    it('chance can score every sum from all ones to all sixes', () => {
      const chance = rs.boxes.find((b) => b.id === 'chance')!;
      const expected = Array.from({ length: 5 * rs.dice + 1 }, (_, i) => rs.dice + i);
      expect([...possibleScores(chance.pattern, rs.dice)].sort((a, b) => a - b)).toEqual(expected);
    });

    it('upper box f can score f × 0..dice', () => {
      for (let f = 1; f <= 6; f++) {
        const expected = Array.from({ length: rs.dice + 1 }, (_, c) => f * c);
        expect([...possibleScores(rs.boxes[f - 1].pattern, rs.dice)].sort((a, b) => a - b)).toEqual(expected);
      }
    });

    it('fixed-point boxes score 0 or their points', () => {
      for (const box of rs.boxes) {
        const p = box.pattern;
        if (p.kind === 'ofAKindFixed' || p.kind === 'straight' || p.kind === 'exactRun' || (p.kind === 'fullHouse' && typeof p.score === 'number')) {
          const points = 'points' in p ? p.points : (p.score as number);
          expect([...possibleScores(p, rs.dice)].sort((a, b) => a - b), box.id).toEqual([0, points]);
        }
      }
    });
  });
});

describe('possibleScores, explicit values', () => {
  const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);
  const box = (id: RuleSetId, boxId: string) => RULESETS[id].boxes.find((b) => b.id === boxId)!.pattern;

  it('yahtzee: full house {0,25}, straights {0,30} and {0,40}, yahtzee {0,50}', () => {
    expect(sorted(possibleScores(box('yahtzee', 'fullHouse'), 5))).toEqual([0, 25]);
    expect(sorted(possibleScores(box('yahtzee', 'smallStraight'), 5))).toEqual([0, 30]);
    expect(sorted(possibleScores(box('yahtzee', 'largeStraight'), 5))).toEqual([0, 40]);
    expect(sorted(possibleScores(box('yahtzee', 'yahtzee'), 5))).toEqual([0, 50]);
  });

  it('yahtzee: three of a kind is 0 or any sum 5..30', () => {
    // 1,1,1,1,1 = 5 up to 6,6,6,6,6 = 30; every sum between is reachable with three of a kind.
    expect(sorted(possibleScores(box('yahtzee', 'threeOfAKind'), 5))).toEqual([0, ...Array.from({ length: 26 }, (_, i) => 5 + i)]);
  });

  it('yatzy: one pair 0 or 2..12 even, two pairs 0 or 6..22 even', () => {
    expect(sorted(possibleScores(box('yatzy', 'onePair'), 5))).toEqual([0, 2, 4, 6, 8, 10, 12]);
    expect(sorted(possibleScores(box('yatzy', 'twoPairs'), 5))).toEqual([0, 6, 8, 10, 12, 14, 16, 18, 20, 22]);
  });

  it('yatzy: three of a kind 0 or 3..18 by 3, four of a kind 0 or 4..24 by 4', () => {
    expect(sorted(possibleScores(box('yatzy', 'threeOfAKind'), 5))).toEqual([0, 3, 6, 9, 12, 15, 18]);
    expect(sorted(possibleScores(box('yatzy', 'fourOfAKind'), 5))).toEqual([0, 4, 8, 12, 16, 20, 24]);
  });

  it('yatzy: full house is 0 or a 3+2 sum (7..28)', () => {
    const sums = new Set<number>([0]);
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a !== b) sums.add(3 * a + 2 * b);
    expect(sorted(possibleScores(box('yatzy', 'fullHouse'), 5))).toEqual(sorted(sums));
  });
});
