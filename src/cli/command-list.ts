import type { Command } from 'commander';

/**
 * The commands, each loaded only when it runs: a command module imports its whole stack (the
 * server, the simulator, worker pools), and `dicewise --help` or a hint should not pay for the
 * others. The descriptions live here so that the overview lists every command without loading any.
 */
export interface CommandEntry {
  name: string;
  description: string;
  /** the command's register function: adds the full command (options, action) to the program */
  load(): Promise<(program: Command) => void>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'tables',
    description: 'build and inspect strategy tables',
    load: async () => (await import('./commands/tables.ts')).registerTables,
  },
  {
    name: 'hint',
    description: 'rank every action for a position by expected value',
    load: async () => (await import('./commands/hint.ts')).registerHint,
  },
  {
    name: 'odds',
    description: 'the best chance of finishing with at least each total, from a position (exact rule sets; reads the reach table)',
    load: async () => (await import('./commands/odds.ts')).registerOdds,
  },
  {
    name: 'serve',
    description: 'run the HTTP API (hints, rule sets, OpenAPI docs); builds missing tables on first start',
    load: async () => (await import('./commands/serve.ts')).registerServe,
  },
  {
    name: 'analyse',
    description: 'review recorded games decision by decision: what each hold and box lost against optimal play',
    load: async () => (await import('./commands/analyse.ts')).registerAnalyse,
  },
  {
    name: 'simulate',
    description: 'play seeded games with several strategies on the same dice and compare their scores',
    load: async () => (await import('./commands/simulate.ts')).registerSimulate,
  },
];

export function describeCommand(name: string): string {
  const entry = COMMANDS.find((c) => c.name === name);
  if (!entry) throw new Error(`no command ${name}`);
  return entry.description;
}

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
