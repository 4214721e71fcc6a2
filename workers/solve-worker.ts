// The solver's modules one by one, not its index: a thread that only solves never loads the
// table file format, the turn cache or the game model, and starts sooner for it.
import type { BoundColumnTask, ColumnSolve, MomentsSolver, ReachTask, SolveTask, StateSolver } from '../src/solver/index.ts';
import { taskRules } from '../src/solver/build-table.ts';
import { solveLaneTask } from '../src/solver/build-lane-table.ts';
import { compileRules } from '../src/solver/compiled-rules.ts';
import { createMomentsSolver, solveMomentsStates } from '../src/solver/moments.ts';
import { runBoundColumnTask } from '../src/solver/price-search.ts';
import { createStateSolver, solveStates } from '../src/solver/solve-states.ts';
import { solveJointTask, type JointSolver, type JointTask } from '../src/approx/joint-exact.ts';
import { replyOf, type WorkerReply } from './messages.ts';
import { poolData } from './pool-data.ts';
import { lowerThisThread } from './thread-priority.ts';

if (poolData.background) lowerThisThread();

// One solver per rule set (or column type) per thread: compiling tables and workspaces once, not per task.
const solvers = new Map<string, StateSolver>();
const laneSolvers = new Map<string, (task: ReachTask) => void>();
const momentsSolvers = new Map<string, MomentsSolver>();

function solve(task: SolveTask | ReachTask): number {
  if ('kind' in task) {
    solveLaneTask(task, laneSolvers);
    return task.states.length;
  }
  if (task.moments) {
    let m = momentsSolvers.get(task.ruleset);
    if (!m) momentsSolvers.set(task.ruleset, (m = createMomentsSolver(compileRules(taskRules(task)))));
    solveMomentsStates(m, task.values, task.states);
    return task.states.length;
  }
  const key = `${task.ruleset}#${task.column ?? ''}`;
  let s = solvers.get(key);
  if (!s) {
    s = createStateSolver(compileRules(taskRules(task)));
    solvers.set(key, s);
  }
  solveStates(s, task.values, task.states);
  return task.states.length;
}

/** Value and reach chunks alike: states solved into the shared table, their count back. */
export default function solveTask(task: SolveTask | ReachTask): Promise<WorkerReply<number>> {
  return replyOf(() => solve(task));
}

const jointSolvers = new Map<string, JointSolver>();

/** States of a sub-game's joint table, solved into the shared table; their count back. */
export function jointTask(task: JointTask): Promise<WorkerReply<number>> {
  return replyOf(() => {
    solveJointTask(task, jointSolvers);
    return task.states.length;
  });
}

/** One relaxed column of the upper bound: its W and its fill tallies back. */
export function boundTask(task: BoundColumnTask): Promise<WorkerReply<ColumnSolve[]>> {
  return replyOf(() => runBoundColumnTask(task));
}
