import { workerData } from 'node:worker_threads';

/** What every pool thread is started with (workers/pool.ts): piscina hands it on as the thread's workerData. */
export interface PoolData {
  /** folder of the strategy tables the simulate, analyse and hint threads load */
  tables: string;
  /** the thread lowers itself to the lowest CPU priority (a server's builds) */
  background: boolean;
}

/** This thread's pool data; read without loading piscina's own module, which a solver thread does not otherwise need. */
export const poolData: PoolData = { tables: 'tables', background: false, ...(workerData as Partial<PoolData> | undefined) };
