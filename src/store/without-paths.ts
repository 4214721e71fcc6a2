import { resolve } from 'node:path';
import { DicewiseError, isDicewiseError } from '../errors.ts';

/**
 * The error without the table folder's absolute path, which is the server's business, not its
 * clients' (`<tables>` stands for it); the original stays as the cause, for the log. An error of
 * the file system becomes TABLE_MISSING.
 */
export function withoutPaths(e: unknown, dir: string): unknown {
  if (!(e instanceof Error)) return e;
  const folder = resolve(dir);
  if (!e.message.includes(folder)) return e;
  const message = e.message.replaceAll(folder, '<tables>');
  const out = isDicewiseError(e) ? new DicewiseError(e.code, message, e.issues) : new DicewiseError('TABLE_MISSING', `cannot read the table: ${message}`);
  out.cause = e;
  return out;
}
