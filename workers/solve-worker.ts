import { compileRules, createStateSolver, solveStates, taskRules, type SolveTask, type StateSolver } from '../src/solver/index.ts';

// One solver per rule set (or column type) per thread: compiling tables and workspaces once, not per task.
const solvers = new Map<string, StateSolver>();

export default function solveTask(task: SolveTask): number {
  const key = `${task.ruleset}#${task.column ?? ''}`;
  let s = solvers.get(key);
  if (!s) {
    s = createStateSolver(compileRules(taskRules(task)));
    solvers.set(key, s);
  }
  solveStates(s, task.values, task.states);
  return task.states.length;
}
