// @ts-check
import { h, readNumber } from './dom.js';
import { boxName, t } from './i18n.js';
import { buildSheet, fiftyBoxName } from './scorecard.js';

/**
 * The opponents of the win goal, as the player enters them: each either still playing (their
 * sheet as it stands at the start of their next turn, drawn with the same scorecard as the
 * player's) or finished (their final total). The entries are data; the form is redrawn from them
 * when one is added or removed, and an error the server names (goal.opponents[1].scorecard.chance)
 * is shown under that opponent's box.
 *
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {import('./types.js').Issue} Issue
 * @typedef {import('./types.js').OpponentInput} OpponentInput
 * @typedef {import('./types.js').ScorecardColumn} ScorecardColumn
 * @typedef {{ kind: 'sheet' | 'final', values: string[], bonus: string, final: string }} OpponentEntry
 */

/** As many opponents as the hint API takes (an eight-player table). */
export const MAX_OPPONENTS = 7;

/** @returns {OpponentEntry} */
function blank() {
  return { kind: 'sheet', values: [], bonus: '', final: '' };
}

/**
 * @param {{ onChange: () => void, valuesListId: (boxId: string) => string }} opts
 */
export function createOpponentsForm(opts) {
  /** @type {RuleSet | undefined} */
  let rs;
  /** @type {OpponentEntry[]} */
  let entries = [blank()];
  /** per entry: its box inputs, bonus input, final input, sheet and error line */
  /** @type {{ inputs: HTMLInputElement[], bonus: HTMLInputElement | undefined, final: HTMLInputElement, sheet: ReturnType<typeof buildSheet>, error: HTMLElement }[]} */
  let views = [];
  /** @type {HTMLElement[]} */
  let errorNodes = [];

  const list = h('div', { class: 'opponent-list' });
  const blockError = h('p', { class: 'field-error', id: 'adv-opponents-error', role: 'alert', hidden: true });
  const addButton = h('button', { type: 'button', class: 'secondary', id: 'adv-add-opponent', onclick: add }, t('opp.add'));
  const element = h(
    'section',
    { class: 'panel opponents-panel', id: 'adv-opponents', 'aria-labelledby': 'adv-opponents-h', hidden: true },
    h('h2', { id: 'adv-opponents-h' }, t('opp.heading')),
    h('p', { class: 'help' }, t('opp.help')),
    blockError,
    list,
    addButton,
  );

  function add() {
    if (entries.length >= MAX_OPPONENTS) return;
    entries.push(blank());
    draw();
    opts.onChange();
  }

  /** @param {number} i */
  function remove(i) {
    entries.splice(i, 1);
    draw();
    opts.onChange();
  }

  /** @param {number} i */
  function refreshTotals(i) {
    const view = views[i];
    if (!view || !rs) return;
    const values = view.inputs.map((input) => {
      const v = readNumber(input.value);
      return typeof v === 'number' ? v : undefined;
    });
    const bonus = readNumber(view.bonus?.value ?? '');
    view.sheet.showTotals([values], [typeof bonus === 'number' ? bonus : 0]);
  }

  function draw() {
    const r = rs;
    if (!r) return;
    views = [];
    errorNodes = [];
    list.replaceChildren(
      ...entries.map((entry, i) => {
        const n = i + 1;
        /** @type {HTMLInputElement[]} */
        const inputs = [];
        /** @type {HTMLInputElement | undefined} */
        let bonus;
        const sheet = buildSheet(r, {
          caption: t('opp.sheetCaption', { n }),
          cell: (b) => {
            const box = r.boxes[b];
            const input = h('input', {
              type: 'text',
              inputmode: 'numeric',
              autocomplete: 'off',
              list: opts.valuesListId(box.id),
              name: `o${n}-${box.id}`,
              value: entry.values[b] ?? '',
              'aria-label': t('opp.boxLabel', { box: boxName(r, box.id), n }),
              oninput: () => {
                entry.values[b] = input.value;
                refreshTotals(i);
              },
              onchange: opts.onChange,
            });
            inputs[b] = input;
            return input;
          },
          bonusCell: () => {
            const input = h('input', {
              type: 'text',
              inputmode: 'numeric',
              autocomplete: 'off',
              placeholder: '0',
              name: `o${n}-yahtzeeBonus`,
              value: entry.bonus,
              'aria-label': t('opp.boxLabel', { box: t('adv.bonusInput', { name: fiftyBoxName(r) }), n }),
              oninput: () => {
                entry.bonus = input.value;
                refreshTotals(i);
              },
              onchange: opts.onChange,
            });
            bonus = input;
            return input;
          },
        });
        const final = h('input', {
          type: 'text',
          inputmode: 'numeric',
          autocomplete: 'off',
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
        const sheetWrap = h('div', { class: 'sheet-wrap opponent-sheet', hidden: entry.kind !== 'sheet' }, sheet.table);
        views.push({ inputs, bonus, final, sheet, error });
        return h(
          'fieldset',
          { class: 'opponent', 'data-opponent': n },
          h('legend', {}, t('opp.legend', { n })),
          h('div', { class: 'rolls' }, kinds, final),
          error,
          sheetWrap,
          h('button', { type: 'button', class: 'link', 'aria-label': t('opp.removeLabel', { n }), onclick: () => remove(i) }, t('opp.remove')),
        );
      }),
    );
    entries.forEach((_, i) => refreshTotals(i));
    addButton.disabled = entries.length >= MAX_OPPONENTS;
    addButton.title = entries.length >= MAX_OPPONENTS ? t('opp.max', { count: MAX_OPPONENTS }) : '';
  }

  return {
    element,
    /** @param {boolean} on */
    show(on) {
      element.hidden = !on;
    },
    /** @param {RuleSet} next */
    setRuleSet(next) {
      if (rs && rs.id !== next.id) entries = entries.map((e) => ({ ...e, values: [], bonus: '' }));
      rs = next;
      draw();
    },
    /**
     * The opponents as the hint API takes them; what cannot be read as a number is sent as typed.
     * @returns {OpponentInput[]}
     */
    read() {
      const r = rs;
      if (!r) return [];
      return entries.map((e) => {
        if (e.kind === 'final') return { finalScore: readNumber(e.final) };
        /** @type {ScorecardColumn} */
        const scorecard = {};
        e.values.forEach((text, b) => {
          const v = readNumber(text ?? '');
          if (v !== undefined) scorecard[r.boxes[b].id] = v;
        });
        const bonus = readNumber(e.bonus);
        return r.facts.yahtzeeBonus > 0 ? { scorecard, yahtzeeBonus: bonus ?? 0 } : { scorecard };
      });
    },
    /**
     * What the page can tell without asking: a finished opponent's total must be a whole number
     * (the server's answer to anything else names the wrong alternative of the opponent's shape).
     * @returns {Issue[]}
     */
    check() {
      return entries.flatMap((e, i) =>
        e.kind === 'final' && typeof readNumber(e.final) !== 'number' ? [{ field: `goal.opponents[${i}].finalScore`, message: t('opp.needTotal') }] : [],
      );
    },
    /** @returns {OpponentEntry[]} */
    snapshot() {
      return entries.map((e) => ({ ...e, values: [...e.values] }));
    },
    /** @param {OpponentEntry[]} from */
    restore(from) {
      entries = from.map((e) => ({ ...e, values: [...e.values] }));
      draw();
    },
    clearErrors() {
      for (const n of errorNodes) n.remove();
      errorNodes = [];
      for (const el of element.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
      for (const el of [blockError, ...views.map((v) => v.error)]) {
        el.hidden = true;
        el.textContent = '';
      }
    },
    /**
     * Shows the issues about opponents next to their fields.
     * @param {Issue[]} issues
     * @returns {Issue[]} the issues that are not about opponents
     */
    showIssues(issues) {
      /** @type {Issue[]} */
      const rest = [];
      /** @param {HTMLElement} el @param {string} text */
      const inBlock = (el, text) => {
        el.hidden = false;
        el.textContent = el.textContent ? `${el.textContent} ${text}` : text;
      };
      for (const issue of issues) {
        const m = /^goal\.opponents(?:\[(\d+)\](?:\.(\w+)(?:\.(\w+))?)?)?/.exec(issue.field);
        if (!m) {
          rest.push(issue);
          continue;
        }
        const view = m[1] === undefined ? undefined : views[Number(m[1])];
        if (!view || !rs) {
          inBlock(blockError, issue.message);
          continue;
        }
        const b = m[2] === 'scorecard' && m[3] ? rs.boxes.findIndex((x) => x.id === m[3]) : -1;
        const target = b >= 0 ? view.inputs[b] : m[2] === 'yahtzeeBonus' ? view.bonus : m[2] === 'finalScore' ? view.final : undefined;
        target?.setAttribute('aria-invalid', 'true');
        const row = b >= 0 ? view.sheet.boxRows[b] : m[2] === 'yahtzeeBonus' ? view.sheet.bonusRow : undefined;
        if (row) {
          const err = h('tr', { class: 'error-row', role: 'alert' }, h('td', { colspan: 2 }, issue.message));
          row.after(err);
          errorNodes.push(err);
        } else {
          inBlock(view.error, issue.message);
        }
      }
      return rest;
    },
  };
}
