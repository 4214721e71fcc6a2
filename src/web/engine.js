// @ts-check
/**
 * Dicewise's engine in the browser: points advice and game reviews computed in this page, in a
 * Web Worker, by the same turn engine and WebAssembly kernel as the server (src/browser, bundled
 * into /web/engine/). It needs no server once its files are cached: `hint(position)` resolves to
 * the body `POST /api/v1/hint` answers for the points goal, `review(record)` to the entry
 * `POST /api/v1/analyse` gives one game. A rule set's tables are solved (or downloaded) on first
 * use and kept in the Cache API; `ready(ruleset)` gets them in ahead of the first hint, with
 * progress. docs/offline.md documents it for pages that embed it.
 *
 * This module imports nothing: a page may copy it beside /web/engine/ and load it as it is.
 * @typedef {import('./types.js').Advice} Advice
 * @typedef {import('./types.js').Problem} Problem
 * @typedef {import('./types.js').GameAnalysis} GameAnalysis
 * @typedef {import('./types.js').GameError} GameError
 * @typedef {import('./types.js').RuleSetInfo} RuleSetInfo
 */

/**
 * A step of getting a rule set's tables in: a table solving (`done` of `total` states),
 * downloading (bytes) or read back from the cache, and `done` when it is in.
 * @typedef {{ ruleset: string, table: string, kind: 'values' | 'moments' | 'columns' | 'neural', stage: 'solve' | 'download' | 'cache' | 'done', done: number, total: number }} EngineProgress
 * @typedef {{ ruleset: string, kind: string, origin: 'solved' | 'cache' | 'download', seconds: number, bytes: number, sha256: string }} EngineTable
 * @typedef {{ ruleset: string, startValue: number, exact: boolean, tables: EngineTable[] }} EngineReady
 * @typedef {{
 *   sd?: boolean,
 *   onProgress?: (p: EngineProgress) => void,
 * }} EngineCallOptions
 *   sd: false answers without waiting for an exact rule set's moments table, whose only use is
 *   `finalScoreSd` (it solves in several times the value table's time); default true, the
 *   server's answer whole. onProgress hears how the tables the call waits for come in.
 * @typedef {{
 *   hint(position: unknown, options?: EngineCallOptions): Promise<Advice>,
 *   review(record: unknown): Promise<GameAnalysis | GameError>,
 *   ready(ruleset: string, options?: EngineCallOptions): Promise<EngineReady>,
 *   rulesets(): Promise<{ rulesets: RuleSetInfo[] }>,
 *   status(): Promise<{ tables: EngineTable[] }>,
 *   terminate(): void,
 * }} Engine
 */

/** A request the engine could not answer: `problem` is what the server would have answered (RFC 9457). */
export class EngineError extends Error {
  /** @param {Problem} problem */
  constructor(problem) {
    super(problem.detail || problem.title);
    this.name = 'EngineError';
    this.problem = problem;
  }
}

/**
 * Starts an engine: a worker of its own, its tables shared with every other engine of this origin
 * through the Cache API.
 * @param {{ workerUrl?: string | URL }} [options] where the engine's bundle is; default /web/engine/ beside this module
 * @returns {Engine}
 */
export function createEngine(options = {}) {
  const url = options.workerUrl ?? new URL('./engine/engine-worker.js', import.meta.url);
  const worker = new Worker(url, { type: 'module', name: 'dicewise engine' });
  /** @type {Map<number, { resolve: (v: any) => void, reject: (e: Error) => void, onProgress?: (p: EngineProgress) => void }>} */
  const pending = new Map();
  let next = 1;
  let broken = /** @type {EngineError | undefined} */ (undefined);

  worker.addEventListener('message', (e) => {
    const reply = e.data;
    const call = pending.get(reply.id);
    if (!call) return;
    if ('progress' in reply) return call.onProgress?.(reply.progress);
    pending.delete(reply.id);
    if (reply.ok) call.resolve(reply.result);
    else call.reject(new EngineError(reply.problem));
  });
  // The bundle could not load (offline before it was ever cached, or a script error): every call says so.
  worker.addEventListener('error', (e) => {
    broken = new EngineError({ type: 'about:blank', title: 'Engine unavailable', status: 503, detail: `the Dicewise engine could not start (${e.message || 'its files could not be loaded'})`, errors: [] });
    for (const call of pending.values()) call.reject(broken);
    pending.clear();
  });

  /**
   * @param {Record<string, unknown>} request
   * @param {EngineCallOptions} [options]
   */
  function ask(request, options = {}) {
    if (broken) return Promise.reject(broken);
    const id = next++;
    const { onProgress, ...rest } = options;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, onProgress });
      worker.postMessage({ ...request, id, ...(Object.keys(rest).length > 0 && { options: rest }) });
    });
  }

  return {
    hint: (position, options) => ask({ op: 'hint', position }, options),
    review: (record) => ask({ op: 'review', record }),
    ready: (ruleset, options) => ask({ op: 'ready', ruleset }, options),
    rulesets: () => ask({ op: 'rulesets' }),
    status: () => ask({ op: 'status' }),
    terminate: () => {
      worker.terminate();
      broken = new EngineError({ type: 'about:blank', title: 'Engine stopped', status: 503, detail: 'the engine was terminated', errors: [] });
      for (const call of pending.values()) call.reject(broken);
      pending.clear();
    },
  };
}

/** @type {Engine | undefined} */
let shared;

/** The page's one engine, started on first use. */
export function engine() {
  shared ??= createEngine();
  return shared;
}

/**
 * The advice for a position (the body of POST /api/v1/hint, points goal): every option with its
 * value and loss, best first. Rejects with an EngineError carrying the problem the server would
 * answer: a bad position names its fields; a reach or win goal needs the server (501).
 * @param {unknown} position
 * @param {EngineCallOptions} [options]
 */
export function hint(position, options) {
  return engine().hint(position, options);
}

/**
 * The review of one game record (an entry of POST /api/v1/analyse's `results`): each decision's
 * value, the best one and the loss, in points.
 * @param {unknown} record
 */
export function review(record) {
  return engine().review(record);
}

/**
 * Gets a rule set's tables in (solved here, or downloaded and checked, then cached) and resolves
 * with its expected final score and where each table came from.
 * @param {string} ruleset
 * @param {EngineCallOptions} [options]
 */
export function ready(ruleset, options) {
  return engine().ready(ruleset, options);
}

/** Every rule set as GET /api/v1/rulesets lists it, with what the engine can answer: goals `points`, status `ready` once loaded. */
export function rulesets() {
  return engine().rulesets();
}

/** The tables the engine holds: where each came from, how long it took, the bytes it fetched, its SHA-256. */
export function status() {
  return engine().status();
}
