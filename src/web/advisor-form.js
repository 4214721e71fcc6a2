// @ts-check
import { addDie, randomDice, setDice } from './advisor-dice.js';
import { dieFace, faceName } from './dice.js';
import { h, numberInput, readNumber } from './dom.js';
import { boxName, num, ruleSetName, t } from './i18n.js';
import { createOpponentsForm } from './opponents-form.js';
import { hasColumns } from './ruleset-kind.js';
import { buildSheet, fiftyBoxName, sheetInput, typedNumbers } from './scorecard.js';

/**
 * The advisor's form: the scorecard the player types in, the dice (advisor-dice.js), the rerolls
 * left and the goal, read as the hint API takes a position. It is drawn once per rule set and never redrawn on an
 * answer, so an error shown next to a field (advisor-issues.js) leaves everything typed where it
 * was. The form tells `events.change` when the position changes and `events.submit` when the player
 * presses Advise; what is asked then is the request loop's (advisor-requests.js).
 *
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {import('./types.js').PositionInput} PositionInput
 * @typedef {'points' | 'reach' | 'win'} GoalKind
 * @typedef {{ change: () => void, submit: () => void }} FormEvents
 * @typedef {{ values: string[][], bonuses: string[], dice: number[], rollsLeft: string, goal: string, target: string, opponents: import('./opponents-form.js').OpponentEntry[], explain: boolean }} Snapshot
 * @typedef {{
 *   events: FormEvents,
 *   rs: RuleSet | undefined,
 *   dice: number[],
 *   inputs: HTMLInputElement[][],
 *   bonusInputs: HTMLInputElement[],
 *   sheet: ReturnType<typeof buildSheet> | undefined,
 *   errorNodes: HTMLElement[],
 *   lastExpected: number,
 *   explain: boolean,
 *   element: HTMLFormElement,
 *   sheetHolder: HTMLElement,
 *   sheetError: HTMLElement,
 *   tray: HTMLElement,
 *   diceError: HTMLElement,
 *   faceButtons: HTMLButtonElement[],
 *   rollsInputs: HTMLInputElement[],
 *   rollsError: HTMLElement,
 *   targetInput: HTMLInputElement,
 *   goalInputs: HTMLInputElement[],
 *   goalError: HTMLElement,
 *   banner: HTMLElement,
 *   result: HTMLElement,
 *   opponents: ReturnType<typeof createOpponentsForm>,
 * }} AdvisorForm
 *   errorNodes: rows inserted under a box (or the bonus row) to show its errors;
 *   lastExpected: the expected final score of the last points advice, the first guess at a target;
 *   explain: the player pressed Explain: points advice says why (advisor-requests.js)
 */

const GOALS = /** @type {const} */ (['points', 'reach', 'win']);

/**
 * The form's elements, empty until a rule set is set.
 * @param {FormEvents} events
 * @returns {AdvisorForm}
 */
export function buildAdvisorForm(events) {
  /** @type {AdvisorForm} */
  const form = {
    events,
    rs: undefined,
    dice: [],
    inputs: [],
    bonusInputs: [],
    sheet: undefined,
    errorNodes: [],
    lastExpected: NaN,
    explain: false,
    element: h('form', { class: 'layout advisor-layout', novalidate: true, onsubmit: (/** @type {Event} */ e) => (e.preventDefault(), events.submit()) }),
    sheetHolder: h('div', { class: 'sheet-wrap' }),
    sheetError: h('p', { class: 'field-error', id: 'adv-sheet-error', role: 'alert', hidden: true }),
    tray: h('div', { class: 'tray', role: 'group', 'aria-label': t('adv.tray') }),
    diceError: h('p', { class: 'field-error', id: 'adv-dice-error', role: 'alert', hidden: true }),
    faceButtons: [1, 2, 3, 4, 5, 6].map((f) =>
      h('button', { type: 'button', class: 'die-btn add', 'aria-label': t('adv.addFace', { face: faceName(f) }), 'data-face': f, onclick: () => addDie(form, f) }, dieFace(f)),
    ),
    rollsInputs: [2, 1, 0].map((n) => h('input', { type: 'radio', name: 'adv-rolls', value: n, id: `adv-rolls-${n}`, checked: n === 2, onchange: events.change })),
    rollsError: h('p', { class: 'field-error', id: 'adv-rolls-error', role: 'alert', hidden: true }),
    targetInput: numberInput({
      id: 'adv-target',
      name: 'adv-target',
      class: 'target-input',
      'aria-label': t('adv.target'),
      'aria-describedby': 'adv-goal-error',
      placeholder: t('adv.targetPlaceholder'),
      disabled: true,
      onchange: events.change,
    }),
    goalInputs: GOALS.map((g) => h('input', { type: 'radio', name: 'adv-goal', value: g, id: `adv-goal-${g}`, checked: g === 'points', onchange: () => goalChanged(form) })),
    goalError: h('p', { class: 'field-error', id: 'adv-goal-error', role: 'alert', hidden: true }),
    banner: h('div', { class: 'banner', role: 'status', hidden: true }),
    result: h('div', { class: 'advice', 'aria-live': 'polite' }),
    opponents: createOpponentsForm({ onChange: events.change, valuesListId: (id) => `adv-values-${id}` }),
  };
  layOut(form);
  return form;
}

