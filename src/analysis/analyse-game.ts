import type { RuleSet } from '../rules/index.ts';
import { isPlainSingleColumn } from '../rules/index.ts';
import type { GameModel, GameState, OutlookTable, RankedScoreOption, ReachTable, TurnCache, TurnEval } from '../solver/index.ts';
import { decideHold } from '../solver/engine-decisions.ts';
import { createEntryScratch, scoreEntry, type EntryScratch } from '../solver/score-entry.ts';
import { boxCount, turnCount, createTurnCache, createTurnEval, evaluateState, holdValue, initialState, isFinished, optionValue, rankedScoreOptions, reachGoalModel, TIE_EPSILON } from '../solver/index.ts';
import { illegalBoxReason } from './illegal-box.ts';
import { DECISION_FIELDS, scoreCode, unpackResult, type PackedResult } from './packed-result.ts';
import { readRecord, readTurn } from './read-record.ts';
import { gameError, type GameResult, type ReviewedGoal } from './types.ts';
import { explainTurn, startExplanation, writeBox, type MistakeExplainer } from './explain-mistakes.ts';

/**
 * Game review: every decision of a recorded game rated by the engine, as a chess engine reviews
 * moves. All values are "expected points still to come from the start of the turn", so a hold
 * (te.ws.hold2 / hold3), a box (points + bonuses + value of the next state) and the state values
 * are on one scale, and per turn: value at start + luck of the rolls - losses = points + value of
 * the next state. Summed over the game that gives luck = final - start value + total loss.
 */
export interface Analyser {
  model: GameModel;
  startValue: number;
  turns: Pick<TurnCache, 'get'>;
  /** decisions of the game being analysed, DECISION_FIELDS numbers each */
  scratch: Float64Array;
  /**
   * Set for a review for a goal other than points: values are the chance of finishing with at
   * least `score` (reach), or the expected share of the stake (win).
   */
  goal?: ReviewedGoal;
  /**
   * Called before each turn is evaluated (turn = 1-based index, score and state at its start) and
   * once after the last (turn = turns + 1): a goal model that depends on them is set here.
   */
  beginTurn?: (turn: number, score: number, state: GameState) => void;
  /** set to explain the mistakes (points reviews of exact single-column rule sets): explain-mistakes.ts */
  explain?: MistakeExplainer;
}

/** Turn evaluations an analyser keeps, about 8.4 KB each for five dice. */
export const REVIEW_CACHE_ENTRIES = 1024;

export function createAnalyser(model: GameModel, cacheEntries?: number): Analyser {
  return {
    model,
    startValue: model.value(initialState(model.rs)),
    // Every game of a batch starts in the same state and good games share many early and late
    // states: over 5,000 games of half optimal, half noisy play a third of the turns hit. 1,024
    // entries (8 MB) review 20,000 heuristic games with no more CPU than 2,048 and 20 MB less
    // peak memory on two threads: the states a weak player reaches rarely come back.
    turns: createTurnCache(model, { entries: cacheEntries ?? REVIEW_CACHE_ENTRIES }),
    // At most two holds and one box per turn.
    scratch: new Float64Array(boxCount(model.rs) * 3 * DECISION_FIELDS),
  };
}

const analysers = new WeakMap<GameModel, Analyser>();

/**
 * An analyser for the chance of finishing with at least `target`: every turn is evaluated for the
 * points still needed at its start (no cache: the same state needs another target each game).
 */
export function createReachAnalyser(rs: RuleSet, table: ReachTable, target: number): Analyser {
  const model = reachGoalModel(rs, table, target);
  const te = createTurnEval(model);
  return {
    model,
    startValue: model.value(initialState(rs)),
    turns: { get: (state) => evaluateState(te, state) },
    scratch: new Float64Array(boxCount(rs) * 3 * DECISION_FIELDS),
    goal: { type: 'reach', score: target },
    beginTurn: (_turn, score) => {
      model.need = target - score;
    },
  };
}

const explaining = new WeakMap<GameModel, Analyser>();

/**
 * An analyser that also explains each mistake from the rule set's outlook table (one per model,
 * sharing the plain analyser's turn cache). The model must be exact and single-column.
 */
export function explainingAnalyser(model: GameModel, table: OutlookTable): Analyser {
  let a = explaining.get(model);
  if (!a || a.explain?.table !== table) {
    if (!model.table) throw new Error(`${model.rs.id}'s model has no exact table to explain its choices with`);
    a = { ...analyserFor(model), explain: { table, values: model.table } };
    explaining.set(model, a);
  }
  return a;
}

