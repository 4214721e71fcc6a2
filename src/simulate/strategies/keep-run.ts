import type { DecisionContext } from '../strategy.ts';

/**
 * Marks one die of each face of the highest run of `run` consecutive faces in `hold` and returns
 * the keep; rule-based strategies (heuristic, Superpass hints) chase straights this way.
 */
export function keepRun(
  counts: ArrayLike<number>,
  run: number,
  hold: number[],
  ctx: DecisionContext,
  keepOf: (c: DecisionContext) => number,
): number {
  for (let start = 6 - run; start >= 0; start--) {
    let ok = true;
    for (let f = start; f < start + run; f++) ok &&= counts[f] > 0;
    if (!ok) continue;
    for (let f = start; f < start + run; f++) hold[f] = 1;
    return keepOf(ctx);
  }
  return keepOf(ctx);
}
