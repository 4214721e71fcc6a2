import type { Advice, GoalTables, ProbabilityAdvice } from '../advisor/index.ts';
import type { ReviewGoal } from '../analysis/index.ts';
import type { Goal, Position } from '../position/index.ts';
import { supportsTable, type RuleSet, type RuleSetId } from '../rules/index.ts';
import { servedGoalModel } from '../approx/index.ts';
import { openBoxes, type GameModel, type GoalKind, type ReachTable, type TurnEval } from '../solver/index.ts';
import type { GoalModule, GoalTableKind } from './goal-module.ts';
import { pointsGoal } from './points/index.ts';
import { reachGoal } from './reach/index.ts';
import { winGoal } from './win/index.ts';

export type { GoalModule, GoalTableKind } from './goal-module.ts';

/** Every goal, once, by kind: a new goal is its own folder and one entry here (a kind of Goal without one is a type error). */
const BY_KIND: { readonly [K in Goal['type']]: GoalModule<K> } = {
  points: pointsGoal,
  reach: reachGoal,
  win: winGoal,
};

export const GOALS: readonly GoalModule[] = Object.values(BY_KIND) as GoalModule[];

export function goalModule<K extends Goal['type']>(kind: K): GoalModule<K> {
  return BY_KIND[kind] as GoalModule<K>;
}

/** Which tables a position's goal needs beside the expected-score model: the one answer the server, the CLI and the store use. */
export function goalTablesNeeded(position: Position): GoalTableKind[] {
  const inProgress = position.opponents?.some((o) => 'state' in o) ?? false;
  return goalModule(position.goal.type).tables(position.rs, inProgress, openBoxes(position.rs, position.state));
}

/**
 * The tables goalTablesNeeded names, loaded: the goal model of a multi-column rule set from the
 * expected-score `model`'s own column tables, each lane table from `lane`, in order. The server
 * passes its registries, the CLI loads or builds table files.
 */
export async function goalTables(position: Position, model: GameModel, lane: (kind: Exclude<GoalTableKind, 'goal-model'>) => ReachTable | Promise<ReachTable>): Promise<GoalTables> {
  const tables: GoalTables = {};
  for (const kind of goalTablesNeeded(position)) {
    if (kind === 'goal-model') tables.goal = servedGoalModel(model);
    else tables[kind] = await lane(kind);
  }
  return tables;
}

/** A rule set plays a goal where it has every table the goal needs. */
export function supportsGoal(rs: RuleSet, kind: Goal['type']): boolean {
  return goalModule(kind).tables(rs, true).every((t) => supportsTable(rs, t));
}

/**
 * Advice for the position's goal: expected points (the default), or the chance of the goal for
 * every option, from the tables goalTablesNeeded named.
 */
export function adviseGoal(model: GameModel, tables: GoalTables, position: Position, te?: TurnEval): Advice | ProbabilityAdvice {
  return goalModule(position.goal.type).advise(model, tables, position as never, te);
}

/** The review of solo game records for `goal`, with lane tables from `lane`; undefined for points, the plain review. */
export function reviewGoal(goal: Goal, lane: (id: RuleSetId, kind: GoalKind) => Promise<ReachTable>): ReviewGoal | undefined {
  const module = goalModule(goal.type);
  if (!module.review) return undefined;
  return module.review(goal as never, lane);
}

/** The goal as the CLI's advice names it. */
export function goalLabel(goal: Goal): string {
  return goalModule(goal.type).label(goal as never);
}

/** The lines the CLI prints under the goal's name for this advice. */
export function goalNotes(advice: ProbabilityAdvice): string[] {
  return goalModule(advice.goal.type).notes?.(advice.goal as never, advice) ?? [];
}
