import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { childPids } from '../../test/support/processes.ts';

/** Resolves once the server at `url` answers /readyz with 200; fails when `child` exits first or after `timeoutMs`. */
export async function waitReady(url: string, child: ChildProcess, timeoutMs = 10 * 60_000, opts: { all?: boolean } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/readyz`);
      if (r.status === 200) {
        if (!opts.all) return;
        // `all`: every rule set served, not only the primary (a first start builds the others after it).
        const { rulesets } = (await r.json()) as { rulesets: Record<string, string> };
        if (Object.values(rulesets).every((s) => s === 'ready' || s === 'failed')) return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not ready after ${Math.round(timeoutMs / 1000)} s`);
}

/** Resident memory of a process now (VmRSS), in MiB. */
export function rssMiB(pid: number): number {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return NaN; // ended
  }
  const m = /VmRSS:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) / 1024 : NaN;
}

/**
 * Samples a server's resident memory and its build processes' every `everyMs`: the most the two
 * held at once and the most the builds held, in MiB (peaks between samples are missed).
 */
export function sampleTreeRss(pid: number, everyMs = 250): { stop(): { togetherMiB: number; buildsMiB: number } } {
  let together = 0;
  let builds = 0;
  const timer = setInterval(() => {
    const own = rssMiB(pid);
    const kids = childPids(pid).reduce((n, c) => n + (rssMiB(c) || 0), 0);
    if (Number.isFinite(own)) together = Math.max(together, own + kids);
    builds = Math.max(builds, kids);
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return { togetherMiB: together, buildsMiB: builds };
    },
  };
}

/** Node's options in `npm start` (package.json), given to a bench's server as it runs there: a young generation of 8 MiB a semi-space. */
export const START_FLAGS: readonly string[] = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }).scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));

/** The p-th percentile (0-100) of `xs`, the nearest rank; NaN for none. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}
