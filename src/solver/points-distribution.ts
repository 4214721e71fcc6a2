import type { CompiledRules } from './compiled-rules.ts';
import { decodeState } from './column-layout.ts';
import type { ReachTask } from './lane-task.ts';
import type { ReachTable } from './reach-table.ts';
import { chooseScores, createScoreChoices, type ScoreChoices } from './score-choice.ts';
import type { DiceTables } from '../dice/index.ts';
import { createTurnWorkspace, type TurnWorkspace } from './turn-engine.ts';

/**
 * The distribution of the points still to come under optimal expected-score play (how an
 * opponent who plays for points will finish). The play is fixed by the expected values, so a
 * turn is linear in the next states' distributions: D(s) = Σ over final rolls r of P(r) · D(s'_r)
 * shifted by the points g_r scored. The holds are the turn engine's own in select mode over one
 * lane (the expected values), which tells each keep's source; P(r) is found by carrying each
 * first roll's chance through those holds (the transpose of the engine's mean over the dice),
 * and the rolls that end in the same entry are summed before their distribution is read. Where w
 * is the cap, lane cap holds P(>= cap), so shifting adds the mass pushed past it.
 *
 * Before, the whole distribution ran through the engine as one lane per number of points, lane 0
 * choosing (up to 602 lanes of per-keep arrays per state): the yahtzee table took 100 s on two
 * threads, whole process, against 22-24 s this way.
 */
export interface DistributionSolver {
  c: CompiledRules;
  choices: ScoreChoices;
  /** one lane in select mode: the expected values, whose choices the distribution follows */
  turn: TurnWorkspace;
  /** per keep: the hold chosen before the third roll, then before the second (the kernel's `source`) */
  src3: Int32Array;
  src2: Int32Array;
  /** per keep: chance of holding it, then per full roll the chance of rolling it; `second`: the rolls' after the second roll */
  mass: Float64Array;
  second: Float64Array;
  /** the entries the final rolls end in: next state, points, summed chance */
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
    turn: createTurnWorkspace(t, 1, 'select'),
    src3: new Int32Array(t.keepCount),
    src2: new Int32Array(t.keepCount),
    mass: new Float64Array(t.keepCount),
    second: new Float64Array(t.rollCount),
    entryNext: new Int32Array(t.rollCount),
    entryGain: new Int32Array(t.rollCount),
    entryWeight: new Float64Array(t.rollCount),
    out: new Float64Array(cap + 1),
  };
}

const SIXTH = 1 / 6;

/** Carries `mass` (per keep held) down to the full rolls it ends in: the transpose of the engine's mean over one more die. */
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
  const { c, choices, src3, src2, mass, second, entryNext, entryGain, entryWeight, out } = s;
  const t = c.dice;
  const { width, offset, next, cap } = task;
  const values = task.values!;
  const R = t.rollCount;
  for (const state of task.states) {
    const w = width[state];
    const { mask, upper, flag } = decodeState(c.layout, state);
    chooseScores(c, values, 1, mask, upper, flag, choices);
    // The holds the expected values choose before the third roll, then before the second: the
    // engine's own turn in select mode, one lane, reading which keep each row came from.
    const ws = s.turn;
    ws.scoreLater.set(choices.value.subarray(0, R));
    ws.fillKeepValues(ws.hold3);
    ws.maxOverHolds(ws.hold3, ws.hold2);
    src3.set(ws.source);
    ws.fillKeepValues(ws.hold2);
    ws.maxOverHolds(ws.hold2, ws.roll1);
    src2.set(ws.source);
    // The chance of each roll after the second roll, then after the third.
    mass.fill(0);
    for (let r = 0; r < R; r++) mass[src2[r]] += t.rollProbability[r];
    rollMass(t, mass);
    second.set(mass.subarray(0, R));
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
        // Less the lane j = cap - g the loop above added there already, if it did (a gain above the cap adds none).
        out[cap] += p * tail - (cap - g >= 0 && cap - g <= top ? p * next[base + cap - g] : 0);
      }
    }
    task.level.set(out.subarray(0, w + 1), offset[state]);
  }
}

/** P(points still to come = k) from a finished distribution table (k = cap: P(>= cap)). */
export function distributionAt(t: ReachTable, state: number, k: number): number {
  const { lo, values } = t.row(state);
  const i = k - lo;
  return i >= 0 && i < values.length ? values[i] : 0;
}
