import { describe, expect, it } from 'vitest';
import { RULESETS, type RuleSetId } from '../rules/index.ts';
import { mulberry32 } from '../../test/support/random-positions.ts';
import { statesAtLevel } from './column-layout.ts';
import { compileRules } from './compiled-rules.ts';
import { createMomentsSolver, MOMENTS_BATCH, solveMomentsStates } from './moments.ts';

describe('moments of a batch of states, a pair of lanes each', () => {
  it.each(['yahtzee', 'yatzy'] as RuleSetId[])('%s: the batch gives every state the bits of its solve alone', (id) => {
    const c = compileRules(RULESETS[id]);
    const rnd = mulberry32(11);
    // Any next-level moments will do: E and E2 of each slot from the same table on both sides.
    const next = Float64Array.from({ length: 2 * c.layout.size }, (_, i) => (i % 2 === 0 ? Math.floor(rnd() * 200) : rnd() * 40000));
    const states = statesAtLevel(c.layout, 9).slice(0, 3 * MOMENTS_BATCH + 5);
    const batched = Float64Array.from(next);
    solveMomentsStates(createMomentsSolver(c), batched, states);
    const alone = Float64Array.from(next);
    const s = createMomentsSolver(c);
    for (const state of states) solveMomentsStates(s, alone, Int32Array.of(state));
    let solved = 0;
    for (const state of states) {
      for (const j of [0, 1]) expect(Object.is(batched[2 * state + j], alone[2 * state + j]), `state ${state}, lane ${j}`).toBe(true);
      if (batched[2 * state] !== next[2 * state]) solved++;
    }
    expect(solved).toBe(states.length);
  });
});