/** One analyser (and turn cache) per model, so repeated calls share evaluated states. */
export function analyserFor(model: GameModel): Analyser {
  let a = analysers.get(model);
  if (!a) {
    a = createAnalyser(model);
    analysers.set(model, a);
  }
  return a;
}

/** Analyses one game record (any JSON value) with the model of its rule set. */
export function analyseGame(model: GameModel, record: unknown): GameResult {
  return unpackResult(analysePacked(analyserFor(model), record));
}

/** As `analyseGame`, with an explicit analyser (its turn cache is reused across games). */
export function analyseWith(a: Analyser, record: unknown): GameResult {
  return unpackResult(analysePacked(a, record));
}

/** Appends one rated decision; a choice within TIE_EPSILON of the best is the best, loss exactly 0. */
function pushDecision(out: Float64Array, n: number, turn: number, roll: number, rollKeep: number, kind: number, chosen: number, chosenEv: number, best: number, bestEv: number): number {
  const tie = chosenEv >= bestEv - TIE_EPSILON;
  out[n] = turn;
  out[n + 1] = roll;
  out[n + 2] = kind;
  out[n + 3] = chosen;
  out[n + 4] = chosenEv;
  out[n + 5] = tie ? chosen : best;
  out[n + 6] = tie ? chosenEv : bestEv;
  out[n + 7] = tie ? 0 : bestEv - chosenEv;
  out[n + 8] = rollKeep;
  return n + DECISION_FIELDS;
}

/** A hold before roll + 1, rated against the engine's decision (`decideHold`). */
function rateHold(te: TurnEval, out: Float64Array, n: number, turn: number, roll: number, rollKeep: number, holdKeep: number): number {
  const rollsLeft = roll === 1 ? 2 : 1;
  const chosenEv = holdValue(te.ws, rollsLeft, holdKeep);
  const best = decideHold(te, rollKeep, rollsLeft);
  // After a reroll, stopping is holding every die; right after the first roll an entry can be
  // worth more (Superpass's first-roll-only column): then the best is that box.
  if (best.stop && roll === 1) {
    const top = rankedScoreOptions(te, rollKeep, true)[0];
    return pushDecision(out, n, turn, roll, rollKeep, 0, holdKeep, chosenEv, scoreCode(top.column, top.box), top.ev);
  }
  return pushDecision(out, n, turn, roll, rollKeep, 0, holdKeep, chosenEv, best.keep, best.ev);
}

/** The box; before the third roll rerolling was an option too, so the best may be a hold. */
function rateScore(te: TurnEval, out: Float64Array, n: number, turn: number, roll: number, rollKeep: number, top: { column: number; box: number; ev: number }, chosen: RankedScoreOption): number {
  const code = scoreCode(chosen.column, chosen.box);
  if (roll < 3) {
    const best = decideHold(te, rollKeep, roll === 1 ? 2 : 1);
    if (!best.stop) return pushDecision(out, n, turn, roll, rollKeep, 1, code, chosen.ev, best.keep, best.ev);
  }
  return pushDecision(out, n, turn, roll, rollKeep, 1, code, chosen.ev, scoreCode(top.column, top.box), top.ev);
}

/** A box choice as `rankedScoreOptions` rates it: the chosen box's value, gain and next state against the best box. */
interface RatedBox {
  chosen: RankedScoreOption;
  top: { column: number; box: number; ev: number };
}

const entryScratch = new WeakMap<GameModel, { e: EntryScratch; next: GameState }>();

/**
 * `rankedScoreOptions` for a plain column (one column, any fill order, no zero rule) without
 * building the list: every free box scored by `scoreEntry` (the same arithmetic) and valued as
 * `optionValue` values it; the best is the first of the highest, as the list's sort puts it.
 * Undefined when the chosen box is not legal: the caller words why from the full list.
 */
