import { existsSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * A server's table builds run at the lowest CPU priority, on every core: the kernel hands a core
 * to a request the moment one arrives, so points hints keep their latency while a build takes
 * whatever the requests leave idle (one build thread would leave a core idle between requests).
 */
export const BACKGROUND_NICE = 19;

/**
 * Lowers the calling thread alone: on Linux a nice value belongs to a thread, addressed by its
 * thread id. Elsewhere (no /proc/thread-self) the thread keeps the priority it has: false.
 */
export function lowerThisThread(nice = BACKGROUND_NICE): boolean {
  let tid: number;
  try {
    tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return false;
  }
  if (!Number.isInteger(tid) || tid <= 0) return false;
  try {
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}

/** Whether this platform lets a thread lower itself alone (Linux); elsewhere a build at full priority would compete with requests. */
export function threadsLowerable(): boolean {
  return existsSync('/proc/thread-self');
}
