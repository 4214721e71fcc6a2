// @ts-check
import { h, numberInput, readNumber } from './dom.js';
import { boxName, t } from './i18n.js';
import { buildSheet, fiftyBoxName, sheetInput, typedNumbers } from './scorecard.js';
import { hasColumns } from './ruleset-kind.js';

/**
 * One opponent of the win goal as the player enters it: still playing (their sheet at the start
 * of their next turn, every column of it, drawn with the player's scorecard) or finished (their
 * final total). The entry is data, updated as the player types; its view is redrawn from it.
 *
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {import('./types.js').OpponentInput} OpponentInput
 * @typedef {import('./types.js').ScorecardColumn} ScorecardColumn
 * @typedef {import('./scorecard.js').Sheet} Sheet
 * @typedef {{ kind: 'sheet' | 'final', values: string[][], bonus: string[], final: string }} OpponentEntry
 *   values[column][box] and bonus[column] as typed
 * @typedef {{
 *   element: HTMLFieldSetElement, inputs: HTMLInputElement[][], bonus: HTMLInputElement[],
 *   final: HTMLInputElement, sheet: Sheet, error: HTMLElement, refreshTotals: () => void
 * }} OpponentView
 */

/** @returns {OpponentEntry} */
export function blankEntry() {
  return { kind: 'sheet', values: [], bonus: [], final: '' };
}

/** @param {OpponentEntry} e @returns {OpponentEntry} */
export function copyEntry(e) {
  return { ...e, values: e.values.map((col) => [...col]), bonus: [...e.bonus] };
}

/**
 * The name of an opponent's field: `o2-twos` on a one-column sheet (as before columns were
 * offered), `o1-c3-twos` on a multi-column one.
 * @param {RuleSet} rs
 * @param {number} n 1-based opponent
 * @param {number} c 0-based column
 * @param {string} field
 */
function fieldName(rs, n, c, field) {
  return hasColumns(rs) ? `o${n}-c${c + 1}-${field}` : `o${n}-${field}`;
}

/**
 * @param {RuleSet} rs
 * @param {OpponentEntry} entry updated as the player types
 * @param {number} n 1-based
 * @param {{ onChange: () => void, onRemove: () => void, valuesListId: (boxId: string) => string }} opts
 * @returns {OpponentView}
 */
export function drawOpponent(rs, entry, n, opts) {
  const multi = hasColumns(rs);
  /** @param {string} label @param {number} c */
  const inColumn = (label, c) => (multi ? t('sheet.inColumn', { name: label, n: c + 1 }) : label);
  /** @type {HTMLInputElement[][]} */
  const inputs = rs.columns.map(() => []);
  /** @type {HTMLInputElement[]} */
  const bonus = [];
  const sheet = buildSheet(rs, {
    caption: t('opp.sheetCaption', { n }),
    cell: (b, c) => {
      const box = rs.boxes[b];
      const input = numberInput({
        list: opts.valuesListId(box.id),
        name: fieldName(rs, n, c, box.id),
        value: entry.values[c]?.[b] ?? '',
        'aria-label': inColumn(t('opp.boxLabel', { box: boxName(rs, box.id), n }), c),
        oninput: () => {
          (entry.values[c] ??= [])[b] = input.value;
          refreshTotals();
        },
        onchange: opts.onChange,
      });
      inputs[c][b] = input;
      return input;
    },
    bonusCell: (c) => {
      const input = numberInput({
        placeholder: '0',
        name: fieldName(rs, n, c, 'yahtzeeBonus'),
        value: entry.bonus[c] ?? '',
        'aria-label': inColumn(t('opp.boxLabel', { box: t('adv.bonusInput', { name: fiftyBoxName(rs) }), n }), c),
        oninput: () => {
          entry.bonus[c] = input.value;
          refreshTotals();
        },
        onchange: opts.onChange,
      });
      bonus[c] = input;
      return input;
    },
  });
  const final = numberInput({
    class: 'target-input',
    name: `o${n}-final`,
    value: entry.final,
    placeholder: t('adv.targetPlaceholder'),
    'aria-label': t('opp.final', { n }),
    hidden: entry.kind !== 'final',
    oninput: () => {
      entry.final = final.value;
    },
    onchange: opts.onChange,
  });
  const error = h('p', { class: 'field-error', role: 'alert', hidden: true });
  const sheetWrap = h('div', { class: 'sheet-wrap opponent-sheet', hidden: entry.kind !== 'sheet' }, sheet.table);
  const kinds = /** @type {const} */ (['sheet', 'final']).map((kind) =>
    h(
      'label',
      { class: 'seg' },
      h('input', {
        type: 'radio',
        name: `o${n}-kind`,
        value: kind,
        checked: entry.kind === kind,
        onchange: () => {
          entry.kind = kind;
          final.hidden = kind !== 'final';
          sheetWrap.hidden = kind !== 'sheet';
          opts.onChange();
        },
      }),
      h('span', {}, kind === 'sheet' ? t('opp.inPlay') : t('opp.finished')),
    ),
  );

  function refreshTotals() {
    sheet.showTotals(...typedNumbers(rs, inputs, bonus));
  }

  const element = h(
    'fieldset',
    { class: 'opponent', 'data-opponent': n },
    h('legend', {}, t('opp.legend', { n })),
    h('div', { class: 'rolls' }, kinds, final),
    error,
    sheetWrap,
    h('button', { type: 'button', class: 'link', 'aria-label': t('opp.removeLabel', { n }), onclick: opts.onRemove }, t('opp.remove')),
  );
  refreshTotals();
  return { element, inputs, bonus, final, sheet, error, refreshTotals };
}

/**
 * The opponent as the hint API takes it: a final total, or the sheet shaped as a position's (one
 * column object, or an array of them with the bonuses per column); what cannot be read as a
 * number is sent as typed.
 * @param {RuleSet} rs
 * @param {OpponentEntry} entry
 * @returns {OpponentInput}
 */
export function opponentInput(rs, entry) {
  if (entry.kind === 'final') return { finalScore: readNumber(entry.final) };
  return sheetInput(rs, entry.values, entry.bonus);
}
