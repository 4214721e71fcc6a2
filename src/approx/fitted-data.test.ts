import { describe, expect, it } from 'vitest';
import { MODELLED_RULESET_IDS, RULESETS } from '../rules/index.ts';
import { CORRECTIONS } from './corrections.ts';
import { featureCount } from './features.ts';
import { GOAL_HORIZONS } from './goal-horizons.ts';
import { GAME_VALUE_FACTS } from './measured.ts';
import { SPREADS } from './spreads.ts';
import { neuralInputCount } from './neural-correction.ts';
import { NEURAL, neuralLevels } from './neural-data.ts';

// Each record is keyed by ModelledRuleSetId (a type error where one is missing); this holds the
// same where the data is read from files, and refuses entries for rule sets solved exactly.
describe.each(MODELLED_RULESET_IDS)('fitted data of %s', (id) => {
  const rs = RULESETS[id];
  const levels = rs.boxes.length * rs.columns.length;

  it('has a correction with one row of featureCount weights per level', () => {
    expect(CORRECTIONS[id].weights.length).toBe(levels);
    for (const row of CORRECTIONS[id].weights) expect(row.length).toBe(featureCount(rs));
  });

  it('has a neural correction with a level per box count, most of them fitted, each of the right shape', () => {
    const fit = NEURAL[id]!;
    expect(fit.levels.length).toBe(levels);
    const decoded = neuralLevels(rs)!;
    expect(decoded.every((L) => L === undefined || (L.hidden === fit.hidden && L.w1.length === fit.hidden * neuralInputCount(rs)))).toBe(true);
    expect(decoded.filter((L) => L !== undefined).length).toBeGreaterThan(levels / 2);
    // Decoded once: every model of the rule set reads the same levels.
    expect(neuralLevels(rs)).toBe(decoded);
  });

  it('has a spread per level, horizons and measured facts', () => {
    expect(SPREADS[id].bias.length).toBe(SPREADS[id].variance.length);
    expect(SPREADS[id].bias.length).toBeGreaterThanOrEqual(levels);
    expect(GOAL_HORIZONS[id].reach).toBeGreaterThanOrEqual(1);
    expect(GOAL_HORIZONS[id].win).toBeGreaterThanOrEqual(1);
    expect(GAME_VALUE_FACTS[id].bestMean).toBeLessThan(GAME_VALUE_FACTS[id].upperBound);
  });
});

it('holds fitted data for the modelled rule sets only', () => {
  for (const data of [CORRECTIONS, NEURAL, SPREADS, GOAL_HORIZONS, GAME_VALUE_FACTS]) expect(Object.keys(data).sort()).toEqual([...MODELLED_RULESET_IDS].sort());
});
