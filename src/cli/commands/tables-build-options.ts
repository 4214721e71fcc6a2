import { DicewiseError } from '../../errors.ts';
import { first, flag, positiveIn, variable, type Env } from '../../option-values.ts';
import { DEFAULT_SERVED_RULESETS, EXACT_RULESETS, type RuleSetId } from '../../rules/index.ts';
import { REACH_CAP_DEFAULT, resolveReachCap, type GoalKind } from '../../solver/index.ts';
import { DEFAULT_TABLES_DIR, TABLES_ENV } from '../../store/table-dir.ts';
import { defaultThreads } from '../../../workers/pool.ts';
import { parseRuleSet } from '../options.ts';

/**
 * `dicewise tables build`'s options: every flag optional (TablesBuildFlags), one defaults object,
 * one resolve function over the environment (DICEWISE_TABLES); the command reads only the
 * resolved object. A bad value throws naming its flag.
 */
export interface TablesBuildFlags {
  ruleset?: string;
  all?: boolean;
  threads?: string;
  tables?: string;
  moments?: boolean;
  reach?: boolean;
  win?: boolean;
  cap?: string;
  outlook?: boolean;
}

export const TABLES_BUILD_DEFAULTS = {
  /** all cores */
  threads: defaultThreads(),
  tables: DEFAULT_TABLES_DIR,
  cap: REACH_CAP_DEFAULT,
} as const;

export interface ResolvedTablesBuildOptions {
  /** the rule sets built, in order: --ruleset's, or with --all every one served by default (goal tables: every exact one) */
  rulesets: RuleSetId[];
  /** goal tables built instead of value tables: the reach table (--reach), or the win goal's reach table and points distribution (--win); none for value tables */
  goalKinds: GoalKind[];
  threads: number;
  tables: string;
  /** value tables: also the moments table */
  moments: boolean;
  /** goal tables: exact for every n up to this; a table built with less is rebuilt */
  cap: number;
  /** the outlook table instead (hint and analyse --explain): every exact rule set with --all */
  outlook?: true;
}

export function resolveTablesBuildOptions(flags: TablesBuildFlags, env: Env): ResolvedTablesBuildOptions {
  const D = TABLES_BUILD_DEFAULTS;
  if (!flags.all && !flags.ruleset) throw new DicewiseError('INVALID_OPTION', 'give --ruleset <id> or --all', [{ field: 'ruleset', message: 'required' }]);
  if (flags.outlook && (flags.reach || flags.win)) throw new DicewiseError('INVALID_OPTION', '--outlook builds one table kind: give it without --reach or --win', [{ field: 'outlook', message: 'alone' }]);
  const threads = positiveIn(flag(flags.threads, '--threads')) ?? D.threads;
  const goalKinds: GoalKind[] = flags.win ? ['reach', 'distribution'] : flags.reach ? ['reach'] : [];
  // The cap is read only where goal tables are built; the rule set only where --all does not name them.
  const cap = goalKinds.length > 0 ? resolveReachCap(positiveIn(flag(flags.cap, '--cap'))) : D.cap;
  const all = goalKinds.length > 0 || flags.outlook ? EXACT_RULESETS : DEFAULT_SERVED_RULESETS;
  const rulesets = flags.all ? [...all] : [parseRuleSet(flags.ruleset!)];
  const tables = first(flag(flags.tables, '--tables'), variable(env, TABLES_ENV))?.value ?? D.tables;
  const o: ResolvedTablesBuildOptions = { rulesets, goalKinds, threads, tables, moments: flags.moments ?? false, cap };
  if (flags.outlook) o.outlook = true;
  return o;
}
