/** The table folder: a command's `--tables`, else this variable, else this folder (relative to where it runs). */
export const TABLES_ENV = 'DICEWISE_TABLES';
export const DEFAULT_TABLES_DIR = 'tables';

export function tableDirOf(flag: string | undefined, env: Readonly<Record<string, string | undefined>>): string {
  return flag ?? env[TABLES_ENV] ?? DEFAULT_TABLES_DIR;
}
