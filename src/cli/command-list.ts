import type { Command } from 'commander';
import { COMMAND_DESCRIPTIONS, type CommandName } from './command-descriptions.ts';

/**
 * The commands, each loaded only when it runs: a command module imports its whole stack (the
 * server, the simulator, worker pools), and `dicewise --help` or a hint should not pay for the
 * others. The descriptions live in command-descriptions.ts, so that the overview lists every
 * command without loading any.
 */
export interface CommandEntry {
  name: CommandName;
  description: string;
  /** the command's register function: adds the full command (options, action) to the program */
  load(): Promise<(program: Command) => void>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'tables',
    description: COMMAND_DESCRIPTIONS.tables,
    load: async () => (await import('./commands/tables.ts')).registerTables,
  },
  {
    name: 'hint',
    description: COMMAND_DESCRIPTIONS.hint,
    load: async () => (await import('./commands/hint.ts')).registerHint,
  },
  {
    name: 'odds',
    description: COMMAND_DESCRIPTIONS.odds,
    load: async () => (await import('./commands/odds.ts')).registerOdds,
  },
  {
    name: 'serve',
    description: COMMAND_DESCRIPTIONS.serve,
    load: async () => (await import('./commands/serve.ts')).registerServe,
  },
  {
    name: 'analyse',
    description: COMMAND_DESCRIPTIONS.analyse,
    load: async () => (await import('./commands/analyse.ts')).registerAnalyse,
  },
  {
    name: 'simulate',
    description: COMMAND_DESCRIPTIONS.simulate,
    load: async () => (await import('./commands/simulate.ts')).registerSimulate,
  },
  { name: 'merge', description: COMMAND_DESCRIPTIONS.merge, load: async () => (await import('./commands/merge.ts')).registerMerge },
  { name: 'bound', description: COMMAND_DESCRIPTIONS.bound, load: async () => (await import('./commands/bound.ts')).registerBound },
  { name: 'export-web', description: COMMAND_DESCRIPTIONS['export-web'], load: async () => (await import('./commands/export-web.ts')).registerExportWeb },
];

/**
 * Registers the command that `argv` runs in full and every other one by name and description
 * only (enough for the overview and for commander's "unknown command" suggestions). `help <name>`
 * loads the command it asks about.
 */
export async function registerCommands(program: Command, argv: readonly string[]): Promise<void> {
  const words = argv.slice(2).filter((a) => !a.startsWith('-'));
  const wanted = words[0] === 'help' ? words[1] : words[0];
  for (const c of COMMANDS) {
    if (c.name === wanted) (await c.load())(program);
    else program.command(c.name).description(c.description);
  }
}
