import type { RuleSetId } from '../rules/index.ts';
import type { OutlookTable } from './outlook-table.ts';
import type { ReachTable, ReachTableData } from './reach-table.ts';

/**
 * What the lanes of a state hold. `reach`: P(s, n) for n = 1..width, the best chance of scoring at
 * least n more points (1 below, 0 above). `distribution`: P(points still to come = k) for
 * k = 0..width under optimal expected-score play (0 outside); where width is the cap, lane cap
 * holds P(>= cap). `outlook`: under that play, each open box's expected points and chance of a
 * zero, and the bonuses still to come (outlook.ts); width is their number, whatever the cap.
 */
export type LaneKind = 'reach' | 'distribution' | 'outlook';

/**
 * The goal tables (what the reach and win goals read): stored as rows between certain and hopeless,
 * in fixed point, read one row at a time (reach-table.ts, lane-codec.ts). The outlook is not one of
 * them: its lanes are points and chances side by side that must sum to the expected score to 1e-9,
 * kept whole as float64 (outlook-table.ts).
 */
export type GoalKind = Exclude<LaneKind, 'outlook'>;

/** The table each kind of lanes is read as. */
export interface LaneTableOf {
  reach: ReachTable;
  distribution: ReachTable;
  outlook: OutlookTable;
}

/** A rule set's lane table of a kind, wherever the caller keeps them (read, shared or loaded). */
export type LaneLookup = <K extends LaneKind>(id: RuleSetId, kind: K) => Promise<LaneTableOf[K]>;

/** Each kind of lane table as plain data, as a message to a worker thread carries it (shared, not copied). */
export interface LaneDataOf {
  reach: ReachTableData;
  distribution: ReachTableData;
  outlook: OutlookTable;
}

/** Stored lanes of a state of width w. */
export function lanesOf(kind: LaneKind, w: number): number {
  return kind === 'distribution' ? w + 1 : w;
}

/** Lane kinds that follow the expected-score table's choices, and so need it to be built. */
export function followsValues(kind: LaneKind): boolean {
  return kind !== 'reach';
}

/** One unit of parallel work: solve these states of one level into the level's lane buffer. */
export interface ReachTask {
  kind: LaneKind;
  ruleset: RuleSetId;
  /** distribution, outlook: the expected-score table whose choices they follow (shared) */
  values?: Float64Array;
  cap: number;
  /** width[s]: lanes of state s; offset[s]: where they start in its level's buffer */
  width: Int32Array;
  offset: Int32Array;
  /** lanes of this level (written) and of the next level (read) */
  level: Float64Array;
  next: Float64Array;
  states: Int32Array;
}
