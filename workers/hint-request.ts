import { advise } from '../src/advisor/index.ts';
import { effortRefiner } from '../src/approx/rollout.ts';
import { encodePlain, type Format } from '../src/codec/plain-data.ts';
import { invalidInput } from '../src/errors.ts';
import { parsePosition } from '../src/position/index.ts';
import type { RuleSetId } from '../src/rules/index.ts';
import type { GameModel, SharedTables } from '../src/solver/index.ts';

/**
 * A points hint with `effort` 1 to 3 (rollouts between close options, up to a quarter second of
 * CPU), off the server's thread: the position as the server decoded and checked it in, the
 * response's encoded body out. Points hints without effort stay on the server's thread, where they
 * take well under a millisecond.
 */
export interface HintTask {
  /** the decoded request body (plain data; the server has parsed it once already) */
  position: unknown;
  effort: number;
  format: Format;
  /** the value tables the server has read, shared with the thread: its model is made from them rather than from the files */
  tables?: SharedTables;
}

export async function hintRequest(task: HintTask, modelFor: (id: RuleSetId) => Promise<GameModel>): Promise<string | Uint8Array> {
  const parsed = parsePosition(task.position);
  if (!parsed.ok) throw invalidInput(parsed.issues);
  const model = await modelFor(parsed.position.rs.id);
  return encodePlain(advise(model, parsed.position, undefined, effortRefiner(model, task.effort)), task.format);
}
