import type { Issue } from '../errors.ts';
import type { RuleSet } from '../rules/index.ts';
import { hasColumns } from '../rules/index.ts';
import { checkFillOrder, parseColumn } from './parse-column.ts';

export type ParsedColumn = ReturnType<typeof parseColumn>;

/**
 * A whole sheet as a player gives it, the player's own or an opponent's: one column object (or a
 * one-element array) for single-column rule sets, an array of column objects for multi-column
 * ones, with the Yahtzee bonus points likewise. Issues name `cardPath[i]…` and `bonusPath[i]`.
 * Undefined where the sheet's shape is wrong (one issue says so).
 */
export function parseSheet(rs: RuleSet, rawCard: unknown, rawBonus: unknown, cardPath: string, bonusPath: string, issues: Issue[]): ParsedColumn[] | undefined {
  const multi = hasColumns(rs);
  let cards: unknown[];
  let bonuses: unknown[];
  if (multi) {
    const card = rawCard ?? rs.columns.map(() => ({}));
    if (!Array.isArray(card) || card.length !== rs.columns.length) {
      issues.push({ field: cardPath, message: `${rs.id} needs an array of ${rs.columns.length} column objects` });
      return undefined;
    }
    const bonus = rawBonus ?? rs.columns.map(() => 0);
    if (!Array.isArray(bonus) || bonus.length !== rs.columns.length) {
      issues.push({ field: bonusPath, message: `${rs.id} needs an array of ${rs.columns.length} numbers` });
      return undefined;
    }
    cards = card;
    bonuses = bonus;
  } else {
    const card = rawCard ?? {};
    cards = [Array.isArray(card) && card.length === 1 ? card[0] : card];
    bonuses = [Array.isArray(rawBonus) && rawBonus.length === 1 ? rawBonus[0] : rawBonus];
  }
  return cards.map((card, ci) => {
    const path = multi ? `${cardPath}[${ci}]` : cardPath;
    const r = parseColumn(rs, ci, card, path, bonuses[ci], multi ? `${bonusPath}[${ci}]` : bonusPath, issues);
    checkFillOrder(rs, ci, r.col.mask, path, issues);
    return r;
  });
}
