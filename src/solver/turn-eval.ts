import { subKeepsOf } from '../dice/index.ts';
import { optionValue, type GameModel } from './game-model.ts';
import type { GameState, ScoreOption } from './game-state.ts';
import { NO_BOX } from './score-now.ts';
import { scoreOptions } from './game-state.ts';
import { createTurnWorkspace, evaluateHolds, evaluateTurn, type TurnResults, type TurnWorkspace } from './turn-engine.ts';

/**
 * One turn-start state evaluated by the turn engine: the value of every hold before each reroll
 * and of every roll. The advisor, the game analysis and the simulator all decide through this.
 */
export interface TurnEval {
  model: GameModel;
  state: GameState;
  /** expected points still to come from the start of this turn; NaN where only the holds were evaluated */
  value: number;
  first: Float64Array;
  later: Float64Array;
  /** the engine's results: its own workspace, or a copy kept by a cache (not evaluated again) */
  ws: TurnResults;
  /**
   * The engine's hold decisions already taken from these values (`engineHold`), by
   * (rollsLeft - 1) * rollCount + roll; -1 = not yet. Reset whenever the values change.
   */
  decisions: Int16Array;
  /**
   * The engine's box choices already taken (`engineBox`), by (firstRoll ? rollCount : 0) + roll
   * (plain columns: by roll alone), as column × boxes per column + box; NO_BOX (score-now.ts) = not yet. Reset
   * whenever the state changes.
   */
  boxes: Uint8Array;
}

/**
 * Two values closer than this are the same value: the engine and the option list sum the same
 * terms in different orders, so a true tie can differ by an ulp. Advice lists a tied score option
 * first; analysis rates a tied choice as the best (loss 0).
 */
export const TIE_EPSILON = 1e-9;

export function createTurnEval(model: GameModel): TurnEval {
  const R = model.c.dice.rollCount;
  return {
    model,
    state: { columns: [] },
    value: 0,
    first: new Float64Array(R),
    later: new Float64Array(R),
    ws: createTurnWorkspace(model.c.dice),
    decisions: new Int16Array(2 * R).fill(-1),
    boxes: new Uint8Array(2 * R).fill(NO_BOX),
  };
}

function isWorkspace(ws: TurnResults): ws is TurnWorkspace {
  return 'evaluate' in ws;
}

/**
 * Runs the turn engine for `state` into `te` (reusing its buffers) and returns it. `holdsOnly`:
 * only what decisions read (score-now and hold values, `evaluateHolds`), for players; the turn's
 * value is then NaN and its first-roll values are not filled.
 */
export function evaluateState(te: TurnEval, state: GameState, holdsOnly = false): TurnEval {
  if (!isWorkspace(te.ws)) throw new Error('a cached turn evaluation holds copies; evaluate with a TurnEval from createTurnEval');
  te.state = state;
  te.boxes.fill(NO_BOX);
  te.model.fillScoreNow(state, te.first, te.later, te.boxes);
  if (holdsOnly) {
    evaluateHolds(te.model.c.dice, te.later, te.ws);
    te.value = NaN;
  } else te.value = evaluateTurn(te.model.c.dice, te.first, te.later, te.ws);
  te.decisions.fill(-1);
  return te;
}

/**
 * `evaluateState` for `model` in `te`'s buffers: a goal model aimed anew per request or turn
 * (ThresholdModel.aim) reuses one evaluation's memory. `model` rolls the same dice as te's.
 */
export function evaluateStateFor(te: TurnEval, model: GameModel, state: GameState, holdsOnly = false): TurnEval {
  if (model.c.dice !== te.model.c.dice) throw new Error(`TurnEval of ${te.model.rs.id} asked to evaluate ${model.rs.id}`);
  te.model = model;
  return evaluateState(te, state, holdsOnly);
}

export interface HoldOption {
  /** keep index (see dice-tables.ts) */
  keep: number;
  /** expected points still to come after holding these dice and rerolling the rest */
  ev: number;
}

/** Every distinct hold of roll `rollKeep` with `rollsLeft` rerolls left (1 or 2), best first. */
export function holdOptions(te: TurnEval, rollKeep: number, rollsLeft: 1 | 2): HoldOption[] {
  const hold = rollsLeft === 2 ? te.ws.hold2 : te.ws.hold3;
  return subKeepsOf(te.model.c.dice, rollKeep)
    .map((keep) => ({ keep, ev: hold[keep] }))
    .sort((a, b) => b.ev - a.ev || a.keep - b.keep);
}

/** The best hold without building the option list (the simulator's hot path). */
export function bestHold(te: TurnEval, rollKeep: number, rollsLeft: 1 | 2): HoldOption {
  const keep = bestHoldKeep(te, rollKeep, rollsLeft);
  return { keep, ev: (rollsLeft === 2 ? te.ws.hold2 : te.ws.hold3)[keep] };
}

/** `bestHold`'s keep without allocating: the first of the highest-valued sub-keeps of the roll. */
export function bestHoldKeep(te: TurnEval, rollKeep: number, rollsLeft: 1 | 2): number {
  const hold = rollsLeft === 2 ? te.ws.hold2 : te.ws.hold3;
  const { rollHoldStart, rollHoldList } = te.model.c.dice;
  let best = -1;
  let ev = -Infinity;
  for (let i = rollHoldStart[rollKeep], e = rollHoldStart[rollKeep + 1]; i < e; i++) {
    const keep = rollHoldList[i];
    if (hold[keep] > ev) {
      ev = hold[keep];
      best = keep;
    }
  }
  return best;
}

export interface RankedScoreOption extends ScoreOption {
  /** gain + value of the next state */
  ev: number;
}

/** Every legal box for roll `rollKeep` (full roll), best first. */
export function rankedScoreOptions(te: TurnEval, rollKeep: number, firstRoll: boolean): RankedScoreOption[] {
  const { model } = te;
  const counts = model.c.dice.keepCounts.subarray(rollKeep * 6, rollKeep * 6 + 6);
  // A literal, not `{ ...o, ev }`: V8 copies these options by spread about ten times slower.
  return scoreOptions(model.rs, te.state, counts, firstRoll)
    .map((o) => ({ column: o.column, box: o.box, points: o.points, bonus: o.bonus, gain: o.gain, next: o.next, ev: optionValue(model, o.next, o.gain) }))
    .sort((a, b) => b.ev - a.ev || a.column - b.column || a.box - b.box);
}