/**
 * The form's panels: the scorecard, the turn (dice, rerolls left, goal), the advice, the opponents.
 * @param {AdvisorForm} form
 */
function layOut(form) {
  const { goalInputs, rollsInputs } = form;
  form.element.append(
    h(
      'section',
      { class: 'panel sheet-panel', 'aria-labelledby': 'adv-sheet-h' },
      h('h2', { id: 'adv-sheet-h' }, t('sheet.heading')),
      h('p', { class: 'help' }, t('adv.help')),
      form.sheetError,
      form.sheetHolder,
      h('button', { type: 'button', class: 'secondary', onclick: () => clearSheet(form) }, t('adv.clearSheet')),
    ),
    h(
      'div',
      { class: 'side' },
      h(
        'section',
        { class: 'panel turn-panel', 'aria-labelledby': 'adv-dice-h' },
        h('h2', { id: 'adv-dice-h' }, t('adv.dice')),
        form.tray,
        form.diceError,
        h('div', { class: 'faces', role: 'group', 'aria-label': t('adv.addDie') }, form.faceButtons),
        h(
          'div',
          { class: 'row' },
          h('button', { type: 'button', class: 'secondary', onclick: () => setDice(form, []) }, t('adv.clearDice')),
          h('button', { type: 'button', class: 'secondary', onclick: () => randomDice(form) }, t('adv.randomRoll')),
        ),
        h(
          'fieldset',
          { class: 'rolls', 'aria-describedby': 'adv-rolls-error' },
          h('legend', {}, t('adv.rerollsLeft')),
          rollsInputs.map((input, i) => h('label', { class: 'seg', for: input.id }, input, h('span', {}, [num(2), num(1), t('adv.rerollsNone')][i]))),
        ),
        form.rollsError,
        h(
          'fieldset',
          { class: 'rolls goal' },
          h('legend', {}, t('adv.playFor')),
          h('label', { class: 'seg', for: 'adv-goal-points' }, goalInputs[0], h('span', {}, t('adv.goalPoints'))),
          h('label', { class: 'seg', for: 'adv-goal-reach' }, goalInputs[1], h('span', {}, t('adv.goalReach'))),
          form.targetInput,
          h('label', { class: 'seg', for: 'adv-goal-win' }, goalInputs[2], h('span', {}, t('adv.goalWin'))),
        ),
        form.goalError,
        h('button', { type: 'submit', class: 'primary' }, t('adv.advise')),
      ),
      h('section', { class: 'panel advice-panel', 'aria-labelledby': 'adv-advice-h' }, h('h2', { id: 'adv-advice-h' }, t('adv.advice')), form.banner, form.result),
      form.opponents.element,
    ),
  );
}

/**
 * Draws the scorecard of `rs` (empty: the caller restores a snapshot) and keeps the dice that fit.
 * @param {AdvisorForm} form
 * @param {RuleSet} rs
 */
export function setFormRuleSet(form, rs) {
  form.rs = rs;
  form.inputs = rs.columns.map(() => []);
  form.bonusInputs = [];
  form.dice = form.dice.slice(0, rs.dice);
  const lists = rs.boxes.map((b) => h('datalist', { id: `adv-values-${b.id}` }, (rs.facts.boxValues[b.id] ?? []).map((v) => h('option', { value: v }))));
  /** @param {string} name @param {number} c */
  const inColumn = (name, c) => (hasColumns(rs) ? t('sheet.inColumn', { name, n: c + 1 }) : name);
  const onInput = () => refreshTotals(form);
  form.sheet = buildSheet(rs, {
    caption: t('sheet.caption', { name: ruleSetName(rs) }),
    cell: (b, c) => {
      const box = rs.boxes[b];
      const input = numberInput({ list: `adv-values-${box.id}`, name: `c${c + 1}-${box.id}`, 'aria-label': inColumn(boxName(rs, box.id), c), onchange: form.events.change, oninput: onInput });
      form.inputs[c][b] = input;
      return input;
    },
    bonusCell: (c) => {
      const label = inColumn(t('adv.bonusInput', { name: fiftyBoxName(rs) }), c);
      const input = numberInput({ placeholder: '0', name: `c${c + 1}-yahtzeeBonus`, 'aria-label': label, onchange: form.events.change, oninput: onInput });
      form.bonusInputs[c] = input;
      return input;
    },
  });
  form.sheetHolder.replaceChildren(form.sheet.table, ...lists);
  form.opponents.setRuleSet(rs);
}

