import { describe, expect, it } from 'vitest';
import { advise } from '../src/advisor/index.ts';
import { countsKey, Xoshiro128 } from '../src/dice/index.ts';
import { parsePosition, type PositionInput } from '../src/position/index.ts';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { zeroValueModel } from '../src/simulate/index.ts';
import {
  bestHold,
  createTurnCache,
  createTurnCaches,
  createTurnEval,
  evaluateState,
  exactColumnModel,
  initialState,
  rankedScoreOptions,
  type GameModel,
  type GameState,
  type TurnEval,
} from '../src/solver/index.ts';
import { createBoxChooser, engineBox, engineHold } from '../src/solver/engine-decisions.ts';
import { testModel } from './support/models.ts';

/**
 * The shortcuts of the simulator's hot path (the turn cache, the decision memo of `engineHold`,
 * and the box chooser) must decide exactly as the plain engine: a fresh evaluateState for every turn, bestHold
 * against the score-now value, and the first of rankedScoreOptions. Games are played by the plain
 * engine; at every decision the fast path is asked too.
 */
function compareGames(model: GameModel, games: number, cacheEntries: number, seed: number): { decisions: number; turns: number } {
  const rs = model.rs;
  const t = model.c.dice;
  const te = createTurnEval(model);
  const cache = createTurnCache(model, { entries: cacheEntries, admit: 'second' });
  const chooseBox = createBoxChooser(model);
  const rng = new Xoshiro128(seed);
  const counts = [0, 0, 0, 0, 0, 0];
  let decisions = 0;
  let turns = 0;
  for (let g = 0; g < games; g++) {
    let state: GameState = initialState(rs);
    for (let turn = 0; turn < rs.boxes.length; turn++) {
      turns++;
      evaluateState(te, state);
      counts.fill(0);
      for (let i = 0; i < rs.dice; i++) counts[rng.die()]++;
      let roll = t.keyToKeep[countsKey(counts)];
      let rollsLeft: 0 | 1 | 2 = 2;
      while (rollsLeft > 0) {
        const left = rollsLeft as 1 | 2;
        const h = bestHold(te, roll, left);
        const now = (rollsLeft === 2 ? te.first : te.later)[roll];
        const keep = now >= h.ev ? roll : h.keep;
        expect(engineHold(cache.get(state), roll, left), `game ${g} turn ${turn} roll ${roll} rollsLeft ${rollsLeft}`).toBe(keep);
        decisions++;
        if (keep === roll) break;
        for (let f = 0; f < 6; f++) counts[f] = t.keepCounts[keep * 6 + f];
        for (let i = t.keepSize[keep]; i < rs.dice; i++) counts[rng.die()]++;
        roll = t.keyToKeep[countsKey(counts)];
        rollsLeft = (rollsLeft - 1) as 0 | 1;
      }
      const best = rankedScoreOptions(te, roll, rollsLeft === 2)[0];
      expect(chooseBox(state, roll, rollsLeft === 2), `game ${g} turn ${turn} box`).toEqual({ column: best.column, box: best.box });
      expect(engineBox(cache.get(state), roll, rollsLeft === 2), `game ${g} turn ${turn} memoised box`).toEqual({ column: best.column, box: best.box });
      decisions++;
      state = best.next;
    }
  }
  return { decisions, turns };
}

describe('turn cache and box chooser decide exactly as the plain engine', () => {
  it.each([
    ['yahtzee', 250, 16_384],
    ['yahtzee', 120, 40],
    ['yahtzee-free-joker', 120, 1024],
    ['yahtzee-no-bonus', 120, 0],
  ] as const)('optimal on %s, %i games, %i cache entries', async (id, games, entries) => {
    const { decisions, turns } = compareGames(await testModel(id as RuleSetId), games, entries, 42);
    expect(turns).toBe(games * 13);
    expect(decisions).toBeGreaterThan(turns * 2);
  });

  it('greedy (zero value function) on yahtzee, 120 games', () => {
    compareGames(zeroValueModel(RULESETS.yahtzee), 120, 256, 7);
  });

  it('the cache hits the states that repeat and still decides the same', async () => {
    const model = await testModel('yahtzee');
    const cache = createTurnCache(model, { entries: 4096, admit: 'second' });
    const te = createTurnEval(model);
    const start = initialState(model.rs);
    evaluateState(te, start);
    for (let rep = 0; rep < 3; rep++) {
      for (let r = 0; r < model.c.dice.rollCount; r++) {
        const h = bestHold(te, r, 2);
        expect(engineHold(cache.get(start), r, 2)).toBe(te.first[r] >= h.ev ? r : h.keep);
      }
    }
    // Consecutive questions about one state evaluate it once.
    expect(cache.misses).toBe(1);
    // A state is stored the second time it is evaluated and hit afterwards; an equal state (a new
    // object) is the same state.
    const other = (): GameState => ({ columns: [{ mask: 1, upper: 3, yahtzee50: false }] });
    for (let i = 0; i < 3; i++) {
      cache.get(other());
      cache.get({ columns: [{ mask: 0, upper: 0, yahtzee50: false }] });
    }
    expect(cache.misses).toBe(4);
    expect(cache.hits).toBe(3);
  });
});

