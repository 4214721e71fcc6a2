import { DicewiseError } from '../errors.ts';
import type { RuleSet } from '../rules/index.ts';
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
  type RollPrices,
} from '../solver/index.ts';
import type { ColumnTables } from './column-parts.ts';
import { createJointSolver } from './joint-exact.ts';

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
export function coupledBound(rs: RuleSet, group: RuleSet, columns: readonly number[], tables: ColumnTables, prices: RollPrices): { bound: number; payback: number; group: number; others: number[] } {
  const sameColumn = (ci: number, k: number) =>
    rs.columns[ci]?.multiplier === group.columns[k].multiplier && ruleSetFingerprint(columnTypeOf(rs, ci).rs) === ruleSetFingerprint({ ...columnTypeOf(group, k).rs, id: rs.id });
  if (columns.length !== group.columns.length || !columns.every(sameColumn)) {
    throw new DicewiseError('INVALID_INPUT', `${group.id} is not columns ${columns.map((c) => c + 1).join(', ')} of ${rs.id}`);
  }
  const T = turnCount(rs);
  const c = compileRules(columnTypeOf(rs, 0).rs);
  const R = c.dice.rollCount;
  if (prices.turns < T || prices.rolls !== R) throw new Error(`prices for ${prices.turns} turns of ${prices.rolls} rolls, asked for ${T} of ${R}`);
  const start = initialState(rs);
  const others = rs.columns.flatMap((def, ci) => (columns.includes(ci) ? [] : [def.multiplier * solveRelaxedColumn(columnTypeOf(rs, ci).rs, start.columns[ci], T, prices, def.multiplier).value]));
  const payback = paybacks(c.dice, prices, T).reduce((a, b) => a + b, 0);
  const w = groupValue(group, tables, T, prices);
  return { bound: payback + w + others.reduce((a, b) => a + b, 0), payback, group: w, others };
}

/**
 * W of the group over `turns` turns: layers[p][x] is the value of joint state x with p passes
 * left; each roll's score-now is the best of filling (the exact joint score-now over layer p,
 * less the fill's price) and passing (layer p − 1 of the same state).
 */
function groupValue(group: RuleSet, tables: ColumnTables, turns: number, prices: RollPrices): number {
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
  }
  return layers[P][0];
}
