import { DicewiseError } from '../errors.ts';
import type { RuleSet, RuleSetId } from '../rules/index.ts';
import { columnTypeOf, ruleSetFingerprint } from '../rules/index.ts';
import {
  compileRules,
  createTurnWorkspace,
  initialState,
  jointLayout,
  jointState,
  jointStatesAtLevel,
  paybacks,
  solveRelaxedColumn,
  turnCount,
  writePricedLane,
  boundColumnTask,
  type ColumnJobRunner,
  type RollPrices,
} from '../solver/index.ts';
import type { ColumnTables } from './column-parts.ts';
import { createJointSolver } from './joint-exact.ts';

/** Columns of a game that a sub-game plays exactly: `columns` (0-based) of the game are `group`'s. */
export interface CoupledGroup {
  group: RuleSetId;
  columns: readonly number[];
}

/**
 * The groups affordable to couple: Superpass's columns 1 and 2 are superpass-ordered (15,625
 * joint states), and superpass-ordered coupled whole is its own exact optimum. Two columns of
 * Triple Yahtzee would be 2^26 joint masks times the upper sums, as large as an exact table of
 * the game: not affordable.
 */
export const COUPLED_GROUPS: Partial<Record<RuleSetId, CoupledGroup>> = {
  superpass: { group: 'superpass-ordered', columns: [0, 1] },
  'superpass-ordered': { group: 'superpass-ordered', columns: [0, 1] },
};

/**
 * The Lagrangian bound of solver/column-bound.ts with some columns kept together: the columns of
 * `group` (a sub-game of `rs`, whose columns are `columns` of rs) play jointly, as in the real
 * game, on one copy of the dice, and only the remaining columns are relaxed one by one. The group
 * is one more weakly coupled part: it may pass a turn, pays λ_t(dice) for each fill, and its W is
 * solved over its joint states × passes left by the same turn engine and score-now as its exact
 * table (joint-exact.ts). Optimal play, seen from the group, is one of the ways it may play, so
 * the sum still bounds the optimum; the group can no longer pick a separate best roll for each of
 * its columns, which is what makes the all-relaxed bound loose.
 *
 * Column tables are those of the group's column types. Returns the bound and its parts.
 */
export function coupledBound(rs: RuleSet, group: RuleSet, columns: readonly number[], tables: ColumnTables, prices: RollPrices): CoupledBoundParts {
  const T = checkCoupled(rs, group, columns, prices);
  const start = initialState(rs);
  const others = relaxedOthers(rs, columns).map((ci) => rs.columns[ci].multiplier * solveRelaxedColumn(columnTypeOf(rs, ci).rs, start.columns[ci], T, prices, rs.columns[ci].multiplier).value);
  return coupledParts(rs, prices, groupValue(group, tables, T, prices), others);
}

/**
 * The same bound with the relaxed columns handed to `run` (the price search's runner: worker
 * threads in `dicewise bound`) while this thread solves the group, so the parts run side by side.
 * Only their W is wanted: each is solved and no relaxed game is played.
 */
export async function coupledBoundWith(rs: RuleSet, group: RuleSet, columns: readonly number[], tables: ColumnTables, prices: RollPrices, run: ColumnJobRunner): Promise<CoupledBoundParts> {
  const T = checkCoupled(rs, group, columns, prices);
  const start = initialState(rs);
  const tasks = relaxedOthers(rs, columns).map((ci) =>
    boundColumnTask(rs, { columns: [ci], colRs: columnTypeOf(rs, ci).rs, multiplier: rs.columns[ci].multiplier, start: start.columns[ci] }, T, prices, 0, [0]),
  );
  const solving = run(tasks);
  // This thread yields after each level of the group, so that a runner's threads that start
  // late still get their columns while it solves.
  const levels = groupLevels(group, tables, T, prices);
  let step = levels.next();
  try {
    while (!step.done) {
      await new Promise((resolve) => setImmediate(resolve));
      step = levels.next();
    }
  } catch (e) {
    await solving.catch(() => undefined);
    throw e;
  }
  const solved = await solving;
  return coupledParts(rs, prices, step.value, solved.map((s, i) => tasks[i].multiplier * s[0].value));
}

