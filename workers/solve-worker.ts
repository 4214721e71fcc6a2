import { RULESETS } from '../src/rules/index.ts';
import { compileRules, createStateSolver, solveStates, type SolveTask, type StateSolver } from '../src/solver/index.ts';

// One solver per rule set per thread: compiling tables and workspaces once, not per task.
const solvers = new Map<string, StateSolver>();

export default function solveTask(task: SolveTask): number {
  let s = solvers.get(task.ruleset);
  if (!s) {
    s = createStateSolver(compileRules(RULESETS[task.ruleset]));
    solvers.set(task.ruleset, s);
  }
  solveStates(s, task.values, task.states);
  return task.states.length;
}
