import { serve, type ServerType } from '@hono/node-server';
import { createServer, type RequestListener, type Server, type ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { DicewiseError, positiveInteger } from '../errors.ts';
import { isRuleSetId, DEFAULT_SERVED_RULESETS, unknownRuleSetMessage, type RuleSetId } from '../rules/index.ts';
import { sweepTempFiles } from '../store/write-atomic.ts';
import { sharedTableReader } from '../store/table-store.ts';
import { DEFAULT_ADMISSION } from './app-deps.ts';
import { createServedApp } from './app.ts';
import { poolBatchWork } from './batch-work.ts';
import { jsonLogger, type Logger } from './logger.ts';
import { createTableRegistry, diskSources, parseGoalTables, type TableRegistry } from './table-registry.ts';

/** Flags as the CLI passes them (strings, all optional); env and defaults fill the rest. */
export interface ServeFlags {
  port?: string;
  host?: string;
  tables?: string;
  rulesets?: string;
  threads?: string;
  reachCap?: string;
  goalTables?: string;
}

export interface ServeOptions {
  port: number;
  host: string;
  tables: string;
  rulesets: RuleSetId[];
  /** threads for building missing tables; default all cores */
  threads?: number;
  /** reach tables this server builds answer every target up to this many points still needed; default REACH_CAP_DEFAULT */
  reachCap?: number;
  /** rule sets whose reach and points distribution tables are loaded (and built where missing) after the models, in this order; default none */
  goalTables?: RuleSetId[];
  /** socket limits; default SERVER_LIMITS */
  limits?: Partial<ServerLimits>;
  /** worker threads for analyse and simulate; default one core fewer than the machine has (at least 1) */
  batchThreads?: number;
  /** batch requests running, waiting, and their deadline; default DEFAULT_ADMISSION */
  admission?: Partial<typeof DEFAULT_ADMISSION>;
}

/**
 * Loopback by default: the advisor is exposed on purpose (`--host 0.0.0.0`, or HOST, or a
 * reverse proxy in front), never by accident.
 */
export const SERVE_DEFAULTS = { port: 8080, host: '127.0.0.1', tables: 'tables' } as const;

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

export const SERVER_LIMITS: ServerLimits = { requestTimeoutMs: 30_000, headersTimeoutMs: 10_000, keepAliveTimeoutMs: 5_000, maxConnections: 1024 };

/** After the longest admitted request's deadline, this much more before connections are cut. */
const GRACE_MARGIN_MS = 5_000;

function badOption(field: string, message: string): DicewiseError {
  return new DicewiseError('INVALID_OPTION', `${field} ${message}`, [{ field, message }]);
}

/** A positive integer from the environment, or undefined when unset; a bad value throws naming the variable. */
function envInt(env: NodeJS.ProcessEnv, name: string, min: number): number | undefined {
  const text = env[name];
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw badOption(name, `must be an integer ≥ ${min}, got ${JSON.stringify(text)}`);
  return n;
}

/**
 * Batch capacity from the environment: DICEWISE_BATCH_THREADS (worker threads), DICEWISE_BATCH_RUNNING
 * (requests running), DICEWISE_BATCH_QUEUED (requests waiting), DICEWISE_BATCH_DEADLINE_S.
 */
function batchOptions(env: NodeJS.ProcessEnv): Pick<ServeOptions, 'batchThreads' | 'admission'> {
  const out: Pick<ServeOptions, 'batchThreads' | 'admission'> = {};
  const threads = envInt(env, 'DICEWISE_BATCH_THREADS', 1);
  if (threads !== undefined) out.batchThreads = threads;
  const admission: Partial<typeof DEFAULT_ADMISSION> = {};
  const running = envInt(env, 'DICEWISE_BATCH_RUNNING', 1);
  const queued = envInt(env, 'DICEWISE_BATCH_QUEUED', 0);
  const deadline = envInt(env, 'DICEWISE_BATCH_DEADLINE_S', 1);
  if (running !== undefined) admission.maxRunning = running;
  if (queued !== undefined) admission.maxQueued = queued;
  if (deadline !== undefined) admission.deadlineMs = deadline * 1000;
  if (Object.keys(admission).length > 0) out.admission = admission;
  return out;
}

/**
 * Flag, else environment (PORT, HOST, DICEWISE_TABLES, DICEWISE_RULESETS, DICEWISE_REACH_CAP,
 * DICEWISE_GOAL_TABLES), else default; a bad value throws naming it.
 */
export function resolveServeOptions(flags: ServeFlags, env: NodeJS.ProcessEnv = process.env): ServeOptions {
  const portText = flags.port ?? env.PORT;
  const port = portText === undefined ? SERVE_DEFAULTS.port : Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw badOption(flags.port !== undefined ? 'port' : 'PORT', `must be an integer from 0 to 65535, got ${JSON.stringify(portText)}`);
  }
  const host = flags.host ?? env.HOST ?? SERVE_DEFAULTS.host;
  const tables = flags.tables ?? env.DICEWISE_TABLES ?? SERVE_DEFAULTS.tables;
  const listText = flags.rulesets ?? env.DICEWISE_RULESETS;
  let rulesets = [...DEFAULT_SERVED_RULESETS];
  if (listText !== undefined) {
    const field = flags.rulesets !== undefined ? 'rulesets' : 'DICEWISE_RULESETS';
    const ids = listText.split(',').map((s) => s.trim()).filter(Boolean);
    if (ids.length === 0) throw badOption(field, 'must name at least one rule set');
    for (const id of ids) {
      if (!isRuleSetId(id)) throw badOption(field, `has ${unknownRuleSetMessage(id)}`);
    }
    rulesets = [...new Set(ids as RuleSetId[])];
  }
  const threads = flags.threads === undefined ? undefined : positiveInteger('threads', Number(flags.threads), 'threads', JSON.stringify(flags.threads));
  const capText = flags.reachCap ?? env.DICEWISE_REACH_CAP;
  const reachCap = capText === undefined ? undefined : Number(capText);
  if (reachCap !== undefined && (!Number.isInteger(reachCap) || reachCap < 1 || reachCap > 4000)) {
    throw badOption(flags.reachCap !== undefined ? 'reach-cap' : 'DICEWISE_REACH_CAP', `must be an integer from 1 to 4000, got ${JSON.stringify(capText)}`);
  }
  const goalText = flags.goalTables ?? env.DICEWISE_GOAL_TABLES;
  const goalTables = parseGoalTables(goalText, rulesets, flags.goalTables !== undefined ? 'goal-tables' : 'DICEWISE_GOAL_TABLES');
  return { port, host, tables, rulesets, threads, reachCap, goalTables, ...batchOptions(env) };
}

