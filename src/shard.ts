import { DicewiseError } from './errors.ts';

/**
 * A run split across machines (`--shard K/N`): part `index` (1-based) of `count` equal parts of
 * its games or records, each machine running one part with the seeds of the whole run. Shared by
 * the simulator (parts of games, or of deals head to head) and the review (parts of lines).
 */
export interface Shard {
  index: number;
  count: number;
}

/** At most this many parts: keeps (index − 1) × total exact in a double for any run. */
export const MAX_SHARDS = 100_000;

/** The half-open range [from, to) of `total` items that part `index` of `count` holds: the parts tile [0, total) in order. */
export function shardRange(total: number, shard: Shard): [number, number] {
  return [Math.floor(((shard.index - 1) * total) / shard.count), Math.floor((shard.index * total) / shard.count)];
}

export function isShard(s: unknown): s is Shard {
  if (typeof s !== 'object' || s === null) return false;
  const { index, count } = s as Shard;
  return Number.isInteger(index) && Number.isInteger(count) && index >= 1 && index <= count && count <= MAX_SHARDS;
}

/**
 * The parts of one run, in order: each of 1..count exactly once, all with the same count. `names`
 * are what the errors call each part (a file name).
 */
export function orderShards<T extends { shard: Shard }>(parts: readonly T[], names: readonly string[]): T[] {
  const fail = (message: string) => new DicewiseError('INVALID_INPUT', message, [{ field: 'shard', message }]);
  if (parts.length === 0) throw fail('no reports to merge');
  const count = parts[0].shard.count;
  const byIndex = new Map<number, number>();
  parts.forEach((p, i) => {
    if (p.shard.count !== count) throw fail(`${names[i]} is part ${p.shard.index} of ${p.shard.count}, ${names[0]} part ${parts[0].shard.index} of ${count}: parts of one run share N`);
    const twice = byIndex.get(p.shard.index);
    if (twice !== undefined) throw fail(`part ${p.shard.index} of ${count} given twice: ${names[twice]} and ${names[i]}`);
    byIndex.set(p.shard.index, i);
  });
  const missing: number[] = [];
  for (let k = 1; k <= count; k++) if (!byIndex.has(k)) missing.push(k);
  if (missing.length > 0) {
    const list = missing.length > 10 ? `${missing.slice(0, 10).join(', ')} and ${missing.length - 10} more` : missing.join(', ');
    throw fail(`part${missing.length === 1 ? '' : 's'} ${list} of ${count} missing: merge takes every part of the run`);
  }
  return Array.from({ length: count }, (_, k) => parts[byIndex.get(k + 1)!]);
}

/**
 * Checks that every part describes the same run: `run` of each, compared field by field with the
 * first; the error names the field and both values.
 */
export function sameRun(runs: readonly Record<string, unknown>[], names: readonly string[]): void {
  const first = runs[0];
  runs.forEach((run, i) => {
    for (const key of new Set([...Object.keys(first), ...Object.keys(run)])) {
      const a = JSON.stringify(first[key]);
      const b = JSON.stringify(run[key]);
      if (a !== b) {
        const message = `${names[0]} and ${names[i]} are parts of different runs: ${key} ${a ?? 'unset'} and ${b ?? 'unset'}`;
        throw new DicewiseError('INVALID_INPUT', message, [{ field: key, message }]);
      }
    }
  });
}
