import { availableParallelism } from 'node:os';
import { DicewiseError } from '../errors.ts';
import { first, flag, integerIn, invalidOption, listOf, positiveIn, variable, type Env, type Given } from '../option-values.ts';
import { DEFAULT_SERVED_RULESETS, EXACT_RULESETS, isRuleSetId, unknownRuleSetMessage, type RuleSetId } from '../rules/index.ts';
import { REACH_CAP_DEFAULT, REACH_CAP_MAX } from '../solver/index.ts';
import { DEFAULT_TABLES_DIR, TABLES_ENV } from '../store/table-dir.ts';
import { threadsLowerable } from '../../workers/thread-priority.ts';
import type { AdmissionOptions } from './admission.ts';

/**
 * `dicewise serve`'s options, as piscina takes its own: every option optional (ServeOptions), one
 * defaults object (SERVE_DEFAULTS), and one resolve function that applies the options (the CLI's
 * flags) over the environment over the defaults, once, and throws naming the option for a bad
 * value. The server reads only the resolved object (ResolvedServeOptions), which lists every option.
 */

export interface ServerLimits {
  /** whole request (headers and body) must arrive within this */
  requestTimeoutMs: number;
  /** headers must arrive within this (slow-loris) */
  headersTimeoutMs: number;
  /** an idle keep-alive connection is closed after this */
  keepAliveTimeoutMs: number;
  /** open connections at once; more are refused by the socket */
  maxConnections: number;
}

export interface HintCacheSize {
  /** finished hint responses held */
  entries: number;
  /** bytes of response bodies (and keys) held; the bodies are 1.5-4 KB, so the bytes bind first */
  bytes: number;
}

/** A failed table load is tried again after `firstMs`, then twice as long each time up to `maxMs`. */
export interface RetryBackoff {
  firstMs: number;
  maxMs: number;
}

export interface ResolvedServeOptions {
  /** PORT; 0 listens on any free port */
  port: number;
  /** HOST */
  host: string;
  /** DICEWISE_TABLES: the table folder, read and written */
  tables: string;
  /** DICEWISE_RULESETS: rule sets whose models are served, in load order; the first decides readiness */
  rulesets: RuleSetId[];
  /** DICEWISE_GOAL_TABLES: rule sets whose reach and points distribution tables are loaded (built where missing) after the models, in this order */
  goalTables: RuleSetId[];
  /** threads of the primary's value table build, before anything is served */
  threads: number;
  /** threads of every later build, at the lowest CPU priority while requests are served */
  backgroundThreads: number;
  /** DICEWISE_REACH_CAP: goal tables the server builds answer every target up to this many points still needed; one with a smaller cap is rebuilt */
  reachCap: number;
  /** DICEWISE_BATCH_THREADS: worker threads for analyse, simulate and hints with effort */
  batchThreads: number;
  /** a batch thread idle this long stops, giving back its heap and tables */
  batchIdleMs: number;
  /** DICEWISE_BATCH_RUNNING, DICEWISE_BATCH_QUEUED, DICEWISE_BATCH_DEADLINE_S (seconds): batch requests running, waiting, and their deadline */
  admission: AdmissionOptions;
  hintCache: HintCacheSize;
  /** evaluated turns kept per model (the solver's turn caches): a player's next hints are mostly of the same turn */
  turnCacheEntries: number;
  /** largest hint (and odds) request body; a position is well under 1 KiB */
  hintBodyBytes: number;
  /** socket limits */
  limits: ServerLimits;
  /** failed table loads are retried by themselves */
  retry: RetryBackoff;
  /** after the longest admitted request's deadline, this much more on close before connections are cut */
  graceMarginMs: number;
}

/**
 * What the server is given: every option optional. A number may come as the text a flag or an
 * environment variable gives; a list of rule sets as a comma-separated text (`--rulesets`), and
 * goal tables also as `all` or `none` (`--goal-tables`).
 */
export type ServeOptions = {
  [K in keyof ResolvedServeOptions]?: ResolvedServeOptions[K] extends number
    ? number | string
    : ResolvedServeOptions[K] extends RuleSetId[]
      ? string | readonly RuleSetId[]
      : ResolvedServeOptions[K] extends object
        ? Partial<ResolvedServeOptions[K]>
        : ResolvedServeOptions[K];
};

const CORES = availableParallelism();

