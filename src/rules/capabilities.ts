import type { Capabilities, RuleSet, TableKind } from './types.ts';

/**
 * What a rule set can be asked for (`Capabilities`, types.ts), declared once on the rule set and
 * asked through the helpers below everywhere else, never re-derived from its shape. Which goals
 * it plays follows from its tables: each goal (src/goals) names the tables it needs.
 */

/** At most this many opponents: an eight-player table, more than any of the games' own sites seat. */
export const MAX_OPPONENTS = 7;

/** A single-column rule set solved exactly: its goals play from its own lane tables. */
export const SOLVED_EXACTLY = {
  solved: 'exact',
  tables: ['value', 'moments', 'reach', 'distribution', 'outlook'],
  maxOpponents: MAX_OPPONENTS,
  servedByDefault: true,
} as const satisfies Capabilities;

/**
 * A multi-column rule set played by a model over its column types; its goals by the goal model
 * over them. Its fitted data (approx/: corrections, spreads, goal horizons, measured facts) is
 * keyed by `ModelledRuleSetId` (rulesets.ts), so a modelled rule set without one is a type error.
 */
export const SOLVED_BY_MODEL = {
  solved: 'model',
  tables: ['column-types', 'goal-model'],
  maxOpponents: 1,
  servedByDefault: true,
} as const satisfies Capabilities;

/**
 * A multi-column sub-game (docs/rules.md "Sub-games"): played by the same models as the full games,
 * fitted on it the same way, and also solved exactly over its joint states, so `optimal` plays
 * the exact table and measures how far the models fall short.
 */
export const SUB_GAME = {
  solved: 'model',
  tables: ['column-types', 'goal-model', 'joint'],
  maxOpponents: 1,
  servedByDefault: false,
} as const satisfies Capabilities;

/** One column of a multi-column rule set played on its own (column-types.ts): solved exactly, its value table only. */
export const COLUMN_TYPE = {
  solved: 'exact',
  tables: ['value'],
  maxOpponents: 0,
  servedByDefault: false,
} as const satisfies Capabilities;

export function isSolvedExactly(rs: RuleSet): boolean {
  return rs.capabilities.solved === 'exact';
}

/** Played by an approximate model over its column types (the multi-column rule sets). */
export function isSolvedByModel(rs: RuleSet): boolean {
  return rs.capabilities.solved === 'model';
}

/**
 * More than one column on the sheet: scorecards and bonuses are arrays of columns and score
 * actions name their column. A question of the sheet's shape, not of how the game is solved.
 */
export function hasColumns(rs: RuleSet): boolean {
  return rs.columns.length > 1;
}

/**
 * One column, any fill order, no zero rule: a box's score and legality depend on the box alone,
 * which the allocation-free paths of the engine (solver/score-entry.ts, engine-decisions.ts) and the exact win goal assume.
 */
export function isPlainSingleColumn(rs: RuleSet): boolean {
  return rs.columns.length === 1 && rs.columns[0].fill === 'any' && !rs.zeroOnlyWhenNothingScores;
}

/** The single column's fill rule; `any` where the rule set has several columns (each has its own). */
export function singleColumnFill(rs: RuleSet): RuleSet['columns'][number]['fill'] {
  return rs.columns.length === 1 ? rs.columns[0].fill : 'any';
}

/** A sub-game with an exact joint table (capabilities `SUB_GAME`): `optimal` plays it. */
export function hasJointTable(rs: RuleSet): boolean {
  return supportsTable(rs, 'joint');
}

export function supportsTable(rs: RuleSet, table: TableKind): boolean {
  return rs.capabilities.tables.includes(table);
}
