import type { CompiledRules } from './compiled-rules.ts';
import { decodeState, popcount } from './column-layout.ts';
import type { ReachTask } from './lane-task.ts';
import type { OutlookTable } from './outlook-table.ts';
import { chooseScores, createScoreChoices, type ScoreChoices } from './score-choice.ts';
import { createTurnWorkspace, evaluateTurn, evaluateTurnValue, type TurnWorkspace } from './turn-engine.ts';

/**
 * The outlook of expected-score play from a state: for every open box, the points it will finally
 * hold and the chance that they are 0; the chance of the upper bonus still to be earned; the
 * Yahtzee bonus points still to come. A state's lanes, in this order (m open boxes, ascending):
 *
 *   0 .. m-1     E[points the open box will hold]
 *   m .. 2m-1    P(the open box ends at 0)
 *   2m           P(the upper bonus is earned in a later turn)       where the rule set has one
 *   2m (+1)      E[Yahtzee bonus points still to come]              where the rule set has one
 *
 * The play is the expected-score table's: the turn engine runs in `select-ties` mode with lane 0
 * the expected value, which makes every choice, the other lanes following it. The tie rule:
 * values within 1e-9 (TIE_EPSILON) are equal, and then stopping to score wins over rerolling,
 * and a hold of more dice over one of fewer (the keep itself, then the first sub-keep higher by
 * more than 1e-9). Holds equal in exact arithmetic (with one reroll left, 3 3 3 or 3 3 3 4 when
 * the 4 can no longer count) come out an ulp apart in floating point; left to the ulp, the choice
 * moved three of a kind's chance of a zero at the start of a free-Joker game from Verhoeff's
 * 0.0326 to 0.03245. Each roll's box is `chooseScores`' (the first box of the best zero-score
 * entry, replaced only by a strictly better entry; no two boxes tie within 1e-9 in any state of
 * the five exact rule sets). Every lane is then linear in the next states' lanes:
 * scoring p points in box b with bonuses gives b's lanes (p, [p = 0]), the bonuses' lanes and the
 * other boxes' lanes of the next state. Summed, E of the boxes + upper bonus × P + Yahtzee bonus
 * is the state's expected value (the sum identity the tests check to 1e-9).
 *
 * A table of these lanes per state (build-lane-table.ts buildOutlookTable; outlook-table.ts) lets
 * a hint run one turn over them: a state's lanes need every state after it, which on demand from
 * an early state is the whole game.
 */

/** Lanes of the bonuses a rule set has: the upper bonus's chance, the Yahtzee bonus's points. */
export function bonusLanes(c: CompiledRules): number {
  return (c.rs.upperBonus.points > 0 ? 1 : 0) + (c.rs.yahtzeeBonus > 0 ? 1 : 0);
}

/** Outlook lanes of a state whose filled boxes are `mask`: two per open box and one per bonus. */
export function outlookWidth(c: CompiledRules, mask: number): number {
  return 2 * (c.rs.boxes.length - popcount(mask)) + bonusLanes(c);
}

/** Where a state's outlook lanes are read: a level buffer during the build, a finished table's values after. */
export interface OutlookSource {
  lanes: Float64Array | Float32Array;
  offset: Int32Array | Uint32Array;
}

export function outlookSourceOf(t: OutlookTable): OutlookSource {
  return { lanes: t.values, offset: t.offset };
}

export interface OutlookSolver {
  c: CompiledRules;
  choices: ScoreChoices;
  /** select mode, up to 1 + the widest state's lanes */
  turn: TurnWorkspace;
  /** per box: its place among the open boxes of the state being solved */
  local: Int8Array;
}

export function createOutlookSolver(c: CompiledRules): OutlookSolver {
  const lanes = 1 + outlookWidth(c, 0);
  return { c, choices: createScoreChoices(c), turn: createTurnWorkspace(c.dice, lanes, 'select-ties'), local: new Int8Array(c.rs.boxes.length) };
}

/** One entry of the turn (box, points, gain, next state) as a state's lanes. */
export interface OutlookEntry {
  box: number;
  points: number;
  /** points + the bonuses the entry earns */
  gain: number;
  /** slot of the next state */
  next: number;
}

/**
 * Writes the outlook lanes (1..w, lane 0 left to the caller) that scoring `e` gives, in the lane
 * order of state (mask, upper): box e.box's lanes are its points and whether they are 0, the
 * other open boxes' and the bonuses' come from the next state, plus the bonuses this entry earns.
 */
