#!/usr/bin/env node
import { Command } from 'commander';
import { registerAnalyse } from './commands/analyse.ts';
import { registerHint } from './commands/hint.ts';
import { registerServe } from './commands/serve.ts';
import { registerSimulate } from './commands/simulate.ts';
import { registerTables } from './commands/tables.ts';
import { runCli } from './run.ts';

const program = new Command()
  .name('dicewise')
  .description('Optimal strategy for Yahtzee-family dice games: tables, hints, game analysis, simulation')
  .version('0.1.0');

registerTables(program);
registerHint(program);
registerServe(program);
registerAnalyse(program);
registerSimulate(program);

await runCli(program, process.argv);