export interface RunningServer {
  url: string;
  registry: TableRegistry;
  server: ServerType;
  /** Stops accepting connections and any table build, lets requests in flight finish, then resolves. */
  close(): Promise<void>;
}

/**
 * Listens at once (so /healthz answers and /readyz says 503 while tables load), then loads the
 * served rule sets in the background, building missing tables.
 */
export async function startServer(opts: ServeOptions, logger: Logger = jsonLogger()): Promise<RunningServer> {
  const swept = await sweepTempFiles(opts.tables);
  if (swept.length > 0) logger.info('removed temporary files of interrupted writes', { tables: opts.tables, files: swept });
  // The value tables are read once, into shared memory, and handed to the batch threads with their tasks.
  const read = sharedTableReader();
  // Aborted by close(): a table build in progress is stopped, its process killed, and none starts after.
  const builds = new AbortController();
  const registry = createTableRegistry({
    rulesets: opts.rulesets,
    goalTables: opts.goalTables,
    sources: diskSources(opts.tables, { threads: opts.threads, cap: opts.reachCap, read, signal: builds.signal }),
    logger,
    retry: { firstMs: 1000, maxMs: 60_000 },
  });
  const batch = poolBatchWork(opts.tables, opts.batchThreads ?? Math.max(1, availableParallelism() - 1), read.loaded);
  const admission = { ...DEFAULT_ADMISSION, ...opts.admission };
  let draining = false;
  const { app, answerFirst } = createServedApp({ registry, logger, batch, admission, draining: () => draining, processMetrics: true });
  const limits = { ...SERVER_LIMITS, ...opts.limits };
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve(
      {
        fetch: app.fetch,
        createServer: ((options: ServerOptions, appListener: RequestListener) => createServer(options, answerFirst(appListener))) as typeof createServer,
        port: opts.port,
        hostname: opts.host,
        serverOptions: { requestTimeout: limits.requestTimeoutMs, headersTimeout: limits.headersTimeoutMs, keepAliveTimeout: limits.keepAliveTimeoutMs },
      },
      () => resolve(s),
    );
    (s as Server).maxConnections = limits.maxConnections;
    s.once('error', reject);
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  logger.info('listening', { url, tables: opts.tables, rulesets: opts.rulesets, goalTables: opts.goalTables, limits, admission });
  void registry.start();
  const graceMs = admission.deadlineMs + GRACE_MARGIN_MS;
  const close = () =>
    new Promise<void>((resolve) => {
      draining = true;
      builds.abort(new DicewiseError('CANCELLED', 'the server is closing: table builds are stopped'));
      const http = server as Server;
      const force = setTimeout(() => http.closeAllConnections?.(), graceMs);
      force.unref();
      http.close(() => {
        clearTimeout(force);
        void batch.destroy().then(resolve);
      });
      // Keep-alive connections with no request in flight would hold close() open: drop them now.
      http.closeIdleConnections?.();
    });
  return { url, registry, server, close };
}

/** Runs until SIGTERM or SIGINT, then closes gracefully and exits 0 (table builds in progress are stopped). */
export async function runServer(opts: ServeOptions, logger: Logger = jsonLogger()): Promise<RunningServer> {
  const running = await startServer(opts, logger);
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    void running.close().then(() => {
      logger.info('stopped', { signal });
      process.exit(0);
    });
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return running;
}
