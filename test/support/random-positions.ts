import type { PositionInput } from '../../src/position/index.ts';
import type { RuleSet } from '../../src/rules/index.ts';
import { scoreBox, UPPER_COUNT, yahtzeeBoxIndex } from '../../src/rules/index.ts';
import { boxCount, compileRules, decodeState, initialState, scoreOptions, statesAtLevel, type GameState } from '../../src/solver/index.ts';

/** The seeded PRNG of random positions: the same seed gives the same positions on every run. */
export { mulberry32 } from '../../src/dice/index.ts';

export interface RandomPosition {
  input: PositionInput;
  /** points on the sheet, tracked while playing: what the advice's `score` must be */
  score: number;
}

function rollCounts(rs: RuleSet, rng: () => number): number[] {
  const counts = [0, 0, 0, 0, 0, 0];
  // One roll in eight is n of a kind, so Joker and Yahtzee-bonus situations come up often.
  if (rng() < 0.125) counts[Math.floor(rng() * 6)] = rs.dice;
  else for (let i = 0; i < rs.dice; i++) counts[Math.floor(rng() * 6)]++;
  return counts;
}

function facesOf(counts: number[]): number[] {
  const faces: number[] = [];
  for (let f = 0; f < 6; f++) for (let i = 0; i < counts[f]; i++) faces.push(f + 1);
  return faces;
}

/**
 * A position reached by playing random legal moves in a single-column rule set: a random number
 * of turns, each a random roll entered in a legal box (half the time the highest-scoring one, so
 * upper bonuses happen), then random dice and rerolls left, or no dice (start of a turn).
 * `turns` and `dice` fix how many turns are played and whether dice are rolled.
 */
export function randomPosition(rs: RuleSet, rng: () => number, opts: { turns?: number; dice?: boolean } = {}): RandomPosition {
  const B = rs.boxes.length;
  const card: (number | undefined)[] = rs.boxes.map(() => undefined);
  let mask = 0;
  let upper = 0;
  let yahtzee50 = false;
  let bonus = 0;
  const yBox = yahtzeeBoxIndex(rs);
  const turns = opts.turns ?? Math.floor(rng() * B);
  for (let t = 0; t < turns; t++) {
    const counts = rollCounts(rs, rng);
    const legal: { box: number; points: number; yahtzeeBonus: number }[] = [];
    for (let b = 0; b < B; b++) {
      if (mask & (1 << b)) continue;
      const r = scoreBox(rs, { filledMask: mask, yahtzeeHolds50: yahtzee50 }, counts, b);
      if (r) legal.push({ box: b, ...r });
    }
    const pick = rng() < 0.5 ? legal.reduce((a, b) => (b.points > a.points ? b : a)) : legal[Math.floor(rng() * legal.length)];
    card[pick.box] = pick.points;
    mask |= 1 << pick.box;
    if (pick.box < UPPER_COUNT) upper += pick.points;
    bonus += pick.yahtzeeBonus;
    if (pick.box === yBox && pick.points === 50) yahtzee50 = true;
  }
  const scorecard: Record<string, number> = {};
  let score = bonus + (upper >= rs.upperBonus.threshold ? rs.upperBonus.points : 0);
  card.forEach((v, b) => {
    if (v === undefined) return;
    scorecard[rs.boxes[b].id] = v;
    score += v;
  });
  const input: PositionInput = { ruleset: rs.id, scorecard };
  if (bonus > 0) input.yahtzeeBonus = bonus;
  if (opts.dice ?? rng() >= 0.2) {
    input.dice = facesOf(rollCounts(rs, rng)).sort(() => rng() - 0.5);
    input.rollsLeft = Math.floor(rng() * 3) as 0 | 1 | 2;
  }
  return { input, score };
}

/** `count` turn-start states of a single-column rule set with `open` boxes left, drawn by a seeded LCG. */
export function sampleOpenStates(rs: RuleSet, open: number, count: number, seed: number): GameState[] {
  const c = compileRules(rs);
  const states = statesAtLevel(c.layout, rs.boxes.length - open);
  const out: GameState[] = [];
  let x = seed;
  for (let i = 0; i < count; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const { mask, upper, flag } = decodeState(c.layout, states[x % states.length]);
    out.push({ columns: [{ mask, upper, yahtzee50: flag === 1 }] });
  }
  return out;
}

/** States reached by random legal play: random rolls (often n of a kind), first roll or not, a random legal box. */
export function randomStates(rs: RuleSet, rng: () => number, count: number): GameState[] {
  const out: GameState[] = [];
  while (out.length < count) {
    let state = initialState(rs);
    const turns = Math.floor(rng() * boxCount(rs));
    for (let t = 0; t < turns; t++) {
      const counts = [0, 0, 0, 0, 0, 0];
      if (rng() < 0.15) counts[Math.floor(rng() * 6)] = rs.dice;
      else for (let i = 0; i < rs.dice; i++) counts[Math.floor(rng() * 6)]++;
      const options = scoreOptions(rs, state, counts, rng() < 0.5);
      state = options[Math.floor(rng() * options.length)].next;
    }
    out.push(state);
  }
  return out;
}
