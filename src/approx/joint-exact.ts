import type { RuleSet } from '../rules/index.ts';
import { ruleSetFingerprint } from '../rules/index.ts';
import {
  SOLVER_VERSION,
  type BuiltTable,
  compileRules,
  createTurnWorkspace,
  evaluateTurn,
  jointIndexOfColumns,
  jointLayout,
  jointState,
  jointStatesAtLevel,
  stateIndex,
  type GameModel,
  type JointLayout,
} from '../solver/index.ts';
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
  if (joint.length !== layout.size) throw new Error(`${rs.id}: joint table has ${joint.length} entries, expected ${layout.size}`);
  const model = columnSumModel(rs, tables, jointResidual(rs, tables, joint, layout));
  return { ...model, exact: true };
}

function jointResidual(rs: RuleSet, tables: ColumnTables, joint: Float64Array, J: JointLayout): Correction {
  const parts = columnParts(rs, tables, false);
  const index = new Int32Array(parts.length);
  return {
    name: `${rs.id} exact`,
    value(cols) {
      let sum = 0;
      for (let c = 0; c < parts.length; c++) {
        const p = parts[c];
        index[c] = stateIndex(p.c.layout, cols.mask[c], cols.upper[c], cols.flag[c]);
        sum += p.multiplier * p.pristine[index[c]];
      }
      const at = jointIndexOfColumns(J, index);
      if (at < 0) throw new Error(`${rs.id}: a state outside the joint layout`);
      return joint[at] - sum;
    },
  };
}

/**
 * Solves the joint states of `states` (one level) into `joint`, which already holds the next
 * level's values. A level's states read only the next level, so any partition over threads gives
 * the same values, bit for bit.
 */
export function solveJointStates(rs: RuleSet, tables: ColumnTables, joint: Float64Array, states: Int32Array, layout: JointLayout = jointLayout(rs)): void {
  const model = jointExactModel(rs, tables, joint, layout);
  const c = compileRules(rs);
  const ws = createTurnWorkspace(c.dice);
  const R = c.dice.rollCount;
  const first = new Float64Array(R);
  const later = new Float64Array(R);
  for (const index of states) {
    model.fillScoreNow(jointState(layout, index), first, later);
    joint[index] = evaluateTurn(c.dice, first, later, ws);
  }
}

/**
 * Backward induction over every joint state, in this thread: superpass-ordered's 15,625 states
 * take about 1.2 s. `onLevel` hears each level solved (boxes filled, counting down to 0).
 */
export function solveJointTable(rs: RuleSet, tables: ColumnTables, onLevel: (level: number, statesDone: number, statesTotal: number) => void = () => {}): Float64Array {
  const J = jointLayout(rs);
  const joint = new Float64Array(J.size);
  let done = 0;
  for (let level = J.boxes - 1; level >= 0; level--) {
    const states = jointStatesAtLevel(J, level);
    solveJointStates(rs, tables, joint, states, J);
    done += states.length;
    onLevel(level, done, J.size - 1);
  }
  return joint;
}

/** The joint table as a table file's contents (store/ writes it as `<id>.joint.dwt`). */
export function buildJointTable(rs: RuleSet, tables: ColumnTables, onLevel?: (level: number, statesDone: number, statesTotal: number) => void): BuiltTable {
  const started = performance.now();
  const J = jointLayout(rs);
  const values = solveJointTable(rs, tables, onLevel);
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
      threads: 1,
      createdAt: new Date().toISOString(),
    },
  };
}
