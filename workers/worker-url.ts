/**
 * Where a worker entry point lives, and the Node options it needs. From the compiled build the
 * sibling `.js` file runs as is: in dist/workers/, or in dist/bundle/, where `npm run build`
 * bundles the program and each entry point into one folder (its `build:bundle` list is kept equal
 * to the names passed here by test/bundle.test.ts). From TypeScript sources (tests, `tsx`) the
 * thread registers tsx's hooks itself before its entry loads (source-hooks.mjs, by absolute URL so
 * it works from any working directory): on Node 20 the hooks of the thread that starts it do not
 * reach it, and `--import tsx` registers its ESM hooks on the main thread only, so a thread could
 * not load a `.ts` entry. Unless DICEWISE_COMPILED_WORKERS=1 says dist/ is compiled from these very
 * sources: the test suite sets it when the build is current, so its threads start as a user's do,
 * without compiling every module they load through tsx.
 */
export function workerEntry(name: string): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  if (fromSource && process.env.DICEWISE_COMPILED_WORKERS === '1') return { filename: new URL(`../dist/workers/${name}.js`, import.meta.url).href, execArgv: [] };
  const filename = new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, import.meta.url).href;
  if (!fromSource) return { filename, execArgv: [] };
  return { filename, execArgv: ['--import', new URL('./source-hooks.mjs', import.meta.url).href] };
}
