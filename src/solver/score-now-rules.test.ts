import { describe, expect, it } from 'vitest';
import { keepIndexOfCounts } from '../dice/index.ts';
import { columnTypeOf, columnTypes, RULESETS, type FillRule } from '../rules/index.ts';
import { testColumnTables } from '../../test/support/models.ts';
import { mulberry32 } from '../../test/support/random-positions.ts';
import { decodeState, stateIndex, statesAtLevel } from './column-layout.ts';
import { compileRules } from './compiled-rules.ts';
import { exactColumnModel, genericScoreNow } from './game-model.ts';
import { fillableBoxes, scoreOptions, type GameState } from './game-state.ts';
import { allowedMask, columnScoreNow, createRuleScratch, needsRulePath, scoreNowRules } from './score-now-rules.ts';
import { createTurnWorkspace, evaluateTurn } from './turn-engine.ts';

const rs = RULESETS.superpass;
const FULL = (1 << 13) - 1;
const typeOf = (column: number) => columnTypeOf(rs, column).rs;
const BOX = Object.fromEntries(rs.boxes.map((b, i) => [b.id, i])) as Record<string, number>;

/** One column type scored from a table, both halves of the result and the column-alone arrays. */
function scoreColumn(column: number, values: Float64Array, mask: number, upper: number) {
  const c = compileRules(typeOf(column));
  const s = createRuleScratch(c);
  scoreNowRules(c, values, mask, upper, s);
  const first = new Float64Array(c.dice.rollCount);
  const later = new Float64Array(c.dice.rollCount);
  columnScoreNow(c, s, first, later);
  return { c, pos: s.pos, zero: s.zero, first, later };
}

const rollOf = (faces: number[]) => {
  const counts = [0, 0, 0, 0, 0, 0];
  for (const f of faces) counts[f - 1]++;
  return keepIndexOfCounts(compileRules(rs).dice, counts);
};

describe('column types of superpass', () => {
  it('has four types with their fill rules, each needing the rule path (zero rule)', () => {
    const types = columnTypes(rs);
    expect(types.map((t) => [t.key, t.rs.columns[0].fill, t.sameAs])).toEqual([
      ['superpass#col1', 'top-down', undefined],
      ['superpass#col2', 'bottom-up', undefined],
      ['superpass#col3', 'first-roll-only', undefined],
      ['superpass#col4', 'any', undefined],
    ]);
    for (const t of types) expect(needsRulePath(compileRules(t.rs))).toBe(true);
    expect(columnTypes(RULESETS['triple-yahtzee']).map((t) => [t.key, t.columns, t.sameAs])).toEqual([['triple-yahtzee#col1', [0, 1, 2], 'yahtzee']]);
  });

  it('allowedMask matches fillableBoxes of game-state for every mask and fill rule', () => {
    const fills: FillRule[] = ['top-down', 'bottom-up', 'first-roll-only', 'any'];
    fills.forEach((fill, column) => {
      for (let mask = 0; mask <= FULL; mask++) {
        const expected = fillableBoxes(rs, column, mask).reduce((m, b) => m | (1 << b), 0);
        expect(allowedMask(fill, 13, mask)).toBe(expected);
      }
    });
  });

  it('ordered columns are laid out by slot: only prefixes (top-down) or suffixes (bottom-up)', () => {
    for (const [column, prefix] of [[0, true], [1, false]] as const) {
      const L = compileRules(typeOf(column)).layout;
      expect(L.size).toBe(14 * 64);
      for (let level = 0; level < 13; level++) {
        for (const index of statesAtLevel(L, level)) {
          const { mask, upper } = decodeState(L, index);
          expect(mask).toBe(prefix ? (1 << level) - 1 : ((1 << level) - 1) << (13 - level));
          expect(stateIndex(L, mask, upper, 0)).toBe(index);
        }
      }
    }
  });
});

