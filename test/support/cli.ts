import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = createRequire(import.meta.url).resolve('tsx');

/** Newest (or oldest) modification time of the files below `dir` whose names end in `ext`. */
function fileTimes(dir: string, ext: string, pick: (a: number, b: number) => number, none: number): number {
  let t = none;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) t = pick(t, fileTimes(join(dir, e.name), ext, pick, none));
    else if (e.name.endsWith(ext)) t = pick(t, statSync(join(dir, e.name)).mtimeMs);
  }
  return t;
}

function builtIsCurrent(): boolean {
  try {
    const built = fileTimes(join(ROOT, 'dist'), '.js', Math.min, Infinity);
    const sources = Math.max(fileTimes(join(ROOT, 'src'), '.ts', Math.max, 0), fileTimes(join(ROOT, 'workers'), '.ts', Math.max, 0));
    return Number.isFinite(built) && built > sources;
  } catch {
    return false;
  }
}

/**
 * Whether dist/ was compiled after every source in src/ and workers/ changed (after `npm ci`,
 * whose `prepare` builds it): the tests then run the compiled program, as `dicewise` and
 * `npm start` run it, and spare tsx's start-up (about 1.3 s a process with its threads). After an
 * edit not yet built, they run the sources.
 */
export const BUILT_IS_CURRENT = builtIsCurrent();

/** Node's arguments that start `dicewise`, before its own. */
export const CLI = BUILT_IS_CURRENT ? [join(ROOT, 'dist/bundle/main.js')] : ['--import', TSX, 'src/cli/main.ts'];

/** Runs `dicewise …` as a new process, as a user would; `input` is its stdin. */
export function dicewise(args: string[], input?: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [...CLI, ...args], { cwd: ROOT, encoding: 'utf8', input, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
