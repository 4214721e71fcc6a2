#!/usr/bin/env node
import { startHelpersEarly } from '../../workers/level-helpers.ts';
import { Command } from 'commander';
import { registerCommands } from './command-list.ts';
import { runCli } from './run.ts';
import { VERSION } from '../version.ts';

// A table build's helper threads start while the command's modules load (workers/level-helpers.ts).
startHelpersEarly(process.argv);

const program = new Command()
  .name('dicewise')
  .description('Optimal strategy for Yahtzee-family dice games: tables, hints, odds, game analysis, simulation')
  .version(VERSION);

await registerCommands(program, process.argv);
await runCli(program, process.argv);
