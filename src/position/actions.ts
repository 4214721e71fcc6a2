import { facesToCounts, keepFaceCounts, keepIndexOfCounts, countsToFaces, type DiceTables } from '../dice/index.ts';
import type { RuleSet } from '../rules/index.ts';
import { hasColumns } from '../rules/index.ts';
import type { Action } from './types.ts';

/** The readable hold for a keep index: its dice as sorted faces. */
export function holdAction(t: DiceTables, keep: number): Action {
  return { hold: countsToFaces(keepFaceCounts(t, keep)) };
}

/** The readable score action; `column` (1-based) only for multi-column rule sets. */
export function scoreAction(rs: RuleSet, column: number, box: number): Action {
  return hasColumns(rs) ? { score: rs.boxes[box].id, column: column + 1 } : { score: rs.boxes[box].id };
}

/** Keep index of a list of faces (any order), or -1 when it is not a multiset of at most n dice. */
export function keepOfFaces(t: DiceTables, faces: readonly number[]): number {
  if (faces.length > t.dice || faces.some((f) => !Number.isInteger(f) || f < 1 || f > 6)) return -1;
  return keepIndexOfCounts(t, facesToCounts(faces));
}
