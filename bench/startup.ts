/**
 * Start-up of the CLI as users run it (`node dist/bundle/main.js …`, a new process each run, the
 * minimum of --runs): `dicewise --help`, and a hint with its table read (goals: 0.3 s and 0.6 s).
 * Tables from ./tables ($DICEWISE_TABLES), built first when missing.
 *   npm run build && npx tsx bench/startup.ts [--runs 7]
 */
import { parseArgs } from 'node:util';
import { ensureModel } from '../src/store/model-loader.ts';
import { describeRuns, timeCommand } from './support/whole-process.ts';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const runs = Number(args.runs);
const tables = process.env.DICEWISE_TABLES ?? 'tables';
// Both tables, as the server builds them: the hint reads the moments table too (its finalScoreSd).
await ensureModel(tables, 'yahtzee', { moments: true });
console.log(describeRuns('dicewise --help (goal < 0.3 s)', timeCommand(['--help'], runs)));
const hint = ['hint', '--ruleset', 'yahtzee', '--dice', '1,2,3,4,5', '--rolls-left', '2', '--tables', tables];
console.log(describeRuns('dicewise hint --dice 1,2,3,4,5 --rolls-left 2 (goal < 0.6 s)', timeCommand(hint, runs)));
