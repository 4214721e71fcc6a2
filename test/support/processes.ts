import { readFileSync } from 'node:fs';

/** The processes `pid` (default this one) has started and that still run, from Linux's /proc; none where it cannot be read. */
export function childPids(pid = process.pid): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
