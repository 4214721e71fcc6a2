import type { RuleSet } from '../rules/index.ts';
import { upperBonusFor, UPPER_COUNT, yahtzeeBoxIndex } from '../rules/index.ts';
import {
  columnStateIndex,
  createOutlookSolver,
  decodeState,
  evaluateOutlookTurn,
  outlookSourceOf,
  writeEntryLanes,
  type ColumnState,
  type CompiledRules,
  type OutlookSolver,
  type OutlookTable,
} from '../solver/index.ts';
import { readOutlook, type Outlook, type OutlookSheet } from './outlook.ts';

/**
 * One turn's outlooks, for any of its actions: the turn engine run once over the turn-start
 * state's outlook lanes (solver/outlook.ts), then each hold read from its rows and each box from
 * the entry it makes. The advice (every option of a hint) and the review (the choice and the best
 * of each mistake) read their outlooks here.
 */
export interface TurnOutlook {
  rs: RuleSet;
  c: CompiledRules;
  solver: OutlookSolver;
  table: OutlookTable;
  sheet: OutlookSheet;
  /** the column as written (upper total uncapped) and its canonical state's mask and upper total */
  col: ColumnState;
  mask: number;
  upper: number;
  /** lanes per row of the turn */
  lanes: number;
  entry: Float64Array;
}

const solvers = new WeakMap<CompiledRules, OutlookSolver>();

/**
 * Runs the turn of single-column `col` (with `sheet`, its points per box and Yahtzee bonus) over
 * the outlook table: one turn of the engine, about half a millisecond for yahtzee. The rows it
 * reads from are the rule set's one solver's: read them before the next turn of the same rules.
 */
export function evaluateTurnOutlook(c: CompiledRules, values: Float64Array, table: OutlookTable, col: ColumnState, sheet: OutlookSheet): TurnOutlook {
  let solver = solvers.get(c);
  if (!solver) solvers.set(c, (solver = createOutlookSolver(c)));
  // The canonical state (column-layout.ts), as the table's states are: its upper total decides the bonus alike.
  const { mask, upper, flag } = decodeState(c.layout, columnStateIndex(c.layout, col));
  const lanes = evaluateOutlookTurn(solver, values, table, mask, upper, flag);
  return { rs: c.rs, c, solver, table, sheet, col, mask, upper, lanes, entry: new Float64Array(lanes) };
}

/** The outlook at the start of the turn. */
export function startOutlook(t: TurnOutlook): Outlook {
  return readOutlook(t.rs, t.sheet, t.solver.turn.value, 0);
}

/** The outlook of holding keep `keep` with `rollsLeft` rerolls still to come (holding every die: going on with the roll). */
export function holdOutlook(t: TurnOutlook, keep: number, rollsLeft: 1 | 2): Outlook {
  const ws = t.solver.turn;
  return readOutlook(t.rs, t.sheet, rollsLeft === 2 ? ws.hold2 : ws.hold3, keep * t.lanes);
}

/** The outlook of writing `points` (earning `bonus` with them) in box `box`. */
export function scoreOutlook(t: TurnOutlook, box: number, points: number, bonus: number): Outlook {
  const { c, col } = t;
  const next = columnStateIndex(c.layout, {
    mask: col.mask | (1 << box),
    upper: box < UPPER_COUNT ? col.upper + points : col.upper,
    yahtzee50: col.yahtzee50 || (box === yahtzeeBoxIndex(t.rs) && points === 50),
  });
  // The solver's box places are this turn's: it has run no other state since.
  writeEntryLanes(t.solver, outlookSourceOf(t.table), t.mask, t.upper, { box, points, gain: points + bonus, next }, t.entry, 0);
  return readOutlook(t.rs, t.sheet, t.entry, 0);
}

/** Yahtzee bonus points an entry earns: its bonus less the upper bonus it may earn. */
export function yahtzeeBonusOf(rs: RuleSet, col: ColumnState, box: number, points: number, bonus: number): number {
  return bonus - (box < UPPER_COUNT ? upperBonusFor(rs, col.upper, points) : 0);
}
