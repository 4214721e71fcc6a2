import type { BuildProgress } from './build-table.ts';

/**
 * How far a table build is and how long it is likely to take still: the share of states solved,
 * and the time left at the rate so far. The first few percent say little of the rate (the last
 * levels are the small ones), so no estimate is given before `MIN_FRACTION`.
 */
export interface BuildEstimate {
  /** states solved so far, 0 to 1 */
  fraction: number;
  /** whole percent done, 0 to 100 */
  percent: number;
  /** seconds left at the rate so far; absent until the rate means something */
  etaSeconds?: number;
}

const MIN_FRACTION = 0.02;

export function buildEstimate(p: Pick<BuildProgress, 'statesDone' | 'statesTotal'>, elapsedMs: number): BuildEstimate {
  const fraction = p.statesTotal > 0 ? Math.min(1, p.statesDone / p.statesTotal) : 0;
  const out: BuildEstimate = { fraction, percent: Math.floor(100 * fraction) };
  if (fraction >= MIN_FRACTION && elapsedMs > 0) out.etaSeconds = Math.max(1, Math.ceil((elapsedMs / 1000) * ((1 - fraction) / fraction)));
  return out;
}

/** "about 2 min", "about 40 s": a rounded estimate for people. */
export function aboutTime(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds / 10) * 10 || Math.ceil(seconds))} s`;
  if (seconds < 3600) return `about ${Math.round(seconds / 60)} min`;
  return `about ${(seconds / 3600).toFixed(1)} h`;
}

/** "43%, about 2 min left" (or "3%" while no estimate is given). */
export function describeEstimate(e: BuildEstimate): string {
  return e.etaSeconds === undefined ? `${e.percent}%` : `${e.percent}%, ${aboutTime(e.etaSeconds)} left`;
}
