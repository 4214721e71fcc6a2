import { supportsTable } from './lib/rules/capabilities.js';

/**
 * What a rule set is, as GET /api/v1/rulesets declares it (src/rules/capabilities.ts on the
 * server): the page asks these instead of re-deriving it from the rule set's shape.
 * @typedef {import('./types.js').RuleSetInfo} RuleSetInfo
 * @typedef {import('./types.js').RuleSet} RuleSet
 */

/**
 * More than one column on the sheet: scorecards and bonuses are per column and a score action
 * names its column (the server's hasColumns).
 * @param {Pick<RuleSetInfo, 'columns'>} rs
 */
export function hasColumns(rs) {
  return rs.columns.length > 1;
}

/**
 * Solved exactly, so every figure is what optimal play achieves; otherwise played by an
 * approximate model (the server's isSolvedExactly).
 * @param {Pick<RuleSetInfo, 'exact'>} rs
 */
export function solvedExactly(rs) {
  return rs.exact;
}

/**
 * The most opponents the hint API takes for the rule set.
 * @param {Pick<RuleSetInfo, 'maxOpponents'>} rs
 */
export function maxOpponents(rs) {
  return rs.maxOpponents;
}

/**
 * Whether advice on the rule set can say why (the server's hint with `explain`): an exact
 * single-column rule set, whose outlook table the server reads or builds (docs/explain.md).
 * @param {Pick<RuleSet, 'rules'>} rs
 */
export function explainable(rs) {
  return supportsTable(rs.rules, 'outlook');
}
