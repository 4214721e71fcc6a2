import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));

describe('web page sources', () => {
  // The browser code is plain JavaScript with JSDoc types: no build step, but checked as strictly as the TypeScript.
  it('type-check with tsconfig.web.json', async () => {
    const run = promisify(execFile)(process.execPath, [tsc, '-p', 'tsconfig.web.json'], { cwd: root });
    await expect(run.then(() => 'ok', (e: { stdout?: string; message: string }) => e.stdout || e.message)).resolves.toBe('ok');
  });
});
