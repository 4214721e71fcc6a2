import type { Advice, GoalTables, ProbabilityAdvice } from '../advisor/index.ts';
import type { ReviewGoal } from '../analysis/index.ts';
import type { Goal, Position } from '../position/index.ts';
import type { RuleSet, RuleSetId, TableKind } from '../rules/index.ts';
import type { GameModel, GoalKind, ReachTable, TurnEval } from '../solver/index.ts';

/** The tables a goal can need beside the rule set's expected-score model. */
export type GoalTableKind = Extract<TableKind, 'reach' | 'distribution' | 'goal-model'>;

/**
 * One goal of docs/rules.md, "Goals": everything that differs between goals, behind one interface.
 * The engine parts it assembles (turn models in solver/, strategies in simulate/, the advisor's
 * ranking) stay where their layer is; a goal names them here once, and the faces (server, CLI,
 * store) ask the goal list (index.ts) instead of testing the goal's type.
 */
export interface GoalModule<K extends Goal['type'] = Goal['type']> {
  kind: K;
  /**
   * The tables it needs on rule set `rs` beside the expected-score model, in the order they are
   * loaded; `opponentsInProgress`: an opponent is still playing (their final total is a distribution);
   * `boxesOpen`: the player's open boxes where a position is known (a late win goal's end game is
   * solved without the reach table), undefined for "any position".
   */
  tables(rs: RuleSet, opponentsInProgress: boolean, boxesOpen?: number): GoalTableKind[];
  /** The advice for a position with this goal, from the model and the tables it named. */
  advise(model: GameModel, tables: GoalTables, position: Position & { goal: Extract<Goal, { type: K }> }, te?: TurnEval): Advice | ProbabilityAdvice;
  /** The goal as the CLI's advice names it, e.g. `reach 300`. */
  label(goal: Extract<Goal, { type: K }>): string;
  /** Lines the CLI prints under that name, about what the advice assumed (each opponent of a win goal); none where absent. */
  notes?(goal: Extract<Goal, { type: K }>, advice: ProbabilityAdvice): string[];
  /** True for a simulator strategy that plays this goal (`reach:1251`, `win`). */
  playedBy(strategy: string): boolean;
  /**
   * How a review of solo game records rates each decision for this goal, with the lane tables
   * from `lane`; absent where records are not reviewed for it (points is the plain review; win is
   * reviewed from multiplayer records, where the opponents are).
   */
  review?(goal: Extract<Goal, { type: K }>, lane: (id: RuleSetId, kind: GoalKind) => Promise<ReachTable>): ReviewGoal;
}