function ratePlainBox(model: GameModel, te: TurnEval, rollKeep: number, chosenBox: number): RatedBox | undefined {
  let s = entryScratch.get(model);
  if (!s) {
    const e = createEntryScratch();
    s = { e, next: { columns: [e.next] } };
    entryScratch.set(model, s);
  }
  const { e, next } = s;
  const col = te.state.columns[0];
  const B = model.rs.boxes.length;
  let bestEv = -Infinity;
  let bestBox = -1;
  let chosen: RankedScoreOption | undefined;
  for (let b = 0; b < B; b++) {
    if ((col.mask & (1 << b)) !== 0 || !scoreEntry(model.c, col, rollKeep, b, e)) continue;
    const ev = optionValue(model, next, e.gain);
    if (ev > bestEv) {
      bestEv = ev;
      bestBox = b;
    }
    if (b === chosenBox) {
      const state: GameState = { columns: [{ mask: e.next.mask, upper: e.next.upper, yahtzee50: e.next.yahtzee50 }] };
      chosen = { column: 0, box: b, points: e.points, bonus: e.upperBonus + e.yahtzeeBonus, gain: e.gain, next: state, ev };
    }
  }
  return chosen && { chosen, top: { column: 0, box: bestBox, ev: bestEv } };
}

/** The analysis with decisions in packed form (see packed-result.ts): what workers send back. */
export function analysePacked(a: Analyser, input: unknown): PackedResult {
  const { model, scratch } = a;
  const rs = model.rs;
  const dice = model.c.dice;
  const plain = isPlainSingleColumn(rs);
  const head = readRecord(input);
  if ('error' in head) return head;
  if (head.id !== rs.id) return gameError(0, 0, `the record is for ${head.id}, but this analysis runs ${rs.id}`);
  let state: GameState = initialState(rs);
  let score = 0;
  let n = 0;
  let totalLoss = 0;
  const points: number[] = [];
  const explained = a.explain ? startExplanation(model) : undefined;
  for (let ti = 0; ti < head.turns.length; ti++) {
    const turn = ti + 1;
    if (isFinished(rs, state)) {
      return gameError(turn, 0, `too many turns: ${rs.id} has ${turnCount(rs)} turns, so the game ended after turn ${ti}`);
    }
    const read = readTurn(rs, dice, head.turns[ti], turn);
    if ('error' in read) return read;
    a.beginTurn?.(turn, score, state);
    const te = a.turns.get(state);
    for (let i = 0; i < read.holds.length; i++) n = rateHold(te, scratch, n, turn, i + 1, read.rolls[i], read.holds[i]);
    const roll = read.rolls.length;
    const rollKeep = read.rolls[roll - 1];
    // The turn's own model: a goal review may value some turns with another (the win goal's end game).
    let rated = plain ? ratePlainBox(te.model, te, rollKeep, read.box) : undefined;
    if (!rated) {
      const options = rankedScoreOptions(te, rollKeep, roll === 1);
      const chosen = options.find((o) => o.column === read.column && o.box === read.box);
      if (!chosen) return gameError(turn, roll, illegalBoxReason(rs, state, dice.keepCounts.subarray(rollKeep * 6, rollKeep * 6 + 6), read, options));
      rated = { chosen, top: options[0] };
    }
    const { chosen, top } = rated;
    const turnFrom = n - read.holds.length * DECISION_FIELDS;
    n = rateScore(te, scratch, n, turn, roll, rollKeep, top, chosen);
    if (explained) {
      const col = state.columns[0];
      explainTurn(a.explain!, model, explained, col, scratch, turnFrom, n);
      writeBox(model, explained, col, chosen.box, chosen.points, chosen.bonus);
    }
    state = chosen.next;
    score += chosen.gain;
    points.push(chosen.gain);
  }
  for (let o = 7; o < n; o += DECISION_FIELDS) totalLoss += scratch[o];
  const finished = isFinished(rs, state);
  a.beginTurn?.(head.turns.length + 1, score, state);
  // For points the value still to come adds to the sheet; for a goal it is the chance (share) left, settled at the end.
  const remainingValue = a.goal ? a.model.value(state) : finished ? 0 : model.value(state);
  const outcome = a.goal ? remainingValue : score + remainingValue;
  const result: PackedResult = {
    ruleset: rs.id,
    finished,
    finalScore: score,
    startValue: a.startValue,
    remainingValue,
    totalLoss,
    luck: outcome - a.startValue + totalLoss,
    points,
    decisions: scratch.slice(0, n),
  };
  if (a.goal) result.goal = a.goal;
  if (!a.model.exact) result.exact = false;
  if (explained) {
    result.reasons = explained.reasons;
    result.familyLoss = explained.familyLoss;
  }
  return result;
}
