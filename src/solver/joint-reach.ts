import type { RuleSet } from '../rules/index.ts';
import { compileRules } from './compiled-rules.ts';
import type { GameModel } from './game-model.ts';
import { scoreOptions, type GameState } from './game-state.ts';
import { jointIndex, jointLayout, jointState, jointStatesAtLevel, type JointLayout } from './joint-layout.ts';
import { createTurnWorkspace, evaluateTurnValue } from './turn-engine.ts';

/**
 * The exact reach optimum of a sub-game (docs/rules.md "Sub-games"): for every joint turn-start state
 * x and every number n of points still needed, P(x, n) = the best chance of scoring at least n
 * more. The yardstick of the multi-column goal models: they are played on the same sub-game and
 * measured against it.
 *
 * The same backward induction as the single-column reach tables (build-lane-table.ts), over the
 * joint layout: each state runs the one turn engine over one lane per n = 1 .. width[x], where
 * width[x] is the most points still possible from x (capped); above it P is 0. Score-now comes from
 * the rules' option list (every column's fill rule, the zero rule across columns), which is
 * slower than the compiled single-column path but has no second copy of the rules.
 */
export interface JointReachTable {
  layout: JointLayout;
  cap: number;
  /** lanes of state x: P(x, n) for n = 1 .. width[x] at values[offset[x] + n − 1] */
  width: Int32Array;
  offset: Float64Array;
  values: Float64Array;
  /** the last `levels` levels are solved (all of them by default); states above are not (width 0: read as 0) */
  levels: number;
}

/** A joint reach table holds at most this many lanes (8 bytes each): superpass-ordered needs 6,954,375. */
export const MAX_JOINT_REACH_LANES = 1 << 26;

export interface JointReachOptions {
  /** the most points still needed that the table answers; default: every total the game allows */
  cap?: number;
  /** solve only the last `levels` levels (tests); default all */
  levels?: number;
}

/** P(x, n) from a table; NaN above its cap where the table cannot tell (a state of a level not solved reads 0). */
export function jointReachProbability(t: JointReachTable, x: number, n: number): number {
  if (n <= 0) return 1;
  const w = t.width[x];
  if (n <= w) return t.values[t.offset[x] + n - 1];
  return w === t.cap ? NaN : 0;
}

/**
 * A state's score-now by roll: the distinct option sets (joint index and gain of each option)
 * and which one each roll has. Rolls of one set score alike, so each set's lanes are filled once.
 */
interface StateOptions {
  next: Int32Array[];
  gain: Int32Array[];
  /** set of each roll */
  setOf: Int32Array;
}

function optionsOf(rs: RuleSet, J: JointLayout, state: GameState, counts: Uint8Array, rollCount: number, firstRoll: boolean): StateOptions {
  const out: StateOptions = { next: [], gain: [], setOf: new Int32Array(rollCount) };
  const known = new Map<string, number>();
  for (let r = 0; r < rollCount; r++) {
    const opts = scoreOptions(rs, state, counts.subarray(r * 6, r * 6 + 6), firstRoll);
    const next = opts.map((o) => jointIndex(J, o.next));
    const key = opts.map((o, k) => `${next[k]}:${o.gain}`).join(',');
    let set = known.get(key);
    if (set === undefined) {
      known.set(key, (set = out.next.length));
      out.next.push(Int32Array.from(next));
      out.gain.push(Int32Array.from(opts, (o) => o.gain));
    }
    out.setOf[r] = set;
  }
  return out;
}

/** dst[r * L + j] = best over roll r's options of P(next, j + 1 − gain); `row` is scratch of L lanes. */
function fillLanes(t: JointReachTable, options: StateOptions, L: number, dst: Float64Array, row: Float64Array): void {
  const { width, offset, values } = t;
  const sets = options.next.length;
  for (let s = 0; s < sets; s++) {
    const next = options.next[s];
    const gain = options.gain[s];
    row.fill(0, 0, L);
    for (let k = 0; k < next.length; k++) {
      const g = gain[k];
      const w = width[next[k]];
      const base = offset[next[k]] - 1;
      // n − g <= 0: certain; 1 .. w: the next state's lanes; above w: 0.
      const ones = Math.min(g, L);
      for (let j = 0; j < ones; j++) row[j] = 1;
      const end = Math.min(L, g + w);
      for (let j = ones; j < end; j++) {
        const v = values[base + j + 1 - g];
        if (v > row[j]) row[j] = v;
      }
    }
    const lanes = row.subarray(0, L);
    for (let r = 0; r < options.setOf.length; r++) if (options.setOf[r] === s) dst.set(lanes, r * L);
  }
}

