// @ts-check
import { listedOptions } from './advice-view.js';
import { bars } from './bars.js';
import { fmt, h } from './dom.js';
import { boxName, locale, pct, t } from './i18n.js';
import { familyName, reasonSentence } from './lib/position/reason-text.js';

/**
 * Advice that says why, drawn: pure functions from an explained hint or review (the server's,
 * docs/explain.md) to nodes. The sentences are reason-text.js's, the CLI's templates, in the
 * page's language and with the page's box names; the outlook is a table of the position's boxes
 * and bonuses, what each will hold at the end under points play; a review's loss by family of
 * boxes is a bar chart.
 *
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {import('./types.js').Rules} Rules
 * @typedef {import('./types.js').Action} Action
 * @typedef {import('./types.js').Reason} Reason
 * @typedef {import('./types.js').Outlook} Outlook
 * @typedef {import('./types.js').Family} Family
 * @typedef {import('./types.js').ExplainedAdvice} ExplainedAdvice
 */

/** Sentences shown at first under "why not the others"; a button shows the rest. */
const WHY_SHOWN = 4;

/**
 * How reason-text.js names boxes: as the page's catalogue does.
 * @param {RuleSet} rs
 */
function wording(rs) {
  return { boxName: (/** @type {string} */ id) => boxName(rs, id) };
}

/**
 * One sentence in the page's language: what `option` gives up against `best`, and the aspects
 * that account for it ("Scoring Fives gives up 10.9 points against holding 5 5 5: Yahtzee −4.3 (a
 * zero 74% → 83%), the Yahtzee bonus −2.7 and Fives −2.1.").
 * @param {RuleSet} rs
 * @param {{ action: Action, loss: number, reasons?: Reason[] }} option
 * @param {Action} best
 */
export function reasonText(rs, option, best) {
  return reasonSentence(rs.rules, option, { action: best }, locale(), wording(rs));
}

/**
 * A family of boxes in the page's language ("upper section and bonus", "Jagd auf den Kniffel").
 * @param {Rules} rules the rule set whose five-of-a-kind box names the Yahtzee family
 * @param {Family} family
 */
export function familyText(rules, family) {
  return familyName(rules, family, locale(), { boxName: (id) => boxName(rules, id) });
}

/**
 * The advisor's Explain button: pressed, the advice says why under its options.
 * @param {boolean} open
 * @param {() => void} onToggle
 */
export function explainToggle(open, onToggle) {
  return h(
    'div',
    { class: 'row explain-row' },
    h('button', { type: 'button', class: 'secondary', id: 'adv-explain-toggle', 'aria-pressed': String(open), 'aria-controls': open ? 'adv-explain' : null, onclick: onToggle }, t('explain.toggle')),
    open ? null : h('span', { class: 'help' }, t('explain.help')),
  );
}

/** Where the explanation goes while it is asked for (the request loop fills it). */
export function explainHolder() {
  return h('section', { class: 'explain', id: 'adv-explain', 'aria-busy': 'true', 'aria-label': t('explain.toggle') });
}

/**
 * What stands in the explanation's place: the server preparing its outlook table (`detail`: how far), or why there is none.
 * @param {string} text
 * @param {boolean} [preparing]
 */
export function explainNotice(text, preparing = false) {
  return preparing ? h('p', { class: 'help loading', role: 'status' }, `${t('explain.loading')} ${text}`) : h('p', { class: 'help' }, text);
}

/**
 * The explanation of a points hint: why not each other option, and the position's outlook.
 * @param {RuleSet} rs
 * @param {ExplainedAdvice} advice
 * @returns {Node[]}
 */
export function explainBody(rs, advice) {
  if (!advice.outlook) return [explainNotice(advice.explainNote ?? '')];
  const listed = listedOptions(rs, advice.options);
  const best = listed[0];
  const table = outlookTable(rs, advice.outlook, t(best ? 'explain.outlook' : 'explain.outlookTurn'), advice.score);
  const why = best ? whyNot(rs, listed.slice(1), best.action) : null;
  return why ? [why, table] : [table];
}

