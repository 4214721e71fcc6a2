import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BuildProgress } from '../src/solver/index.ts';
import { unwrapReply } from './messages.ts';
import type { TableBuildMessage, TableBuildTask } from './table-build-process.ts';
import { workerEntry } from './worker-url.ts';

/** Build processes alive now: ended with this process, however it exits. */
const running = new Set<ChildProcess>();
let exitHooked = false;

/**
 * Builds and writes a server's table in a child process (table-build-process.ts) and resolves once
 * the file is written; the caller reads it from there, as a restarted server would. The build's
 * memory is the child's, given back whole when it exits, and its bookkeeping between levels never
 * holds the server's thread. A DicewiseError in the build arrives as itself. `signal` stops it: the
 * child is killed (nothing half-written stands, the table store writes through a temporary file)
 * and the promise rejects with the signal's reason.
 */
export function buildTableInProcess(task: TableBuildTask, onProgress?: (p: BuildProgress) => void, signal?: AbortSignal): Promise<void> {
  const entry = workerEntry('table-build-process');
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', () => running.forEach((c) => c.kill()));
  }
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(entry.filename), [], { execArgv: entry.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    running.add(child);
    let settled = false;
    const settle = (done: () => void): void => {
      if (settled) return;
      settled = true;
      done();
    };
    child.on('message', (m: TableBuildMessage) => {
      if ('progress' in m) onProgress?.(m.progress);
      else if ('reply' in m) {
        const { reply } = m;
        settle(() => {
          try {
            resolve(unwrapReply(reply));
          } catch (e) {
            reject(e);
          }
        });
      }
      else settle(() => reject(new Error(`the ${task.id} ${task.kind} table build failed: ${m.failed}`)));
    });
    const stop = (): void => {
      settle(() => reject(signal!.reason));
      child.kill();
    };
    signal?.addEventListener('abort', stop, { once: true });
    child.once('error', (e) => settle(() => reject(e)));
    child.once('exit', (code, killedBy) => {
      running.delete(child);
      signal?.removeEventListener('abort', stop);
      settle(() => reject(new Error(`the ${task.id} ${task.kind} table build ended before it was done (${killedBy ?? `exit code ${code}`})`)));
    });
    child.send(task);
  });
}

