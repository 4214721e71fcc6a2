import { createTurnCaches, type TurnCaches } from '../solver/index.ts';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { positiveInteger } from '../errors.ts';
import { VERSION } from '../version.ts';
import { createAdmission, type Admission, type AdmissionOptions } from './admission.ts';
import { inlineBatchWork, type BatchWork } from './batch-work.ts';
import { createHintCache, type HintCache } from './hint-cache.ts';
import { silentLogger, type Logger } from './logger.ts';
import { createServerMetrics, type ServerMetrics } from './metrics.ts';
import { SERVE_DEFAULTS } from './serve-options.ts';
import type { TableRegistry } from './table-registry.ts';

/**
 * What createApp is given and what its routes receive. Routes import this module, never app.ts,
 * so the app and its routes do not import each other.
 */
export type DicewiseApp = OpenAPIHono;

export interface AppLimits {
  /** largest hint request body; a position is well under 1 KiB */
  hintBodyBytes: number;
}

export interface AppDeps {
  /** every table the app answers with: the served models, and the goal tables where it has a source for them (else those requests get 503) */
  registry: TableRegistry;
  /** request and error logs; default silent */
  logger?: Logger;
  /** evaluated turns shared by requests (the solver's turn caches); default SERVE_DEFAULTS.turnCacheEntries per model */
  turns?: TurnCaches;
  /** finished hint responses; default a new LRU of SERVE_DEFAULTS.hintCache (createHintCache(0) turns it off) */
  hints?: HintCache;
  /** default SERVE_DEFAULTS.hintBodyBytes */
  limits?: Partial<AppLimits>;
  /** where analyse and simulate run; default inline over the registry (tests) */
  batch?: BatchWork;
  /** how much batch work is admitted; default SERVE_DEFAULTS.admission */
  admission?: Partial<AdmissionOptions>;
  /** true once the server is shutting down: /readyz answers 503 */
  draining?: () => boolean;
  /** also export the process's own metrics (memory, CPU, event-loop lag): a server does, tests need not */
  processMetrics?: boolean;
}

export interface ResolvedDeps {
  registry: TableRegistry;
  logger: Logger;
  turns: TurnCaches;
  hints: HintCache;
  limits: AppLimits;
  batch: BatchWork;
  admission: Admission;
  draining: () => boolean;
  metrics: ServerMetrics;
  version: string;
}

/** Registers routes (and their OpenAPI descriptions) on the app. */
export type RouteModule = (app: DicewiseApp, deps: ResolvedDeps) => void;

export function resolveDeps(deps: AppDeps): ResolvedDeps {
  const limits = { hintBodyBytes: SERVE_DEFAULTS.hintBodyBytes, ...deps.limits };
  positiveInteger('limits.hintBodyBytes', limits.hintBodyBytes);
  const batch = deps.batch ?? inlineBatchWork(deps.registry);
  const admission = createAdmission({ ...SERVE_DEFAULTS.admission, ...deps.admission });
  const turns = deps.turns ?? createTurnCaches({ entries: SERVE_DEFAULTS.turnCacheEntries });
  const hints = deps.hints ?? createHintCache();
  return {
    registry: deps.registry,
    logger: deps.logger ?? silentLogger,
    turns,
    hints,
    limits,
    batch,
    admission,
    draining: deps.draining ?? (() => false),
    metrics: createServerMetrics({ admission, batch, hints }, { processMetrics: deps.processMetrics }),
    version: VERSION,
  };
}
