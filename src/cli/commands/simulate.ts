import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { describeCommand } from '../command-descriptions.ts';
import { DicewiseError } from '../../errors.ts';
import { listRuleSets, PLAYABLE_RULESETS, RULESETS, type RuleSetId } from '../../rules/index.ts';
import type { GoalModule } from '../../goals/index.ts';
import {
  asStrategy,
  BUILTIN_STRATEGIES,
  buildReport,
  formatReport,
  histogramSvg,
  isBuiltinStrategy,
  isModuleSpec,
  isSimulable,
  modelKindOf,
  formatHeadToHead,
  headToHeadReport,
  headToHeadShardReport,
  MAX_PLAYERS,
  playHeadToHead,
  shardReport,
  simulate,
  WIN_STRATEGY,
  SIMULATE_DEFAULTS,
  STRATEGY_NAMES,
  type ChunkRunner,
  type SharedLanes,
} from '../../simulate/index.ts';
import { createWorkerPool, defaultThreads, simulateRunner } from '../../../workers/pool.ts';
import { parseRuleSet, parseShard, tableDir } from '../options.ts';
import { progressBar } from '../progress.ts';
import { shardJson } from '../shard-json.ts';
import { sharedTableReader } from '../../store/table-store.ts';
import { createAtomicWriter, writeFileAtomic, type AtomicWriter } from '../../store/write-atomic.ts';
import { importDefault } from '../../store/import-module.ts';

interface SimulateFlags {
  ruleset: string;
  strategy: string;
  games: string;
  seed: string;
  threads?: string;
  cache?: string;
  json?: boolean;
  plot?: string;
  tables?: string;
  target?: string;
  players?: string;
  record?: string;
  shard?: string;
}

/** What a shard's text report adds: which games it played, and how to combine the parts. */
function shardNote(shard: { index: number; count: number; from: number; to: number; games: number } | undefined): string {
  if (!shard) return '';
  return `part ${shard.index} of ${shard.count} of a ${shard.games}-game run: games ${shard.from + 1} to ${shard.to}; merge the parts' --json reports with dicewise merge\n`;
}

function invalid(option: string, message: string): DicewiseError {
  return new DicewiseError('INVALID_OPTION', `--${option} ${message}`, [{ field: option, message }]);
}

