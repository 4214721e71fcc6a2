import { Piscina } from 'piscina';
import { ANALYSIS_CHUNK, batchSize, unpackResult, type GameBatch, type GameResult, type PackedResult } from '../src/analysis/index.ts';
import { DicewiseError, type ErrorCode } from '../src/errors.ts';
import { analyseChunk } from './analyse-worker.ts';
import { defaultThreads } from './solver-pool.ts';
import { workerEntry } from './worker-url.ts';

/** What a worker gets: the table folder to load models from and one chunk of games. */
export interface AnalyseTask {
  tables: string;
  batch: GameBatch;
}

export type AnalyseTaskResult = { results: PackedResult[] } | { failure: { code: ErrorCode; message: string } };

export interface AnalysisPoolOptions {
  /** worker threads (default: all cores) */
  threads?: number;
  /** folder of the strategy tables the workers load */
  tables: string;
  /** games per task (default ANALYSIS_CHUNK); progress is reported per chunk */
  chunkSize?: number;
}

type ResolvedOptions = Required<AnalysisPoolOptions>;

function resolveOptions(opts: AnalysisPoolOptions): ResolvedOptions {
  const resolved = { threads: defaultThreads(), chunkSize: ANALYSIS_CHUNK, ...opts };
  for (const key of ['threads', 'chunkSize'] as const) {
    const v = resolved[key];
    if (!Number.isInteger(v) || v < 1) {
      throw new DicewiseError('INVALID_OPTION', `${key} must be a positive integer, got ${v}`, [{ field: key, message: 'must be a positive integer' }]);
    }
  }
  return resolved;
}

export interface AnalysisPool {
  threads: number;
  /** Every game's result in input order; `onProgress` after each chunk. */
  analyse(batch: GameBatch, onProgress?: (done: number, total: number) => void): Promise<GameResult[]>;
  destroy(): Promise<void>;
}

function chunks(batch: GameBatch, size: number): GameBatch[] {
  const out: GameBatch[] = [];
  const n = batchSize(batch);
  for (let i = 0; i < n; i += size) {
    out.push('records' in batch ? { records: batch.records.slice(i, i + size) } : { lines: batch.lines.slice(i, i + size) });
  }
  return out;
}

export function unwrapTaskResult(r: AnalyseTaskResult): GameResult[] {
  if ('failure' in r) throw new DicewiseError(r.failure.code, r.failure.message);
  return r.results.map(unpackResult);
}

/** A piscina pool analysing chunks of games in parallel; each thread loads each table once. */
export function createAnalysisPool(options: AnalysisPoolOptions): AnalysisPool {
  const opts = resolveOptions(options);
  const pool = new Piscina({ ...workerEntry('analyse-worker'), minThreads: opts.threads, maxThreads: opts.threads, idleTimeout: 1000 });
  return {
    threads: opts.threads,
    async analyse(batch, onProgress) {
      const total = batchSize(batch);
      let done = 0;
      const parts = await Promise.all(
        chunks(batch, opts.chunkSize).map(async (chunk) => {
          const results = unwrapTaskResult(await pool.run({ tables: opts.tables, batch: chunk } satisfies AnalyseTask));
          done += results.length;
          onProgress?.(done, total);
          return results;
        }),
      );
      return parts.flat();
    },
    destroy: () => pool.destroy(),
  };
}

/** The same analysis in this thread, for batches too small to be worth starting workers. */
export async function analyseInProcess(tables: string, batch: GameBatch): Promise<GameResult[]> {
  return unwrapTaskResult(await analyseChunk(tables, batch));
}
