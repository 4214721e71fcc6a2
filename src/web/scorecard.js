// @ts-check
import { h, readNumber } from './dom.js';
import { boxName, t } from './i18n.js';
import { isUpperBox, upperBonusOf } from './lib/rules/scoring.js';
import { hasColumns } from './ruleset-kind.js';

/**
 * The scorecard grid both modes draw: one row per box, one column per scorecard column (side
 * by side for Triple Yahtzee and Superpass), with upper total, bonus and totals computed here
 * by the engine's scoring rules. What goes in a box's cell (an input, a button) is the caller's.
 *
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {(number | undefined)[]} ColumnValues
 */

/**
 * The numbers typed in a sheet's inputs, for its totals: a box that is blank or not a whole number
 * counts as empty, its bonus as 0.
 * @param {RuleSet} rs
 * @param {HTMLInputElement[][]} inputs inputs[column][box]
 * @param {(HTMLInputElement | undefined)[]} bonus bonus[column]
 * @returns {[ColumnValues[], number[]]}
 */
export function typedNumbers(rs, inputs, bonus) {
  const columns = inputs.map((col) =>
    col.map((input) => {
      const v = readNumber(input.value);
      return typeof v === 'number' ? v : undefined;
    }),
  );
  const bonuses = rs.columns.map((_, c) => {
    const v = readNumber(bonus[c]?.value ?? '');
    return typeof v === 'number' ? v : 0;
  });
  return [columns, bonuses];
}

/**
 * A sheet as the hint API takes it, from the text typed in its boxes: one column object, or an
 * array of them on a multi-column rule set; the extra-Yahtzee bonus points likewise, where the
 * rule set has them (blank counts 0). The player's own sheet and an opponent's alike.
 * @param {RuleSet} rs
 * @param {(string | undefined)[][]} values values[column][box] as typed
 * @param {(string | undefined)[]} bonus bonus[column] as typed
 * @returns {{ scorecard: import('./types.js').ScorecardColumn | import('./types.js').ScorecardColumn[], yahtzeeBonus?: number | string | (number | string)[] }} a value that is not a whole number stays as typed, for the server to name
 */
export function sheetInput(rs, values, bonus) {
  const cards = rs.columns.map((_, c) => {
    /** @type {import('./types.js').ScorecardColumn} */
    const card = {};
    (values[c] ?? []).forEach((text, b) => {
      const v = readNumber(text ?? '');
      if (v !== undefined) card[rs.boxes[b].id] = v;
    });
    return card;
  });
  const multi = hasColumns(rs);
  if (!(rs.facts.yahtzeeBonus > 0)) return { scorecard: multi ? cards : cards[0] };
  const bonuses = rs.columns.map((_, c) => readNumber(bonus[c] ?? '') ?? 0);
  return multi ? { scorecard: cards, yahtzeeBonus: bonuses } : { scorecard: cards[0], yahtzeeBonus: bonuses[0] };
}

/**
 * Header text of a column.
 * @param {RuleSet} rs
 * @param {number} c
 */
export function columnName(rs, c) {
  return !hasColumns(rs) ? t('sheet.points') : t('sheet.column', { n: c + 1 });
}

/**
 * @param {RuleSet} rs
 * @param {number} c
 */
function columnNote(rs, c) {
  const col = rs.columns[c];
  const parts = [];
  if (rs.columns.some((x) => x.multiplier !== 1)) parts.push(`×${col.multiplier}`);
  if (rs.columns.some((x) => x.fill !== 'any')) parts.push(t(`sheet.fill.${col.fill}`));
  return parts.join(' · ');
}

/**
 * The name of the box whose 50 pays the extra-Yahtzee bonus, as this language and game call it.
 * @param {RuleSet} rs
 */
export function fiftyBoxName(rs) {
  const id = rs.boxes.find((b) => b.id === 'yahtzee' || b.id === 'kniffel')?.id ?? 'yahtzee';
  return boxName(rs, id);
}

/**
 * Totals of one column (before its multiplier).
 * @param {RuleSet} rs
 * @param {ColumnValues} values
 * @param {number} yahtzeeBonus
 */
export function columnTotals(rs, values, yahtzeeBonus) {
  let upper = 0;
  let lower = 0;
  values.forEach((v, b) => {
    if (isUpperBox(rs.rules, b)) upper += v ?? 0;
    else lower += v ?? 0;
  });
  const bonus = upperBonusOf(rs.rules, upper);
  return { upper, bonus, lower, total: upper + bonus + lower + yahtzeeBonus };
}

/**
 * The game total: every column's total times its multiplier.
 * @param {RuleSet} rs
 * @param {ColumnValues[]} columns
 * @param {number[]} bonuses
 */
