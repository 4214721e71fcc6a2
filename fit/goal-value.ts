/**
 * Fits the goal value of the multi-column goal models, a quantile head per level
 * (src/approx/quantile-head.ts), and writes it to src/approx/data/quantiles.json, which the goal
 * models read where a rule set has one (multi-column-models.ts goalModel).
 *
 *   npx tsx fit/goal-value.ts --ruleset <id> [--games 1000] [--successors 2] [--quantiles 16]
 *                             [--hidden 32] [--epochs 40] [--lanes 40] [--z 3.5] [--seed 1]
 *                             [--tables dir] [--out file] [--dry-run]
 *
 * Best play (the neural correction) plays `games` games on common dice; their turn starts, and
 * `successors` random next states of each (collect.ts withSuccessors), are backed up for the goal
 * at `lanes` needs within ±z SDs of their class spread, level by level from three boxes left
 * back to the first (src/approx/fit/quantile-fit.ts). Deterministic for given options. `--out`
 * writes the rule set's record to another file (to try a fit without replacing the committed one).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { bestModel, neuralCorrection } from '../src/approx/index.ts';
import { sampleStates, withSuccessors } from '../src/approx/fit/collect.ts';
import { quantileBackwardFit } from '../src/approx/fit/quantile-fit.ts';
import { neuralLevels } from '../src/approx/neural-data.ts';
import { encodeQuantileLevel, QUANTILES, type FittedQuantiles } from '../src/approx/quantile-data.ts';
import { SPREADS } from '../src/approx/spreads.ts';
import { isModelledRuleSetId, RULESETS, type ModelledRuleSetId, type RuleSetId } from '../src/rules/index.ts';
import { ensureModel, loadColumnTables } from '../src/store/model-loader.ts';
import { dataFile, writeDataFile } from './fitted-data.ts';

const { values: args } = parseArgs({
  options: {
    ruleset: { type: 'string', multiple: true },
    games: { type: 'string', default: '1000' },
    successors: { type: 'string', default: '2' },
    quantiles: { type: 'string', default: '16' },
    hidden: { type: 'string', default: '32' },
    epochs: { type: 'string', default: '40' },
    lanes: { type: 'string', default: '40' },
    z: { type: 'string', default: '3.5' },
    seed: { type: 'string', default: '1' },
    tables: { type: 'string', default: process.env.DICEWISE_TABLES ?? 'tables' },
    out: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
  },
});
if (!args.ruleset) throw new Error('--ruleset is required (a multi-column rule set; repeat for more)');
const opts = {
  games: Number(args.games),
  successors: Number(args.successors),
  quantiles: Number(args.quantiles),
  hidden: Number(args.hidden),
  epochs: Number(args.epochs),
  lanes: Number(args.lanes),
  zRange: Number(args.z),
  seed: Number(args.seed),
};

const fitted: Partial<Record<ModelledRuleSetId, FittedQuantiles>> = {};
for (const id of args.ruleset as RuleSetId[]) {
  if (!isModelledRuleSetId(id)) throw new Error(`${id} is solved exactly: it has no fitted data`);
  const rs = RULESETS[id];
  await ensureModel(args.tables, id, { onBuild: (_, why) => console.log(`building tables for ${id}: ${why}`) });
  const tables = await loadColumnTables(args.tables, rs);
  const net = neuralLevels(rs);
  const correction = net ? neuralCorrection(rs, tables, `${id} neural correction`, net) : undefined;
  const cpu = process.cpuUsage();
  const { byLevel, mean } = sampleStates(bestModel(rs, tables), opts.games, opts.seed * 1000 + 1);
  withSuccessors(rs, tables, byLevel, opts.successors, opts.seed * 1000 + 1);
  console.log(`${id}: best play's mean ${mean.toFixed(2)} over ${opts.games} games`);
  const levels = quantileBackwardFit(rs, tables, correction, SPREADS[id], byLevel, {
    quantiles: opts.quantiles,
    hidden: opts.hidden,
    epochs: opts.epochs,
    batch: 64,
    learningRate: 0.003,
    decay: 1e-4,
    seed: opts.seed * 100,
    lanes: opts.lanes,
    zRange: opts.zRange,
    onLevel: (level, r) =>
      console.log(
        `${id} level ${level}: ${r.rows} rows, targets' RMS from the class spread ${r.baselineRms.toFixed(3)} SD, left by the net ${r.trainRms.toFixed(3)} (held out ${r.heldOutRms.toFixed(3)}), ${r.clamped} clamped, ${r.seconds.toFixed(1)} s`,
      ),
  });
  const used = process.cpuUsage(cpu);
  console.log(`${id}: fitted in ${((used.user + used.system) / 1e6).toFixed(1)} s CPU`);
  fitted[id] = { ...opts, levels: levels.map(encodeQuantileLevel) };
}

if (args['dry-run']) console.log('dry run: quantiles.json left as it is');
else if (args.out) {
  await writeFile(args.out, `${JSON.stringify(fitted)}\n`);
  console.log(`wrote ${args.out}`);
} else {
  // Read again now: fits of other rule sets may have been written since this one started.
  const current = JSON.parse(await readFile(dataFile('quantiles'), 'utf8')) as typeof QUANTILES;
  console.log(`wrote ${await writeDataFile('quantiles', { ...current, ...fitted })}`);
}