export function writeEntryLanes(s: OutlookSolver, src: OutlookSource, mask: number, upper: number, e: OutlookEntry, out: Float64Array, at: number): void {
  const { c, local } = s;
  const m = c.rs.boxes.length - popcount(mask);
  const { lanes, offset } = src;
  const no = offset[e.next];
  const ib = local[e.box];
  const p = e.points;
  // E lanes, then P(0) lanes: the next state lacks box e.box, so its later boxes sit one lane lower.
  let o = at + 1;
  for (let i = 0; i < ib; i++) out[o + i] = lanes[no + i];
  out[o + ib] = p;
  for (let i = ib + 1; i < m; i++) out[o + i] = lanes[no + i - 1];
  o += m;
  const nz = no + m - 1;
  for (let i = 0; i < ib; i++) out[o + i] = lanes[nz + i];
  out[o + ib] = p === 0 ? 1 : 0;
  for (let i = ib + 1; i < m; i++) out[o + i] = lanes[nz + i - 1];
  o += m;
  let nb = no + 2 * (m - 1);
  let bonus = e.gain - p;
  const UB = c.rs.upperBonus.points;
  if (UB > 0) {
    // Crossed now: the canonical upper total lies below the threshold and this box reaches it
    // (column-layout.ts: with the canonical total, p reaches it exactly when the raw total does).
    const T = c.layout.threshold;
    const crossed = e.box < 6 && upper < T && upper + p >= T ? 1 : 0;
    out[o++] = lanes[nb++] + crossed;
    bonus -= crossed * UB;
  }
  if (c.rs.yahtzeeBonus > 0) out[o] = lanes[nb] + bonus;
}

/**
 * Fills the turn's score-now rows for state (mask, upper, flag): per roll, lane 0 the best entry's
 * value (gain + value of its next state, from `values`) and lanes 1..w its outlook. Returns the
 * lanes per row (1 + w), which the workspace is set to.
 */
export function outlookScoreNow(s: OutlookSolver, values: Float64Array, src: OutlookSource, mask: number, upper: number, flag: number): number {
  const { c, choices, turn, local } = s;
  const B = c.rs.boxes.length;
  for (let b = 0, i = 0; b < B; b++) local[b] = mask & (1 << b) ? -1 : i++;
  const L = 1 + outlookWidth(c, mask);
  turn.lanes = L;
  chooseScores(c, values, 1, mask, upper, flag, choices);
  const rows = turn.scoreLater;
  const e: OutlookEntry = { box: 0, points: 0, gain: 0, next: 0 };
  for (let r = 0, at = 0; r < c.dice.rollCount; r++, at += L) {
    rows[at] = choices.value[r];
    e.box = choices.box[r];
    e.points = choices.points[r];
    e.gain = choices.gain[r];
    e.next = choices.next[r];
    writeEntryLanes(s, src, mask, upper, e, rows, at);
  }
  return L;
}

/** Solves a lane task's states (kind `outlook`): each state's lanes 1..w into the level buffer. */
export function solveOutlookStates(s: OutlookSolver, task: ReachTask): void {
  const values = task.values!;
  const src: OutlookSource = { lanes: task.next, offset: task.offset };
  const t = s.c.dice;
  for (const state of task.states) {
    const { mask, upper, flag } = decodeState(s.c.layout, state);
    const L = outlookScoreNow(s, values, src, mask, upper, flag);
    evaluateTurnValue(t, s.turn.scoreLater, s.turn.scoreLater, s.turn);
    task.level.set(s.turn.value.subarray(1, L), task.offset[state]);
  }
}

/**
 * Runs the whole turn of state (mask, upper, flag) over its outlook lanes from a finished table:
 * afterwards s.turn holds, with s.turn.lanes lanes per row, the turn start (value), each first
 * roll (roll1), each hold before the second and the third roll (hold2, hold3) under expected-score
 * play, lane 0 the expected points to come. Returns the lanes per row.
 */
export function evaluateOutlookTurn(s: OutlookSolver, values: Float64Array, table: OutlookTable, mask: number, upper: number, flag: number): number {
  const L = outlookScoreNow(s, values, outlookSourceOf(table), mask, upper, flag);
  evaluateTurn(s.c.dice, s.turn.scoreLater, s.turn.scoreLater, s.turn);
  return L;
}