/**
 * One sentence for each other option, in the order of the list above; the first few shown.
 * @param {RuleSet} rs
 * @param {import('./types.js').ExplainedOption[]} others
 * @param {Action} best
 */
function whyNot(rs, others, best) {
  if (others.length === 0) return null;
  const items = others.map((o, i) => h('li', { hidden: i >= WHY_SHOWN, 'data-action': JSON.stringify(o.action) }, reasonText(rs, o, best)));
  const more =
    others.length > WHY_SHOWN
      ? h('button', {
          type: 'button',
          class: 'link',
          text: t('opt.showAll', { count: others.length }),
          onclick: (/** @type {Event} */ e) => {
            for (const li of items) li.hidden = false;
            /** @type {HTMLElement} */ (e.currentTarget).remove();
          },
        })
      : null;
  return h('div', { class: 'why-not' }, h('h3', { id: 'adv-why-h' }, t('explain.whyNot')), h('ol', { class: 'reasons', id: 'adv-why', start: 2, 'aria-labelledby': 'adv-why-h' }, items), more);
}

/**
 * The outlook as a table: each box's expected final points and chance of a zero, the bonuses
 * (the upper bonus with its chance of being earned), and the total they add up to.
 * @param {RuleSet} rs
 * @param {Outlook} o
 * @param {string} caption
 * @param {number} score points on the sheet, the total's starting point (shown beside it)
 */
export function outlookTable(rs, o, caption, score) {
  const row = (/** @type {string} */ name, /** @type {number} */ expected, /** @type {string} */ third, /** @type {string} */ key) =>
    h('tr', { 'data-row': key }, h('th', { scope: 'row' }, name), h('td', {}, fmt(expected)), h('td', {}, third));
  const rows = rs.boxes.filter((b) => o.boxes[b.id]).map((b) => row(boxName(rs, b.id), o.boxes[b.id].expected, pct(o.boxes[b.id].probabilityZero, 1), b.id));
  let total = rs.boxes.reduce((s, b) => s + (o.boxes[b.id]?.expected ?? 0), 0);
  if (o.upperBonus) {
    rows.push(row(t('explain.upperBonus'), o.upperBonus.expected, t('explain.earned', { chance: pct(o.upperBonus.probability, 1) }), 'upperBonus'));
    total += o.upperBonus.expected;
  }
  if (o.yahtzeeBonus) {
    const fifty = rs.rules.boxes.find((b) => b.pattern.kind === 'ofAKindFixed');
    rows.push(row(t('explain.extraBonus', { name: fifty ? boxName(rs, fifty.id) : 'Yahtzee' }), o.yahtzeeBonus.expected, '', 'yahtzeeBonus'));
    total += o.yahtzeeBonus.expected;
  }
  return h(
    'table',
    { class: 'outlook', id: 'adv-outlook' },
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('explain.box')), h('th', { scope: 'col' }, t('explain.expected')), h('th', { scope: 'col' }, t('explain.zero')))),
    h('tbody', {}, rows),
    h('tfoot', {}, h('tr', { 'data-row': 'total' }, h('th', { scope: 'row' }, t('explain.total')), h('td', {}, fmt(total)), h('td', {}, t('adv.onSheet', { score: String(score) })))),
  );
}

/**
 * Where a reviewed game's (or a batch's) points were lost, by family of boxes, largest first.
 * @param {Rules} rules
 * @param {string} title
 * @param {{ family: Family, loss: number, text: string }[]} families
 * @param {string} id
 */
export function familyBars(rules, title, families, id) {
  const rows = [...families].sort((a, b) => b.loss - a.loss).map((f) => ({ label: familyText(rules, f.family), value: f.loss, text: f.text }));
  return bars(title, rows, id);
}
