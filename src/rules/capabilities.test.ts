import { describe, expect, it } from 'vitest';
import { hasColumns, hasJointTable, isPlainSingleColumn, isSolvedByModel, isSolvedExactly, supportsTable } from './capabilities.ts';
import { columnTypes } from './column-types.ts';
import { DEFAULT_SERVED_RULESETS, EXACT_RULESETS, isModelledRuleSetId, MODELLED_RULESET_IDS, PLAYABLE_RULESETS, RULESET_IDS, RULESETS } from './rulesets.ts';

describe.each(RULESET_IDS)('capabilities: %s', (id) => {
  const rs = RULESETS[id];

  it('is solved one way: exactly with one column, or by a model over several', () => {
    expect(isSolvedExactly(rs)).toBe(!isSolvedByModel(rs));
    // docs/rules.md: backward induction is exact for the one-column games; the others are too large.
    expect(isSolvedExactly(rs)).toBe(!hasColumns(rs));
    expect(isModelledRuleSetId(id)).toBe(isSolvedByModel(rs));
  });

  it('has the tables of its solution', () => {
    for (const kind of ['value', 'moments', 'reach', 'distribution', 'outlook'] as const) expect(supportsTable(rs, kind)).toBe(isSolvedExactly(rs));
    for (const kind of ['column-types', 'goal-model'] as const) expect(supportsTable(rs, kind)).toBe(isSolvedByModel(rs));
    if (hasJointTable(rs)) expect(isSolvedByModel(rs)).toBe(true);
  });

  it('its column types are exact one-column rule sets with a value table only', () => {
    for (const t of columnTypes(rs)) {
      expect(isSolvedExactly(t.rs)).toBe(true);
      expect(hasColumns(t.rs)).toBe(false);
      expect(t.rs.capabilities.tables).toEqual(['value']);
    }
  });
});

it('lists the exact rule sets most played first, then the modelled ones', () => {
  expect(EXACT_RULESETS).toEqual(['yahtzee', 'yahtsoos', 'yahtzee-free-joker', 'yahtzee-no-bonus', 'yatzy']);
  expect(MODELLED_RULESET_IDS).toEqual(['triple-yahtzee', 'superpass', 'superpass-ordered', 'triple-yahtzee-lower']);
  expect(PLAYABLE_RULESETS).toEqual([...EXACT_RULESETS, ...MODELLED_RULESET_IDS]);
});

it('serves every game by default but the sub-games, which alone have an exact joint table', () => {
  const subGames = RULESET_IDS.filter((id) => hasJointTable(RULESETS[id]));
  expect(subGames).toEqual(['superpass-ordered', 'triple-yahtzee-lower']);
  expect(DEFAULT_SERVED_RULESETS).toEqual(PLAYABLE_RULESETS.filter((id) => !subGames.includes(id)));
  // A sub-game is a multi-column game played by the same models as the full ones.
  for (const id of subGames) expect(isSolvedByModel(RULESETS[id]) && hasColumns(RULESETS[id])).toBe(true);
});

it('a plain single column is one column, any fill order and no zero rule', () => {
  expect(RULESET_IDS.filter((id) => isPlainSingleColumn(RULESETS[id])).sort()).toEqual([...EXACT_RULESETS].sort());
  expect(columnTypes(RULESETS.superpass).map((t) => isPlainSingleColumn(t.rs))).toEqual([false, false, false, false]);
  expect(columnTypes(RULESETS['triple-yahtzee']).map((t) => isPlainSingleColumn(t.rs))).toEqual([true]);
});
