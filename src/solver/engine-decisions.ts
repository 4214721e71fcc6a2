import { isPlainSingleColumn, type RuleSet } from '../rules/index.ts';
import { compileRules } from './compiled-rules.ts';
import { optionValue, type GameModel } from './game-model.ts';
import type { GameState } from './game-state.ts';
import { createEntryScratch, scoreEntry } from './score-entry.ts';
import { NO_BOX } from './score-now.ts';
import type { TurnWorkspace } from './turn-engine.ts';
import { bestHoldKeep, createTurnEval, rankedScoreOptions, type HoldOption, type TurnEval } from './turn-eval.ts';

/**
 * The engine's decisions, and playing many games through a GameModel (the simulator's hot loop)
 * without deciding differently from the plain engine: `decideHold` / `engineHold` is the engine's
 * decision after a roll (from `bestHold`), and
 * `createBoxChooser` picks the same box as the first of `rankedScoreOptions` without building the
 * option list and its next states.
 */

export interface BoxChoice {
  column: number;
  box: number;
}

/**
 * The best box for a full roll: the same choice as `rankedScoreOptions(te, roll, firstRoll)[0]`
 * (highest gain + value of the next state, ties to the lower column, then the lower box).
 * Plain single-column rule sets take an allocation-free loop over `scoreEntry`; the others use
 * the option list itself.
 */
export function createBoxChooser(model: GameModel): (state: GameState, rollKeep: number, firstRoll: boolean) => BoxChoice {
  const rs: RuleSet = model.rs;
  if (!isPlainSingleColumn(rs)) {
    const te = createTurnEval(model);
    return (state, rollKeep, firstRoll) => {
      te.state = state;
      const best = rankedScoreOptions(te, rollKeep, firstRoll)[0];
      return { column: best.column, box: best.box };
    };
  }
  const c = model.c;
  const B = rs.boxes.length;
  const e = createEntryScratch();
  const next: GameState = { columns: [e.next] };
  return (state, rollKeep) => {
    const col = state.columns[0];
    let bestEv = -Infinity;
    let bestBox = -1;
    for (let b = 0; b < B; b++) {
      if ((col.mask & (1 << b)) !== 0 || !scoreEntry(c, col, rollKeep, b, e)) continue;
      const ev = optionValue(model, next, e.gain);
      if (ev > bestEv) {
        bestEv = ev;
        bestBox = b;
      }
    }
    return { column: 0, box: bestBox };
  };
}

export interface HoldDecision extends HoldOption {
  /** true: scoring now is worth at least the best hold, so the turn ends (`keep` is the roll itself) */
  stop: boolean;
}

/**
 * The engine's decision after a roll with rerolls left: the best hold (`bestHold`), unless scoring
 * now is worth at least as much, in which case the whole roll is "held" (the turn ends, and the
 * box is the best of `rankedScoreOptions`). Ties go to scoring now: the same expected score with
 * fewer rolls. The simulator, self-play and the game analysis all decide (or rate) here.
 */
export function decideHold(te: TurnEval, rollKeep: number, rollsLeft: 1 | 2): HoldDecision {
  const keep = bestHoldKeep(te, rollKeep, rollsLeft);
  const ev = (rollsLeft === 2 ? te.ws.hold2 : te.ws.hold3)[keep];
  const now = (rollsLeft === 2 ? te.first : te.later)[rollKeep];
  return now >= ev ? { keep: rollKeep, ev: now, stop: true } : { keep, ev, stop: false };
}

/** `decideHold(...).keep` without allocating: the same comparison, for the memo below. */
function decideKeep(te: TurnEval, rollKeep: number, rollsLeft: 1 | 2): number {
  const keep = bestHoldKeep(te, rollKeep, rollsLeft);
  const ev = (rollsLeft === 2 ? te.ws.hold2 : te.ws.hold3)[keep];
  return (rollsLeft === 2 ? te.first : te.later)[rollKeep] >= ev ? rollKeep : keep;
}

/**
 * `decideHold`'s keep (the roll itself = stop and score), memoised in `te.decisions`: a cached
 * turn answers a repeated roll with one read (the simulator's hot path).
 */
