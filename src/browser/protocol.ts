import type { ProblemDetails } from '../problems.ts';
import type { ColumnTypesLayout } from '../solver/index.ts';

/**
 * The messages between a page (src/web/engine.js) and the engine's Web Worker (engine-worker.ts),
 * and between that worker and the solve workers it starts (solve-worker.ts). Plain data only:
 * everything crosses by structured clone, tables by transfer.
 */

/** What a page asks the engine: each request carries an id its reply repeats. */
export type EngineRequest =
  | { id: number; op: 'hint'; position: unknown; options?: HintOptions }
  | { id: number; op: 'review'; record: unknown }
  | { id: number; op: 'ready'; ruleset: unknown; options?: ReadyOptions }
  | { id: number; op: 'rulesets' }
  | { id: number; op: 'status' };

export interface HintOptions {
  /**
   * false: answer as soon as the rule set's value table is in, without `finalScoreSd` (whose
   * moments table takes several times as long to solve). Default true: the server's answer, whole.
   */
  sd?: boolean;
}

export interface ReadyOptions {
  /** as HintOptions.sd: also wait for the moments table (default true) */
  sd?: boolean;
}

/** The engine's answer to request `id`: its result, a problem as the server would answer it, or progress on the way. */
export type EngineReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; problem: ProblemDetails }
  | { id: number; progress: TableProgressEvent };

/** The tables a rule set's advice is made from in the browser. */
export type BrowserTableKind = 'values' | 'moments' | 'columns' | 'neural';

/** How a table came in: solved here, read back from the Cache API, or downloaded (and checked). */
export type TableOrigin = 'solved' | 'cache' | 'download';

/** One step of getting a rule set ready: a table solving, downloading or read back. */
export interface TableProgressEvent {
  ruleset: string;
  table: string;
  kind: BrowserTableKind;
  stage: 'solve' | 'download' | 'cache' | 'done';
  /** states solved, or bytes downloaded */
  done: number;
  total: number;
}

/** What the engine knows of a table it holds: where it came from, how long it took, its SHA-256. */
export interface TableRecord {
  ruleset: string;
  kind: BrowserTableKind;
  origin: TableOrigin;
  seconds: number;
  /** bytes fetched over the network (0 when solved or read back) */
  bytes: number;
  /** SHA-256 (hex) of the table's float64 payload, or of the weights file */
  sha256: string;
}

/** A solve worker's task: one table of one rule set. */
export interface SolveJob {
  ruleset: string;
  kind: 'values' | 'moments' | 'columns';
}

export type SolveReply =
  | { progress: { done: number; total: number } }
  | { ok: true; values: Float64Array; layout?: ColumnTypesLayout; seconds: number }
  | { ok: false; message: string };