describe('score-now of fill-rule columns', () => {
  const zeros = (column: number) => new Float64Array(compileRules(typeOf(column)).layout.size);

  it('top-down offers only its next box (fours after ones..threes), with the upper bonus', () => {
    const { pos, zero, first } = scoreColumn(0, zeros(0), 0b111, 55);
    expect(pos[rollOf([4, 4, 1, 2, 3, 5])]).toBe(8 + 35);
    expect(pos[rollOf([4, 1, 1, 1, 1, 1])]).toBe(4);
    expect(pos[rollOf([6, 6, 6, 6, 6, 6])]).toBe(-Infinity);
    expect(first[rollOf([6, 6, 6, 6, 6, 6])]).toBe(0);
    expect(zero).toBe(0);
  });

  it('bottom-up offers only its next box (threes once fours..chance are filled)', () => {
    const mask = FULL & ~0b111;
    const { pos, first } = scoreColumn(1, zeros(1), mask, 0);
    expect(first[rollOf([3, 3, 3, 1, 2, 2])]).toBe(9);
    expect(pos[rollOf([1, 1, 2, 2, 2, 2])]).toBe(-Infinity);
  });

  it('first-roll-only: the first roll scores, after a reroll every entry is a 0', () => {
    const values = zeros(2);
    const L = compileRules(typeOf(2)).layout;
    // A state after filling chance is worth 7, after filling fullHouse 3.
    const mask = FULL & ~((1 << BOX.chance) | (1 << BOX.fullHouse));
    values[stateIndex(L, mask | (1 << BOX.chance), 63, 0)] = 7;
    values[stateIndex(L, mask | (1 << BOX.fullHouse), 63, 0)] = 3;
    const { first, later, zero } = scoreColumn(2, values, mask, 63);
    expect(zero).toBe(7);
    expect(first[rollOf([1, 1, 1, 2, 2, 6])]).toBe(Math.max(13 + 7, 25 + 3));
    expect(first[rollOf([1, 2, 3, 4, 5, 6])]).toBe(21 + 7);
    expect(new Set(later)).toEqual(new Set([7]));
  });

  it('the turn engine takes first-roll scores only from the first roll', () => {
    const c = compileRules(typeOf(2));
    const first = new Float64Array(c.dice.rollCount);
    const later = new Float64Array(c.dice.rollCount).fill(5);
    for (let r = 0; r < first.length; r++) first[r] = r % 3 === 0 ? 10 : 0;
    const expected = Array.from(first).reduce((s, f, r) => s + c.dice.rollProbability[r] * Math.max(f, 5), 0);
    expect(evaluateTurn(c.dice, first, later, createTurnWorkspace(c.dice))).toBeCloseTo(expected, 12);
  });

  it('zero rule: a zero only when no free box scores, then the best zero', () => {
    const values = zeros(3);
    const L = compileRules(typeOf(3)).layout;
    const mask = FULL & ~((1 << BOX.fours) | (1 << BOX.kniffel));
    values[stateIndex(L, mask | (1 << BOX.fours), 40, 0)] = 2;
    values[stateIndex(L, mask | (1 << BOX.kniffel), 40, 0)] = 9;
    const { first, later } = scoreColumn(3, values, mask, 40);
    // Fours score: the kniffel zero (worth 9) is not allowed even though 4 + 2 < 9.
    expect(first[rollOf([4, 1, 1, 2, 2, 3])]).toBe(4 + 2);
    expect(first[rollOf([6, 6, 6, 6, 6, 1])]).toBe(50 + 9);
    expect(first[rollOf([1, 1, 2, 2, 3, 3])]).toBe(9);
    expect(later).toEqual(first);
  });
});

describe('exact column-type models agree with the option list', () => {
  it.each([0, 1, 2, 3])('superpass column %i: fillScoreNow equals genericScoreNow on random states', async (column) => {
    const type = columnTypeOf(rs, column);
    const model = exactColumnModel(type.rs, (await testColumnTables('superpass')).get(type.key)!);
    const L = model.c.layout;
    const rng = mulberry32(column + 1);
    const R = model.c.dice.rollCount;
    const [f, l, gf, gl] = [0, 0, 0, 0].map(() => new Float64Array(R));
    for (let i = 0; i < 12; i++) {
      const states = statesAtLevel(L, Math.floor(rng() * 13));
      const { mask, upper } = decodeState(L, states[Math.floor(rng() * states.length)]);
      const s: GameState = { columns: [{ mask, upper, yahtzee50: false }] };
      model.fillScoreNow(s, f, l);
      genericScoreNow(type.rs, model.c, (x) => model.value(x), s, gf, gl);
      for (let r = 0; r < R; r++) {
        expect(Math.abs(f[r] - gf[r])).toBeLessThan(1e-9);
        expect(Math.abs(l[r] - gl[r])).toBeLessThan(1e-9);
      }
      // and the option list itself offers only what the fill rule allows
      for (const o of scoreOptions(type.rs, s, [1, 1, 1, 1, 1, 1], true)) expect(allowedMask(L.fill, 13, mask) & (1 << o.box)).not.toBe(0);
    }
  });
});
