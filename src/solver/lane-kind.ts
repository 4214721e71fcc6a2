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

/** Stored lanes of a state of width w. */
export function lanesOf(kind: LaneKind, w: number): number {
  return kind === 'distribution' ? w + 1 : w;
}

/** Lane kinds that follow the expected-score table's choices, and so need it to be built. */
export function followsValues(kind: LaneKind): boolean {
  return kind !== 'reach';
}
