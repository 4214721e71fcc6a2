import { RULESETS } from '../../src/rules/index.ts';
import { buildReachTable, columnStateIndex, compileRules, type BuiltReachTable, type GameState, type ReachTable } from '../../src/solver/index.ts';
import { testValues } from './models.ts';

/**
 * A reach table that is exact for the last two turns of `yahtzee-no-bonus` (states with one or
 * two boxes open), capped at 60 points still needed: under a second to build, where the full
 * table takes minutes. Positions with two boxes open read only such states. The cap is below the
 * most two boxes can score (yahtzee 50 + large straight 40), so a target beyond it can be asked.
 */
export const TAIL_RULESET = 'yahtzee-no-bonus' as const;
export const TAIL_CAP = 60;

let tail: Promise<BuiltReachTable> | undefined;
let tailPoints: Promise<BuiltReachTable> | undefined;

export function tailReachTable(): Promise<BuiltReachTable> {
  tail ??= buildReachTable(RULESETS[TAIL_RULESET], { cap: TAIL_CAP, levels: 2 });
  return tail;
}

/** The points distribution of expected-score play over the same two last levels (how opponents in progress finish). */
export function tailDistributionTable(): Promise<BuiltReachTable> {
  tailPoints ??= testValues(TAIL_RULESET).then((values) => buildReachTable(RULESETS[TAIL_RULESET], { kind: 'distribution', values, cap: TAIL_CAP, levels: 2 }));
  return tailPoints;
}

export function tailDistribution(): Promise<ReachTable> {
  return tailDistributionTable().then((b) => b.table);
}

/** A table's rows, state by state, as plain arrays: two tables are equal where these are. */
export function tableRows(t: ReachTable): { lo: number[]; values: number[][] } {
  const lo: number[] = [];
  const values: number[][] = [];
  for (let s = 0; s < t.slots; s++) {
    const row = t.row(s);
    lo.push(row.lo);
    values.push(Array.from(row.values));
  }
  return { lo, values };
}

/** Every box of the rule set filled with these points except the `open` ones. */
export function sheetExcept(open: readonly string[]): Record<string, number> {
  const points: Record<string, number> = {
    ones: 3,
    twos: 6,
    threes: 9,
    fours: 12,
    fives: 15,
    sixes: 18,
    threeOfAKind: 24,
    fourOfAKind: 0,
    fullHouse: 25,
    smallStraight: 30,
    largeStraight: 40,
    yahtzee: 0,
    chance: 22,
  };
  return Object.fromEntries(Object.entries(points).filter(([id]) => !open.includes(id)));
}

/** The table's state index of a turn-start state. */
export function tailStateIndex(state: GameState): number {
  return columnStateIndex(compileRules(RULESETS[TAIL_RULESET]).layout, state.columns[0]);
}
