import type { RuleSetId } from '../rules/index.ts';
import type { OutlookTable } from './outlook-table.ts';
import type { ReachTable, ReachTableData } from './reach-table.ts';
import type { LaneKind } from './lane-kind.ts';

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