/** The bound and its parts: Σ_t Λ_t, the group's W, each relaxed column's m_c W_c (in column order). */
export interface CoupledBoundParts {
  bound: number;
  payback: number;
  group: number;
  others: number[];
}

/** The turns of `rs`; throws where `group` is not those columns of it or the prices do not fit. */
function checkCoupled(rs: RuleSet, group: RuleSet, columns: readonly number[], prices: RollPrices): number {
  const sameColumn = (ci: number, k: number) =>
    rs.columns[ci]?.multiplier === group.columns[k].multiplier && ruleSetFingerprint(columnTypeOf(rs, ci).rs) === ruleSetFingerprint({ ...columnTypeOf(group, k).rs, id: rs.id });
  if (columns.length !== group.columns.length || !columns.every(sameColumn)) {
    throw new DicewiseError('INVALID_INPUT', `${group.id} is not columns ${columns.map((c) => c + 1).join(', ')} of ${rs.id}`);
  }
  const T = turnCount(rs);
  const R = compileRules(columnTypeOf(rs, 0).rs).dice.rollCount;
  if (prices.turns < T || prices.rolls !== R) throw new Error(`prices for ${prices.turns} turns of ${prices.rolls} rolls, asked for ${T} of ${R}`);
  return T;
}

function relaxedOthers(rs: RuleSet, columns: readonly number[]): number[] {
  return rs.columns.flatMap((_, ci) => (columns.includes(ci) ? [] : [ci]));
}

function coupledParts(rs: RuleSet, prices: RollPrices, group: number, others: number[]): CoupledBoundParts {
  const c = compileRules(columnTypeOf(rs, 0).rs);
  const payback = paybacks(c.dice, prices, turnCount(rs)).reduce((a, b) => a + b, 0);
  return { bound: payback + group + others.reduce((a, b) => a + b, 0), payback, group, others };
}

/**
 * W of the group over `turns` turns: layers[p][x] is the value of joint state x with p passes
 * left; each roll's score-now is the best of filling (the exact joint score-now over layer p,
 * less the fill's price) and passing (layer p − 1 of the same state).
 */
function groupValue(group: RuleSet, tables: ColumnTables, turns: number, prices: RollPrices): number {
  const levels = groupLevels(group, tables, turns, prices);
  for (;;) {
    const step = levels.next();
    if (step.done) return step.value;
  }
}

/** groupValue one level at a time: yields after each level, returns W. */
function* groupLevels(group: RuleSet, tables: ColumnTables, turns: number, prices: RollPrices): Generator<void, number> {
  const J = jointLayout(group);
  const boxes = turnCount(group);
  const P = turns - boxes;
  if (P < 0) throw new Error(`${turns} turns cannot fill the ${boxes} boxes of ${group.id}`);
  const layers = Array.from({ length: P + 1 }, () => new Float64Array(J.size));
  const solver = createJointSolver(group, tables, J, layers[0]);
  const dice = solver.model.c.dice;
  const R = dice.rollCount;
  const ws = createTurnWorkspace(dice);
  const first = new Float64Array(R);
  const later = new Float64Array(R);
  const closed = J.boxes - boxes;
  for (let level = J.boxes - 1; level >= closed; level--) {
    const states = jointStatesAtLevel(J, level);
    const open = J.boxes - level;
    for (let p = 0; p <= P; p++) {
      const t = turns - open - p;
      solver.table = layers[p];
      for (const x of states) {
        solver.model.fillScoreNow(jointState(J, x), first, later);
        // The group's points are the game's (multipliers inside), so prices apply unscaled.
        writePricedLane(ws, first, later, prices, t, 1, p > 0 ? layers[p - 1][x] : -Infinity, 0, 1);
        layers[p][x] = ws.evaluate(true);
      }
    }
    yield;
  }
  return layers[P][0];
}
