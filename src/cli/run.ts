import type { Command } from 'commander';
import { CommanderError } from 'commander';
import { isDicewiseError } from '../errors.ts';

/** Exit codes: 1 for a Dicewise error the user can act on, 2 for bad usage, 70 for a bug. */
export function describeError(e: unknown): { message: string; exitCode: number } {
  if (isDicewiseError(e)) {
    const lines = [`dicewise: ${e.message}`];
    if (e.issues.length > 1) for (const i of e.issues) lines.push(`  - ${i.field ? `${i.field}: ` : ''}${i.message}`);
    return { message: lines.join('\n'), exitCode: e.code === 'INVALID_INPUT' || e.code === 'INVALID_OPTION' ? 2 : 1 };
  }
  const err = e as Error;
  return { message: `dicewise: internal error: ${err?.stack ?? String(e)}`, exitCode: 70 };
}

/** Parses argv and runs the command; the one place CLI errors become messages and exit codes. */
export async function runCli(program: Command, argv: string[]): Promise<void> {
  program.exitOverride();
  // A reader that stops early (`dicewise analyse games.jsonl | head`) closes the pipe: the rest of
  // the output is no longer wanted, which is no error (and no stack trace).
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(0);
  });
  try {
    await program.parseAsync(argv);
  } catch (e) {
    if (e instanceof CommanderError) {
      process.exitCode = e.exitCode;
      return;
    }
    const { message, exitCode } = describeError(e);
    process.stderr.write(`${message}\n`);
    process.exitCode = exitCode;
  }
}