/** An integer option in [min, max], named in the error. */
function intFlag(value: string, option: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
    throw invalid(option, `must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
  }
  return n;
}

/**
 * The goals, loaded only where a strategy is no built-in: with them come the advisor and the
 * analysis, about 150 ms of imports that a run of built-in strategies never uses.
 */
async function goalsFor(items: readonly string[]): Promise<readonly GoalModule[]> {
  return items.every((s) => isBuiltinStrategy(s)) ? [] : (await import('../../goals/index.ts')).GOALS;
}

/**
 * Each --strategy entry is a built-in name or a module path. A module is imported here first, so
 * a bad one fails before any worker starts; workers get its absolute path.
 */
async function parseStrategies(list: string, ruleset: RuleSetId): Promise<{ specs: string[]; names: string[] }> {
  const items = list.split(',').map((s) => s.trim());
  if (items.some((s) => s === '')) throw invalid('strategy', `must be a comma-separated list without empty entries, got ${JSON.stringify(list)}`);
  const goals = await goalsFor(items);
  const specs: string[] = [];
  const names: string[] = [];
  for (const item of items) {
    if (isBuiltinStrategy(item) || goals.some((g) => g.playedBy(item))) {
      specs.push(item);
      names.push(item);
      continue;
    }
    if (!isModuleSpec(item)) {
      throw invalid('strategy', `unknown strategy ${JSON.stringify(item)}: use ${STRATEGY_NAMES} or the path of a strategy module (./my-bot.js)`);
    }
    const file = resolve(item);
    if (!existsSync(file)) throw invalid('strategy', `no such module: ${file}`);
    specs.push(file);
    names.push(asStrategy(await importDefault(file), file, RULESETS[ruleset]).name);
  }
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) throw invalid('strategy', `names ${JSON.stringify(twice)} twice; strategies in one run need distinct names`);
  return { specs, names };
}

/**
 * Where --record goes: stdout, or a file written under a temporary name and renamed only once
 * every game is in, so a file at that name is always complete.
 */
async function recordSink(target: string): Promise<Pick<AtomicWriter, 'write' | 'commit' | 'abort'>> {
  if (target === '-') {
    return {
      write: (text) =>
        new Promise<void>((resolve, reject) => {
          process.stdout.write(text, (e) => (e ? reject(e) : resolve()));
        }),
      commit: async () => {},
      abort: async () => {},
    };
  }
  try {
    return await createAtomicWriter(target);
  } catch (e) {
    throw invalid('record', `cannot write ${JSON.stringify(target)}: ${(e as Error).message}`);
  }
}

export function registerSimulate(program: Command): void {
  program
    .command('simulate')
    .description(describeCommand('simulate'))
    .option('--ruleset <id>', `rule set: ${listRuleSets(PLAYABLE_RULESETS)}`, 'yahtzee')
    .option('--strategy <list>', `comma-separated: ${BUILTIN_STRATEGIES.join(', ')}, reach:T, win (with --players), or a strategy module path`, 'optimal')
    .option('--games <n>', 'games per strategy (head to head: games at the table, a multiple of --players)', String(SIMULATE_DEFAULTS.games))
    .option('--players <n>', `play head to head at a table of n (2 to ${MAX_PLAYERS}): with strategies A,B one seat plays A and the others B, or list n strategies; reports each one's share of the stake`)
    .option('--seed <n>', 'seed of the dice: the same seed plays the same games', String(SIMULATE_DEFAULTS.seed))
    .option('--threads <n>', 'worker threads (default: all cores)')
    .option('--cache <entries>', `states whose decisions are kept per engine strategy and thread, ~0.75 KB each for five dice, in one memo the threads share (default ${SIMULATE_DEFAULTS.cacheEntries})`)
    .option('--target <total>', 'also report each strategy\'s share of games reaching this final total, and paired differences of those shares')
    .option('--json', 'print the JSON report')
    .option('--plot <file.svg>', 'write an SVG histogram of the score distributions')
    .option('--record <file.jsonl>', 'write every game played as a game record (JSON Lines, as dicewise analyse reads them; "-" for stdout, the report then goes to stderr)')
    .option('--shard <K/N>', 'play only part K of N equal parts of the games (head to head: of the deals), each with the dice it has in the whole run; dicewise merge combines the parts\' --json reports')
    .option('--tables <dir>', 'table folder (default $DICEWISE_TABLES or ./tables)')
    .action(async (flags: SimulateFlags) => {
      const ruleset = parseRuleSet(flags.ruleset);
      if (!isSimulable(ruleset)) {
        throw invalid('ruleset', `must be a rule set the simulator plays (${PLAYABLE_RULESETS.join(', ')}), got ${JSON.stringify(ruleset)}`);
      }
      const games = intFlag(flags.games, 'games', 1, 1e9);
      const seed = intFlag(flags.seed, 'seed', 0);
      const threads = flags.threads === undefined ? defaultThreads() : intFlag(flags.threads, 'threads', 1, 1024);
      const cacheEntries = flags.cache === undefined ? SIMULATE_DEFAULTS.cacheEntries : intFlag(flags.cache, 'cache', 0, 1 << 24);
      if (flags.plot !== undefined && !flags.plot.toLowerCase().endsWith('.svg')) throw invalid('plot', `must name an .svg file, got ${JSON.stringify(flags.plot)}`);
      const target = flags.target === undefined ? undefined : intFlag(flags.target, 'target', 0, 1e6);
      const players = flags.players === undefined ? undefined : intFlag(flags.players, 'players', 2, MAX_PLAYERS);
      const shard = parseShard(flags.shard);
      const { specs } = await parseStrategies(flags.strategy, ruleset);
      if (specs.includes(WIN_STRATEGY) && players === undefined) throw invalid('strategy', 'win plays against others at a table: add --players N');
      if (players !== undefined && flags.target !== undefined) throw invalid('target', 'reports solo games; head to head reports shares of the stake');
      if (players !== undefined && flags.plot !== undefined) throw invalid('plot', 'draws the score histograms of solo games; head to head reports shares of the stake');
      if (players !== undefined && flags.record !== undefined) throw invalid('record', 'writes solo games; head-to-head games are not recorded');
      // The opponents at a simulated table are all in progress; the goal model of a multi-column rule set is built from its column tables.
      const goalsPlayed = (await goalsFor(specs)).filter((g) => specs.some((s) => g.playedBy(s)));
      const laneKinds = [...new Set(goalsPlayed.flatMap((g) => g.tables(RULESETS[ruleset], true)))].filter((k): k is Exclude<typeof k, 'goal-model'> => k !== 'goal-model');
      // Loaded (built first when missing: minutes) here once, and shared with every worker thread rather than read by each.
      const lanes: SharedLanes = {};
      for (const kind of laneKinds) {
        const bar = progressBar(`building ${ruleset} ${kind} table`, { lines: true });
        // The store's model loader brings the approximations with it: loaded only for goal tables.
        const { ensureReachTable } = await import('../../store/model-loader.ts');
        lanes[kind] = await ensureReachTable(tableDir(flags.tables), ruleset, {
          kind,
          shared: true,
          solver: async (n) => (await import('../../../workers/pool.ts')).solverThreads(n),
          onBuild: (id, reason) => process.stderr.write(`dicewise: no usable ${kind} table for ${id} (${reason}); building it now (minutes)\n`),
          onProgress: (p) => bar.update(p.statesDone, p.statesTotal),
        });
        bar.stop();
      }
      // Enough chunks for an even spread over the threads and a smooth progress bar, not so many
      // that messaging shows; the results do not depend on the chunk size.
      const played = Math.ceil(games / (shard?.count ?? 1));
      const chunkSize = Math.max(50, Math.min(1000, Math.ceil(played / (threads * 8))));
      const workers = Math.max(1, Math.min(threads, Math.ceil(played / chunkSize)));
      const record = flags.record === undefined ? undefined : await recordSink(flags.record);
      const pool = createWorkerPool({ threads: workers, tables: tableDir(flags.tables) });
      // The tables the rule set's model plays from are read here once, into shared memory, while the
      // threads start; they play from them. Where one cannot be read, each thread reads its own and reports why.
      const read = sharedTableReader();
      if (goalsPlayed.length > 0 || specs.some((s) => modelKindOf(s, RULESETS[ruleset]) === 'best')) {
        const { readModelTables } = await import('../../store/model-loader.ts');
        await readModelTables(tableDir(flags.tables), ruleset, read).catch(() => undefined);
      }
      const run = simulateRunner(pool);
      const shared = { ...(laneKinds.length > 0 && { lanes }), tables: read.loaded() };
      const runner: ChunkRunner = (task) => run({ ...task, ...shared });
      const bar = progressBar('simulate');
      const started = performance.now();
      if (players !== undefined) {
        let h2h;
        try {
          h2h = await playHeadToHead({ ruleset, strategies: specs, games, seed, players, chunkSize, concurrency: workers, cacheEntries, runner, onProgress: (done, all) => bar.update(done, all), shard });
        } finally {
          bar.stop();
          await pool.destroy();
        }
        const seconds = (performance.now() - started) / 1000;
        const report = h2h.shard ? headToHeadShardReport(h2h) : headToHeadReport(h2h);
        if (flags.json) {
          process.stdout.write(shardJson(report));
          return;
        }
        process.stdout.write(formatHeadToHead(report));
        process.stdout.write(`\n${h2h.games} games in ${seconds.toFixed(2)} s on ${workers} threads (${Math.round(h2h.games / seconds)} games/s)\n`);
        process.stdout.write(shardNote(h2h.shard));
        return;
      }
      let data;
      try {
        data = await simulate({
          ruleset,
          strategies: specs,
          games,
          seed,
          chunkSize,
          concurrency: workers,
          cacheEntries,
          shareMemo: true,
          runner,
          onProgress: (done, all) => bar.update(done, all),
          onRecords: record?.write,
          shard,
        });
        await record?.commit();
      } catch (e) {
        await record?.abort();
        throw e;
      } finally {
        bar.stop();
        await pool.destroy();
      }
      // With the records on stdout, the report goes to stderr.
      const out = flags.record === '-' ? process.stderr : process.stdout;
      const seconds = (performance.now() - started) / 1000;
      const report = data.shard ? shardReport(data, target) : buildReport(data, target);
      if (flags.plot !== undefined) await writeFileAtomic(flags.plot, histogramSvg(report));
      if (flags.json) {
        out.write(shardJson(report));
        return;
      }
      out.write(formatReport(report));
      out.write(`\n${data.games} games × ${specs.length} strategies in ${seconds.toFixed(2)} s on ${workers} threads (${Math.round(data.games / seconds)} games/s)\n`);
      out.write(shardNote(data.shard));
      if (flags.record !== undefined && flags.record !== '-') out.write(`${data.games * specs.length} game records written to ${resolve(flags.record)}\n`);
      if (flags.plot !== undefined) out.write(`histogram written to ${resolve(flags.plot)}\n`);
    });
}
