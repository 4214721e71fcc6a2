import { describe, expect, it } from 'vitest';
import { countsKey, Xoshiro128 } from '../src/dice/index.ts';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { zeroValueModel } from '../src/simulate/index.ts';
import { createDecisionMemo, createSharedMemoSpace, createTurnCache, createTurnEval, evaluateState, initialState, NO_BOX, rankedScoreOptions, type GameModel, type GameState } from '../src/solver/index.ts';
import { bestHoldChoices, createBoxChooser, decideHold } from '../src/solver/engine-decisions.ts';
import { testModel } from './support/models.ts';

/** A random turn-start state of a rule set: each box of each column filled with probability `fill`. */
function randomState(model: GameModel, rng: Xoshiro128, fill: number): GameState {
  const B = model.rs.boxes.length;
  return {
    columns: model.rs.columns.map(() => {
      let mask = 0;
      for (let b = 0; b < B; b++) if (rng.float() < fill) mask |= 1 << b;
      if (mask === (1 << B) - 1) mask &= ~(1 << rng.below(B));
      return { mask, upper: rng.below(64), yahtzee50: (mask & (1 << 11)) !== 0 && rng.below(2) === 1 };
    }),
  };
}

/** Every decision `bestHoldChoices` takes, against `decideHold` on the same evaluation. */
function checkAllHolds(model: GameModel, states: number, seed: number): number {
  const te = createTurnEval(model);
  const rng = new Xoshiro128(seed);
  const R = model.c.dice.rollCount;
  let stops = 0;
  for (let i = 0; i < states; i++) {
    const state = randomState(model, rng, (i % 10) / 10);
    evaluateState(te, state, i % 2 === 0);
    const keeps = bestHoldChoices(te).slice();
    for (const left of [1, 2] as const) {
      for (let r = 0; r < R; r++) {
        const d = decideHold(te, r, left);
        // A plain comparison: 150,000 expect calls per rule set cost more than the decisions.
        if (keeps[(left - 1) * R + r] !== d.keep) {
          throw new Error(`state ${JSON.stringify(state)} roll ${r} rollsLeft ${left}: ${keeps[(left - 1) * R + r]}, decideHold ${d.keep}`);
        }
        if (d.stop) stops++;
      }
    }
  }
  return stops;
}

/**
 * Score-now values with -Infinity on some rolls and NaN on others: holds worth -Infinity or NaN
 * must never be chosen, as the scan's strict `>` never takes them.
 */
function withUnrealValues(model: GameModel): GameModel {
  return {
    ...model,
    fillScoreNow(state, first, later) {
      model.fillScoreNow(state, first, later);
      for (let r = 0; r < later.length; r += 7) later[r] = -Infinity;
      for (let r = 3; r < first.length; r += 11) first[r] = NaN;
    },
  };
}

describe('bestHoldChoices takes every decision as decideHold', () => {
  it.each(['yahtzee', 'yatzy', 'yahtzee-no-bonus'] as const)('optimal on %s, 300 random states', async (id) => {
    expect(checkAllHolds(await testModel(id as RuleSetId), 300, 5)).toBeGreaterThan(0);
  });

  it('greedy on yahtzee (a zero value function: many exactly equal holds)', () => {
    checkAllHolds(zeroValueModel(RULESETS.yahtzee), 300, 6);
  });

  it.each(['triple-yahtzee', 'superpass'] as const)('multi-column %s score-now values (greedy), 60 random states', (id) => {
    checkAllHolds(zeroValueModel(RULESETS[id]), 60, 8);
  });

  it('holds worth -Infinity or NaN', async () => {
    checkAllHolds(withUnrealValues(await testModel('yahtzee')), 60, 9);
  });

  it('refuses a cached copy of a turn (its values are not the engine workspace)', async () => {
    const model = await testModel('yahtzee');
    const cache = createTurnCache(model, { entries: 4 });
    cache.get(initialState(model.rs));
    const copy = cache.get(initialState(model.rs));
    expect(cache.hits).toBe(1);
    expect(() => bestHoldChoices(copy)).toThrow(/own workspace/);
  });
});

