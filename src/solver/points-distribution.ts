import type { CompiledRules } from './compiled-rules.ts';
import { decodeState } from './column-layout.ts';
import type { ReachTask } from './lane-task.ts';
import type { ReachTable } from './reach-table.ts';
import { chooseScores, createScoreChoices, type ScoreChoices } from './score-choice.ts';
import type { DiceTables } from '../dice/index.ts';
import { maxPlan, type MaxPlan } from './turn-engine.ts';

/**
 * The distribution of the points still to come under optimal expected-score play (how an
 * opponent who plays for points will finish). The play is fixed by the expected values (the
 * `select` mode's lane 0: the same comparisons, ties settled the same way), so a turn is linear
 * in the next states' distributions: D(s) = Σ over final rolls r of P(r) · D(s'_r) shifted by the
 * points g_r scored. P(r) is found once per state by carrying each first roll's chance through
 * the holds the expected values choose (the transpose of the engine's mean over the dice), and
 * the rolls that end in the same entry are summed before their distribution is read. Where w is
 * the cap, lane cap holds P(>= cap), so shifting adds the mass pushed past it.
 *
 * Before, the whole distribution ran through the turn engine as one lane per number of points,
 * lane 0 choosing (up to 602 lanes of per-keep arrays per state); the yahtzee-free-joker table
 * took 88 s on 2 threads that way.
 */
export interface DistributionSolver {
  c: CompiledRules;
  choices: ScoreChoices;
  plan: MaxPlan;
  /** per keep: expected value of holding it (lane 0), and the best value over it and its sub-keeps */
  hold: Float64Array;
  best: Float64Array;
  /** per keep: the keep whose hold gives `best` (itself, or a sub-keep's) */
  src3: Int32Array;
  src2: Int32Array;
  /** per keep: chance of holding it, then per full roll the chance of rolling it */
  mass: Float64Array;
  /** per final roll: its entry's slot in `entryWeight`, and per entry the next state, the points and the summed chance */
  entryOf: Int32Array;
  entryNext: Int32Array;
  entryGain: Int32Array;
  entryWeight: Float64Array;
  out: Float64Array;
}

export function createDistributionSolver(c: CompiledRules, cap: number): DistributionSolver {
  const t = c.dice;
  return {
    c,
    choices: createScoreChoices(c),
    plan: maxPlan(t),
    hold: new Float64Array(t.keepCount),
    best: new Float64Array(t.keepCount),
    src3: new Int32Array(t.keepCount),
    src2: new Int32Array(t.keepCount),
    mass: new Float64Array(t.keepCount),
    entryOf: new Int32Array(t.rollCount),
    entryNext: new Int32Array(t.rollCount),
    entryGain: new Int32Array(t.rollCount),
    entryWeight: new Float64Array(t.rollCount),
    out: new Float64Array(cap + 1),
  };
}

const SIXTH = 1 / 6;

/** a[k] for every partial keep: the mean over one more die, summed as the engine sums it. */
function fillKeepMeans(t: DiceTables, a: Float64Array): void {
  const add = t.addDie;
  for (let k = t.rollCount; k < t.keepCount; k++) {
    const o = k * 6;
    a[k] = (a[add[o]] + a[add[o + 1]] + a[add[o + 2]] + a[add[o + 3]] + a[add[o + 4]] + a[add[o + 5]]) * SIXTH;
  }
}

/**
 * best[k] = the larger of hold[k] and its sub-keeps' best, in the plan's order (smaller keeps
 * first), a sub-keep replacing only when strictly larger: the engine's select mode. src[k] is the
 * keep whose hold value that is.
 */
function selectHolds(plan: MaxPlan, hold: Float64Array, best: Float64Array, src: Int32Array): void {
  const { groups, rows } = plan;
  for (let g = 0; g < groups.length; g += 3) {
    const d = groups[g];
    const end = groups[g + 1] + groups[g + 2] * (d + 1);
    for (let o = groups[g + 1]; o < end; o += d + 1) {
      const k = rows[o];
      let v = hold[k];
      let from = k;
      for (let i = 1; i <= d; i++) {
        const sub = rows[o + i];
        if (best[sub] > v) {
          v = best[sub];
          from = src[sub];
        }
      }
      best[k] = v;
      src[k] = from;
    }
  }
}

/** Carries `mass` (per keep held) down to the full rolls it ends in: the transpose of fillKeepMeans. */
function rollMass(t: DiceTables, mass: Float64Array): void {
  const add = t.addDie;
  for (let k = t.keepCount - 1; k >= t.rollCount; k--) {
    const m = mass[k] * SIXTH;
    if (m === 0) continue;
    const o = k * 6;
    for (let f = 0; f < 6; f++) mass[add[o + f]] += m;
  }
}

export function solveDistributionStates(s: DistributionSolver, task: ReachTask): void {
  const { c, choices, plan, hold, best, src3, src2, mass, entryOf, entryNext, entryGain, entryWeight, out } = s;
  const t = c.dice;
  const { width, offset, next, cap } = task;
  const values = task.values!;
  const R = t.rollCount;
  for (const state of task.states) {
    const w = width[state];
    const { mask, upper, flag } = decodeState(c.layout, state);
    chooseScores(c, values, 1, mask, upper, flag, choices);
    // The holds the expected values choose before the third roll, then before the second.
    hold.set(choices.value.subarray(0, R));
    fillKeepMeans(t, hold);
    selectHolds(plan, hold, best, src3);
    hold.set(best.subarray(0, R));
    fillKeepMeans(t, hold);
    selectHolds(plan, hold, best, src2);
    // The chance of each roll after the second roll, then after the third.
    mass.fill(0);
    for (let r = 0; r < R; r++) mass[src2[r]] += t.rollProbability[r];
    rollMass(t, mass);
    const second = mass.slice(0, R);
    mass.fill(0);
    for (let r = 0; r < R; r++) mass[src3[r]] += second[r];
    rollMass(t, mass);
    // The final rolls by entry (next state and points), then their distributions shifted and summed.
    let entries = 0;
    for (let r = 0; r < R; r++) {
      let e = 0;
      while (e < entries && (entryNext[e] !== choices.next[r] || entryGain[e] !== choices.gain[r])) e++;
      if (e === entries) {
        entryNext[e] = choices.next[r];
        entryGain[e] = choices.gain[r];
        entryWeight[e] = 0;
        entries++;
      }
      entryOf[r] = e;
      entryWeight[e] += mass[r];
    }
    out.fill(0, 0, w + 1);
    for (let e = 0; e < entries; e++) {
      const p = entryWeight[e];
      if (p === 0) continue;
      const g = entryGain[e];
      const nx = entryNext[e];
      const base = offset[nx];
      const wn = width[nx];
      // D(s', j) lands at j + g; at the cap, everything from cap - g up is P(>= cap).
      const top = Math.min(wn, w - g);
      for (let j = 0; j <= top; j++) out[j + g] += p * next[base + j];
      if (w === cap && g + wn >= cap) {
        let tail = 0;
        for (let j = Math.max(0, cap - g); j <= wn; j++) tail += next[base + j];
        out[cap] += p * tail - (cap - g <= top ? p * next[base + cap - g] : 0);
      }
    }
    task.level.set(out.subarray(0, w + 1), offset[state]);
  }
}

/** P(points still to come = k) from a finished distribution table (k = cap: P(>= cap)). */
export function distributionAt(t: ReachTable, state: number, k: number): number {
  const i = k - t.lo[state];
  return i >= 0 && i < t.count[state] ? t.values[t.offset[state] + i] : 0;
}
