import { analyseGamesPacked, batchRecords, batchRuleSets, type GameBatch } from '../src/analysis/index.ts';
import { isDicewiseError } from '../src/errors.ts';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import type { GameModel } from '../src/solver/index.ts';
import { loadModel } from '../src/store/models.ts';
import type { AnalyseTask, AnalyseTaskResult } from './analysis-pool.ts';

// One model per rule set and table folder per thread: a table is read once, not once per chunk.
// The analysis keeps its turn cache per model, so it lives as long as the thread too.
const models = new Map<string, Promise<GameModel>>();

function modelFor(tables: string, id: RuleSetId): Promise<GameModel> {
  const key = `${tables}\0${id}`;
  let m = models.get(key);
  if (!m) {
    m = loadModel(tables, id);
    // A missing table may be built later: do not remember the failure.
    m.catch(() => models.delete(key));
    models.set(key, m);
  }
  return m;
}

/**
 * Parses and analyses one chunk; decisions come back packed (one Float64Array per game, a cheap
 * copy between threads). A table that cannot be loaded fails the chunk as a value (code +
 * message), since an error object loses its code on the way back from a worker.
 */
export async function analyseChunk(tables: string, batch: GameBatch): Promise<AnalyseTaskResult> {
  const records = batchRecords(batch);
  const loaded = new Map<RuleSetId, GameModel>();
  try {
    for (const id of batchRuleSets(records)) if (RULESETS[id].exact) loaded.set(id, await modelFor(tables, id));
  } catch (e) {
    if (isDicewiseError(e)) return { failure: { code: e.code, message: e.message } };
    throw e;
  }
  return { results: analyseGamesPacked((id) => loaded.get(id), records) };
}

export default function analyseTask(task: AnalyseTask): Promise<AnalyseTaskResult> {
  return analyseChunk(task.tables, task.batch);
}