function position(input: PositionInput) {
  const r = parsePosition(input);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.position;
}

const single = (mask: number, upper = 0): GameState => ({ columns: [{ mask, upper, yahtzee50: false }] });

/** The numbers a reader of a turn uses, copied (an entry's buffers are recycled). */
function numbers(te: TurnEval) {
  return { value: te.value, first: Array.from(te.first), later: Array.from(te.later), hold2: Array.from(te.ws.hold2), hold3: Array.from(te.ws.hold3) };
}

describe('one turn cache for every reader', () => {
  it('always returns the evaluated turn of the state asked about, hit or miss, bit for bit', async () => {
    const model = await testModel('yahtzee');
    const cache = createTurnCache(model, { entries: 3 });
    const fresh = createTurnEval(model);
    const states = [single(1, 1), single(2, 2), single(1, 1), single(4, 3), single(8, 12), single(2, 2), single(1, 1), single(0)];
    for (const s of states) {
      const te = cache.get(s);
      expect(te.state).toBe(s);
      expect(numbers(te)).toEqual(numbers(evaluateState(fresh, s)));
    }
    expect(cache.size).toBe(3);
    expect(cache.hits + cache.misses).toBe(states.length);
    expect(cache.hits).toBeGreaterThan(0);
  });

  it('drops the least recently used entry first', async () => {
    const model = await testModel('yahtzee');
    const cache = createTurnCache(model, { entries: 1 });
    cache.get(single(1, 1));
    cache.get(single(2, 2));
    cache.get(single(1, 1));
    expect(cache).toMatchObject({ hits: 0, misses: 3, size: 1 });
    cache.get(single(0));
    cache.get(single(0, 0));
    expect(cache).toMatchObject({ hits: 1, misses: 4, size: 1 });
  });

  it('keys an exact model on the upper total capped at the bonus threshold', async () => {
    const model = await testModel('yahtzee');
    const cache = createTurnCache(model);
    const above = cache.get(single(0b111111, 70));
    const a = numbers(above);
    expect(numbers(cache.get(single(0b111111, 90)))).toEqual(a);
    expect(cache).toMatchObject({ hits: 1, misses: 1 });
    expect(a).toEqual(numbers(evaluateState(createTurnEval(model), single(0b111111, 90))));
  });

  it.each(['yahtzee', 'yatzy', 'yahtzee-no-bonus'] as const)('%s: states sharing a canonical upper total (one cache entry) evaluate and choose boxes to the same bits', async (id) => {
    const model = await testModel(id);
    const L = model.c.layout;
    const rng = new Xoshiro128(7);
    const a = createTurnEval(model);
    const b = createTurnEval(model);
    const boxes = createBoxChooser(model);
    let pairs = 0;
    for (let n = 0; n < 40; n++) {
      // Random masks with the last box and some upper boxes open, Yahtzee box filled or not.
      const mask = rng.below(1 << (model.rs.boxes.length - 1));
      for (let u = 0; u < L.threshold; u++) {
        const canon = L.canonUpper[(mask & 63) * 64 + u];
        if (canon === u || L.reachableUpper[(mask & 63) * 64 + u] === 0) continue;
        pairs++;
        // Without a bonus the 50 in the Yahtzee box is not part of the key either.
        for (const yahtzee50 of (mask & (1 << L.yahtzeeBox)) !== 0 ? [false, true] : [false]) {
          const s = { columns: [{ mask, upper: u, yahtzee50 }] };
          const t = { columns: [{ mask, upper: canon, yahtzee50: L.flags === 2 ? yahtzee50 : !yahtzee50 }] };
          expect(numbers(evaluateState(a, s)), `mask ${mask} upper ${u} vs ${canon}`).toEqual(numbers(evaluateState(b, t)));
          for (let k = 0; k < 8; k++) {
            const roll = rng.below(model.c.dice.rollCount);
            expect(boxes(s, roll, false), `mask ${mask} upper ${u} vs ${canon}, roll ${roll}`).toEqual(boxes(t, roll, false));
          }
        }
      }
    }
    expect(pairs).toBeGreaterThan(100);
  });

  it('multi-column states: a hit gives the fresh evaluation', () => {
    const rs = RULESETS['triple-yahtzee'];
    const model = zeroValueModel(rs);
    const cache = createTurnCache(model, { entries: 8 });
    const s = (m: number): GameState => ({ columns: [{ mask: m, upper: 0, yahtzee50: false }, { mask: 0, upper: 0, yahtzee50: false }, { mask: 1, upper: 2, yahtzee50: false }] });
    const first = numbers(cache.get(s(4)));
    cache.get(s(8));
    expect(numbers(cache.get(s(4)))).toEqual(first);
    expect(first).toEqual(numbers(evaluateState(createTurnEval(model), s(4))));
    expect(cache).toMatchObject({ hits: 1, misses: 2 });
  });

  it('advice from a cached turn equals advice from a fresh evaluation', async () => {
    const model = await testModel('yahtzee');
    const caches = createTurnCaches({ entries: 4 });
    const p = position({ scorecard: { twos: 6 }, dice: [2, 2, 5, 6, 6], rollsLeft: 1 });
    const first = advise(model, p, caches.get(model, p.state));
    const again = position({ scorecard: { twos: 6 }, dice: [2, 2, 5, 6, 6], rollsLeft: 1 });
    expect(advise(model, again, caches.get(model, again.state))).toEqual(first);
    expect(caches).toMatchObject({ hits: 1, misses: 1, size: 1 });
    expect(first).toEqual(advise(model, p));
  });

  it('never hands out an entry evaluated by another model of the same rule set', async () => {
    const model = await testModel('yahtzee');
    const other = exactColumnModel(model.rs, new Float64Array(model.c.layout.size));
    const caches = createTurnCaches({ entries: 2 });
    const te = caches.get(model, single(0));
    expect(te.model).toBe(model);
    const te2 = caches.get(other, single(0));
    expect(te2.model).toBe(other);
    // An all-zero table: the state is worth one greedy turn, far from the real 254.59.
    expect(te2.value).toBeLessThan(50);
    expect(caches.get(model, single(0)).value).toBeCloseTo(254.5877, 4);
  });

  it('rejects a number of entries that is not a non-negative integer', async () => {
    const model = await testModel('yahtzee');
    expect(() => createTurnCache(model, { entries: -1 })).toThrow(/entries must be a non-negative integer, got -1/);
  });
});

describe('box chooser on Joker rolls', () => {
  // Yahtzees are rare in play; check every Yahtzee against the option list in many states where
  // the Yahtzee box is filled (Joker rules) or open, with and without the 50.
  it.each(['yahtzee', 'yahtzee-free-joker', 'yahtzee-no-bonus'] as const)('%s', async (id) => {
    const model = await testModel(id);
    const chooseBox = createBoxChooser(model);
    const te = createTurnEval(model);
    const rng = new Xoshiro128(99);
    const yBit = 1 << 11;
    for (let i = 0; i < 400; i++) {
      let mask = rng.next() & 0x1fff & ~(1 << (i % 13));
      if (i % 3 === 0) mask |= yBit;
      const upper = rng.below(64);
      const state: GameState = { columns: [{ mask, upper, yahtzee50: (mask & yBit) !== 0 && i % 2 === 0 }] };
      te.state = state;
      for (const r of [...model.c.yahtzeeRoll, rng.below(252)]) {
        const best = rankedScoreOptions(te, r, false)[0];
        expect(chooseBox(state, r, false)).toEqual({ column: best.column, box: best.box });
      }
    }
  });
});