/** Backward induction over every joint state of `rs` (a sub-game), level by level, on this thread. */
export function solveJointReach(rs: RuleSet, options: JointReachOptions = {}): JointReachTable {
  const J = jointLayout(rs);
  const c = compileRules(rs);
  const R = c.dice.rollCount;
  const counts = c.dice.keepCounts;
  const firstDiffers = rs.columns.some((col) => col.fill === 'first-roll-only');
  const levels = Math.min(options.levels ?? J.boxes, J.boxes);
  const byLevel: Int32Array[] = [];
  for (let level = J.boxes - 1; level >= J.boxes - levels; level--) byLevel.push(jointStatesAtLevel(J, level));
  // The most points still possible from each state, level by level: widths before lanes.
  const most = new Int32Array(J.size);
  const perState = new Map<number, { later: StateOptions; first: StateOptions }>();
  let cap = options.cap ?? 0;
  const width = new Int32Array(J.size);
  const offset = new Float64Array(J.size);
  let total = 0;
  for (const states of byLevel) {
    for (const x of states) {
      const state = jointState(J, x);
      const later = optionsOf(rs, J, state, counts, R, false);
      const first = firstDiffers ? optionsOf(rs, J, state, counts, R, true) : later;
      let m = 0;
      for (const set of firstDiffers ? [later, first] : [later]) {
        for (let i = 0; i < set.next.length; i++) for (let k = 0; k < set.next[i].length; k++) m = Math.max(m, set.gain[i][k] + most[set.next[i][k]]);
      }
      most[x] = m;
      perState.set(x, { later, first });
    }
  }
  if (options.cap === undefined) for (const states of byLevel) for (const x of states) cap = Math.max(cap, most[x]);
  for (const states of byLevel) {
    for (const x of states) {
      width[x] = Math.min(cap, most[x]);
      offset[x] = total;
      total += width[x];
    }
  }
  if (total > MAX_JOINT_REACH_LANES) throw new Error(`${rs.id}: a joint reach table of ${total} lanes, more than the ${MAX_JOINT_REACH_LANES} it may hold`);
  const table: JointReachTable = { layout: J, cap, width, offset, values: new Float64Array(total), levels };
  const ws = createTurnWorkspace(c.dice, Math.max(1, cap));
  const first = new Float64Array(R * Math.max(1, cap));
  const row = new Float64Array(Math.max(1, cap));
  for (const states of byLevel) {
    for (const x of states) {
      const L = width[x];
      if (L === 0) continue;
      const opts = perState.get(x)!;
      ws.lanes = L;
      fillLanes(table, opts.later, L, ws.scoreLater, row);
      if (firstDiffers) fillLanes(table, opts.first, L, first, row);
      evaluateTurnValue(c.dice, firstDiffers ? first : ws.scoreLater, ws.scoreLater, ws);
      table.values.set(ws.value.subarray(0, L), offset[x]);
      perState.delete(x);
    }
  }
  return table;
}

export interface JointReachModel extends GameModel {
  /** points still needed at the start of the turn being evaluated */
  need: number;
}

/**
 * The exact reach goal of a sub-game as a GameModel (values are chances), so the simulator and
 * the advisor play it through the one turn engine like every other goal model.
 */
export function jointReachModel(rs: RuleSet, table: JointReachTable, need: number): JointReachModel {
  const c = compileRules(rs);
  const J = table.layout;
  const R = c.dice.rollCount;
  const counts = c.dice.keepCounts;
  const chance = (next: GameState, n: number) => jointReachProbability(table, jointIndex(J, next), n);
  // Each state's option sets, made on first use: a turn is evaluated for many needs.
  const known = [new Map<number, StateOptions>(), new Map<number, StateOptions>()];
  // Only a first-roll-only column makes the first roll's entries differ from a reroll's.
  const firstDiffers = rs.columns.some((col) => col.fill === 'first-roll-only');
  const setValues = new Float64Array(R);
  const fill = (state: GameState, x: number, firstRoll: boolean, dst: Float64Array) => {
    const memo = known[firstRoll ? 1 : 0];
    let opts = memo.get(x);
    if (!opts) memo.set(x, (opts = optionsOf(rs, J, state, counts, R, firstRoll)));
    for (let s = 0; s < opts.next.length; s++) {
      let v = 0;
      const next = opts.next[s];
      const gain = opts.gain[s];
      for (let k = 0; k < next.length; k++) v = Math.max(v, jointReachProbability(table, next[k], model.need - gain[k]));
      setValues[s] = v;
    }
    for (let r = 0; r < R; r++) dst[r] = setValues[opts.setOf[r]];
  };
  const model: JointReachModel = {
    rs,
    c,
    exact: true,
    valueKind: 'probability',
    need,
    value: (state) => chance(state, model.need),
    valueAfter: (next, gain) => chance(next, model.need - gain),
    fillScoreNow(state, first, later) {
      const x = jointIndex(J, state);
      fill(state, x, false, later);
      if (firstDiffers) fill(state, x, true, first);
      else first.set(later.subarray(0, R));
    },
  };
  return model;
}