/** Every default of a server, in one place. */
export const SERVE_DEFAULTS = {
  // Loopback: the advisor is exposed on purpose (`--host 0.0.0.0`, HOST, a reverse proxy), never by accident.
  port: 8080,
  host: '127.0.0.1',
  tables: DEFAULT_TABLES_DIR,
  rulesets: DEFAULT_SERVED_RULESETS,
  /** every served exact rule set, most played first */
  goalTables: 'all',
  threads: CORES,
  // A build competes with requests where a thread cannot lower its own priority (not Linux): one core is left to them.
  backgroundThreads: threadsLowerable() ? CORES : Math.max(1, CORES - 1),
  reachCap: REACH_CAP_DEFAULT,
  // The event loop routes batch requests and answers points hints: one core is left to it.
  batchThreads: Math.max(1, CORES - 1),
  batchIdleMs: 60_000,
  // A deadline above the longest request on a busy 2-core machine.
  admission: { maxRunning: 2, maxQueued: 4, deadlineMs: 60_000 },
  hintCache: { entries: 4096, bytes: 8 * 1024 * 1024 },
  turnCacheEntries: 256,
  hintBodyBytes: 64 * 1024,
  limits: { requestTimeoutMs: 30_000, headersTimeoutMs: 10_000, keepAliveTimeoutMs: 5_000, maxConnections: 1024 },
  // A full disk, a table folder not mounted yet: tried again soon, then every minute.
  retry: { firstMs: 1000, maxMs: 60_000 },
  graceMarginMs: 5_000,
} as const;

/** The environment variable of each option that has one. */
export const SERVE_ENV = {
  port: 'PORT',
  host: 'HOST',
  tables: TABLES_ENV,
  rulesets: 'DICEWISE_RULESETS',
  goalTables: 'DICEWISE_GOAL_TABLES',
  reachCap: 'DICEWISE_REACH_CAP',
  batchThreads: 'DICEWISE_BATCH_THREADS',
  maxRunning: 'DICEWISE_BATCH_RUNNING',
  maxQueued: 'DICEWISE_BATCH_QUEUED',
  deadlineSeconds: 'DICEWISE_BATCH_DEADLINE_S',
} as const;

/** Rule set ids, listed or comma-separated, each one known, at least one. */
function ruleSetList(g: Given<string | readonly RuleSetId[]>): RuleSetId[] {
  const ids = listOf(g.value).filter(Boolean);
  if (ids.length === 0) throw invalidOption(g, 'must name at least one rule set');
  for (const id of ids) if (!isRuleSetId(id)) throw invalidOption(g, `has ${unknownRuleSetMessage(id)}`);
  return [...new Set(ids as RuleSetId[])];
}

/**
 * Which rule sets' goal tables a server builds ahead: `all` (every served exact rule set, most
 * played first), `none`, or a list of ids (comma-separated in text); a bad value throws naming
 * `field`. Not given: all.
 */
export function parseGoalTables(given: string | readonly string[] | undefined, served: readonly RuleSetId[], field: string): RuleSetId[] {
  const exact = EXACT_RULESETS.filter((id) => served.includes(id));
  const value = typeof given === 'string' ? given.trim() : given;
  if (value === undefined || value === 'all') return exact;
  if (value === 'none') return [];
  const ids = listOf(value);
  const bad = (message: string) => new DicewiseError('INVALID_OPTION', `${field} ${message}`, [{ field, message }]);
  if (ids.some((s) => s === '')) throw bad(`must be all, none or a comma-separated list of rule sets, got ${JSON.stringify(given)}`);
  for (const id of ids) {
    if (!(EXACT_RULESETS as readonly string[]).includes(id)) throw bad(`has ${JSON.stringify(id)}, which has no goal tables; those with them: ${EXACT_RULESETS.join(', ')}`);
    if (!served.includes(id as RuleSetId)) throw bad(`has ${id}, which this server does not serve (--rulesets)`);
  }
  return [...new Set(ids as RuleSetId[])];
}

/** Where and what it serves, and how it builds what is missing. */
function resolveTables(o: ServeOptions, env: Env): Pick<ResolvedServeOptions, 'port' | 'host' | 'tables' | 'rulesets' | 'goalTables' | 'threads' | 'backgroundThreads' | 'reachCap'> {
  const D = SERVE_DEFAULTS;
  const port = integerIn(first(flag(o.port, 'port'), variable(env, SERVE_ENV.port)), 0, 65535) ?? D.port;
  const host = first(flag(o.host, 'host'), variable(env, SERVE_ENV.host))?.value ?? D.host;
  const tables = first(flag(o.tables, 'tables'), variable(env, SERVE_ENV.tables))?.value ?? D.tables;
  const rulesetsGiven = first(flag(o.rulesets, 'rulesets'), variable(env, SERVE_ENV.rulesets));
  const rulesets = rulesetsGiven ? ruleSetList(rulesetsGiven) : [...D.rulesets];
  const threads = positiveIn(flag(o.threads, 'threads'));
  // `--threads` sets every build's threads; the background builds' own default holds otherwise.
  const backgroundThreads = positiveIn(flag(o.backgroundThreads, 'backgroundThreads')) ?? threads ?? D.backgroundThreads;
  const reachCap = integerIn(first(flag(o.reachCap, 'reach-cap'), variable(env, SERVE_ENV.reachCap)), 1, REACH_CAP_MAX) ?? D.reachCap;
  const goals = first(flag(o.goalTables, 'goal-tables'), variable(env, SERVE_ENV.goalTables));
  const goalTables = parseGoalTables(goals?.value ?? D.goalTables, rulesets, goals?.name ?? 'goal-tables');
  return { port, host, tables, rulesets, goalTables, threads: threads ?? D.threads, backgroundThreads, reachCap };
}

