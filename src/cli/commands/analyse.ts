import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { describeCommand } from '../command-list.ts';
import { analyseBatchPacked, analyseInChunks, ANALYSIS_CHUNK, batchRecords, batchRuleSets, batchSize, formatReport, isGameError, splitGameText, unpackResult, type GameResult } from '../../analysis/index.ts';
import { RULESETS, type RuleSetId } from '../../rules/index.ts';
import { readReachTable } from '../../store/reach-store.ts';
import { DicewiseError } from '../../errors.ts';
import { ensureReachTable, loadModel } from '../../store/models.ts';
import { analyseRunner, createWorkerPool, defaultThreads } from '../../../workers/pool.ts';
import { parsePositiveInt, tableDir } from '../options.ts';
import { progressBar } from '../progress.ts';

interface AnalyseFlags {
  json?: boolean;
  reach?: string;
  threads?: string;
  tables?: string;
}

/** The games' text: a file, or stdin for "-" or no file (not a terminal: nobody would type a batch). */
async function readGames(file: string | undefined): Promise<string> {
  if (file !== undefined && file !== '-') {
    try {
      return await readFile(file, 'utf8');
    } catch (e) {
      throw new DicewiseError('INVALID_INPUT', `cannot read ${file}: ${(e as Error).message}`, [{ field: 'file', message: 'unreadable' }]);
    }
  }
  if (process.stdin.isTTY) {
    throw new DicewiseError('INVALID_INPUT', 'no games: give a file, or pipe JSON Lines into stdin', [{ field: 'file', message: 'required' }]);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseTarget(text: string): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < 0) {
    throw new DicewiseError('INVALID_OPTION', `--reach must be a whole final total, got ${JSON.stringify(text)}`, [{ field: 'reach', message: 'must be a whole number of points' }]);
  }
  return n;
}

/** One JSON array, one game per line, so that a big batch stays greppable. */
function jsonArray(results: readonly GameResult[]): string {
  return results.length === 0 ? '[]\n' : `[\n${results.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`;
}

export function registerAnalyse(program: Command): void {
  program
    .command('analyse')
    .alias('analyze')
    .description(describeCommand('analyse'))
    .argument('[file]', 'games as a JSON array or JSON Lines; "-" or none reads stdin')
    .option('--json', 'print one JSON array of results in input order')
    .option('--reach <total>', 'review for the chance of finishing with at least this total: values and losses are probabilities')
    .option('--threads <n>', `worker threads for batches over ${ANALYSIS_CHUNK} games (default: all cores)`)
    .option('--tables <dir>', 'table folder (default $DICEWISE_TABLES or ./tables)')
    .addHelpText('after', '\nExit status 1 when some game could not be analysed (its entry says why); the others are still reported.')
    .action(async (file: string | undefined, flags: AnalyseFlags) => {
      const threads = parsePositiveInt(flags.threads, 'threads') ?? defaultThreads();
      const tables = tableDir(flags.tables);
      const reach = flags.reach === undefined ? undefined : parseTarget(flags.reach);
      const batch = splitGameText(await readGames(file));
      const total = batchSize(batch);
      let results: GameResult[];
      if (reach !== undefined) {
        // Build missing reach tables here, once, rather than fail in every worker.
        for (const id of batchRuleSets(batchRecords(batch))) {
          if (RULESETS[id].exact) {
            await ensureReachTable(tables, id, {
              onBuild: (rid, reason) => process.stderr.write(`dicewise: no usable reach table for ${rid} (${reason}); building it now (minutes)\n`),
            });
          }
        }
      }
      // Starting workers and loading a table in each costs about a second: small batches run here.
      if (total <= ANALYSIS_CHUNK) {
        const goal = reach === undefined ? undefined : { type: 'reach' as const, score: reach, reachFor: async (id: RuleSetId) => (await readReachTable(tables, RULESETS[id])).table };
        results = (await analyseBatchPacked((id) => loadModel(tables, id), batch, goal)).map(unpackResult);
      } else {
        const pool = createWorkerPool({ threads, tables });
        const bar = progressBar('analyse');
        try {
          results = await analyseInChunks(batch, { runner: analyseRunner(pool, reach), concurrency: threads, onProgress: (done, all) => bar.update(done, all) });
        } finally {
          bar.stop();
          await pool.destroy();
        }
      }
      process.stdout.write(flags.json ? jsonArray(results) : formatReport(results));
      if (results.some(isGameError)) process.exitCode = 1;
    });
}
