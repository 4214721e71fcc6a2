import { DicewiseError } from '../errors.ts';
import { isRuleSetId, RULESETS, type RuleSetId } from '../rules/index.ts';

/** The table folder: --tables, else DICEWISE_TABLES, else ./tables. */
export function tableDir(flag?: string): string {
  return flag ?? process.env.DICEWISE_TABLES ?? 'tables';
}

export function parseRuleSet(value: string, field = 'ruleset'): RuleSetId {
  if (!isRuleSetId(value)) {
    throw new DicewiseError('INVALID_OPTION', `--${field} must be one of ${Object.keys(RULESETS).join(', ')}, got ${JSON.stringify(value)}`, [
      { field, message: 'unknown rule set' },
    ]);
  }
  return value;
}

export function parsePositiveInt(value: string | undefined, field: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    throw new DicewiseError('INVALID_OPTION', `--${field} must be a positive integer, got ${JSON.stringify(value)}`, [
      { field, message: 'must be a positive integer' },
    ]);
  }
  return n;
}
