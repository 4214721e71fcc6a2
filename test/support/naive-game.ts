import { countsKey, multisetProbability, multisetsOfSize } from '../../src/dice/index.ts';
import type { RuleSet } from '../../src/rules/index.ts';
import { isFinished, scoreOptions, type GameState, type ScoreOption } from '../../src/solver/index.ts';

const OUTCOMES = [0, 1, 2, 3, 4, 5, 6].map((m) => multisetsOfSize(m).map((c) => ({ c, p: multisetProbability(c) })));

/** A key of everything in a state that decides its future (upper totals capped at the threshold). */
export function stateKey(rs: RuleSet, s: GameState): string {
  return s.columns.map((c) => `${c.mask}:${Math.min(rs.upperBonus.threshold, c.upper)}:${c.yahtzee50 ? 1 : 0}`).join('|');
}

/**
 * A deliberately naive solver for tiny games of any number of columns: every roll, every subset
 * of dice positions to hold, every outcome, and every (column, box) option from `scoreOptions`
 * (first-roll-only columns score 0 after a reroll, zero rule across columns). It shares nothing
 * with the turn engine, the score-now steps or the tables: only the rules and `scoreOptions`.
 */
export function naiveGameValue(rs: RuleSet, state: GameState, memo = new Map<string, number>()): number {
  if (isFinished(rs, state)) return 0;
  const key = stateKey(rs, state);
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const v = naiveTurn(rs, state, (o) => o.gain + naiveGameValue(rs, o.next, memo));
  memo.set(key, v);
  return v;
}

/** The best probability of scoring at least `need` more points, by the same naive recursion. */
export function naiveReach(rs: RuleSet, state: GameState, need: number, memo = new Map<string, number>()): number {
  if (need <= 0) return 1;
  if (isFinished(rs, state)) return 0;
  const key = `${stateKey(rs, state)}#${need}`;
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const v = naiveTurn(rs, state, (o) => naiveReach(rs, o.next, need - o.gain, memo));
  memo.set(key, v);
  return v;
}

/** The most points a player can be sure of scoring from `state`, whatever the dice: max over choices, min over rolls. */
export function naiveGuaranteed(rs: RuleSet, state: GameState, memo = new Map<string, number>()): number {
  if (isFinished(rs, state)) return 0;
  const key = stateKey(rs, state);
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const v = naiveTurn(rs, state, (o) => o.gain + naiveGuaranteed(rs, o.next, memo), 'worst');
  memo.set(key, v);
  return v;
}

/** A multiset of dice as face counts with its key (countsKey). */
interface Counts {
  c: number[];
  key: number;
}

/** After a hold: each outcome of the dice rolled, with its probability and the counts it makes. */
interface Hold extends Counts {
  outcomes: { p: number; next: Counts }[];
}

const countsOf = new Map<number, Counts>();
const counted = (c: number[]): Counts => {
  const key = countsKey(c);
  let known = countsOf.get(key);
  if (!known) countsOf.set(key, (known = { c, key }));
  return known;
};

const holdsOf = new Map<number, Hold>();
const holdOf = (held: number[], dice: number): Hold => {
  const key = countsKey(held) * 7 + dice;
  let h = holdsOf.get(key);
  if (!h) {
    const size = held.reduce((a, b) => a + b, 0);
    const outcomes = OUTCOMES[dice - size].map((o) => ({ p: o.p, next: counted(held.map((k, f) => k + o.c[f])) }));
    holdsOf.set(key, (h = { ...counted(held), outcomes }));
  }
  return h;
};

const everyHoldOf = new Map<number, Hold[]>();
/**
 * Every subset of the dice's positions to hold, as face counts, each multiset once (the same one
 * comes from several subsets; the best over holds does not depend on how often it is listed).
 */
function everyHold(counts: Counts, dice: number): Hold[] {
  let out = everyHoldOf.get(counts.key);
  if (out) return out;
  const faces = counts.c.flatMap((k, f) => Array<number>(k).fill(f));
  const seen = new Map<number, Hold>();
  for (let subset = 0; subset < 1 << faces.length; subset++) {
    const held = [0, 0, 0, 0, 0, 0];
    faces.forEach((f, i) => {
      if (subset & (1 << i)) held[f]++;
    });
    const h = holdOf(held, dice);
    seen.set(h.key, h);
  }
  everyHoldOf.set(counts.key, (out = [...seen.values()]));
  return out;
}

/**
 * One turn: the best over every hold of the mean over every outcome (or, for `worst`, of the
 * worst outcome), ending in the best scoring option.
 */
