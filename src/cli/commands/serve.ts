import type { Command } from 'commander';
import { describeCommand } from '../command-descriptions.ts';
import { resolveServeOptions, runServer, SERVE_DEFAULTS, type ServeFlags } from '../../server/serve.ts';
import { REACH_CAP_DEFAULT } from '../../solver/index.ts';
import { EXACT_RULESETS, DEFAULT_SERVED_RULESETS } from '../../rules/index.ts';

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description(describeCommand('serve'))
    .option('--port <port>', `port to listen on (default $PORT or ${SERVE_DEFAULTS.port}; 0 = any free port)`)
    .option('--host <host>', `address to listen on (default $HOST or ${SERVE_DEFAULTS.host})`)
    .option('--tables <dir>', 'table folder (default $DICEWISE_TABLES or ./tables)')
    .option('--rulesets <ids>', `comma-separated rule sets to load, the first decides readiness (default $DICEWISE_RULESETS or ${DEFAULT_SERVED_RULESETS.join(',')})`)
    .option(
      '--goal-tables <list>',
      `all, none, or comma-separated rule sets whose reach and points distribution tables are built after the models, in the background, one at a time (default $DICEWISE_GOAL_TABLES or all: ${EXACT_RULESETS.join(',')}); others are built on their first goal request`,
    )
    .option('--threads <n>', 'worker threads for building missing tables (default: all cores; builds after the first run at the lowest CPU priority)')
    .option('--reach-cap <n>', `reach tables built by the server answer targets up to this many points still needed (default $DICEWISE_REACH_CAP or ${REACH_CAP_DEFAULT}); a file with a smaller cap is rebuilt`)
    .action(async (flags: ServeFlags) => {
      await runServer(resolveServeOptions(flags));
    });
}
