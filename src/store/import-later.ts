import { createRequire } from 'node:module';

/**
 * A module imported when it is first needed: `importLater(import('./x.ts'), './x.ts',
 * import.meta.url)`. In a worker thread run from TypeScript sources, modules load through tsx's
 * require hook and `import()` of a .ts file fails (ERR_UNKNOWN_FILE_EXTENSION); the same
 * specifier is then required through that hook. The compiled build never takes that path.
 */
export function importLater<T>(loading: Promise<T>, specifier: string, base: string): Promise<T> {
  return loading.catch((e: unknown) => {
    if ((e as NodeJS.ErrnoException)?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw e;
    return createRequire(base)(specifier) as T;
  });
}