function naiveTurn(rs: RuleSet, state: GameState, optionValue: (o: ScoreOption) => number, outcomes: 'mean' | 'worst' = 'mean'): number {
  const n = rs.dice;
  const scoreNow = (counts: number[], firstRoll: boolean): number => {
    let best = -Infinity;
    for (const o of scoreOptions(rs, state, counts, firstRoll)) best = Math.max(best, optionValue(o));
    return best;
  };
  // rolls[k]: value of a roll with k rerolls left; holds[k]: value of a held multiset before a roll that leaves k.
  const rolls = [new Map<number, number>(), new Map<number, number>(), new Map<number, number>()];
  const holds = [new Map<number, number>(), new Map<number, number>()];
  const holdValue = (held: Hold, left: number): number => {
    const c = holds[left].get(held.key);
    if (c !== undefined) return c;
    let ev = outcomes === 'mean' ? 0 : Infinity;
    for (const o of held.outcomes) {
      const v = rollValue(o.next, left);
      ev = outcomes === 'mean' ? ev + o.p * v : Math.min(ev, v);
    }
    holds[left].set(held.key, ev);
    return ev;
  };
  const rollValue = (counts: Counts, rerolls: number): number => {
    const c = rolls[rerolls].get(counts.key);
    if (c !== undefined) return c;
    let best = scoreNow(counts.c, rerolls === 2);
    if (rerolls > 0) for (const held of everyHold(counts, n)) best = Math.max(best, holdValue(held, rerolls - 1));
    rolls[rerolls].set(counts.key, best);
    return best;
  };
  const first = holdOf([0, 0, 0, 0, 0, 0], n).outcomes;
  let v = outcomes === 'mean' ? 0 : Infinity;
  for (const o of first) v = outcomes === 'mean' ? v + o.p * rollValue(o.next, 2) : Math.min(v, rollValue(o.next, 2));
  return v;
}

/**
 * The best expected utility of the final total, u(score + points still to come), by the same naive
 * recursion over every roll, hold and box: the exact solution of a win goal against opponents
 * whose totals are known in distribution (u = the expected share).
 */
export function naiveUtility(rs: RuleSet, state: GameState, score: number, u: (total: number) => number, memo = new Map<string, number>()): number {
  if (isFinished(rs, state)) return u(score);
  const key = `${stateKey(rs, state)}#${score}`;
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const v = naiveTurn(rs, state, (o) => naiveUtility(rs, o.next, score + o.gain, u, memo));
  memo.set(key, v);
  return v;
}

/**
 * The distribution of the points still to come when every choice maximises the expected points
 * (naiveGameValue), enumerated roll by roll: how an opponent who plays for points finishes. Where
 * choices tie on expected points, `tied` is set: their distributions may differ.
 */
export function naivePointsDistribution(
  rs: RuleSet,
  state: GameState,
  memo = new Map<string, number>(),
  dists = new Map<string, { dist: Map<number, number>; tied: boolean }>(),
): { dist: Map<number, number>; tied: boolean } {
  const known = dists.get(stateKey(rs, state));
  if (known) return known;
  const n = rs.dice;
  const out = new Map<number, number>();
  let tied = false;
  if (isFinished(rs, state)) return { dist: new Map([[0, 1]]), tied };
  const add = (into: Map<number, number>, from: Map<number, number>, p: number, shift: number) => {
    for (const [k, q] of from) into.set(k + shift, (into.get(k + shift) ?? 0) + p * q);
  };
  const EPS = 1e-9;
  // Expected value and distribution of a roll with `rerolls` left, choosing by expected value.
  const rolls = new Map<number, { ev: number; dist: Map<number, number> }>();
  const differ = (a: Map<number, number>, b: Map<number, number>) => [...a, ...b].some(([k]) => Math.abs((a.get(k) ?? 0) - (b.get(k) ?? 0)) > 1e-12);
  const roll = (counts: Counts, rerolls: number): { ev: number; dist: Map<number, number> } => {
    const key = counts.key * 3 + rerolls;
    const hit = rolls.get(key);
    if (hit) return hit;
    let best = { ev: -Infinity, dist: new Map<number, number>() };
    const consider = (ev: number, dist: () => Map<number, number>) => {
      if (ev > best.ev + EPS) best = { ev, dist: dist() };
      else if (ev > best.ev - EPS && differ(best.dist, dist())) tied = true;
    };
    for (const o of scoreOptions(rs, state, counts.c, rerolls === 2)) {
      consider(o.gain + naiveGameValue(rs, o.next, memo), () => {
        const d = new Map<number, number>();
        const sub = naivePointsDistribution(rs, o.next, memo, dists);
        tied = tied || sub.tied;
        add(d, sub.dist, 1, o.gain);
        return d;
      });
    }
    if (rerolls > 0) {
      for (const held of everyHold(counts, n)) {
        const outs = held.outcomes.map((o) => ({ p: o.p, r: roll(o.next, rerolls - 1) }));
        const ev = outs.reduce((s, o) => s + o.p * o.r.ev, 0);
        consider(ev, () => {
          const d = new Map<number, number>();
          for (const o of outs) add(d, o.r.dist, o.p, 0);
          return d;
        });
      }
    }
    rolls.set(key, best);
    return best;
  };
  for (const o of holdOf([0, 0, 0, 0, 0, 0], n).outcomes) add(out, roll(o.next, 2).dist, o.p, 0);
  const result = { dist: out, tied };
  dists.set(stateKey(rs, state), result);
  return result;
}

