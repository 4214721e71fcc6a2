import { describe, expect, it } from 'vitest';
import { RULESETS, type RuleSetId } from '../rules/index.ts';
import { mulberry32 } from '../../test/support/random-positions.ts';
import { decodeState, statesAtLevel } from './column-layout.ts';
import { compileRules } from './compiled-rules.ts';
import { createScoreScratch, scoreNow } from './score-now.ts';
import { createLaneScoreScratch, scoreNowLanes } from './score-now-lanes.ts';
import { needsRulePath } from './score-now-rules.ts';

const LANES = 32;

/** Rule sets whose table build takes the batched path (no fill-order or zero rule). */
const BATCHED: RuleSetId[] = ['yahtzee', 'yahtzee-free-joker', 'yahtzee-no-bonus', 'yatzy', 'yahtsoos'];

describe('score-now of a batch of states, one per lane', () => {
  it.each(BATCHED)('%s: every lane has the bits of scoreNow for its state alone, at every level', (id) => {
    const c = compileRules(RULESETS[id]);
    expect(needsRulePath(c)).toBe(false);
    const rnd = mulberry32(7);
    // Any values will do: both sides read the same table; spread them so that ties are rare but zeros occur.
    const values = Float64Array.from({ length: c.layout.size }, () => (rnd() < 0.05 ? 0 : rnd() * 300));
    const lanes = createLaneScoreScratch(c, LANES);
    const alone = createScoreScratch(c);
    const R = c.dice.rollCount;
    let compared = 0;
    for (let level = 0; level < c.rs.boxes.length; level++) {
      const all = statesAtLevel(c.layout, level);
      // States of one level, shuffled so a batch mixes masks, upper totals and flags.
      const states = Int32Array.from({ length: LANES }, () => all[Math.floor(rnd() * all.length)]);
      scoreNowLanes(c, values, states, 0, lanes);
      const got = lanes.ws.scoreLater;
      for (let j = 0; j < LANES; j++) {
        const { mask, upper, flag } = decodeState(c.layout, states[j]);
        scoreNow(c, values, mask, upper, flag, alone);
        for (let r = 0; r < R; r++) {
          if (!Object.is(got[r * LANES + j], alone.best[r])) {
            expect.fail(`${id} level ${level}, state ${states[j]} (lane ${j}), roll ${r}: ${got[r * LANES + j]} in lanes, ${alone.best[r]} alone`);
          }
          compared++;
        }
      }
    }
    expect(compared).toBe(c.rs.boxes.length * LANES * R);
  });
});
