import type { Issue } from '../errors.ts';
import type { RuleSet } from '../rules/index.ts';
import { hasColumns } from '../rules/index.ts';
import type { GameState } from '../solver/index.ts';
import { possibleBoxValues } from './parse-column.ts';
import { parseSheet } from './parse-sheet.ts';
import type { Opponent, OpponentInput } from './types.ts';

/**
 * The most a sheet of the rule set can total: every box at its highest, the upper bonus, and a
 * bonus Yahtzee in every box after the Yahtzee box. A final total above it cannot have been played.
 */
export function maxFinalScore(rs: RuleSet): number {
  const boxes = possibleBoxValues(rs).reduce((s, values) => s + Math.max(...values), 0);
  const bonusYahtzees = rs.yahtzeeBonus > 0 ? rs.boxes.length - 1 : 0;
  const column = boxes + rs.upperBonus.points + bonusYahtzees * rs.yahtzeeBonus;
  return rs.columns.reduce((s, c) => s + c.multiplier * column, 0);
}

/**
 * Reads the opponents of a win goal, of OpponentSchema's shape, against the rule set: each either
 * finished (`finalScore`, at most the rule set's highest total) or in progress (their sheet at the
 * start of their next turn, as a position's: an array of columns for multi-column rule sets; a
 * full sheet counts as finished with its total). Issues name `goal.opponents[i].…`.
 */
export function checkOpponents(rs: RuleSet, raw: readonly OpponentInput[], issues: Issue[]): { inputs: OpponentInput[]; opponents: Opponent[] } {
  const inputs: OpponentInput[] = [];
  const opponents: Opponent[] = [];
  const top = maxFinalScore(rs);
  raw.forEach((o, i) => {
    const path = `goal.opponents[${i}]`;
    if ('finalScore' in o) {
      const f = o.finalScore;
      if (!Number.isInteger(f) || f < 0 || f > top) {
        issues.push({ field: `${path}.finalScore`, message: `must be a whole number of points from 0 to ${top}, the most a ${rs.id} sheet can total` });
      } else {
        inputs.push({ finalScore: f });
        opponents.push({ finalScore: f });
      }
      return;
    }
    const before = issues.length;
    const sheet = parseSheet(rs, o.scorecard, o.yahtzeeBonus, `${path}.scorecard`, `${path}.yahtzeeBonus`, issues);
    if (!sheet || issues.length > before) return;
    const full = (1 << rs.boxes.length) - 1;
    const state: GameState = { columns: sheet.map((r) => r.col) };
    const score = sheet.reduce((s, r, ci) => s + rs.columns[ci].multiplier * r.total, 0);
    const cards = sheet.map((r) => {
      const card: Record<string, number> = {};
      r.values.forEach((v, b) => {
        if (v !== undefined) card[rs.boxes[b].id] = v;
      });
      return card;
    });
    const bonus = sheet.map((r) => r.bonus);
    if (!hasColumns(rs)) inputs.push(bonus[0] > 0 ? { scorecard: cards[0], yahtzeeBonus: bonus[0] } : { scorecard: cards[0] });
    else inputs.push(bonus.some((b) => b > 0) ? { scorecard: cards, yahtzeeBonus: bonus } : { scorecard: cards });
    opponents.push(sheet.every((r) => r.col.mask === full) ? { finalScore: score } : { state, score });
  });
  return { inputs, opponents };
}
