/**
 * The contract every rule set fulfils: plain data (boxes with a declarative scoring pattern,
 * bonuses, Joker mode, columns) so a rule set can be fingerprinted, listed by the API and
 * validated without running code. Scoring lives in `patterns.ts` and `scoring.ts`.
 */
export type RuleSetId =
  | 'yahtzee'
  | 'yahtzee-free-joker'
  | 'yahtzee-no-bonus'
  | 'yatzy'
  | 'yahtsoos'
  | 'triple-yahtzee'
  | 'superpass'
  | 'superpass-ordered'
  | 'triple-yahtzee-lower';

export type Pattern =
  /** face × number of dice showing it */
  | { kind: 'upper'; face: number }
  /** at least n of a kind; `sum` scores all dice, `nTimesFace` scores n × that face (Yatzy) */
  | { kind: 'ofAKind'; n: number; score: 'sum' | 'nTimesFace' }
  /** at least n of a kind for fixed points (Yahtzee 50, Kniffel 50) */
  | { kind: 'ofAKindFixed'; n: number; points: number }
  /** three of one face and two of a different one. `exact` demands exactly 3+2 (5 dice);
   *  otherwise at least 3 of one face and at least 2 of another (6 dice). */
  | { kind: 'fullHouse'; exact: boolean; score: number | 'sum' }
  /** k consecutive faces present */
  | { kind: 'straight'; length: number; points: number }
  /** every face in `faces` present exactly once and nothing else (Yatzy's 1-2-3-4-5) */
  | { kind: 'exactRun'; faces: readonly number[]; points: number }
  | { kind: 'chance' }
  /** Yatzy: 2 × the highest face appearing at least twice */
  | { kind: 'onePair' }
  /** Yatzy: two pairs of different faces, the sum of those four dice */
  | { kind: 'twoPairs' };

export interface BoxDef {
  id: string;
  label: string;
  pattern: Pattern;
  /** Points this box scores for a Yahtzee used as a Joker (fullHouse 25, straights 30/40). */
  jokerPoints?: number;
}

/** How a Yahtzee rolled after the Yahtzee box is filled may be used. */
export type JokerMode =
  /** Official Hasbro rule: matching upper box first, then any lower box at Joker scores, else a 0 above. */
  | 'forced'
  /** Verhoeff: any box; Joker scores only when the Yahtzee box and the matching upper box are filled. */
  | 'free'
  | 'none';

export type FillRule =
  | 'any'
  /** boxes filled strictly from the first to the last */
  | 'top-down'
  /** boxes filled strictly from the last to the first */
  | 'bottom-up'
  /** any order, but an entry scores only right after the first roll of a turn */
  | 'first-roll-only';

export interface ColumnDef {
  multiplier: number;
  fill: FillRule;
}

export interface PublishedValue {
  mean: number;
  sd?: number;
  source: string;
}

export interface RuleSet {
  id: RuleSetId;
  name: string;
  description: string;
  dice: 5 | 6;
  /** The boxes of one column, top to bottom. Every column has the same boxes. */
  boxes: readonly BoxDef[];
  upperBonus: { threshold: number; points: number };
  /** Points for each further Yahtzee while the Yahtzee box holds its full score; 0 = none. */
  yahtzeeBonus: number;
  joker: JokerMode;
  columns: readonly ColumnDef[];
  /** Superpass: a box that would score 0 may be chosen only when no legal box scores more. */
  zeroOnlyWhenNothingScores: boolean;
  /**
   * Boxes of every column that this rule set does not play (ids): filled from the start, worth
   * nothing, never offered. triple-yahtzee-lower closes the upper section, so its upper bonus is
   * out of reach and its forced Joker has no upper step, as docs/rules.md says.
   */
  closedBoxes?: readonly string[];
  /** How it is solved, which goals and tables it has (capabilities.ts); ask it through the helpers there. */
  capabilities: Capabilities;
  published?: PublishedValue;
}

/**
 * `exact`: backward induction over the whole state space gives the optimum (one column).
 * `model`: too many states for that; an approximate model over the exact tables of its column
 * types plays it (approx/).
 */
export type Solution = 'exact' | 'model';

/**
 * The tables a rule set has or derives. `value`: the exact expected-score table; `moments`: its
 * final score's spread; `reach`/`distribution`: the exact lane tables of the reach and win goals;
 * `outlook`: the exact lane table of expected-score play's outcome box by box (a hint's `explain`);
 * `column-types`: the exact tables of a model's column types; `goal-model`: the approximate goal
 * model over them (built in memory from the column types, no file of its own); `joint`: the exact
 * expected-score table over the joint states of a multi-column sub-game (solver/joint-layout.ts).
 */
export type TableKind = 'value' | 'moments' | 'reach' | 'distribution' | 'outlook' | 'column-types' | 'goal-model' | 'joint';

export interface Capabilities {
  solved: Solution;
  tables: readonly TableKind[];
  /** The most opponents a goal played against others takes (a model values one opponent's total, not a table's). */
  maxOpponents: number;
  /**
   * Served and built by `dicewise serve` unless told otherwise. The sub-games are not: nobody
   * plays them, they measure the models (`--rulesets` serves them on request).
   */
  servedByDefault: boolean;
}
