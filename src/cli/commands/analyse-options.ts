import type { ReviewOutput } from '../../analysis/index.ts';
import { DicewiseError } from '../../errors.ts';
import { first, flag, invalidOption, positiveIn, variable, type Env } from '../../option-values.ts';
import type { Shard } from '../../shard.ts';
import { DEFAULT_TABLES_DIR, TABLES_ENV } from '../../store/table-dir.ts';
import { defaultThreads } from '../../../workers/pool.ts';
import { parseLanguage, parseShard } from '../options.ts';
import type { ReasonLanguage } from '../../position/reason-text.ts';

/**
 * `dicewise analyse`'s options: every flag optional (AnalyseFlags, as commander passes them), one
 * defaults object, one resolve function over the environment (DICEWISE_TABLES); the command reads
 * only the resolved object. A bad value, or two flags that exclude each other, throws naming the flag.
 */
export interface AnalyseFlags {
  json?: boolean;
  jsonl?: boolean;
  summary?: boolean;
  reach?: string;
  threads?: string;
  tables?: string;
  shard?: string;
  explain?: boolean;
  lang?: string;
}

export const ANALYSE_COMMAND_DEFAULTS = {
  /** all cores */
  threads: defaultThreads(),
  tables: DEFAULT_TABLES_DIR,
} as const;

export interface ResolvedAnalyseCommandOptions {
  /** worker threads for batches over one chunk of games */
  threads: number;
  tables: string;
  /** review for the chance of finishing with at least this total */
  reach?: number;
  json: boolean;
  jsonl: boolean;
  summary: boolean;
  /** what each chunk's review writes: per-game text, JSON Lines (also --json's array), or nothing (--summary) */
  output: ReviewOutput;
  shard?: Shard;
  /** name each mistake's aspects and where the losses come from, in this language (points reviews) */
  explain?: { lang: ReasonLanguage };
}

function parseTarget(text: string): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < 0) {
    throw new DicewiseError('INVALID_OPTION', `--reach must be a whole final total, got ${JSON.stringify(text)}`, [{ field: 'reach', message: 'must be a whole number of points' }]);
  }
  return n;
}

export function resolveAnalyseCommandOptions(flags: AnalyseFlags, env: Env): ResolvedAnalyseCommandOptions {
  const D = ANALYSE_COMMAND_DEFAULTS;
  const threads = positiveIn(flag(flags.threads, '--threads')) ?? D.threads;
  const tables = first(flag(flags.tables, '--tables'), variable(env, TABLES_ENV))?.value ?? D.tables;
  const reach = flags.reach === undefined ? undefined : parseTarget(flags.reach);
  const jsonl = { name: '--jsonl', field: 'jsonl' };
  if (flags.json && flags.jsonl) throw invalidOption(jsonl, 'and --json are two output formats: give one');
  if (flags.summary && flags.jsonl) throw invalidOption(jsonl, 'prints each game; --summary prints one profile (add --json for it as JSON)');
  const output: ReviewOutput = flags.summary ? 'none' : flags.json || flags.jsonl ? 'jsonl' : 'text';
  const shard = parseShard(flags.shard);
  const explain = { name: '--explain', field: 'explain' };
  if (flags.lang !== undefined && !flags.explain) throw invalidOption({ name: '--lang', field: 'lang' }, 'words the reasons of --explain: add --explain');
  if (flags.explain && reach !== undefined) throw invalidOption(explain, 'gives the reasons of points play: review without --reach');
  if (flags.explain && shard) throw invalidOption(explain, "is not kept in a part's report: review the whole file with --explain");
  const o: ResolvedAnalyseCommandOptions = { threads, tables, json: flags.json ?? false, jsonl: flags.jsonl ?? false, summary: flags.summary ?? false, output };
  if (reach !== undefined) o.reach = reach;
  if (shard) o.shard = shard;
  if (flags.explain) o.explain = { lang: parseLanguage(flags.lang) };
  return o;
}
