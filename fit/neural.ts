/**
 * Fits the neural correction of the multi-column models (src/approx/neural-correction.ts) and
 * writes it to src/approx/data/neural.json, which `bestModel` plays where a rule set has one.
 *
 *   npx tsx fit/neural.ts --ruleset <id> [--games 2000] [--successors 3] [--rounds 1]
 *                         [--hidden 32] [--epochs 30] [--seed 1] [--tables dir] [--dry-run]
 *
 * Round 1 samples the turn-start states of `games` games of today's linear model (round r > 1:
 * of round r − 1's net), adds `successors` random next states of each (collect.ts
 * withSuccessors), and fits the levels backwards against the turn engine's one-turn backups
 * (fit/neural-fit.ts). Deterministic for given options.
 */
import { parseArgs } from 'node:util';
import { columnSumModel, correctedModel, neuralCorrection } from '../src/approx/index.ts';
import { readFile } from 'node:fs/promises';
import { NEURAL, encodeNeuralLevel, type FittedNeural } from '../src/approx/neural-data.ts';
import { sampleStates, withSuccessors } from '../src/approx/fit/collect.ts';
import { neuralBackwardFit } from '../src/approx/fit/neural-fit.ts';
import { isModelledRuleSetId, RULESETS, type ModelledRuleSetId, type RuleSetId } from '../src/rules/index.ts';
import { ensureModel, loadColumnTables } from '../src/store/model-loader.ts';
import { dataFile, writeDataFile } from './fitted-data.ts';

const { values: args } = parseArgs({
  options: {
    ruleset: { type: 'string', multiple: true },
    games: { type: 'string', default: '2000' },
    successors: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '1' },
    hidden: { type: 'string', default: '32' },
    epochs: { type: 'string', default: '30' },
    seed: { type: 'string', default: '1' },
    tables: { type: 'string', default: process.env.DICEWISE_TABLES ?? 'tables' },
    'dry-run': { type: 'boolean', default: false },
  },
});
if (!args.ruleset) throw new Error('--ruleset is required (a multi-column rule set; repeat for more)');
const games = Number(args.games);
const successors = Number(args.successors);
const rounds = Number(args.rounds);
const hidden = Number(args.hidden);
const epochs = Number(args.epochs);
const seed = Number(args.seed);

const fitted: Partial<Record<ModelledRuleSetId, FittedNeural>> = {};
for (const id of args.ruleset as RuleSetId[]) {
  if (!isModelledRuleSetId(id)) throw new Error(`${id} is solved exactly: it has no fitted data`);
  const rs = RULESETS[id];
  await ensureModel(args.tables, id, { onBuild: (_, why) => console.log(`building tables for ${id}: ${why}`) });
  const tables = await loadColumnTables(args.tables, rs);
  let policy = correctedModel(rs, tables);
  let levels: ReturnType<typeof neuralBackwardFit> = [];
  for (let round = 1; round <= rounds; round++) {
    const cpu = process.cpuUsage();
    const { byLevel, mean } = sampleStates(policy, games, seed * 1000 + round);
    withSuccessors(rs, tables, byLevel, successors, seed * 1000 + round);
    levels = neuralBackwardFit(rs, tables, byLevel, {
      hidden,
      epochs,
      batch: 64,
      learningRate: 0.003,
      decay: 1e-4,
      ridge: 0.001,
      seed: seed * 100 + round,
      onLevel: (level, rows, lin, train, held) =>
        console.log(`${id} round ${round} level ${level}: ${rows} rows, rms left by the linear part ${lin.toFixed(3)}, by the net ${train.toFixed(3)} (held out ${held.toFixed(3)})`),
    });
    policy = columnSumModel(rs, tables, neuralCorrection(rs, tables, `${id} round ${round}`, levels));
    const used = process.cpuUsage(cpu);
    console.log(`${id} round ${round}: sampling policy mean ${mean.toFixed(2)} over ${games} games; round took ${((used.user + used.system) / 1e6).toFixed(1)} s CPU`);
  }
  fitted[id] = { games, successors, rounds, hidden, epochs, seed, levels: levels.map(encodeNeuralLevel) };
}

if (args['dry-run']) console.log('dry run: neural.json left as it is');
else {
  // Read again now: fits of other rule sets may have been written since this one started.
  const current = JSON.parse(await readFile(dataFile('neural'), 'utf8')) as typeof NEURAL;
  console.log(`wrote ${await writeDataFile('neural', { ...current, ...fitted })}`);
}
