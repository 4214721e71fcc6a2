import { createInlineRunner, type SharedLanes, type SimulateTask, type TaskResult } from '../src/simulate/index.ts';
import { loadApproxModel, loadModel } from '../src/store/model-loader.ts';
import { openReachTableData, readReachTable } from '../src/store/reach-store.ts';
import { importLater } from '../src/store/import-later.ts';
import { importDefault } from '../src/store/import-module.ts';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { receivingTableReader } from '../src/store/table-store.ts';
import { poolData } from './pool-data.ts';
import { replyOf, type WorkerReply } from './messages.ts';

// One runner per thread: the table is loaded once, strategies and their caches live across tasks.
const { tables } = poolData;
// Goal and value tables the sending process shares (SharedArrayBuffers, open files): used as they are, never checked again here.
const sharedLanes = new Map<RuleSetId, SharedLanes>();
const read = receivingTableReader();
const runner = createInlineRunner({
  // Players never read the final score's SD: each thread skips reading and checking the moments table.
  model: (id) => loadModel(tables, id, { moments: false, read }),
  approxModel: (id, kind) => loadApproxModel(tables, id, kind, { read }),
  // The multi-column models load with the first multi-column goal game, not with every thread.
  goalModel: async (rs, columnTables) => (await importLater(import('../src/approx/index.ts'), '../src/approx/index.ts', import.meta.url)).goalModel(rs, columnTables),
  reachTable: async (id, kind) => {
    const shared = sharedLanes.get(id)?.[kind];
    return shared ? openReachTableData(shared) : (await readReachTable(tables, RULESETS[id], kind)).table;
  },
  importModule: importDefault,
});

export default function simulateTask(task: SimulateTask): Promise<WorkerReply<TaskResult>> {
  if (task.lanes && !sharedLanes.has(task.ruleset)) sharedLanes.set(task.ruleset, task.lanes);
  read.receive(task.tables);
  return replyOf(() => runner(task));
}
