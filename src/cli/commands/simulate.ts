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
  modelKindOf,
  formatHeadToHead,
  headToHeadReport,
  headToHeadShardReport,
  MAX_PLAYERS,
  playHeadToHead,
  shardReport,
  simulate,
  WIN_STRATEGY,
  STRATEGY_NAMES,
  type ChunkRunner,
  type SharedLanes,
} from '../../simulate/index.ts';
import { createWorkerPool, simulateRunner, type WorkerPool } from '../../../workers/pool.ts';
import { progressBar } from '../progress.ts';
import { shardJson } from '../shard-json.ts';
import { sharedTableReader } from '../../store/table-store.ts';
import { createAtomicWriter, writeFileAtomic, type AtomicWriter } from '../../store/write-atomic.ts';
import { importDefault } from '../../store/import-module.ts';
import type { GoalKind } from '../../solver/index.ts';
import { resolveSimulateCommandOptions, SIMULATE_COMMAND_DEFAULTS, type ResolvedSimulateCommandOptions, type SimulateFlags } from './simulate-options.ts';

/** What a shard's text report adds: which games it played, and how to combine the parts. */
function shardNote(shard: { index: number; count: number; from: number; to: number; games: number } | undefined): string {
  if (!shard) return '';
  return `part ${shard.index} of ${shard.count} of a ${shard.games}-game run: games ${shard.from + 1} to ${shard.to}; merge the parts' --json reports with dicewise merge\n`;
}

