import { first, flag, integerIn, invalidOption, listOf, variable, type Env } from '../../option-values.ts';
import { PLAYABLE_RULESETS, type RuleSetId } from '../../rules/index.ts';
import type { Shard } from '../../shard.ts';
import { isSimulable, MAX_PLAYERS, SIMULATE_DEFAULTS } from '../../simulate/index.ts';
import { DEFAULT_TABLES_DIR, TABLES_ENV } from '../../store/table-dir.ts';
import { defaultThreads } from '../../../workers/pool.ts';
import { parseRuleSet, parseShard } from '../options.ts';

/**
 * `dicewise simulate`'s options: every flag optional (SimulateFlags, text as commander passes it),
 * one defaults object, one resolve function over the environment (DICEWISE_TABLES); the command
 * reads only the resolved object. A bad value throws naming its flag.
 */
export interface SimulateFlags {
  ruleset?: string;
  strategy?: string;
  games?: string;
  seed?: string;
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

export const SIMULATE_COMMAND_DEFAULTS = {
  ruleset: SIMULATE_DEFAULTS.ruleset,
  strategy: SIMULATE_DEFAULTS.strategies.join(','),
  games: SIMULATE_DEFAULTS.games,
  seed: SIMULATE_DEFAULTS.seed,
  /** all cores */
  threads: defaultThreads(),
  cacheEntries: SIMULATE_DEFAULTS.cacheEntries,
  tables: DEFAULT_TABLES_DIR,
} as const;

export interface ResolvedSimulateCommandOptions {
  ruleset: RuleSetId;
  /** the --strategy list's entries as given: built-in names, goal strategies (`reach:250`, `win`), module paths */
  strategies: string[];
  games: number;
  seed: number;
  threads: number;
  /** decisions kept per engine strategy and thread */
  cacheEntries: number;
  /** head to head at a table of this many */
  players?: number;
  /** solo: also each strategy's share of games reaching this final total */
  target?: number;
  /** solo: an SVG histogram written here */
  plot?: string;
  /** solo: every game as a record, to this file, or stdout for `-` */
  record?: string;
  shard?: Shard;
  json: boolean;
  tables: string;
}

/** What head to head does not report, each with why: solo games' totals, plots and records. */
const SOLO_ONLY = {
  target: 'reports solo games; head to head reports shares of the stake',
  plot: 'draws the score histograms of solo games; head to head reports shares of the stake',
  record: 'writes solo games; head-to-head games are not recorded',
} as const;

const option = (name: keyof SimulateFlags) => ({ name: `--${name}`, field: name });

export function resolveSimulateCommandOptions(flags: SimulateFlags, env: Env): ResolvedSimulateCommandOptions {
  const D = SIMULATE_COMMAND_DEFAULTS;
  const ruleset = parseRuleSet(flags.ruleset ?? D.ruleset);
  if (!isSimulable(ruleset)) throw invalidOption(option('ruleset'), `must be a rule set the simulator plays (${PLAYABLE_RULESETS.join(', ')}), got ${JSON.stringify(ruleset)}`);
  const games = integerIn(flag(flags.games, '--games'), 1, 1e9) ?? D.games;
  const seed = integerIn(flag(flags.seed, '--seed'), 0, Number.MAX_SAFE_INTEGER) ?? D.seed;
  const threads = integerIn(flag(flags.threads, '--threads'), 1, 1024) ?? D.threads;
  const cacheEntries = integerIn(flag(flags.cache, '--cache'), 0, 1 << 24) ?? D.cacheEntries;
  if (flags.plot !== undefined && !flags.plot.toLowerCase().endsWith('.svg')) throw invalidOption(option('plot'), `must name an .svg file, got ${JSON.stringify(flags.plot)}`);
  const target = integerIn(flag(flags.target, '--target'), 0, 1e6);
  const players = integerIn(flag(flags.players, '--players'), 2, MAX_PLAYERS);
  const shard = parseShard(flags.shard);
  const strategy = flags.strategy ?? D.strategy;
  const strategies = listOf(strategy);
  if (strategies.some((s) => s === '')) throw invalidOption(option('strategy'), `must be a comma-separated list without empty entries, got ${JSON.stringify(strategy)}`);
  if (players !== undefined) {
    for (const name of Object.keys(SOLO_ONLY) as (keyof typeof SOLO_ONLY)[]) if (flags[name] !== undefined) throw invalidOption(option(name), SOLO_ONLY[name]);
  }
  const tables = first(flag(flags.tables, '--tables'), variable(env, TABLES_ENV))?.value ?? D.tables;
  const o: ResolvedSimulateCommandOptions = { ruleset, strategies, games, seed, threads, cacheEntries, json: flags.json ?? false, tables };
  if (players !== undefined) o.players = players;
  if (target !== undefined) o.target = target;
  if (flags.plot !== undefined) o.plot = flags.plot;
  if (flags.record !== undefined) o.record = flags.record;
  if (shard) o.shard = shard;
  return o;
}
