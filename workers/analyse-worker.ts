import { Piscina } from 'piscina';
import { reviewChunk, type ChunkReview, type MultiplayerTables } from '../src/analysis/index.ts';
import type { RuleSetId } from '../src/rules/index.ts';
import type { GameModel, LaneKind, LaneLookup, LaneTableOf } from '../src/solver/index.ts';
import type { SharedLanes } from '../src/simulate/index.ts';
import { loadReviewModel } from '../src/store/model-loader.ts';
import { openLaneData, readLaneTable } from '../src/store/reach-store.ts';
import { RULESETS } from '../src/rules/index.ts';
import { receivingTableReader } from '../src/store/table-store.ts';
import { reviewGoal } from '../src/goals/index.ts';
import { analyseRequest, type AnalyseRequestTask } from './analyse-request.ts';
import { poolData } from './pool-data.ts';
import { threadMemo } from './thread-memo.ts';
import { replyOf, type WorkerReply, type WorkerTasks } from './messages.ts';

const { tables } = poolData;

// Value tables the server shares (SharedArrayBuffers): reviewed from as they are, never read again here.
const read = receivingTableReader();

// One model per rule set per thread: the analysis keeps its turn cache per model, so it lives as
// long as the thread too. A review never reads the final score's SD: the moments table (twice the
// value table) stays on disk.
const modelFor = threadMemo((id: RuleSetId): Promise<GameModel> => loadReviewModel(tables, id, { read }));

// Goal tables the server shares (indexes in SharedArrayBuffers, open files), by rule set: opened here once, not checked again;
// outlook tables (SharedArrayBuffers): used as they are.
const sharedLanes = new Map<RuleSetId, SharedLanes>();

// Reach tables (reach reviews), points distributions (multiplayer records) and outlook tables (explained reviews), read once per thread when first asked for, where not shared.
const lanesOf = <K extends LaneKind>(kind: K) => threadMemo((id: RuleSetId): Promise<LaneTableOf[K]> => readLaneTable(tables, RULESETS[id], kind).then((r) => r.table));
const readLanes: { [K in LaneKind]: (id: RuleSetId) => Promise<LaneTableOf[K]> } = { reach: lanesOf('reach'), distribution: lanesOf('distribution'), outlook: lanesOf('outlook') };

const laneFor: LaneLookup = (id, kind) => {
  const shared = sharedLanes.get(id)?.[kind];
  return shared ? Promise.resolve(openLaneData(kind, shared)) : readLanes[kind](id);
};

const multiplayerFor: MultiplayerTables = async (id) => {
  const model = await modelFor(id);
  const [reach, distribution] = await Promise.all([laneFor(id, 'reach'), laneFor(id, 'distribution')]);
  return { model, reach, distribution };
};

/** Keeps the tables a task shares (the server's, or the analyse command's, read once in its process). */
function receive(task: Pick<AnalyseRequestTask, 'lanes' | 'tables'>): void {
  for (const [id, lanes] of Object.entries(task.lanes ?? {}) as [RuleSetId, SharedLanes][]) sharedLanes.set(id, { ...sharedLanes.get(id), ...lanes });
  read.receive(task.tables);
}

const encoder = new TextEncoder();

/** One chunk of a streamed review: its output as bytes, moved to the main thread (which only writes them), and the chunk's profile tally. */
export async function reviewTask(task: WorkerTasks['review']): Promise<WorkerReply<ChunkReview>> {
  receive(task);
  const goal = task.reach === undefined ? undefined : reviewGoal({ type: 'reach', score: task.reach }, laneFor);
  const reply = await replyOf(async () => {
    const r = await reviewChunk(modelFor, task, goal, multiplayerFor, task.explain ? (id) => laneFor(id, 'outlook') : undefined);
    return { ...r, out: encoder.encode(r.out as string) };
  });
  if (!reply.ok) return reply;
  const movable = { [Piscina.transferableSymbol]: (reply.result.out as Uint8Array).buffer, [Piscina.valueSymbol]: reply };
  return Piscina.move(movable as unknown as Parameters<typeof Piscina.move>[0]) as unknown as WorkerReply<ChunkReview>;
}

/** A whole request body (see analyse-request.ts); the response bytes move to the server's thread, not copied. */
export async function analyseRequestTask(task: AnalyseRequestTask): Promise<WorkerReply<Uint8Array>> {
  receive(task);
  const reply = await replyOf(() => analyseRequest(task, modelFor, laneFor, multiplayerFor));
  if (!reply.ok) return reply;
  // piscina's custom transferable: the reply arrives whole, its buffer moved instead of copied.
  const movable = { [Piscina.transferableSymbol]: reply.result.buffer, [Piscina.valueSymbol]: reply };
  return Piscina.move(movable as unknown as Parameters<typeof Piscina.move>[0]) as unknown as WorkerReply<Uint8Array>;
}
