import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';
import { BUILT_IS_CURRENT } from './test/support/cli.ts';

const webDir = fileURLToPath(new URL('./src/web/', import.meta.url));
const libDir = fileURLToPath(new URL('./dist/src/', import.meta.url));

/** Tests that load the page's modules in Node meet its ./lib/<folder>/ imports as the browser does: the compiled modules the server serves there (src/server/routes/web.ts). */
const webLib: Plugin = {
  name: 'dicewise-web-lib',
  resolveId(source, importer) {
    const m = /^\.\/lib\/([\w-]+\/[\w-]+\.js)$/.exec(source);
    return m && importer?.startsWith(webDir) ? libDir + m[1] : null;
  },
};

export default defineConfig({
  plugins: [webLib],
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    // Vitest keeps one core free by default: on the 2-core CI machine the files then ran one at a
    // time (295 s); two at a time they take 187 s (many wait on child processes and browsers).
    maxWorkers: 2,
    // Each of the two workers runs its files one after another in one process: a fresh module graph
    // per file cost about a second of imports each (more than many files' tests), and every file
    // read the same tables again. No test changes global state it does not restore.
    isolate: false,
    hookTimeout: 120_000,
    // Worker threads started from the tests' TypeScript run the compiled entry points when dist/ is
    // compiled from the current sources (workers/worker-url.ts), as they run for users.
    env: BUILT_IS_CURRENT ? { DICEWISE_COMPILED_WORKERS: '1' } : {},
  },
});
