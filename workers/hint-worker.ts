import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { importLater } from '../src/store/import-later.ts';
import type { GameModel } from '../src/solver/index.ts';
import { loadModel } from '../src/store/model-loader.ts';
import { hintRequest, type HintTask } from './hint-request.ts';
import { poolData } from './pool-data.ts';
import { replyOf, type WorkerReply } from './messages.ts';

const { tables } = poolData;

// One model per rule set per thread, as the server's registry serves it; its rollouts' caches live as long as the thread.
const models = new Map<RuleSetId, Promise<GameModel>>();

function modelFor(id: RuleSetId, columnTables?: ReadonlyMap<string, Float64Array>): Promise<GameModel> {
  let m = models.get(id);
  if (!m) {
    // The server's own column tables where it shares them (the model loadModel makes from the files, without reading them).
    m = columnTables ? importLater(import('../src/approx/index.ts'), '../src/approx/index.ts', import.meta.url).then((a) => a.bestModel(RULESETS[id], columnTables)) : loadModel(tables, id);
    m.catch(() => models.delete(id));
    models.set(id, m);
  }
  return m;
}

export default function hintTask(task: HintTask): Promise<WorkerReply<string | Uint8Array>> {
  return replyOf(() => hintRequest(task, modelFor));
}