export function gameTotal(rs, columns, bonuses) {
  return columns.reduce((s, v, c) => s + rs.columns[c].multiplier * columnTotals(rs, v, bonuses[c] ?? 0).total, 0);
}

/**
 * @typedef {{
 *   table: HTMLTableElement,
 *   boxRows: HTMLTableRowElement[],
 *   bonusRow: HTMLTableRowElement | undefined,
 *   showTotals: (columns: ColumnValues[], bonuses: number[]) => void,
 * }} Sheet
 */

/**
 * @param {RuleSet} rs
 * @param {{
 *   caption: string,
 *   cell: (box: number, column: number) => HTMLElement,
 *   bonusCell?: (column: number) => HTMLElement,
 * }} opts
 * @returns {Sheet}
 */
export function buildSheet(rs, opts) {
  const n = rs.columns.length;
  const { upperBoxes, upperBonus, yahtzeeBonus } = rs.facts;
  const multi = n > 1;
  const head = h(
    'tr',
    {},
    h('th', { scope: 'col', class: 'box-name' }, t('sheet.box')),
    rs.columns.map((_, c) => h('th', { scope: 'col', 'aria-label': columnName(rs, c) }, multi ? t('sheet.col', { n: c + 1 }) : columnName(rs, c), multi ? h('small', {}, columnNote(rs, c)) : null)),
  );
  /** @type {HTMLTableCellElement[][]} */
  const derived = [];
  /** @param {string} label @param {string} cls */
  const derivedRow = (label, cls) => {
    const cells = rs.columns.map(() => h('td', { class: 'num' }));
    derived.push(cells);
    return h('tr', { class: cls }, h('th', { scope: 'row', class: 'box-name' }, label), cells);
  };
  const boxRows = rs.boxes.map((box, b) =>
    h(
      'tr',
      { class: b === upperBoxes - 1 ? 'box-row upper-end' : 'box-row', 'data-box': box.id },
      h('th', { scope: 'row', class: 'box-name' }, boxName(rs, box.id)),
      rs.columns.map((_, c) => h('td', { class: 'box-cell' }, opts.cell(b, c))),
    ),
  );
  const upperRow = derivedRow(t('sheet.upperTotal'), 'derived');
  const bonusLabel = t('sheet.upperBonus', { threshold: upperBonus.threshold, points: upperBonus.points });
  const upperBonusRow = derivedRow(bonusLabel, 'derived');
  let bonusRow;
  if (yahtzeeBonus > 0 && opts.bonusCell) {
    const make = opts.bonusCell;
    bonusRow = h(
      'tr',
      { class: 'derived ybonus' },
      h('th', { scope: 'row', class: 'box-name' }, t('sheet.extraBonus', { name: fiftyBoxName(rs), points: yahtzeeBonus })),
      rs.columns.map((_, c) => h('td', { class: 'box-cell' }, make(c))),
    );
  }
  const totalRow = derivedRow(multi ? t('sheet.columnTotal') : t('sheet.total'), multi ? 'derived column-total' : 'total');
  const weighted = rs.columns.some((x) => x.multiplier !== 1);
  const weightedRow = weighted ? derivedRow(t('sheet.multiplied'), 'derived') : null;
  const gameCell = h('td', { class: 'num', colspan: n });
  const rows = [
    ...boxRows.slice(0, upperBoxes),
    upperRow,
    upperBonusRow,
    ...boxRows.slice(upperBoxes),
    bonusRow,
    totalRow,
    weightedRow,
    multi ? h('tr', { class: 'total grand' }, h('th', { scope: 'row', class: 'box-name' }, t('sheet.gameTotal')), gameCell) : null,
  ];
  const table = h('table', { class: `sheet cols-${n}` }, h('caption', { class: 'sr-only' }, opts.caption), h('thead', {}, head), h('tbody', {}, rows));
  return {
    table,
    boxRows,
    bonusRow,
    showTotals(columns, bonuses) {
      columns.forEach((values, c) => {
        const sum = columnTotals(rs, values, bonuses[c] ?? 0);
        const upperDone = values.slice(0, upperBoxes).every((v) => v !== undefined);
        derived[0][c].textContent = String(sum.upper);
        derived[1][c].textContent = sum.bonus ? String(sum.bonus) : upperDone ? '0' : sum.upper ? t('sheet.toGo', { count: upperBonus.threshold - sum.upper }) : '';
        derived[1][c].classList.toggle('muted', !sum.bonus);
        derived[2][c].textContent = String(sum.total);
        if (weighted) derived[3][c].textContent = String(sum.total * rs.columns[c].multiplier);
      });
      gameCell.textContent = String(gameTotal(rs, columns, bonuses));
    },
  };
}
