import type { Issue } from '../errors.ts';
import type { RuleSet } from '../rules/index.ts';
import { closedMask, possibleScores, UPPER_COUNT, upperBonusOf, yahtzeeBoxHolds50, yahtzeeBoxIndex } from '../rules/index.ts';
import { popcount, type ColumnState } from '../solver/index.ts';
import { BONUS_MESSAGE, COLUMN_MESSAGE } from './schemas.ts';

const possibleCache = new Map<string, Set<number>[]>();

/**
 * Every value a box can hold under the rule set: ordinary scores, Joker scores, forced zeros; in
 * `column` (0-based) where given, else in any column.
 */
export function possibleBoxValues(rs: RuleSet, column?: number): Set<number>[] {
  const key = `${rs.id}#${column ?? 'any'}`;
  let sets = possibleCache.get(key);
  if (!sets) {
    // Superpass: an entry after a reroll in the first-roll-only column scores 0 in any box. In the
    // other columns a 0 is only written where nothing scores, which the box's own scores already
    // include: chance, which always scores 6 or more, can never hold 0 there.
    const anyZero = rs.columns.some((c, i) => c.fill === 'first-roll-only' && (column === undefined || column === i));
    sets = rs.boxes.map((b) => {
      const s = possibleScores(b.pattern, rs.dice);
      if (rs.joker !== 'none' && b.jokerPoints !== undefined) s.add(b.jokerPoints);
      if (anyZero) s.add(0);
      return s;
    });
    possibleCache.set(key, sets);
  }
  return sets;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Column state and sheet total of one column of SheetSchema's shape; pushes issues for entries
 * the rule set makes impossible. Box names in messages are the labels on the player's sheet.
 */
export function parseColumn(rs: RuleSet, ci: number, raw: unknown, path: string, bonusRaw: unknown, bonusPath: string, issues: Issue[]) {
  const values: (number | undefined)[] = rs.boxes.map(() => undefined);
  const closed = closedMask(rs);
  const col: ColumnState = { mask: closed, upper: 0, yahtzee50: false };
  if (!isObject(raw)) {
    issues.push({ field: path, message: COLUMN_MESSAGE });
    return { col, values, total: 0, bonus: 0 };
  }
  const possible = possibleBoxValues(rs, ci);
  for (const [key, v] of Object.entries(raw)) {
    const b = rs.boxes.findIndex((box) => box.id === key);
    const field = `${path}.${key}`;
    if (b < 0) {
      issues.push({ field, message: `unknown box; ${rs.id} has ${rs.boxes.map((x) => x.id).join(', ')}` });
      continue;
    }
    if (v === null || v === undefined) continue;
    if (closed & (1 << b)) {
      issues.push({ field, message: `${rs.boxes[b].label} is not played in ${rs.id}` });
      continue;
    }
    if (typeof v !== 'number' || !possible[b].has(v)) {
      const list = [...possible[b]].sort((x, y) => x - y);
      issues.push({ field, message: `${v} cannot be scored in ${rs.boxes[b].label}; possible: ${list.join(', ')}` });
      continue;
    }
    values[b] = v;
    col.mask |= 1 << b;
    if (b < UPPER_COUNT) col.upper += v;
  }
  const y = yahtzeeBoxIndex(rs);
  col.yahtzee50 = yahtzeeBoxHolds50(rs, values);
  let bonus = 0;
  if (bonusRaw !== undefined) {
    if (typeof bonusRaw !== 'number' || !Number.isInteger(bonusRaw) || bonusRaw < 0) {
      issues.push({ field: bonusPath, message: BONUS_MESSAGE });
    } else if (bonusRaw > 0) {
      const per = rs.yahtzeeBonus;
      const filled = popcount(col.mask & ~closed);
      if (per === 0) issues.push({ field: bonusPath, message: `${rs.name} has no Yahtzee bonus` });
      else if (!col.yahtzee50) issues.push({ field: bonusPath, message: `a Yahtzee bonus needs 50 in the ${rs.boxes[y].label} box` });
      else if (bonusRaw % per !== 0) issues.push({ field: bonusPath, message: `must be a multiple of ${per}` });
      else if (bonusRaw / per > filled - 1) {
        issues.push({ field: bonusPath, message: `${bonusRaw / per} bonus Yahtzees need at least as many boxes filled after the ${rs.boxes[y].label} box` });
      } else bonus = bonusRaw;
    }
  }
  let total = bonus;
  for (const v of values) total += v ?? 0;
  total += upperBonusOf(rs, col.upper);
  return { col, values, total, bonus };
}

export function checkFillOrder(rs: RuleSet, ci: number, mask: number, path: string, issues: Issue[]): void {
  const B = rs.boxes.length;
  const fill = rs.columns[ci].fill;
  if (fill !== 'top-down' && fill !== 'bottom-up') return;
  const n = popcount(mask);
  const expected = fill === 'top-down' ? (1 << n) - 1 : ((1 << n) - 1) << (B - n);
  if (mask !== expected) {
    issues.push({ field: path, message: `column ${ci + 1} is filled ${fill === 'top-down' ? 'top to bottom' : 'bottom to top'}; its filled boxes must be the ${fill === 'top-down' ? 'first' : 'last'} ${n}` });
  }
}
