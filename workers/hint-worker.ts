import type { RuleSetId } from '../src/rules/index.ts';
import type { GameModel } from '../src/solver/index.ts';
import { receivingTableReader } from '../src/store/table-store.ts';
import { loadModel } from '../src/store/model-loader.ts';
import { hintRequest, type HintTask } from './hint-request.ts';
import { poolData } from './pool-data.ts';
import { threadMemo } from './thread-memo.ts';
import { replyOf, type WorkerReply } from './messages.ts';

const { tables } = poolData;

// Value tables the server shares (SharedArrayBuffers): models are made from them, the files not read again.
const read = receivingTableReader();

// One model per rule set per thread, as the server's registry serves it; its rollouts' caches live as long as the thread.
const modelFor = threadMemo((id: RuleSetId): Promise<GameModel> => loadModel(tables, id, { read }));

export default function hintTask(task: HintTask): Promise<WorkerReply<string | Uint8Array>> {
  read.receive(task.tables);
  return replyOf(() => hintRequest(task, modelFor));
}
