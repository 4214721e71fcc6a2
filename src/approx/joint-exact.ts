import { positiveInteger } from '../errors.ts';
import type { RuleSet, RuleSetId } from '../rules/index.ts';
import { ruleSetFingerprint, RULESETS } from '../rules/index.ts';
// The solver's modules one by one, not its index: solver threads load this module (solve-worker.ts).
import type { BuiltTable, GameModel, JointLayout } from '../solver/index.ts';
import { inLevelChunks } from '../solver/build-table.ts';
import { stateIndex } from '../solver/column-layout.ts';
import { compileRules } from '../solver/compiled-rules.ts';
import { jointIndexOfColumns, jointLayout, jointState, jointStatesAtLevel } from '../solver/joint-layout.ts';
import { SOLVER_VERSION } from '../solver/solver-version.ts';
import { createTurnWorkspace, evaluateTurn } from '../solver/turn-engine.ts';
import type { ColumnTables } from './column-parts.ts';
import { columnParts } from './column-parts.ts';
import { columnSumModel, type Correction } from './column-sum-model.ts';

/**
 * The exact model of a sub-game: the decomposition Σ_c m_c V_c plus the correction that makes it
 * exact, K(s) = V(s) − Σ_c m_c V_c(s_c), read from the joint table V. Written this way the joint
 * game runs through the same score-now combination as every model of the multi-column games
 * (column-sum-model.ts: the columns' own score-now steps, the zero rule across columns) and the
 * one turn engine; only the values differ.
 */
export function jointExactModel(rs: RuleSet, tables: ColumnTables, joint: Float64Array, layout: JointLayout = jointLayout(rs)): GameModel {
  return createJointSolver(rs, tables, layout, joint).model;
}

/**
 * What solves joint states: the exact model over a joint table that it reads through `table`,
 * set per task (a worker thread solves chunks of one shared table, level after level).
 */
export interface JointSolver {
  layout: JointLayout;
  model: GameModel;
  table: Float64Array;
  /** solves `states` (one level) into `table`, which already holds the next level's values */
  solve(states: Int32Array): void;
}

export function createJointSolver(rs: RuleSet, tables: ColumnTables, layout: JointLayout = jointLayout(rs), joint: Float64Array = new Float64Array(layout.size)): JointSolver {
  const size = (t: Float64Array) => {
    if (t.length !== layout.size) throw new Error(`${rs.id}: joint table has ${t.length} entries, expected ${layout.size}`);
  };
  size(joint);
  const parts = columnParts(rs, tables);
  const index = new Int32Array(parts.length);
  // The table the residual reads: the one being solved, set per task.
  const at = { table: joint };
  const residual: Correction = {
    name: `${rs.id} exact`,
    value(cols) {
      let sum = 0;
      for (let k = 0; k < parts.length; k++) {
        const p = parts[k];
        index[k] = stateIndex(p.c.layout, cols.mask[k], cols.upper[k], cols.flag[k]);
        sum += p.multiplier * p.pristine[index[k]];
      }
      const i = jointIndexOfColumns(layout, index);
      if (i < 0) throw new Error(`${rs.id}: a state outside the joint layout`);
      return at.table[i] - sum;
    },
  };
  const model: GameModel = { ...columnSumModel(rs, tables, residual), exact: true };
  const c = compileRules(rs);
  const ws = createTurnWorkspace(c.dice);
  const first = new Float64Array(c.dice.rollCount);
  const later = new Float64Array(c.dice.rollCount);
  return {
    layout,
    model,
    get table() {
      return at.table;
    },
    set table(t: Float64Array) {
      size(t);
      at.table = t;
    },
    solve(states) {
      for (const x of states) {
        model.fillScoreNow(jointState(layout, x), first, later);
        at.table[x] = evaluateTurn(c.dice, first, later, ws);
      }
    },
  };
}

/** One unit of parallel work of a joint build: these states of one level into the shared joint table. */
export interface JointTask {
  ruleset: RuleSetId;
  /** the column types' tables (shared memory where the task crosses threads) */
  tables: [string, Float64Array][];
  values: Float64Array;
  states: Int32Array;
}

export type JointTaskRunner = (task: JointTask) => Promise<void>;

const inlineSolvers = new Map<string, JointSolver>();

/** Runs joint tasks on this thread, one solver per rule set (the model and its tables built once). */
export const inlineJointRunner: JointTaskRunner = async (task) => solveJointTask(task, inlineSolvers);

export function solveJointTask(task: JointTask, solvers: Map<string, JointSolver>): void {
  let s = solvers.get(task.ruleset);
  if (!s) solvers.set(task.ruleset, (s = createJointSolver(RULESETS[task.ruleset], new Map(task.tables))));
  s.table = task.values;
  s.solve(task.states);
}

export interface JointBuildOptions {
  /** tasks in flight; default 1 */
  concurrency?: number;
  runner?: JointTaskRunner;
  onProgress?: (p: { level: number; statesDone: number; statesTotal: number }) => void;
}

/**
 * Backward induction over every joint state, level by level; each level in chunks, solved
 * concurrently by `runner` (default: this thread) into one shared table. superpass-ordered's
 * 15,625 states take about 1.2 s on one thread; triple-yahtzee-lower's 6,967,871 about 30 µs each.
 */
export async function solveJointTable(rs: RuleSet, tables: ColumnTables, options: JointBuildOptions = {}): Promise<Float64Array> {
  const J = jointLayout(rs);
  const concurrency = positiveInteger('concurrency', options.concurrency ?? 1);
  const runner = options.runner ?? inlineJointRunner;
  const shared = [...tables].map(([key, t]): [string, Float64Array] => [key, toShared(t)]);
  const joint = new Float64Array(new SharedArrayBuffer(J.size * 8));
  const levels: Int32Array[] = [];
  for (let level = J.boxes - 1; level >= 0; level--) levels.push(jointStatesAtLevel(J, level));
  const progress = { done: 0, total: J.size - 1 };
  await inLevelChunks(levels, concurrency, (states, i) =>
    runner({ ruleset: rs.id, tables: shared, values: joint, states }).then(() => {
      progress.done += states.length;
      options.onProgress?.({ level: J.boxes - 1 - i, statesDone: progress.done, statesTotal: progress.total });
    }),
  );
  return joint;
}

function toShared(t: Float64Array): Float64Array {
  if (t.buffer instanceof SharedArrayBuffer) return t;
  const out = new Float64Array(new SharedArrayBuffer(t.byteLength));
  out.set(t);
  return out;
}

/** The joint table as a table file's contents (store/ writes it as `<id>.joint.dwt`). */
export async function buildJointTable(rs: RuleSet, tables: ColumnTables, options: JointBuildOptions = {}): Promise<BuiltTable> {
  const started = performance.now();
  const J = jointLayout(rs);
  const values = await solveJointTable(rs, tables, options);
  return {
    values,
    states: J.size - 1,
    header: {
      ruleset: rs.id,
      fingerprint: ruleSetFingerprint(rs),
      solverVersion: SOLVER_VERSION,
      layout: { kind: 'joint', ranks: J.columns.map((c) => c.indexOf.length), entries: J.size },
      startValue: values[0],
      buildSeconds: (performance.now() - started) / 1000,
      threads: options.concurrency ?? 1,
      createdAt: new Date().toISOString(),
    },
  };
}
