import type { Command } from 'commander';
import { DicewiseError } from '../../errors.ts';
import { RULESET_IDS, RULESETS, type RuleSetId } from '../../rules/index.ts';
import { buildAndWrite } from '../../store/models.ts';
import { listTables } from '../../store/table-store.ts';
import { parsePositiveInt, parseRuleSet, tableDir } from '../options.ts';
import { progressBar } from '../progress.ts';

export function registerTables(program: Command): void {
  const tables = program.command('tables').description('build and inspect strategy tables');

  tables
    .command('build')
    .description('solve a rule set exactly and write its table')
    .option('--ruleset <id>', `rule set (${RULESET_IDS.filter((id) => RULESETS[id].exact).join(', ')})`)
    .option('--all', 'build every exactly solvable rule set')
    .option('--threads <n>', 'worker threads (default: all cores)')
    .option('--tables <dir>', 'table folder (default $DICEWISE_TABLES or ./tables)')
    .action(async (opts: { ruleset?: string; all?: boolean; threads?: string; tables?: string }) => {
      if (!opts.all && !opts.ruleset) {
        throw new DicewiseError('INVALID_OPTION', 'give --ruleset <id> or --all', [{ field: 'ruleset', message: 'required' }]);
      }
      const ids: RuleSetId[] = opts.all ? RULESET_IDS.filter((id) => RULESETS[id].exact) : [parseRuleSet(opts.ruleset!)];
      for (const id of ids) {
        if (!RULESETS[id].exact) {
          throw new DicewiseError('NOT_SOLVED', `${id} has several columns and no exact table; it is played by Dicewise's approximate strategy`);
        }
      }
      const threads = parsePositiveInt(opts.threads, 'threads');
      for (const id of ids) {
        const bar = progressBar(id);
        const { built, file } = await buildAndWrite(tableDir(opts.tables), id, {
          threads,
          onProgress: (p) => bar.update(p.statesDone, p.statesTotal),
        });
        bar.stop();
        const h = built.header;
        process.stdout.write(
          `${id}: start value ${h.startValue.toFixed(7)}  (${built.states} states, ${h.buildSeconds.toFixed(2)} s, ${h.threads} threads) -> ${file}\n`,
        );
      }
    });

  tables
    .command('info')
    .description('list built tables with their value and whether they match this version')
    .option('--tables <dir>', 'table folder (default $DICEWISE_TABLES or ./tables)')
    .option('--json', 'print JSON')
    .action(async (opts: { tables?: string; json?: boolean }) => {
      const dir = tableDir(opts.tables);
      const infos = await listTables(dir);
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(infos, null, 2)}\n`);
        return;
      }
      if (infos.length === 0) {
        process.stdout.write(`no tables in ${dir}; build them with: dicewise tables build --all\n`);
        return;
      }
      for (const i of infos) {
        const h = i.header;
        const value = h ? h.startValue.toFixed(7) : '-';
        const fp = h ? h.fingerprint : '-';
        const status = i.status === 'ok' ? 'ok' : `${i.status.toUpperCase()}: ${i.detail ?? ''} (rebuild: dicewise tables build --ruleset ${i.ruleset})`;
        process.stdout.write(
          `${i.ruleset.padEnd(20)} ${value.padStart(12)}  fingerprint ${fp}  ${(i.bytes / 2 ** 20).toFixed(1)} MiB  ${status}\n`,
        );
      }
    });
}
