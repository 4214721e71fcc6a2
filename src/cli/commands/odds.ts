import type { Command } from 'commander';
import { positionOdds } from '../../advisor/index.ts';
import { invalidInput } from '../../errors.ts';
import { parsePosition, positionError } from '../../position/index.ts';
import { EXACT_RULESETS, supportsTable } from '../../rules/index.ts';
import { ensureReachTable } from '../../store/model-loader.ts';
import { describeCommand } from '../command-descriptions.ts';
import { formatOdds } from '../format-odds.ts';
import { tableDir } from '../options.ts';
import { progressBar } from '../progress.ts';
import { hintInput } from './hint.ts';

interface OddsFlags {
  ruleset: string;
  scorecard?: string;
  dice?: string;
  rollsLeft?: string;
  yahtzeeBonus?: string;
  from?: string;
  to?: string;
  json?: boolean;
  tables?: string;
}

/** A whole number, or NaN for positionOdds to refuse naming the flag. */
function target(text: string | undefined): number | undefined {
  return text === undefined ? undefined : text.trim() === '' ? Number.NaN : Number(text);
}

export function registerOdds(program: Command): void {
  program
    .command('odds')
    .description(describeCommand('odds'))
    .option('--ruleset <id>', `rule set with a reach table (${EXACT_RULESETS.join(', ')})`, 'yahtzee')
    .option('--scorecard <json>', 'boxes filled so far as JSON, e.g. \'{"ones":3}\'')
    .option('--dice <faces>', 'current dice, e.g. 1,1,6,6,6 (omit at the start of a turn)')
    .option('--rolls-left <n>', 'rerolls still allowed: 0, 1 or 2 (default 2)')
    .option('--yahtzee-bonus <points>', 'extra-Yahtzee bonus points so far')
    .option('--from <total>', 'lowest final total (default: the points on the sheet)')
    .option('--to <total>', 'highest final total (default: as far as the reach table answers)')
    .option('--json', 'print the same JSON as POST /api/v1/odds')
    .option('--tables <dir>', 'table folder (default $DICEWISE_TABLES or ./tables)')
    .action(async (flags: OddsFlags) => {
      const parsed = parsePosition(hintInput(flags));
      if (!parsed.ok) throw positionError(parsed);
      const { position } = parsed;
      if (!supportsTable(position.rs, 'reach')) {
        throw invalidInput([{ field: 'ruleset', message: `odds are answered for the exactly solved rule sets; ${position.rs.id} is played by an approximate model` }]);
      }
      const bar = progressBar(`building ${position.rs.id} reach table`, { lines: true });
      const table = await ensureReachTable(tableDir(flags.tables), position.rs.id, {
        onBuild: (id, reason) => process.stderr.write(`dicewise: no usable reach table for ${id} (${reason}); building it now (minutes)\n`),
        onProgress: (p) => bar.update(p.statesDone, p.statesTotal),
      });
      bar.stop();
      const odds = positionOdds(table, position, { from: target(flags.from), to: target(flags.to) });
      process.stdout.write(flags.json ? `${JSON.stringify(odds)}\n` : formatOdds(odds));
    });
}
