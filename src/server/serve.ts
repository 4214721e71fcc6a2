import { serve, type ServerType } from '@hono/node-server';
import { createServer, type RequestListener, type Server, type ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DicewiseError } from '../errors.ts';
import type { Env } from '../option-values.ts';
import { createTurnCaches } from '../solver/index.ts';
import { diskSources } from '../store/disk-sources.ts';
import { sweepTempFiles } from '../store/write-atomic.ts';
import { sharedTableReader } from '../store/table-store.ts';
import { createServedApp } from './app.ts';
import { poolBatchWork } from './batch-work.ts';
import { createHintCache } from './hint-cache.ts';
import { jsonLogger, type Logger } from './logger.ts';
import { resolveServeOptions, type ResolvedServeOptions, type ServeOptions } from './serve-options.ts';
import { processTableBuild } from './table-builds.ts';
import { createTableRegistry, type TableRegistry } from './table-registry.ts';

export interface RunningServer {
  url: string;
  registry: TableRegistry;
  server: ServerType;
  /** the options it runs with, every one resolved */
  options: ResolvedServeOptions;
  /** Stops accepting connections and any table build, lets requests in flight finish, then resolves. */
  close(): Promise<void>;
}

/** Listens on the options' host and port with their socket limits; resolves once it does. */
function listen(o: ResolvedServeOptions, fetch: (req: Request) => Response | Promise<Response>, answerFirst: (l: RequestListener) => RequestListener): Promise<ServerType> {
  return new Promise<ServerType>((resolve, reject) => {
    const s = serve(
      {
        fetch,
        createServer: ((options: ServerOptions, appListener: RequestListener) => createServer(options, answerFirst(appListener))) as typeof createServer,
        port: o.port,
        hostname: o.host,
        serverOptions: { requestTimeout: o.limits.requestTimeoutMs, headersTimeout: o.limits.headersTimeoutMs, keepAliveTimeout: o.limits.keepAliveTimeoutMs },
      },
      () => resolve(s),
    );
    (s as Server).maxConnections = o.limits.maxConnections;
    s.once('error', reject);
  });
}

/**
 * Listens at once (so /healthz answers and /readyz says 503 while tables load), then loads the
 * served rule sets in the background, building missing tables. `options` are resolved once, over
 * `env` (the CLI passes its environment; none by default) and SERVE_DEFAULTS.
 */
export async function startServer(options: ServeOptions = {}, logger: Logger = jsonLogger(), env: Env = {}): Promise<RunningServer> {
  const o = resolveServeOptions(options, env);
  const swept = await sweepTempFiles(o.tables);
  if (swept.length > 0) logger.info('removed temporary files of interrupted writes', { tables: o.tables, files: swept });
  // The value tables are read once, into shared memory, and handed to the batch threads with their tasks.
  const read = sharedTableReader();
  // Aborted by close(): a table build in progress is stopped, its process killed, and none starts after.
  const builds = new AbortController();
  const registry = createTableRegistry({
    rulesets: o.rulesets,
    goalTables: o.goalTables,
    sources: diskSources(o.tables, { cap: o.reachCap, read, build: processTableBuild(o, builds.signal) }),
    logger,
    retry: o.retry,
  });
  const batch = poolBatchWork({ tables: o.tables, threads: o.batchThreads, idleMs: o.batchIdleMs }, read.loaded);
  let draining = false;
  const { app, answerFirst } = createServedApp({
    registry,
    logger,
    batch,
    admission: o.admission,
    hints: createHintCache(o.hintCache.entries, o.hintCache.bytes),
    turns: createTurnCaches({ entries: o.turnCacheEntries }),
    limits: { hintBodyBytes: o.hintBodyBytes },
    draining: () => draining,
    processMetrics: true,
  });
  const server = await listen(o, app.fetch, answerFirst);
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  logger.info('listening', { url, tables: o.tables, rulesets: o.rulesets, goalTables: o.goalTables, limits: o.limits, admission: o.admission });
  void registry.start();
  const graceMs = o.admission.deadlineMs + o.graceMarginMs;
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
  return { url, registry, server, options: o, close };
}

/** Runs until SIGTERM or SIGINT, then closes gracefully and exits 0 (table builds in progress are stopped). */
export async function runServer(options: ServeOptions, logger: Logger = jsonLogger(), env: Env = {}): Promise<RunningServer> {
  const running = await startServer(options, logger, env);
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
