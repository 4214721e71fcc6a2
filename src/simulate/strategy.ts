import type { DiceTables } from '../dice/index.ts';
import type { RuleSet, RuleSetId } from '../rules/index.ts';
import type { GameState } from '../solver/index.ts';

/**
 * The one strategy interface: every strategy (built-in or a user's module) answers two questions.
 * Inputs are packed for speed (keep indices, box indices, the engine's GameState) and readable
 * (dice faces, box ids, the scorecard) through getters that are computed only when read.
 */
export interface Strategy {
  readonly name: string;
  /**
   * Which dice to keep before the next roll, while rolls are left. Return a keep index
   * (see dice-tables.ts) or the faces to keep, e.g. `[6, 6, 6]`. Keeping all dice ends the turn:
   * `chooseBox` is asked next.
   */
  chooseHold(ctx: DecisionContext): HoldChoice;
  /** Where to score the dice: a box id (`'chance'`), or `{ box, column? }` with box an id or index. */
  chooseBox(ctx: DecisionContext): BoxPick;
}

export type HoldChoice = number | readonly number[];
export type BoxPick = string | { box: number | string; column?: number };

/** A legal box for the current dice, as a user strategy reads it. */
export interface LegalBox {
  /** box id, e.g. `fullHouse` */
  box: string;
  /** box index in the column */
  index: number;
  /** column index (0 for single-column games) */
  column: number;
  /** points written in the box */
  points: number;
  /** upper bonus and Yahtzee bonus this entry earns */
  bonus: number;
}

/**
 * What a strategy sees at a decision. One context per strategy is reused for every decision of a
 * run, so a strategy must not keep it (or arrays read from it) beyond the call.
 */
export interface DecisionContext {
  readonly rs: RuleSet;
  readonly tables: DiceTables;
  /** rule set id, e.g. `yahtzee` */
  readonly ruleset: RuleSetId;
  /** game index in the run (0-based; with the seed it names the dice) */
  readonly game: number;
  /** turn of the game, 1-based */
  readonly turn: number;
  /** rerolls still allowed after these dice: 2 after the first roll, 0 after the third */
  readonly rollsLeft: 0 | 1 | 2;
  /** the engine's turn-start state (filled boxes, upper total, Yahtzee box holds 50) */
  readonly state: GameState;
  /** keep index of the current dice (a full roll) */
  readonly roll: number;
  /** the dice as sorted faces */
  readonly dice: number[];
  /** dice showing each face: counts[f - 1] */
  readonly counts: number[];
  /** points written so far per box id (column n ≥ 2 of a multi-column game as `id@n`); null where the box is free */
  readonly scorecard: Record<string, number | null>;
  /** points on the sheet so far, bonuses included */
  readonly score: number;
  /** every box the dice may be scored in now, with points and bonuses */
  readonly options: LegalBox[];
  /** uniform in [0, 1), from the strategy's own seeded stream for this game */
  random(): number;
  /**
   * Head-to-head games (`simulate --players N`): the other players' sheets as they stand now, in
   * seat order after this one (those seated before have played this round's turn already); empty
   * in a solo game. A sheet with every box filled is a finished game.
   */
  readonly opponents: readonly OpponentView[];
}

/** Another player's sheet, as everyone at the table sees it. */
export interface OpponentView {
  /** the engine's turn-start state of their sheet */
  readonly state: GameState;
  /** points on their sheet, bonuses included */
  readonly score: number;
}
