// @ts-check
import { addMessage, h, readNumber } from './dom.js';
import { ruleSetName, t } from './i18n.js';
import { blankEntry, copyEntry, drawOpponent, opponentInput } from './opponent-entry.js';
import { maxOpponents } from './ruleset-kind.js';

/**
 * The opponents of the win goal, as the player enters them (opponent-entry.js): each still
 * playing or finished. The entries are data; the form is redrawn from them when one is added or
 * removed, and an error the server names (goal.opponents[1].scorecard.chance, or
 * goal.opponents[0].scorecard[2].chance on a multi-column sheet) is shown under that opponent's
 * box. A multi-column rule set takes one opponent, and the form says why.
 *
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {import('./types.js').Issue} Issue
 * @typedef {import('./types.js').OpponentInput} OpponentInput
 * @typedef {import('./opponent-entry.js').OpponentEntry} OpponentEntry
 * @typedef {import('./opponent-entry.js').OpponentView} OpponentView
 */

/**
 * Shows each issue about an opponent under that opponent's box (a row inserted under it, kept in
 * `errorNodes` to be taken out again), under their entry, or above them all.
 * @param {RuleSet} rs
 * @param {OpponentView[]} views
 * @param {HTMLElement} blockError
 * @param {HTMLElement[]} errorNodes
 * @param {Issue[]} issues
 * @returns {Issue[]} the issues that are not about opponents
 */
function showOpponentIssues(rs, views, blockError, errorNodes, issues) {
  /** @type {Issue[]} */
  const rest = [];
  const cols = rs.columns.length;
  for (const issue of issues) {
    // goal.opponents[i].scorecard.box, .scorecard[c].box, .yahtzeeBonus[c], .finalScore
    const m = /^goal\.opponents(?:\[(\d+)\](?:\.(\w+)(?:\[(\d+)\])?(?:\.(\w+))?)?)?/.exec(issue.field);
    if (!m) {
      rest.push(issue);
      continue;
    }
    const view = m[1] === undefined ? undefined : views[Number(m[1])];
    if (!view) {
      addMessage(blockError, issue.message);
      continue;
    }
    const c = Number(m[3] ?? 0);
    const prefix = cols > 1 && m[3] !== undefined ? t('sheet.columnPrefix', { n: c + 1 }) : '';
    const b = m[2] === 'scorecard' && m[4] ? rs.boxes.findIndex((x) => x.id === m[4]) : -1;
    const target = b >= 0 ? view.inputs[c]?.[b] : m[2] === 'yahtzeeBonus' ? view.bonus[c] : m[2] === 'finalScore' ? view.final : undefined;
    target?.setAttribute('aria-invalid', 'true');
    const row = target && b >= 0 ? view.sheet.boxRows[b] : target && m[2] === 'yahtzeeBonus' ? view.sheet.bonusRow : undefined;
    if (row) {
      const err = h('tr', { class: 'error-row', role: 'alert' }, h('td', { colspan: cols + 1 }, `${prefix}${issue.message}`));
      row.after(err);
      errorNodes.push(err);
    } else {
      addMessage(view.error, `${prefix}${issue.message}`);
    }
  }
  return rest;
}

/**
 * @param {{ onChange: () => void, valuesListId: (boxId: string) => string }} opts
 */
export function createOpponentsForm(opts) {
  /** @type {RuleSet | undefined} */
  let rs;
  /** @type {OpponentEntry[]} */
  let entries = [blankEntry()];
  /** @type {OpponentView[]} */
  let views = [];
  /** @type {HTMLElement[]} */
  let errorNodes = [];

  const list = h('div', { class: 'opponent-list' });
  const blockError = h('p', { class: 'field-error', id: 'adv-opponents-error', role: 'alert', hidden: true });
  const limitNote = h('p', { class: 'help', id: 'adv-opponents-limit', hidden: true });
  const addButton = h('button', { type: 'button', class: 'secondary', id: 'adv-add-opponent', onclick: add }, t('opp.add'));
  const element = h(
    'section',
    { class: 'panel opponents-panel', id: 'adv-opponents', 'aria-labelledby': 'adv-opponents-h', hidden: true },
    h('h2', { id: 'adv-opponents-h' }, t('opp.heading')),
    h('p', { class: 'help' }, t('opp.help')),
    limitNote,
    blockError,
    list,
    addButton,
  );

  function add() {
    if (!rs || entries.length >= maxOpponents(rs)) return;
    entries.push(blankEntry());
    draw();
    opts.onChange();
  }

  /** @param {number} i */
  function remove(i) {
    entries.splice(i, 1);
    draw();
    opts.onChange();
  }

  function draw() {
    const r = rs;
    if (!r) return;
    const max = maxOpponents(r);
    errorNodes = [];
    views = entries.map((entry, i) => drawOpponent(r, entry, i + 1, { onChange: opts.onChange, onRemove: () => remove(i), valuesListId: opts.valuesListId }));
    list.replaceChildren(...views.map((v) => v.element));
    const one = max === 1;
    limitNote.hidden = !one;
    limitNote.textContent = one ? t('opp.oneOnly', { name: ruleSetName(r) }) : '';
    addButton.disabled = entries.length >= max;
    addButton.title = entries.length >= max ? t('opp.max', { count: max }) : '';
  }

  return {
    element,
    /** @param {boolean} on */
    show(on) {
      element.hidden = !on;
    },
    /** @param {RuleSet} next */
    setRuleSet(next) {
      // Another rule set's sheets do not fit this one's boxes and columns: keep only the kinds and totals.
      if (rs && rs.id !== next.id) entries = entries.map((e) => ({ ...e, values: [], bonus: [] }));
      entries = entries.slice(0, maxOpponents(next));
      if (entries.length === 0) entries = [blankEntry()];
      rs = next;
      draw();
    },
    /**
     * The opponents as the hint API takes them.
     * @returns {OpponentInput[]}
     */
    read() {
      const r = rs;
      return r ? entries.map((e) => opponentInput(r, e)) : [];
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
      return entries.map(copyEntry);
    },
    /** @param {OpponentEntry[]} from */
    restore(from) {
      entries = from.map(copyEntry);
      if (rs) entries = entries.slice(0, maxOpponents(rs));
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
      return rs ? showOpponentIssues(rs, views, blockError, errorNodes, issues) : issues;
    },
  };
}
