import type { Command } from 'commander';
import { describeCommand } from '../command-descriptions.ts';
import { jsonLogger } from '../../server/logger.ts';
import { runServer } from '../../server/serve.ts';
import { SERVE_DEFAULTS, SERVE_ENV, type ServeOptions } from '../../server/serve-options.ts';
import { EXACT_RULESETS } from '../../rules/index.ts';

/** The flags, as commander passes them (text, each optional): resolveServeOptions reads them over the environment. */
type ServeFlags = Pick<ServeOptions, 'port' | 'host' | 'tables' | 'rulesets' | 'goalTables' | 'threads' | 'reachCap'>;

export function registerServe(program: Command): void {
  const D = SERVE_DEFAULTS;
  program
    .command('serve')
    .description(describeCommand('serve'))
    .option('--port <port>', `port to listen on (default $${SERVE_ENV.port} or ${D.port}; 0 = any free port)`)
    .option('--host <host>', `address to listen on (default $${SERVE_ENV.host} or ${D.host})`)
    .option('--tables <dir>', `table folder (default $${SERVE_ENV.tables} or ./${D.tables})`)
    .option('--rulesets <ids>', `comma-separated rule sets to load, the first decides readiness (default $${SERVE_ENV.rulesets} or ${D.rulesets.join(',')})`)
    .option(
      '--goal-tables <list>',
      `all, none, or comma-separated rule sets whose reach and points distribution tables are built after the models, in the background, one at a time (default $${SERVE_ENV.goalTables} or ${D.goalTables}: ${EXACT_RULESETS.join(',')}); others are built on their first goal request`,
    )
    .option('--threads <n>', 'worker threads for building missing tables (default: all cores; builds after the first run at the lowest CPU priority)')
    .option('--reach-cap <n>', `reach tables built by the server answer targets up to this many points still needed (default $${SERVE_ENV.reachCap} or ${D.reachCap}); a file with a smaller cap is rebuilt`)
    .action(async (flags: ServeFlags) => {
      await runServer(flags, jsonLogger(), process.env);
    });
}
