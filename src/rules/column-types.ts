import { COLUMN_TYPE, hasColumns, isSolvedExactly } from './capabilities.ts';
import { playingDefinition } from './playing-definition.ts';
import { RULESETS } from './rulesets.ts';
import type { RuleSet, RuleSetId } from './types.ts';

/**
 * A multi-column rule set seen one column at a time. Each column, played on its own, is a
 * single-column game that the solver can solve exactly: the parent's boxes, scoring, bonuses,
 * Joker and zero rule, one column with the parent column's fill rule and multiplier 1 (the
 * multiplier scales the whole column, so it changes no decision inside it).
 *
 * Columns with the same fill rule play identically and share one type: Triple Yahtzee has one
 * type for its three columns, Superpass four (top-down, bottom-up, first-roll-only, any).
 */
export interface ColumnType {
  /** readable name of the type, e.g. `superpass#col3` (the first column that has it) */
  key: string;
  /** the single-column rule set; its id is the parent's (it is not a rule set of its own) */
  rs: RuleSet;
  /** 0-based columns of the parent that play this type */
  columns: number[];
  /** an exact rule set this type plays exactly like, whose table it can use (Triple Yahtzee: yahtzee) */
  sameAs?: RuleSetId;
}

const cache = new Map<RuleSet, ColumnType[]>();

/** The distinct column types of a rule set, in order of first column. */
export function columnTypes(rs: RuleSet): ColumnType[] {
  let types = cache.get(rs);
  if (types) return types;
  types = [];
  for (let ci = 0; ci < rs.columns.length; ci++) {
    const fill = rs.columns[ci].fill;
    const same = types.find((t) => t.rs.columns[0].fill === fill);
    if (same) {
      same.columns.push(ci);
      continue;
    }
    const colRs: RuleSet = {
      ...rs,
      name: `${rs.name}, column ${ci + 1}`,
      columns: [{ multiplier: 1, fill }],
      capabilities: COLUMN_TYPE,
      published: undefined,
    };
    types.push({ key: `${rs.id}#col${ci + 1}`, rs: colRs, columns: [ci], sameAs: exactEquivalent(colRs) });
  }
  cache.set(rs, types);
  return types;
}

/** The column type that column `column` of `rs` plays. */
export function columnTypeOf(rs: RuleSet, column: number): ColumnType {
  return columnTypes(rs).find((t) => t.columns.includes(column))!;
}

/** An exact single-column rule set that plays exactly like `colRs` (same definition but the id). */
function exactEquivalent(colRs: RuleSet): RuleSetId | undefined {
  for (const other of Object.values(RULESETS)) {
    if (!isSolvedExactly(other) || hasColumns(other)) continue;
    if (playingDefinition({ ...colRs, id: other.id }) === playingDefinition(other)) return other.id;
  }
  return undefined;
}