/** Every box an evaluation takes from score-now (`scoreNow`'s boxes), against the box chooser; returns how many it took. */
function checkScoreNowBoxes(model: GameModel, states: number, seed: number): number {
  const te = createTurnEval(model);
  const choose = createBoxChooser(model);
  const rng = new Xoshiro128(seed);
  const R = model.c.dice.rollCount;
  let taken = 0;
  for (let i = 0; i < states; i++) {
    const state = randomState(model, rng, (i % 10) / 10);
    // An upper total the filled upper boxes can make: the table holds no values for others.
    const col = state.columns[0];
    col.upper = 0;
    for (let b = 0; b < 6; b++) if (col.mask & (1 << b)) col.upper += (b + 1) * rng.below(6);
    evaluateState(te, state, true);
    for (let r = 0; r < R; r++) {
      const box = te.boxes[r];
      if (box === NO_BOX) continue;
      taken++;
      const chosen = choose(state, r, false).box;
      if (box !== chosen) throw new Error(`state ${JSON.stringify(state)} roll ${r}: score-now box ${box}, chooser ${chosen}`);
    }
  }
  return taken;
}

describe('an evaluation takes the box chooser\'s boxes from score-now', () => {
  it.each(['yahtzee', 'yatzy', 'yahtzee-no-bonus', 'yahtzee-free-joker'] as const)('optimal on %s, 300 random states: every roll but n of a kind', async (id) => {
    const model = await testModel(id as RuleSetId);
    expect(checkScoreNowBoxes(model, 300, 11)).toBe(300 * (model.c.dice.rollCount - 6));
  });

  it('greedy on yahtzee (a zero value function: ties between boxes everywhere)', () => {
    const model = zeroValueModel(RULESETS.yahtzee);
    expect(checkScoreNowBoxes(model, 300, 12)).toBe(300 * (model.c.dice.rollCount - 6));
  });
});

/**
 * Games played by the plain engine (a fresh evaluation every turn, decideHold, the first of
 * rankedScoreOptions); at every decision the memo is asked too.
 */
function compareGames(model: GameModel, games: number, entries: number, seed: number, memos = [createDecisionMemo(model, { entries })]): { hits: number; misses: number } {
  const rs = model.rs;
  const t = model.c.dice;
  const te = createTurnEval(model);
  const rng = new Xoshiro128(seed);
  const counts = [0, 0, 0, 0, 0, 0];
  const turns = rs.boxes.length * rs.columns.length;
  for (let g = 0; g < games; g++) {
    // Games go to the memos in turn, as chunks of a run go to its threads.
    const memo = memos[g % memos.length];
    let state: GameState = initialState(rs);
    for (let turn = 0; turn < turns; turn++) {
      evaluateState(te, state);
      counts.fill(0);
      for (let i = 0; i < rs.dice; i++) counts[rng.die()]++;
      let roll = t.keyToKeep[countsKey(counts)];
      let rollsLeft: 0 | 1 | 2 = 2;
      while (rollsLeft > 0) {
        const left = rollsLeft as 1 | 2;
        const keep = decideHold(te, roll, left).keep;
        const held = memo.hold(state, roll, left);
        if (held !== keep) throw new Error(`game ${g} turn ${turn} roll ${roll} rollsLeft ${left}: memo ${held}, engine ${keep}`);
        if (keep === roll) break;
        for (let f = 0; f < 6; f++) counts[f] = t.keepCounts[keep * 6 + f];
        for (let i = t.keepSize[keep]; i < rs.dice; i++) counts[rng.die()]++;
        roll = t.keyToKeep[countsKey(counts)];
        rollsLeft = (rollsLeft - 1) as 0 | 1;
      }
      const best = rankedScoreOptions(te, roll, rollsLeft === 2)[0];
      const box = memo.box(state, roll, rollsLeft === 2);
      if (box.column !== best.column || box.box !== best.box) throw new Error(`game ${g} turn ${turn} box: memo ${JSON.stringify(box)}, engine ${best.column}/${best.box}`);
      state = best.next;
    }
  }
  return { hits: memos.reduce((n, m) => n + m.hits, 0), misses: memos.reduce((n, m) => n + m.misses, 0) };
}

