import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * Where a worker entry point lives, and the Node options it needs. From the compiled build the
 * sibling `.js` file runs as is; from TypeScript sources (tests, `tsx`) the worker loads tsx first,
 * by absolute URL so it works from any working directory.
 */
export function workerEntry(name: string): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, import.meta.url).href;
  if (!fromSource) return { filename, execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { filename, execArgv: ['--import', tsx] };
}