/**
 * @param {AdvisorForm} form
 * @returns {GoalKind}
 */
export function goalOf(form) {
  const checked = form.goalInputs.find((i) => i.checked)?.value;
  return checked === 'reach' || checked === 'win' ? checked : 'points';
}

/**
 * A new goal: the target box opens for reach (first filled with the expected final score of the
 * last points advice), the opponents show for win.
 * @param {AdvisorForm} form
 */
function goalChanged(form) {
  const goal = goalOf(form);
  form.targetInput.disabled = goal !== 'reach';
  form.opponents.show(goal === 'win');
  if (goal === 'reach' && form.targetInput.value.trim() === '' && Number.isFinite(form.lastExpected)) form.targetInput.value = String(Math.round(form.lastExpected));
  form.events.change();
}

/** @param {AdvisorForm} form */
function clearSheet(form) {
  for (const col of form.inputs) for (const i of col) i.value = '';
  for (const i of form.bonusInputs) i.value = '';
  refreshTotals(form);
  form.events.change();
}

/**
 * The sheet's totals from what is typed in it.
 * @param {AdvisorForm} form
 */
export function refreshTotals(form) {
  if (!form.rs || !form.sheet) return;
  form.sheet.showTotals(...typedNumbers(form.rs, form.inputs, form.bonusInputs));
}

/**
 * The position as the hint API takes it; a value typed that is not a whole number stays as typed,
 * for the server to name.
 * @param {AdvisorForm} form
 * @returns {PositionInput}
 */
export function readPosition(form) {
  const rs = form.rs;
  if (!rs) throw new Error('no rule set');
  /** @type {PositionInput} */
  const p = {
    ruleset: rs.id,
    ...sheetInput(
      rs,
      form.inputs.map((col) => col.map((input) => input.value)),
      form.bonusInputs.map((i) => i.value),
    ),
  };
  if (form.dice.length) {
    p.dice = form.dice;
    p.rollsLeft = Number(form.rollsInputs.find((i) => i.checked)?.value ?? 2);
  }
  const goal = goalOf(form);
  if (goal === 'reach') p.goal = { type: 'reach', score: readNumber(form.targetInput.value) };
  if (goal === 'win') p.goal = { type: 'win', opponents: form.opponents.read() };
  return p;
}

/**
 * What the player has entered, to carry over to a redrawn form (a new language).
 * @param {AdvisorForm} form
 * @returns {Snapshot}
 */
export function snapshotForm(form) {
  return {
    values: form.inputs.map((col) => col.map((i) => i.value)),
    bonuses: form.bonusInputs.map((i) => i.value),
    dice: [...form.dice],
    rollsLeft: form.rollsInputs.find((i) => i.checked)?.value ?? '2',
    goal: goalOf(form),
    target: form.targetInput.value,
    opponents: form.opponents.snapshot(),
    explain: form.explain,
  };
}

/**
 * @param {AdvisorForm} form
 * @param {Snapshot} from entries of the same rule set
 */
export function restoreForm(form, from) {
  from.values.forEach((col, c) =>
    col.forEach((v, b) => {
      const input = form.inputs[c]?.[b];
      if (input) input.value = v;
    }),
  );
  from.bonuses.forEach((v, c) => {
    if (form.bonusInputs[c]) form.bonusInputs[c].value = v;
  });
  form.dice = from.dice.slice(0, form.rs?.dice ?? 0);
  for (const i of form.rollsInputs) i.checked = i.value === from.rollsLeft;
  for (const i of form.goalInputs) i.checked = i.value === from.goal;
  form.targetInput.value = from.target;
  form.targetInput.disabled = from.goal !== 'reach';
  form.opponents.restore(from.opponents);
  form.explain = from.explain;
  form.opponents.show(from.goal === 'win');
}