function invalid(option: string, message: string): DicewiseError {
  return new DicewiseError('INVALID_OPTION', `--${option} ${message}`, [{ field: option, message }]);
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
async function parseStrategies(items: readonly string[], ruleset: RuleSetId): Promise<{ specs: string[]; names: string[] }> {
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
      throw invalid('strategy', `unknown strategy ${JSON.stringify(item)}: use ${STRATEGY_NAMES} or the path of a strategy module (./my-bot.mjs)`);
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

/**
 * The goal tables the played goals read (the opponents at a simulated table are all in progress;
 * the goal model of a multi-column rule set is built from its column tables), loaded here once
 * (built first when missing: minutes) and shared with every worker thread rather than checked by each.
 */
async function loadLanes(o: ResolvedSimulateCommandOptions, goalsPlayed: readonly GoalModule[]): Promise<{ kinds: GoalKind[]; lanes: SharedLanes }> {
  const kinds = [...new Set(goalsPlayed.flatMap((g) => g.tables(RULESETS[o.ruleset], true)))].filter((k): k is Exclude<typeof k, 'goal-model'> => k !== 'goal-model');
  const lanes: SharedLanes = {};
  for (const kind of kinds) {
    const bar = progressBar(`building ${o.ruleset} ${kind} table`, { lines: true });
    // The store's model loader brings the approximations with it: loaded only for goal tables.
    const { ensureReachTable } = await import('../../store/model-loader.ts');
    lanes[kind] = (
      await ensureReachTable(o.tables, o.ruleset, {
        kind,
        solver: async (n) => (await import('../../../workers/pool.ts')).solverThreads(n),
        onBuild: (id, reason) => process.stderr.write(`dicewise: no usable ${kind} table for ${id} (${reason}); building it now (minutes)\n`),
        onProgress: (p) => bar.update(p.statesDone, p.statesTotal),
      })
    ).data;
    bar.stop();
  }
  return { kinds, lanes };
}

/** A run's strategies, its chunks and the threads that play them. */
interface Run {
  specs: string[];
  chunkSize: number;
  workers: number;
  runner: ChunkRunner;
  pool: WorkerPool;
}

async function playTable(o: ResolvedSimulateCommandOptions, players: number, run: Run): Promise<void> {
  const bar = progressBar('simulate');
  const started = performance.now();
  let h2h;
  try {
    h2h = await playHeadToHead({
      ruleset: o.ruleset,
      strategies: run.specs,
      games: o.games,
      seed: o.seed,
      players,
      chunkSize: run.chunkSize,
      concurrency: run.workers,
      cacheEntries: o.cacheEntries,
      runner: run.runner,
      onProgress: (done, all) => bar.update(done, all),
      shard: o.shard,
    });
  } finally {
    bar.stop();
    await run.pool.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  const report = h2h.shard ? headToHeadShardReport(h2h) : headToHeadReport(h2h);
  if (o.json) {
    process.stdout.write(shardJson(report));
    return;
  }
  process.stdout.write(formatHeadToHead(report));
  process.stdout.write(`\n${h2h.games} games in ${seconds.toFixed(2)} s on ${run.workers} threads (${Math.round(h2h.games / seconds)} games/s)\n`);
  process.stdout.write(shardNote(h2h.shard));
}

async function playSolo(o: ResolvedSimulateCommandOptions, run: Run, record: Awaited<ReturnType<typeof recordSink>> | undefined): Promise<void> {
  const bar = progressBar('simulate');
  const started = performance.now();
  let data;
  try {
    data = await simulate({
      ruleset: o.ruleset,
      strategies: run.specs,
      games: o.games,
      seed: o.seed,
      chunkSize: run.chunkSize,
      concurrency: run.workers,
      cacheEntries: o.cacheEntries,
      shareMemo: true,
      runner: run.runner,
      onProgress: (done, all) => bar.update(done, all),
      onRecords: record?.write,
      shard: o.shard,
    });
    await record?.commit();
  } catch (e) {
    await record?.abort();
    throw e;
  } finally {
    bar.stop();
    await run.pool.destroy();
  }
  // With the records on stdout, the report goes to stderr.
  const out = o.record === '-' ? process.stderr : process.stdout;
  const seconds = (performance.now() - started) / 1000;
  const report = data.shard ? shardReport(data, o.target) : buildReport(data, o.target);
  if (o.plot !== undefined) await writeFileAtomic(o.plot, histogramSvg(report));
  if (o.json) {
    out.write(shardJson(report));
    return;
  }
  out.write(formatReport(report));
  out.write(`\n${data.games} games × ${run.specs.length} strategies in ${seconds.toFixed(2)} s on ${run.workers} threads (${Math.round(data.games / seconds)} games/s)\n`);
  out.write(shardNote(data.shard));
  if (o.record !== undefined && o.record !== '-') out.write(`${data.games * run.specs.length} game records written to ${resolve(o.record)}\n`);
  if (o.plot !== undefined) out.write(`histogram written to ${resolve(o.plot)}\n`);
}

async function runSimulate(o: ResolvedSimulateCommandOptions): Promise<void> {
  const { specs } = await parseStrategies(o.strategies, o.ruleset);
  if (specs.includes(WIN_STRATEGY) && o.players === undefined) throw invalid('strategy', 'win plays against others at a table: add --players N');
  const goalsPlayed = (await goalsFor(specs)).filter((g) => specs.some((s) => g.playedBy(s)));
  const { kinds, lanes } = await loadLanes(o, goalsPlayed);
  // Enough chunks for an even spread over the threads and a smooth progress bar, not so many
  // that messaging shows; the results do not depend on the chunk size.
  const played = Math.ceil(o.games / (o.shard?.count ?? 1));
  const chunkSize = Math.max(50, Math.min(1000, Math.ceil(played / (o.threads * 8))));
  const workers = Math.max(1, Math.min(o.threads, Math.ceil(played / chunkSize)));
  const record = o.record === undefined ? undefined : await recordSink(o.record);
  const pool = createWorkerPool({ threads: workers, tables: o.tables });
  // The tables the rule set's model plays from are read here once, into shared memory, while the
  // threads start; they play from them. Where one cannot be read, each thread reads its own and reports why.
  const read = sharedTableReader();
  if (goalsPlayed.length > 0 || specs.some((s) => modelKindOf(s, RULESETS[o.ruleset]) === 'best')) {
    const { readModelTables } = await import('../../store/model-loader.ts');
    await readModelTables(o.tables, o.ruleset, read).catch(() => undefined);
  }
  const runPool = simulateRunner(pool);
  const shared = { ...(kinds.length > 0 && { lanes }), tables: read.loaded() };
  const run: Run = { specs, chunkSize, workers, runner: (task) => runPool({ ...task, ...shared }), pool };
  if (o.players !== undefined) await playTable(o, o.players, run);
  else await playSolo(o, run, record);
}

export function registerSimulate(program: Command): void {
  const D = SIMULATE_COMMAND_DEFAULTS;
  program
    .command('simulate')
    .description(describeCommand('simulate'))
    .option('--ruleset <id>', `rule set: ${listRuleSets(PLAYABLE_RULESETS)}`, D.ruleset)
    .option('--strategy <list>', `comma-separated: ${BUILTIN_STRATEGIES.join(', ')}, reach:T, win (with --players), or a strategy module path`, D.strategy)
    .option('--games <n>', 'games per strategy (head to head: games at the table, a multiple of --players)', String(D.games))
    .option('--players <n>', `play head to head at a table of n (2 to ${MAX_PLAYERS}): with strategies A,B one seat plays A and the others B, or list n strategies; reports each one's share of the stake`)
    .option('--seed <n>', 'seed of the dice: the same seed plays the same games', String(D.seed))
    .option('--threads <n>', 'worker threads (default: all cores)')
    .option('--cache <entries>', `states whose decisions are kept per engine strategy and thread, ~0.75 KB each for five dice, in one memo the threads share (default ${D.cacheEntries})`)
    .option('--target <total>', 'also report each strategy\'s share of games reaching this final total, and paired differences of those shares')
    .option('--json', 'print the JSON report')
    .option('--plot <file.svg>', 'write an SVG histogram of the score distributions')
    .option('--record <file.jsonl>', 'write every game played as a game record (JSON Lines, as dicewise analyse reads them; "-" for stdout, the report then goes to stderr)')
    .option('--shard <K/N>', 'play only part K of N equal parts of the games (head to head: of the deals), each with the dice it has in the whole run; dicewise merge combines the parts\' --json reports')
    .option('--tables <dir>', 'table folder (default $DICEWISE_TABLES or ./tables)')
    .action(async (flags: SimulateFlags) => {
      await runSimulate(resolveSimulateCommandOptions(flags, process.env));
    });
}
