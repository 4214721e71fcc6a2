import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * Where a worker entry point lives, and the Node options it needs. From the compiled build the
 * sibling `.js` file runs as is: in dist/workers/, or in dist/bundle/, where `npm run build`
 * bundles the program and each entry point into one folder (its `build:bundle` list is kept equal
 * to the names passed here by test/bundle.test.ts). From TypeScript sources (tests, `tsx`) the
 * worker loads tsx first, by absolute URL so it works from any working directory, unless
 * DICEWISE_COMPILED_WORKERS=1 says dist/ is compiled from these very sources: the test suite sets
 * it when the build is current, so its threads start as a user's do, without compiling every
 * module they load through tsx.
 */
export function workerEntry(name: string): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  if (fromSource && process.env.DICEWISE_COMPILED_WORKERS === '1') return { filename: new URL(`../dist/workers/${name}.js`, import.meta.url).href, execArgv: [] };
  const filename = new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, import.meta.url).href;
  if (!fromSource) return { filename, execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { filename, execArgv: ['--import', tsx] };
}
