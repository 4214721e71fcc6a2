import type { RuleSet } from '../../rules/index.ts';
import { boxCount, filledCount, type GameModel } from '../../solver/index.ts';
import { columnParts, type ColumnTables } from '../column-parts.ts';
import { canonicalColumns, writeCanonical } from '../column-sum-model.ts';
import { spreadClassCount, spreadClassifier } from '../spread-classes.ts';
import { quantilesOf } from '../level-shape.ts';
import { commonDice, playModelGame } from '../self-play.ts';

export interface SpreadFitResult {
  /** per level (boxes filled) and spread class: the mean error of `policy`'s value (points still to come − value) */
  bias: Float64Array[];
  /** per level and class: the variance of those errors around their mean */
  variance: Float64Array[];
  /** per level: quantiles of the errors standardized by their class's mean and SD, as level-shape.ts reads them */
  shape: Float64Array[];
  /** per level and class: turn starts seen */
  counts: Float64Array[];
  mean: number;
}

/**
 * Turn starts a class needs before its own mean and variance count as much as its level's: a
 * class seldom seen leans on the level (pseudo-counts), so no decision hangs on a handful of games.
 */
const PRIOR = 200;

/**
 * The spread of the goal models (goal-model.ts): `policy` (best play) plays `games` games on
 * common dice; at every turn start s its error is e = (final − scored so far) − value(s). Each
 * (level, spread class) gets the mean and variance of e there, shrunk toward the level's by PRIOR
 * pseudo-counts; each level's shape is the quantiles of e standardized by its class's.
 */
export function fitSpread(rs: RuleSet, tables: ColumnTables, policy: GameModel, games: number, seed: number, quantiles: number): SpreadFitResult {
  const levels = boxCount(rs);
  const K = spreadClassCount(rs);
  const parts = columnParts(rs, tables);
  const cols = canonicalColumns(parts.length);
  const spreadClass = spreadClassifier(rs);
  const n = Array.from({ length: levels }, () => new Float64Array(K));
  const s1 = Array.from({ length: levels }, () => new Float64Array(K));
  const s2 = Array.from({ length: levels }, () => new Float64Array(K));
  const errors = Array.from({ length: levels }, () => new Float64Array(games));
  const classes = Array.from({ length: levels }, () => new Uint8Array(games));
  let total = 0;
  for (let g = 0; g < games; g++) {
    const turns: { level: number; cls: number; rest: number; scored: number }[] = [];
    const final = playModelGame(policy, commonDice(seed, g), (state, scored) => {
      writeCanonical(parts, state, cols);
      turns.push({ level: filledCount(state), cls: spreadClass(cols), rest: policy.value(state), scored });
    });
    total += final;
    for (const t of turns) {
      const e = final - t.scored - t.rest;
      n[t.level][t.cls]++;
      s1[t.level][t.cls] += e;
      s2[t.level][t.cls] += e * e;
      errors[t.level][g] = e;
      classes[t.level][g] = t.cls;
    }
  }
  const bias: Float64Array[] = [];
  const variance: Float64Array[] = [];
  for (let level = 0; level < levels; level++) {
    const all = n[level].reduce((a, b) => a + b, 0);
    // A level no game passes through (a sub-game starts with its closed boxes filled) has no error: 0, not 0/0.
    const m1 = all > 0 ? s1[level].reduce((a, b) => a + b, 0) / all : 0;
    const m2 = all > 0 ? s2[level].reduce((a, b) => a + b, 0) / all : 0;
    const b = new Float64Array(K);
    const v = new Float64Array(K);
    for (let k = 0; k < K; k++) {
      const w = n[level][k] + PRIOR;
      b[k] = (s1[level][k] + PRIOR * m1) / w;
      v[k] = Math.max(0, (s2[level][k] + PRIOR * m2) / w - b[k] * b[k]);
    }
    bias.push(b);
    variance.push(v);
  }
  const shape = errors.map((e, level) =>
    quantilesOf(
      e.map((x, g) => {
        const k = classes[level][g];
        const sd = Math.sqrt(variance[level][k]);
        return sd > 0 ? (x - bias[level][k]) / sd : 0;
      }),
      quantiles,
    ),
  );
  return { bias, variance, shape, counts: n, mean: total / games };
}
