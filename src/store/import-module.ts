import { pathToFileURL } from 'node:url';

/**
 * The default export of a user's module (a strategy for `simulate`), by absolute path. A
 * TypeScript module (.ts, .mts, .cts) loads through tsx, a dependency of dicewise: the compiled
 * program has no TypeScript loader of its own, and `import()` of such a file failed there with
 * ERR_UNKNOWN_FILE_EXTENSION, where the sources (run by tsx) loaded it. tsx loads only with the
 * first such module.
 */
export async function importDefault(file: string): Promise<unknown> {
  const url = pathToFileURL(file).href;
  if (/\.[cm]?ts$/i.test(file)) {
    const { tsImport } = await import('tsx/esm/api');
    return ((await tsImport(url, import.meta.url)) as { default?: unknown }).default;
  }
  return ((await import(url)) as { default?: unknown }).default;
}
