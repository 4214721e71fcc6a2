// @ts-check
import { addMessage, h } from './dom.js';
import { t } from './i18n.js';

/**
 * What is wrong with the advisor's form, shown where the player looks for it: each issue the
 * server names (or the page finds itself) next to its field, and a banner for what is not about a
 * field (a rule set the server cannot advise on).
 *
 * @typedef {import('./types.js').Issue} Issue
 * @typedef {import('./advisor-form.js').AdvisorForm} AdvisorForm
 */

/**
 * Takes every error message and mark off the form, and the banner.
 * @param {AdvisorForm} form
 */
export function clearIssues(form) {
  for (const n of form.errorNodes) n.remove();
  form.errorNodes = [];
  for (const el of form.element.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
  for (const el of form.element.querySelectorAll('.sheet [aria-describedby]')) el.removeAttribute('aria-describedby');
  form.opponents.clearErrors();
  for (const el of [form.sheetError, form.diceError, form.rollsError, form.goalError]) {
    el.hidden = true;
    el.textContent = '';
  }
  form.banner.hidden = true;
}

/**
 * @param {AdvisorForm} form
 * @param {string} text
 */
export function showBanner(form, text) {
  form.banner.hidden = false;
  form.banner.textContent = text;
}

/**
 * Each issue next to its field: a box's message in a row under that box, the dice under the
 * dice, an opponent's at that opponent (opponents-form.js), anything else above the scorecard.
 * @param {AdvisorForm} form
 * @param {Issue[]} issues
 */
export function showIssues(form, issues) {
  const { rs, sheet } = form;
  if (!rs || !sheet) return;
  const cols = rs.columns.length;
  /** @type {Map<HTMLTableRowElement, string[]>} */
  const rowMessages = new Map();
  /** @param {HTMLTableRowElement} row @param {string} text */
  const underRow = (row, text) => rowMessages.set(row, [...(rowMessages.get(row) ?? []), text]);
  /** @param {string | undefined} c */
  const colText = (c) => (cols > 1 && c !== undefined ? t('sheet.columnPrefix', { n: Number(c) + 1 }) : '');
  for (const issue of form.opponents.showIssues(issues)) {
    const box = /^scorecard(?:\[(\d+)\])?\.(\w+)$/.exec(issue.field);
    const bonus = /^yahtzeeBonus(?:\[(\d+)\])?$/.exec(issue.field);
    if (box) {
      const b = rs.boxes.findIndex((x) => x.id === box[2]);
      const input = form.inputs[Number(box[1] ?? 0)]?.[b];
      if (input) {
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', `adv-error-${box[2]}`);
        underRow(sheet.boxRows[b], `${colText(box[1])}${issue.message}`);
        continue;
      }
    }
    if (bonus && sheet.bonusRow) {
      const input = form.bonusInputs[Number(bonus[1] ?? 0)];
      input?.setAttribute('aria-invalid', 'true');
      input?.setAttribute('aria-describedby', 'adv-error-yahtzeeBonus');
      underRow(sheet.bonusRow, `${colText(bonus[1])}${issue.message}`);
    } else if (/^dice/.test(issue.field)) {
      form.tray.setAttribute('aria-invalid', 'true');
      addMessage(form.diceError, issue.message);
    } else if (issue.field === 'rollsLeft') {
      addMessage(form.rollsError, issue.message);
    } else if (/^goal/.test(issue.field)) {
      form.targetInput.setAttribute('aria-invalid', 'true');
      addMessage(form.goalError, issue.message);
    } else if (/^scorecard/.test(issue.field)) {
      addMessage(form.sheetError, `${colText(/^scorecard\[(\d+)\]/.exec(issue.field)?.[1])}${issue.message}`);
    } else {
      addMessage(form.sheetError, issue.field ? `${issue.field}: ${issue.message}` : issue.message);
    }
  }
  for (const [row, messages] of rowMessages) {
    const id = `adv-error-${row === sheet.bonusRow ? 'yahtzeeBonus' : row.dataset.box}`;
    const err = h('tr', { class: 'error-row', role: 'alert' }, h('td', { colspan: cols + 1, id }, messages.join(' ')));
    row.after(err);
    form.errorNodes.push(err);
  }
}
