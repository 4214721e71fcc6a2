/**
 * Fits the learned correction of the multi-column models (src/approx/features.ts) and writes
 * the weights to src/approx/data/corrections.json, the committed data file `loadModel` reads
 * (src/approx/corrections.ts).
 *
 *   npx tsx fit/correction.ts [--ruleset triple-yahtzee|superpass] [--games 4000]
 *                             [--rounds 2] [--ridge 0.001] [--seed 1] [--tables dir] [--dry-run]
 *
 * Each round plays `games` games with the current model (the decomposition in round 1), keeps
 * their turn-start states by level, and fits the weights backwards over the levels against the
 * turn engine's one-turn backups (src/approx/fit/backward-fit.ts). The column tables come from
 * --tables ($DICEWISE_TABLES or ./tables) and are built there first when missing. The fit is
 * deterministic for given options; bench/multi-column.ts measures the result.
 */
import { parseArgs } from 'node:util';
import { columnSumModel, decompositionModel, linearCorrection } from '../src/approx/index.ts';
import { CORRECTIONS, type FittedCorrection } from '../src/approx/corrections.ts';
import { backwardFit } from '../src/approx/fit/backward-fit.ts';
import { sampleStates } from '../src/approx/fit/collect.ts';
import { isModelledRuleSetId, MODELLED_RULESET_IDS, RULESETS, type ModelledRuleSetId, type RuleSetId } from '../src/rules/index.ts';
import { ensureModel, loadColumnTables } from '../src/store/model-loader.ts';
import { writeDataFile } from './fitted-data.ts';

const { values: args } = parseArgs({
  options: {
    ruleset: { type: 'string', multiple: true },
    games: { type: 'string', default: '4000' },
    rounds: { type: 'string', default: '2' },
    ridge: { type: 'string', default: '0.001' },
    seed: { type: 'string', default: '1' },
    tables: { type: 'string', default: process.env.DICEWISE_TABLES ?? 'tables' },
    'dry-run': { type: 'boolean', default: false },
  },
});
const ids = (args.ruleset ?? MODELLED_RULESET_IDS) as RuleSetId[];
const games = Number(args.games);
const rounds = Number(args.rounds);
const ridge = Number(args.ridge);
const seed = Number(args.seed);

const fitted: Record<ModelledRuleSetId, FittedCorrection> = { ...CORRECTIONS };
for (const id of ids) {
  const rs = RULESETS[id];
  if (!isModelledRuleSetId(id)) throw new Error(`${id} is solved exactly: it has no fitted data`);
  await ensureModel(args.tables, id, { onBuild: (_, why) => console.log(`building tables for ${id}: ${why}`) });
  const tables = await loadColumnTables(args.tables, rs);
  let policy = decompositionModel(rs, tables);
  let weights: Float64Array[] = [];
  for (let round = 1; round <= rounds; round++) {
    const cpu = process.cpuUsage();
    const { byLevel, mean } = sampleStates(policy, games, seed * 1000 + round);
    weights = backwardFit(rs, tables, byLevel, { ridge });
    policy = columnSumModel(rs, tables, linearCorrection(rs, `${id} round ${round}`, weights));
    const used = process.cpuUsage(cpu);
    console.log(`${id} round ${round}: sampling policy mean ${mean.toFixed(2)} over ${games} games; round took ${((used.user + used.system) / 1e6).toFixed(1)} s CPU`);
  }
  fitted[id] = { games, rounds, ridge, seed, weights: weights.map((w) => Array.from(w, (x) => Math.round(x * 1e4) / 1e4)) };
}

if (args['dry-run']) console.log('dry run: corrections.json left as it is');
else console.log(`wrote ${await writeDataFile('corrections', fitted)}`);
