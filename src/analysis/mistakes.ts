import type { Decision, MistakeCounts } from './types.ts';

/**
 * Mistake sizes by expected points lost, lower bound inclusive, upper bound exclusive:
 * slight (0, 1), inaccuracy [1, 5), mistake [5, 20), blunder [20, ∞). The cut points follow
 * how much a decision moves a game of ~250 points: under a point is noise next to a standard
 * deviation of 60, twenty points is a box thrown away.
 */
export const MISTAKE_BUCKETS = [
  { name: 'slight', min: 0, max: 1 },
  { name: 'inaccuracy', min: 1, max: 5 },
  { name: 'mistake', min: 5, max: 20 },
  { name: 'blunder', min: 20, max: Infinity },
] as const satisfies readonly { name: keyof MistakeCounts; min: number; max: number }[];

export type MistakeBucket = (typeof MISTAKE_BUCKETS)[number]['name'];

/** The bucket of a loss, or null for a best (or tied-best) decision. */
export function mistakeBucket(loss: number): MistakeBucket | null {
  if (!(loss > 0)) return null;
  for (const b of MISTAKE_BUCKETS) if (loss < b.max) return b.name;
  return 'blunder';
}

/** `scale` turns a loss into the buckets' unit: 1 for points, 100 for probabilities (percentage points). */
export function countMistakes(decisions: readonly Decision[], scale = 1): MistakeCounts {
  const counts: MistakeCounts = { slight: 0, inaccuracy: 0, mistake: 0, blunder: 0, total: 0 };
  for (const d of decisions) {
    const bucket = mistakeBucket(d.loss * scale);
    if (bucket === null) continue;
    counts[bucket]++;
    counts.total++;
  }
  return counts;
}
