import { DicewiseError, positiveInteger } from '../errors.ts';
import { isRuleSetId, RULESETS, unknownRuleSetMessage, type RuleSetId } from '../rules/index.ts';
import { MAX_SHARDS, type Shard } from '../shard.ts';
import { isReasonLanguage, REASON_LANGUAGES, type ReasonLanguage } from '../position/reason-text.ts';
import { tableDirOf } from '../store/table-dir.ts';

/** The table folder: --tables, else DICEWISE_TABLES, else ./tables. */
export function tableDir(flag?: string): string {
  return tableDirOf(flag, process.env);
}

export function parseRuleSet(value: string, field = 'ruleset'): RuleSetId {
  if (!isRuleSetId(value)) {
    throw new DicewiseError('INVALID_OPTION', `--${field} must be one of ${Object.keys(RULESETS).join(', ')}, got ${JSON.stringify(value)}`, [
      { field, message: unknownRuleSetMessage(value) },
    ]);
  }
  return value;
}

export function parsePositiveInt(value: string | undefined, field: string): number | undefined {
  if (value === undefined) return undefined;
  return positiveInteger(field, Number(value), `--${field}`, JSON.stringify(value));
}

/** `--shard K/N`: part K of N equal parts of a run (src/shard.ts). */
export function parseShard(value: string | undefined): Shard | undefined {
  if (value === undefined) return undefined;
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || index < 1 || index > count || count > MAX_SHARDS) {
    const message = `must be K/N with 1 ≤ K ≤ N${count > MAX_SHARDS ? ` and N at most ${MAX_SHARDS}` : ''}`;
    throw new DicewiseError('INVALID_OPTION', `--shard ${message}, got ${value}`, [{ field: 'shard', message }]);
  }
  return { index, count };
}

/** `--lang`: the language reasons are worded in (en, de, nl, fr); default en. */
export function parseLanguage(value: string | undefined): ReasonLanguage {
  const v = value ?? 'en';
  if (!isReasonLanguage(v)) {
    throw new DicewiseError('INVALID_OPTION', `--lang must be one of ${REASON_LANGUAGES.join(', ')}, got ${JSON.stringify(value)}`, [
      { field: 'lang', message: `must be one of ${REASON_LANGUAGES.join(', ')}` },
    ]);
  }
  return v;
}
