/**
 * One line per command, apart from the command modules: the overview lists every command without
 * loading any (command-list.ts), and each command module reads its own line here, so neither
 * imports the other.
 */
export const COMMAND_DESCRIPTIONS = {
  tables: 'build and inspect strategy tables',
  hint: 'rank every action for a position by expected value',
  odds: 'the best chance of finishing with at least each total, from a position (exact rule sets; reads the reach table)',
  serve: 'run the HTTP API (hints, rule sets, OpenAPI docs); builds missing tables on first start',
  analyse: 'review recorded games decision by decision: what each hold and box lost against optimal play (Triple Yahtzee and Superpass: their best model, as estimates)',
  simulate: 'play seeded games with several strategies on the same dice and compare their scores',
  merge: 'combine the reports of a run split with --shard K/N into the report of the whole run',
  bound: "an upper bound on the optimal expected score of a multi-column game, beside best play's mean",
  'export-web': 'write the web page and its in-browser engine as static files for any static host (points advice offline, no server)',
} as const;

export type CommandName = keyof typeof COMMAND_DESCRIPTIONS;

export function describeCommand(name: CommandName): string {
  return COMMAND_DESCRIPTIONS[name];
}
