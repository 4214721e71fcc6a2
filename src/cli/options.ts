import { DicewiseError, positiveInteger } from '../errors.ts';
import { isRuleSetId, RULESETS, unknownRuleSetMessage, type RuleSetId } from '../rules/index.ts';

/** The table folder: --tables, else DICEWISE_TABLES, else ./tables. */
export function tableDir(flag?: string): string {
  return flag ?? process.env.DICEWISE_TABLES ?? 'tables';
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