/**
 * The outlook of expected-score play (solver/outlook.ts) by the same naive recursion: every roll,
 * hold and box enumerated, choices by naiveGameValue. `lanes` holds, for every box b of the
 * column, the points it gains from here (at b) and the chance an open box ends at 0 (at B + b),
 * then the chance the upper bonus is earned later (at 2B) and the Yahtzee bonus points to come
 * (at 2B + 1). Where choices tie on expected points and their outlooks differ, `tied` is set.
 */
export function naiveOutlook(
  rs: RuleSet,
  state: GameState,
  memo = new Map<string, number>(),
  outlooks = new Map<string, { lanes: number[]; tied: boolean }>(),
): { lanes: number[]; tied: boolean } {
  const known = outlooks.get(stateKey(rs, state));
  if (known) return known;
  const B = rs.boxes.length;
  const W = 2 * B + 2;
  const col = state.columns[0];
  if (isFinished(rs, state)) return { lanes: new Array<number>(W).fill(0), tied: false };
  const T = rs.upperBonus.threshold;
  let tied = false;
  const EPS = 1e-9;
  const differ = (a: number[], b: number[]) => a.some((x, i) => Math.abs(x - b[i]) > 1e-12);
  const rolls = new Map<number, { ev: number; lanes: number[] }>();
  const roll = (counts: Counts, rerolls: number): { ev: number; lanes: number[] } => {
    const key = counts.key * 3 + rerolls;
    const hit = rolls.get(key);
    if (hit) return hit;
    let best = { ev: -Infinity, lanes: [] as number[] };
    const consider = (ev: number, lanes: () => number[]) => {
      if (ev > best.ev + EPS) best = { ev, lanes: lanes() };
      else if (ev > best.ev - EPS && differ(best.lanes, lanes())) tied = true;
    };
    for (const o of scoreOptions(rs, state, counts.c, rerolls === 2)) {
      consider(o.gain + naiveGameValue(rs, o.next, memo), () => {
        const sub = naiveOutlook(rs, o.next, memo, outlooks);
        tied = tied || sub.tied;
        const lanes = sub.lanes.slice();
        lanes[o.box] += o.points;
        if (o.points === 0) lanes[B + o.box] += 1;
        const crossed = o.box < 6 && col.upper < T && col.upper + o.points >= T ? 1 : 0;
        lanes[2 * B] += crossed;
        lanes[2 * B + 1] += o.bonus - crossed * rs.upperBonus.points;
        return lanes;
      });
    }
    if (rerolls > 0) {
      for (const held of everyHold(counts, rs.dice)) {
        const outs = held.outcomes.map((o) => ({ p: o.p, r: roll(o.next, rerolls - 1) }));
        consider(
          outs.reduce((s, o) => s + o.p * o.r.ev, 0),
          () => {
            const lanes = new Array<number>(W).fill(0);
            for (const o of outs) for (let i = 0; i < W; i++) lanes[i] += o.p * o.r.lanes[i];
            return lanes;
          },
        );
      }
    }
    rolls.set(key, best);
    return best;
  };
  const lanes = new Array<number>(W).fill(0);
  for (const o of holdOf([0, 0, 0, 0, 0, 0], rs.dice).outcomes) {
    const r = roll(o.next, 2).lanes;
    for (let i = 0; i < W; i++) lanes[i] += o.p * r[i];
  }
  const result = { lanes, tied };
  outlooks.set(stateKey(rs, state), result);
  return result;
}