export function engineHold(te: TurnEval, rollKeep: number, rollsLeft: 1 | 2): number {
  const i = (rollsLeft - 1) * te.model.c.dice.rollCount + rollKeep;
  const memo = te.decisions[i];
  return memo >= 0 ? memo : (te.decisions[i] = decideKeep(te, rollKeep, rollsLeft));
}

/**
 * Every hold decision of a turn at once, laid out as `te.decisions` ((rollsLeft − 1) × rollCount
 * + roll): what `engineHold` would memoise there, the same keep as `decideKeep` for every roll and
 * both rolls left. The engine's kernel takes them all in one pass over the keeps (`bestHolds`: the best
 * sub-keep of each keep from those of its one-die-smaller sub-keeps, ties to the hold the scan
 * meets first, both rolls left in the two lanes of a v128), about 1,400 comparisons against
 * 4,368 reads for the scans of one roll count, with the same keep
 * bit for bit (test/decision-memo.test.ts checks it against `decideHold`). `te` must hold the
 * engine's own workspace (a turn just evaluated, not a cached copy). The keeps lie in the kernel's
 * own buffer (valid until the workspace runs again), where the decision memo (decision-memo.ts)
 * reads them.
 */
export function bestHoldChoices(te: TurnEval): Int16Array {
  const ws = te.ws;
  if (!('bestHolds' in ws)) throw new Error('bestHoldChoices needs a turn evaluated in its own workspace, not a cached copy');
  const kernel = ws as TurnWorkspace;
  kernel.now.set(te.later);
  kernel.now.set(te.first, te.model.c.dice.rollCount);
  kernel.bestHolds();
  return kernel.holdChoice;
}

interface ModelBoxes {
  choose: (state: GameState, rollKeep: number, firstRoll: boolean) => BoxChoice;
  /** one frozen choice per (column, box), shared by every answer */
  choices: BoxChoice[];
  /** false where a roll's box is the same after the first roll as after a reroll (plain columns) */
  firstMatters: boolean;
}

const modelBoxes = new WeakMap<GameModel, ModelBoxes>();
/** The last model asked about: a player asks about one model game after game. */
let lastModel: GameModel | undefined;
let lastBoxes: ModelBoxes | undefined;

function boxesOf(model: GameModel): ModelBoxes {
  if (model === lastModel) return lastBoxes!;
  let mb = modelBoxes.get(model);
  if (!mb) {
    const B = model.rs.boxes.length;
    const choices = model.rs.columns.flatMap((_, column) => Array.from({ length: B }, (_, box) => Object.freeze({ column, box })));
    modelBoxes.set(model, (mb = { choose: createBoxChooser(model), choices, firstMatters: !isPlainSingleColumn(model.rs) }));
  }
  lastModel = model;
  lastBoxes = mb;
  return mb;
}

/**
 * The engine's box for full roll `rollKeep` in the state of `te` (`createBoxChooser`'s choice),
 * memoised in `te.boxes`: a cached turn answers a repeated roll with one read. The choice depends
 * on the state only through what the turn cache keys on (its canonical upper total: states that
 * share it score the same bonuses and lead to states of the same value), so the memo is shared by
 * every state of an entry; in plain columns also by the first roll and the rerolls.
 */
export function engineBox(te: TurnEval, rollKeep: number, firstRoll: boolean): BoxChoice {
  return engineBoxAt(te.model, te.state, te.boxes, 0, rollKeep, firstRoll);
}

/** `engineBox` with its memo at `memo[at..]` (laid out as `te.boxes`, `boxMemoLength` entries). */
export function engineBoxAt(model: GameModel, state: GameState, memo: Uint8Array, at: number, rollKeep: number, firstRoll: boolean): BoxChoice {
  const mb = boxesOf(model);
  const i = at + (firstRoll && mb.firstMatters ? model.c.dice.rollCount : 0) + rollKeep;
  let code = memo[i];
  if (code === NO_BOX) {
    const b = mb.choose(state, rollKeep, firstRoll);
    code = memo[i] = b.column * model.rs.boxes.length + b.box;
  }
  return mb.choices[code];
}

/** Entries of `engineBox`'s memo that a model uses: one per roll, two where the first roll scores differently. */
export function boxMemoLength(rs: RuleSet): number {
  return (isPlainSingleColumn(rs) ? 1 : 2) * compileRules(rs).dice.rollCount;
}