describe('the decision memo decides exactly as the plain engine', () => {
  it.each([
    ['yahtzee', 200, 131_072],
    ['yahtzee', 120, 16],
    ['yahtzee-free-joker', 100, 1024],
    ['yahtzee-no-bonus', 100, 0],
    // Six dice (up to 64 holds a roll, a byte each), three columns, boxes memoised per first roll.
    ['superpass', 4, 4096],
    ['triple-yahtzee', 4, 4096],
  ] as const)('the model of %s, %i games, %i entries', async (id, games, entries) => {
    const { hits, misses } = compareGames(await testModel(id as RuleSetId), games, entries, 42);
    // Every game opens in the same state: a memo with room answers it after the first game.
    if (entries >= 1024) expect(hits).toBeGreaterThanOrEqual(games - 1);
    expect(hits + misses).toBeGreaterThanOrEqual(games * 13);
  });

  it.each(['superpass', 'triple-yahtzee'] as const)('%s: every roll of the states of a game, holds with one and two rolls left and boxes after the first roll and later, from its byte rows', async (id) => {
    const model = await testModel(id);
    const { rs } = model;
    const R = model.c.dice.rollCount;
    const te = createTurnEval(model);
    const memo = createDecisionMemo(model, { entries: 4096 });
    let state: GameState = initialState(rs);
    let checked = 0;
    for (let turn = 0; turn < rs.boxes.length * rs.columns.length; turn++) {
      evaluateState(te, state);
      if (turn % 4 === 0) {
        for (let roll = 0; roll < R; roll++) {
          for (const left of [1, 2] as const) expect(memo.hold(state, roll, left)).toBe(decideHold(te, roll, left).keep);
          for (const first of [true, false]) {
            const best = rankedScoreOptions(te, roll, first)[0];
            expect(memo.box(state, roll, first)).toEqual({ column: best.column, box: best.box });
          }
          checked++;
        }
      }
      // On to the next state by the box the engine scores a roll of all ones in after the first roll.
      state = rankedScoreOptions(te, 0, true)[0].next;
    }
    expect(checked).toBe(R * Math.ceil((rs.boxes.length * rs.columns.length) / 4));
  });

  it('answers a state from its row: one evaluation per state, equal states share it, the least recently used of a full set leaves', async () => {
    const model = await testModel('yahtzee');
    const memo = createDecisionMemo(model, { entries: 1 });
    const a = (): GameState => ({ columns: [{ mask: 1, upper: 3, yahtzee50: false }] });
    const b = (): GameState => ({ columns: [{ mask: 2, upper: 2, yahtzee50: false }] });
    memo.hold(a(), 0, 2);
    memo.hold(a(), 5, 1);
    expect(memo).toMatchObject({ hits: 1, misses: 1, size: 1 });
    memo.box(b(), 0, false);
    memo.hold(a(), 0, 2);
    expect(memo).toMatchObject({ hits: 1, misses: 3, size: 1 });
  });

  it.each([
    ['room for every state', 1 << 14],
    ['one set of 8, the rest in each memo\'s own rows', 8],
  ] as const)('memos over one shared space decide as the plain engine: %s', async (_, entries) => {
    const model = await testModel('yahtzee');
    const space = createSharedMemoSpace(model.rs, entries)!;
    const memos = [createDecisionMemo(model, { entries: 64, shared: space }), createDecisionMemo(model, { entries: 64, shared: space })];
    const { hits, misses } = compareGames(model, 60, 0, 43, memos);
    expect(hits + misses).toBeGreaterThanOrEqual(60 * 13);
    // The opening state is evaluated once for both: the second memo finds the first one's row.
    expect(memos[1].hits).toBeGreaterThan(0);
    const states = memos[0].size + memos[1].size;
    if (entries > 1000) expect(misses).toBe(states);
    else expect(memos.map((m) => m.size).every((n) => n > 8)).toBe(true);
  });

  it('a state found in a shared space is evaluated by no other memo over it', async () => {
    const model = await testModel('yahtzee');
    const space = createSharedMemoSpace(model.rs, 1024)!;
    const [a, b] = [createDecisionMemo(model, { shared: space }), createDecisionMemo(model, { shared: space })];
    const s = (): GameState => ({ columns: [{ mask: 5, upper: 4, yahtzee50: false }] });
    const keep = a.hold(s(), 17, 2);
    expect(b.hold(s(), 17, 2)).toBe(keep);
    expect(b.box(s(), 17, false)).toEqual(a.box(s(), 17, false));
    expect([a.misses, b.misses, b.hits]).toEqual([1, 0, 2]);
    expect(createSharedMemoSpace(RULESETS['triple-yahtzee'], 1024)).toBeUndefined();
    expect(() => createDecisionMemo(zeroValueModel(RULESETS['triple-yahtzee']), { shared: space })).toThrow(/one column/);
  });

  it('rejects a number of entries that is not a non-negative integer', async () => {
    const model = await testModel('yahtzee');
    expect(() => createDecisionMemo(model, { entries: 2.5 })).toThrow(/entries must be a non-negative integer, got 2.5/);
  });
});