/** Batch work: its threads and how much of it is admitted. */
function resolveBatch(o: ServeOptions, env: Env): Pick<ResolvedServeOptions, 'batchThreads' | 'batchIdleMs' | 'admission'> {
  const D = SERVE_DEFAULTS;
  const a = o.admission ?? {};
  // The variable counts seconds, the option milliseconds.
  const seconds = (s: number | undefined) => (s === undefined ? undefined : s * 1000);
  const deadlineMs = integerIn(flag(a.deadlineMs, 'admission.deadlineMs'), 1) ?? seconds(integerIn(variable(env, SERVE_ENV.deadlineSeconds), 1)) ?? D.admission.deadlineMs;
  return {
    batchThreads: integerIn(first(flag(o.batchThreads, 'batchThreads'), variable(env, SERVE_ENV.batchThreads)), 1) ?? D.batchThreads,
    batchIdleMs: integerIn(flag(o.batchIdleMs, 'batchIdleMs'), 1) ?? D.batchIdleMs,
    admission: {
      maxRunning: integerIn(first(flag(a.maxRunning, 'admission.maxRunning'), variable(env, SERVE_ENV.maxRunning)), 1) ?? D.admission.maxRunning,
      maxQueued: integerIn(first(flag(a.maxQueued, 'admission.maxQueued'), variable(env, SERVE_ENV.maxQueued)), 0) ?? D.admission.maxQueued,
      deadlineMs,
    },
  };
}

/** Each member of a group of integer options (`limits.maxConnections`), given or its default. */
function integers<T extends Record<string, number>>(group: string, given: Partial<Record<keyof T, unknown>> | undefined, defaults: T, min: number): T {
  const out = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof T & string)[]) {
    const value = integerIn(flag(given?.[key], `${group}.${key}`), min);
    if (value !== undefined) out[key] = value as T[typeof key];
  }
  return out;
}

/** Caches, socket limits, retries: options of the code, with no flag or variable. */
function resolveLimits(o: ServeOptions): Pick<ResolvedServeOptions, 'hintCache' | 'turnCacheEntries' | 'hintBodyBytes' | 'limits' | 'retry' | 'graceMarginMs'> {
  const D = SERVE_DEFAULTS;
  return {
    // No entries turns the cache off.
    hintCache: {
      entries: integerIn(flag(o.hintCache?.entries, 'hintCache.entries'), 0) ?? D.hintCache.entries,
      bytes: integerIn(flag(o.hintCache?.bytes, 'hintCache.bytes'), 1) ?? D.hintCache.bytes,
    },
    turnCacheEntries: integerIn(flag(o.turnCacheEntries, 'turnCacheEntries'), 1) ?? D.turnCacheEntries,
    hintBodyBytes: integerIn(flag(o.hintBodyBytes, 'hintBodyBytes'), 1) ?? D.hintBodyBytes,
    limits: integers('limits', o.limits, { ...D.limits }, 1),
    retry: integers('retry', o.retry, { ...D.retry }, 1),
    graceMarginMs: integerIn(flag(o.graceMarginMs, 'graceMarginMs'), 0) ?? D.graceMarginMs,
  };
}

/**
 * The options over the environment (PORT, HOST, DICEWISE_TABLES, DICEWISE_RULESETS,
 * DICEWISE_GOAL_TABLES, DICEWISE_REACH_CAP, DICEWISE_BATCH_THREADS, DICEWISE_BATCH_RUNNING,
 * DICEWISE_BATCH_QUEUED, DICEWISE_BATCH_DEADLINE_S) over SERVE_DEFAULTS; a bad value throws
 * INVALID_OPTION naming the flag or variable it came from.
 */
export function resolveServeOptions(options: ServeOptions, env: Env): ResolvedServeOptions {
  return { ...resolveTables(options, env), ...resolveBatch(options, env), ...resolveLimits(options) };
}
