// @ts-check
import { ApiError, fetchHint, fetchOdds, fetchReachHint, fetchWinHint, unavailableText } from './api.js';
import { actionText, listedOptions, optionList, probabilityList } from './advice-view.js';
import { dieFace, faceName, holdPositions } from './dice.js';
import { fmt, h, numberInput, readNumber } from './dom.js';
import { boxName, num, ruleSetName, t } from './i18n.js';
import { oddsChart, percentText } from './odds-chart.js';
import { createOpponentsForm } from './opponents-form.js';
import { buildSheet, fiftyBoxName, sheetInput, typedNumbers } from './scorecard.js';
import { hasColumns, solvedExactly } from './ruleset-kind.js';

/**
 * Advisor mode: the player types in a scorecard, the dice and the rerolls left; the page asks
 * POST /api/v1/hint and shows every option ranked. The form is never redrawn on an answer, so
 * an error shown next to a field leaves everything typed where it was. The goal is the most
 * points, to reach a total or to win against opponents: then the options are ranked by the
 * chance of it, and for a total on an exactly solved rule set the odds curve of the position
 * (POST /api/v1/odds) is drawn; on Triple Yahtzee and Superpass the chances are approximate and
 * the page says so. While the server answers 503 with
 * Retry-After (a table loading or being built) the page says so and asks again when told.
 *
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {import('./types.js').Advice} Advice
 * @typedef {import('./types.js').ProbabilityAdvice} ProbabilityAdvice
 * @typedef {import('./types.js').WinAdvice} WinAdvice
 * @typedef {import('./types.js').Issue} Issue
 * @typedef {import('./types.js').PositionInput} PositionInput
 * @typedef {{ values: string[][], bonuses: string[], dice: number[], rollsLeft: string, goal: string, target: string, opponents: import('./opponents-form.js').OpponentEntry[] }} Snapshot
 */

/**
 * @param {HTMLElement} root
 */
export function createAdvisor(root) {
  /** @type {RuleSet | undefined} */
  let rs;
  /** @type {number[]} */
  let dice = [];
  let seq = 0;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {HTMLInputElement[][]} */
  let inputs = [];
  /** @type {HTMLInputElement[]} */
  let bonusInputs = [];
  /** @type {ReturnType<typeof buildSheet> | undefined} */
  let sheet;
  /** rows inserted under a box (or the bonus row) to show its errors */
  /** @type {HTMLElement[]} */
  let errorNodes = [];

  const sheetHolder = h('div', { class: 'sheet-wrap' });
  const sheetError = h('p', { class: 'field-error', id: 'adv-sheet-error', role: 'alert', hidden: true });
  const tray = h('div', { class: 'tray', role: 'group', 'aria-label': t('adv.tray') });
  const diceError = h('p', { class: 'field-error', id: 'adv-dice-error', role: 'alert', hidden: true });
  const faceButtons = [1, 2, 3, 4, 5, 6].map((f) =>
    h('button', { type: 'button', class: 'die-btn add', 'aria-label': t('adv.addFace', { face: faceName(f) }), 'data-face': f, onclick: () => addDie(f) }, dieFace(f)),
  );
  const rollsName = 'adv-rolls';
  const rollsInputs = [2, 1, 0].map((n) =>
    h('input', { type: 'radio', name: rollsName, value: n, id: `adv-rolls-${n}`, checked: n === 2, onchange: () => schedule(0) }),
  );
  const rollsError = h('p', { class: 'field-error', id: 'adv-rolls-error', role: 'alert', hidden: true });
  /** expected final score of the last points advice: the first guess at a target */
  let lastExpected = NaN;
  const targetInput = numberInput({
    id: 'adv-target',
    name: 'adv-target',
    class: 'target-input',
    'aria-label': t('adv.target'),
    'aria-describedby': 'adv-goal-error',
    placeholder: t('adv.targetPlaceholder'),
    disabled: true,
    onchange: () => schedule(0),
  });
  const opponents = createOpponentsForm({ onChange: () => schedule(0), valuesListId: (id) => `adv-values-${id}` });
  const goalInputs = /** @type {const} */ (['points', 'reach', 'win']).map((g) =>
    h('input', {
      type: 'radio',
      name: 'adv-goal',
      value: g,
      id: `adv-goal-${g}`,
      checked: g === 'points',
      onchange: () => {
        const reach = goalInputs[1].checked;
        targetInput.disabled = !reach;
        opponents.show(goalInputs[2].checked);
        if (reach && targetInput.value.trim() === '' && Number.isFinite(lastExpected)) targetInput.value = String(Math.round(lastExpected));
        schedule(0);
      },
    }),
  );
  const goalError = h('p', { class: 'field-error', id: 'adv-goal-error', role: 'alert', hidden: true });
  const banner = h('div', { class: 'banner', role: 'status', hidden: true });
  const result = h('div', { class: 'advice', 'aria-live': 'polite' });

  const form = h(
    'form',
    { class: 'layout advisor-layout', novalidate: true, onsubmit: (/** @type {Event} */ e) => (e.preventDefault(), schedule(0, true)) },
    h(
      'section',
      { class: 'panel sheet-panel', 'aria-labelledby': 'adv-sheet-h' },
      h('h2', { id: 'adv-sheet-h' }, t('sheet.heading')),
      h('p', { class: 'help' }, t('adv.help')),
      sheetError,
      sheetHolder,
      h('button', { type: 'button', class: 'secondary', onclick: clearSheet }, t('adv.clearSheet')),
    ),
    h(
      'div',
      { class: 'side' },
      h(
        'section',
        { class: 'panel turn-panel', 'aria-labelledby': 'adv-dice-h' },
        h('h2', { id: 'adv-dice-h' }, t('adv.dice')),
        tray,
        diceError,
        h('div', { class: 'faces', role: 'group', 'aria-label': t('adv.addDie') }, faceButtons),
        h(
          'div',
          { class: 'row' },
          h('button', { type: 'button', class: 'secondary', onclick: () => setDice([]) }, t('adv.clearDice')),
          h('button', { type: 'button', class: 'secondary', onclick: randomDice }, t('adv.randomRoll')),
        ),
        h(
          'fieldset',
          { class: 'rolls', 'aria-describedby': 'adv-rolls-error' },
          h('legend', {}, t('adv.rerollsLeft')),
          rollsInputs.map((input, i) => h('label', { class: 'seg', for: input.id }, input, h('span', {}, [num(2), num(1), t('adv.rerollsNone')][i]))),
        ),
        rollsError,
        h(
          'fieldset',
          { class: 'rolls goal' },
          h('legend', {}, t('adv.playFor')),
          h('label', { class: 'seg', for: 'adv-goal-points' }, goalInputs[0], h('span', {}, t('adv.goalPoints'))),
          h('label', { class: 'seg', for: 'adv-goal-reach' }, goalInputs[1], h('span', {}, t('adv.goalReach'))),
          targetInput,
          h('label', { class: 'seg', for: 'adv-goal-win' }, goalInputs[2], h('span', {}, t('adv.goalWin'))),
        ),
        goalError,
        h('button', { type: 'submit', class: 'primary' }, t('adv.advise')),
      ),
      h('section', { class: 'panel advice-panel', 'aria-labelledby': 'adv-advice-h' }, h('h2', { id: 'adv-advice-h' }, t('adv.advice')), banner, result),
      opponents.element,
    ),
  );
  root.replaceChildren(form);

  /** @param {Snapshot} from */
  function restore(from) {
    from.values.forEach((col, c) => col.forEach((v, b) => {
      const input = inputs[c]?.[b];
      if (input) input.value = v;
    }));
    from.bonuses.forEach((v, c) => {
      if (bonusInputs[c]) bonusInputs[c].value = v;
    });
    dice = from.dice.slice(0, rs?.dice ?? 0);
    for (const i of rollsInputs) i.checked = i.value === from.rollsLeft;
    for (const i of goalInputs) i.checked = i.value === from.goal;
    targetInput.value = from.target;
    targetInput.disabled = from.goal !== 'reach';
    opponents.restore(from.opponents);
    opponents.show(from.goal === 'win');
  }

  /** @param {number} f */
  function addDie(f) {
    if (!rs || dice.length >= rs.dice) return;
    setDice([...dice, f]);
  }

  function randomDice() {
    if (!rs) return;
    setDice(Array.from({ length: rs.dice }, () => 1 + Math.floor(Math.random() * 6)));
  }

  /** @param {number[]} next */
  function setDice(next) {
    dice = next;
    drawTray(undefined);
    schedule(0);
  }

  /** @param {number[] | undefined} hold dice the best option keeps */
  function drawTray(hold) {
    if (!rs) return;
    const keep = hold ? holdPositions(dice, hold) : new Set();
    const slots = [];
    for (let i = 0; i < rs.dice; i++) {
      const f = dice[i];
      if (f === undefined) {
        slots.push(h('span', { class: 'die-btn empty', 'aria-hidden': 'true' }, dieFace(0)));
        continue;
      }
      const cls = hold ? (keep.has(i) ? ' keep' : ' reroll') : '';
      slots.push(
        h(
          'button',
          {
            type: 'button',
            class: `die-btn${cls}`,
            'data-face': f,
            'aria-label': t(hold ? (keep.has(i) ? 'adv.dieHold' : 'adv.dieReroll') : 'adv.die', { n: i + 1, face: faceName(f) }),
            onclick: () => setDice(dice.filter((_, j) => j !== i)),
          },
          dieFace(f),
          hold ? h('span', { class: 'tag' }, keep.has(i) ? t('adv.tagHold') : t('adv.tagReroll')) : null,
        ),
      );
    }
    tray.replaceChildren(...slots);
    for (const b of faceButtons) b.disabled = dice.length >= rs.dice;
  }

  function clearSheet() {
    for (const col of inputs) for (const i of col) i.value = '';
    for (const i of bonusInputs) i.value = '';
    refreshTotals();
    schedule(0);
  }

  function refreshTotals() {
    if (!rs || !sheet) return;
    sheet.showTotals(...typedNumbers(rs, inputs, bonusInputs));
  }

  /** @returns {PositionInput} */
  function readPosition() {
    if (!rs) throw new Error('no rule set');
    /** @type {PositionInput} */
    const p = {
      ruleset: rs.id,
      ...sheetInput(
        rs,
        inputs.map((col) => col.map((input) => input.value)),
        bonusInputs.map((i) => i.value),
      ),
    };
    if (dice.length) {
      p.dice = dice;
      const checked = rollsInputs.find((i) => i.checked);
      p.rollsLeft = Number(checked?.value ?? 2);
    }
    if (goalInputs[1].checked) p.goal = { type: 'reach', score: readNumber(targetInput.value) };
    if (goalInputs[2].checked) p.goal = { type: 'win', opponents: opponents.read() };
    return p;
  }

  /**
   * @param {number} delay
   * @param {boolean} [asked] the player pressed Advise: send even a half-entered roll, so the server says what is wrong
   */
  function schedule(delay, asked = false) {
    clearTimeout(timer);
    timer = setTimeout(() => void ask(asked), delay);
  }

  function clearErrors() {
    for (const n of errorNodes) n.remove();
    errorNodes = [];
    for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
    for (const el of form.querySelectorAll('.sheet [aria-describedby]')) el.removeAttribute('aria-describedby');
    opponents.clearErrors();
    for (const el of [sheetError, diceError, rollsError, goalError]) {
      el.hidden = true;
      el.textContent = '';
    }
    banner.hidden = true;
  }

  /**
   * Each issue next to its field: a box's message in a row under that box, the dice under the
   * dice, anything else above the scorecard.
   * @param {Issue[]} issues
   */
  function showIssues(issues) {
    if (!rs || !sheet) return;
    const cols = rs.columns.length;
    /** @type {Map<HTMLTableRowElement, string[]>} */
    const rowMessages = new Map();
    /** @param {HTMLTableRowElement} row @param {string} text */
    const underRow = (row, text) => rowMessages.set(row, [...(rowMessages.get(row) ?? []), text]);
    /** @param {HTMLElement} el @param {string} text */
    const inBlock = (el, text) => {
      el.hidden = false;
      el.textContent = el.textContent ? `${el.textContent} ${text}` : text;
    };
    for (const issue of opponents.showIssues(issues)) {
      const box = /^scorecard(?:\[(\d+)\])?\.(\w+)$/.exec(issue.field);
      const bonus = /^yahtzeeBonus(?:\[(\d+)\])?$/.exec(issue.field);
      const colText = (/** @type {string | undefined} */ c) => (cols > 1 && c !== undefined ? t('sheet.columnPrefix', { n: Number(c) + 1 }) : '');
      if (box) {
        const b = rs.boxes.findIndex((x) => x.id === box[2]);
        const c = Number(box[1] ?? 0);
        const input = inputs[c]?.[b];
        if (input) {
          input.setAttribute('aria-invalid', 'true');
          input.setAttribute('aria-describedby', `adv-error-${box[2]}`);
          underRow(sheet.boxRows[b], `${colText(box[1])}${issue.message}`);
          continue;
        }
      }
      if (bonus && sheet.bonusRow) {
        bonusInputs[Number(bonus[1] ?? 0)]?.setAttribute('aria-invalid', 'true');
        bonusInputs[Number(bonus[1] ?? 0)]?.setAttribute('aria-describedby', 'adv-error-yahtzeeBonus');
        underRow(sheet.bonusRow, `${colText(bonus[1])}${issue.message}`);
      } else if (/^dice/.test(issue.field)) {
        tray.setAttribute('aria-invalid', 'true');
        inBlock(diceError, issue.message);
      } else if (issue.field === 'rollsLeft') {
        inBlock(rollsError, issue.message);
      } else if (/^goal/.test(issue.field)) {
        targetInput.setAttribute('aria-invalid', 'true');
        inBlock(goalError, issue.message);
      } else if (/^scorecard/.test(issue.field)) {
        const c = /^scorecard\[(\d+)\]/.exec(issue.field);
        inBlock(sheetError, `${colText(c?.[1])}${issue.message}`);
      } else {
        inBlock(sheetError, issue.field ? `${issue.field}: ${issue.message}` : issue.message);
      }
    }
    for (const [row, messages] of rowMessages) {
      const id = `adv-error-${row === sheet.bonusRow ? 'yahtzeeBonus' : row.dataset.box}`;
      const err = h('tr', { class: 'error-row', role: 'alert' }, h('td', { colspan: cols + 1, id }, messages.join(' ')));
      row.after(err);
      errorNodes.push(err);
    }
  }

  /** @param {string} text */
  function showBanner(text) {
    banner.hidden = false;
    banner.textContent = text;
  }

  /** @param {boolean} asked */
  async function ask(asked) {
    if (!rs) return;
    const mine = ++seq;
    const ruleSet = rs;
    refreshTotals();
    if (!asked && dice.length > 0 && dice.length < ruleSet.dice) {
      // Still entering the roll: no request (it could only fail), just say what is missing.
      clearErrors();
      drawTray(undefined);
      result.replaceChildren(h('p', { class: 'help', id: 'adv-waiting' }, t('adv.moreDice', { count: ruleSet.dice - dice.length })));
      return;
    }
    const local = goalInputs[2].checked ? opponents.check() : [];
    if (local.length) {
      clearErrors();
      drawTray(undefined);
      result.replaceChildren(h('p', { class: 'help' }, t('adv.fixFields')));
      showIssues(local);
      return;
    }
    const position = readPosition();
    result.setAttribute('aria-busy', 'true');
    try {
      const goal = position.goal;
      const advice =
        goal?.type === 'reach' ? await fetchReachHint({ ...position, goal }) : goal?.type === 'win' ? await fetchWinHint({ ...position, goal }) : await fetchHint(position);
      if (mine !== seq) return;
      clearErrors();
      if (!('probabilityBefore' in advice)) showAdvice(ruleSet, advice);
      else if ('opponents' in advice) showWinAdvice(ruleSet, /** @type {WinAdvice} */ (advice));
      else showReachAdvice(ruleSet, advice, position, mine);
    } catch (e) {
      if (mine !== seq) return;
      clearErrors();
      drawTray(undefined);
      if (!(e instanceof ApiError)) throw e;
      if (e.retryAfter !== undefined) {
        // A table is loading or being built: say so, and ask again when the server says to.
        result.replaceChildren(h('p', { class: 'help loading', id: 'adv-loading', role: 'status' }, t('adv.preparing', { detail: e.problem.detail })));
        schedule(1000 * e.retryAfter);
        return;
      }
      result.replaceChildren(e.unavailable ? '' : h('p', { class: 'help' }, t('adv.fixFields')));
      if (e.unavailable) showBanner(unavailableText(ruleSet, e.problem));
      else if (e.problem.errors?.length) showIssues(e.problem.errors);
      else showBanner(e.problem.detail);
    } finally {
      if (mine === seq) result.removeAttribute('aria-busy');
    }
  }

  /**
   * A probability goal's head: the chance (or share) now under `label`, the points on the sheet,
   * the chance from the start of the turn, and what is approximate where the answer is: the
   * win share's model beyond this turn on an exactly solved rule set, the goal model of a
   * multi-column one.
   * @param {RuleSet} ruleSet
   * @param {ProbabilityAdvice | WinAdvice} advice
   * @param {string} label
   * @param {string} id
   */
  function chanceSummary(ruleSet, advice, label, id) {
    return h(
      'div',
      { class: 'summary' },
      h('div', { class: 'big' }, h('span', { class: 'label' }, label), h('output', { class: 'value', id }, percentText(advice.probability))),
      h(
        'div',
        { class: 'facts' },
        h('span', {}, t('adv.onSheet', { score: String(advice.score) })),
        h('span', { id: 'adv-chance-before' }, t('adv.fromTurnStart', { chance: percentText(advice.probabilityBefore) })),
        advice.exact
          ? null
          : h(
              'span',
              { id: 'adv-approximate' },
              advice.calibration
                ? t('adv.winCalibrated', { games: advice.calibration.games.toLocaleString(), open: String(advice.calibration.boxesOpen) })
                : solvedExactly(ruleSet)
                  ? t('adv.winApproximate')
                  : t('adv.goalApproximate', { name: ruleSetName(ruleSet) }),
            ),
      ),
      advice.steering?.by === 'points' ? h('p', { class: 'help', id: 'adv-steering' }, t('adv.steeredByPoints', { count: advice.steering.horizon })) : null,
    );
  }

  /**
   * The best option of a probability goal, with how many others are as good in practice.
   * @param {RuleSet} ruleSet
   * @param {ProbabilityAdvice | WinAdvice} advice
   * @param {NonNullable<ProbabilityAdvice['best']>} best
   */
  function bestHeadline(ruleSet, advice, best) {
    const ties = listedOptions(ruleSet, advice.options).filter((o, i) => i > 0 && o.nearTie).length;
    return h(
      'p',
      { class: 'best-line', id: 'adv-best' },
      t('adv.best'),
      h('strong', {}, actionText(ruleSet, best.action)),
      ties ? h('span', { class: 'tie-note' }, t('adv.tiesPp', { count: ties, limit: 0.01 })) : null,
    );
  }

  /**
   * The reach goal: the chance of the target now and from the start of the turn, the options
   * ranked by it, and the odds curve of the position below (exactly solved rule sets).
   * @param {RuleSet} ruleSet
   * @param {ProbabilityAdvice} advice
   * @param {PositionInput} position
   * @param {number} mine the request this answers
   */
  function showReachAdvice(ruleSet, advice, position, mine) {
    const best = listedOptions(ruleSet, advice.options)[0];
    drawTray(best && 'hold' in best.action ? best.action.hold : undefined);
    const target = advice.goal.type === 'reach' ? advice.goal.score : NaN;
    const summary = chanceSummary(ruleSet, advice, t('adv.chanceOf', { target: String(target) }), 'adv-chance');
    // The odds API answers the exactly solved rule sets only: a multi-column one has no reach table.
    const odds = solvedExactly(ruleSet) ? h('figure', { class: 'odds', id: 'adv-odds' }, h('figcaption', {}, t('adv.odds')), h('p', { class: 'help' }, t('adv.oddsLoading'))) : null;
    if (odds) void drawOdds(odds, position, target, mine);
    if (!best) {
      result.replaceChildren(summary, h('p', { class: 'help' }, t('adv.startOfTurn', { count: ruleSet.dice })), ...(odds ? [odds] : []));
      return;
    }
    const headline = bestHeadline(ruleSet, advice, best);
    const legend = h('p', { class: 'help' }, t('adv.reachLegend', { target: String(target), limit: 0.01 }));
    result.replaceChildren(summary, headline, probabilityList(ruleSet, advice, { limit: 10 }), legend, ...(odds ? [odds] : []));
  }

  /**
   * The win goal: the expected share of the stake now and from the start of the turn, what each
   * opponent is expected to finish with, and the options ranked by their share.
   * @param {RuleSet} ruleSet
   * @param {WinAdvice} advice
   */
  function showWinAdvice(ruleSet, advice) {
    const best = listedOptions(ruleSet, advice.options)[0];
    drawTray(best && 'hold' in best.action ? best.action.hold : undefined);
    const summary = chanceSummary(ruleSet, advice, t('win.chance'), 'adv-win');
    const expectations = h(
      'ul',
      { class: 'opponent-expectations', id: 'adv-opponent-scores' },
      advice.opponents.map((o, i) => h('li', {}, t('win.opponent', { n: i + 1, score: fmt(o.expectedFinalScore) }))),
    );
    if (!best) {
      result.replaceChildren(summary, expectations, h('p', { class: 'help' }, t('adv.startOfTurn', { count: ruleSet.dice })));
      return;
    }
    const headline = bestHeadline(ruleSet, advice, best);
    const list = probabilityList(ruleSet, advice, { limit: 10, label: t('win.list'), title: t('win.optTitle'), head: t('win.head') });
    result.replaceChildren(summary, expectations, headline, list, h('p', { class: 'help' }, t('win.legend', { limit: 0.01 })));
  }

  /**
   * @param {HTMLElement} figure
   * @param {PositionInput} position
   * @param {number} target
   * @param {number} mine
   */
  async function drawOdds(figure, position, target, mine) {
    const caption = /** @type {HTMLElement} */ (figure.firstChild);
    try {
      const odds = await fetchOdds(position);
      if (mine === seq) figure.replaceChildren(caption, oddsChart(odds, target));
    } catch (e) {
      if (mine !== seq || !(e instanceof ApiError)) throw e;
      figure.replaceChildren(caption, h('p', { class: 'help' }, t('adv.noOdds', { detail: e.problem.detail })));
    }
  }

  /**
   * @param {RuleSet} ruleSet
   * @param {Advice} advice
   */
  function showAdvice(ruleSet, advice) {
    const best = listedOptions(ruleSet, advice.options)[0];
    lastExpected = advice.expectedFinalScore;
    drawTray(best && 'hold' in best.action ? best.action.hold : undefined);
    const summary = h(
      'div',
      { class: 'summary' },
      h('div', { class: 'big' }, h('span', { class: 'label' }, t('adv.expected')), h('output', { class: 'value', id: 'adv-expected' }, fmt(advice.expectedFinalScore))),
      h('div', { class: 'facts' }, h('span', {}, t('adv.onSheet', { score: String(advice.score) })), h('span', {}, t(solvedExactly(ruleSet) ? 'adv.exact' : 'adv.approximate'))),
    );
    if (!best) {
      result.replaceChildren(summary, h('p', { class: 'help' }, t('adv.startOfTurn', { count: ruleSet.dice })));
      return;
    }
    const ties = listedOptions(ruleSet, advice.options).filter((o, i) => i > 0 && o.nearTie).length;
    const headline = h(
      'p',
      { class: 'best-line', id: 'adv-best' },
      t('adv.best'),
      h('strong', {}, actionText(ruleSet, best.action)),
      ties ? h('span', { class: 'tie-note' }, t('adv.tiesPoints', { count: ties, limit: 0.01 })) : null,
    );
    const legend = h('p', { class: 'help' }, t('adv.pointsLegend', { limit: 0.01 }));
    result.replaceChildren(summary, headline, optionList(ruleSet, advice, { limit: 10 }), legend);
  }

  return {
    /**
     * What the player has entered, to carry over to a redrawn advisor (a new language).
     * @returns {Snapshot}
     */
    snapshot() {
      return {
        values: inputs.map((col) => col.map((i) => i.value)),
        bonuses: bonusInputs.map((i) => i.value),
        dice: [...dice],
        rollsLeft: rollsInputs.find((i) => i.checked)?.value ?? '2',
        goal: goalInputs.find((i) => i.checked)?.value ?? 'points',
        target: targetInput.value,
        opponents: opponents.snapshot(),
      };
    },
    /** Stops asking: the advisor is being replaced. */
    dispose() {
      clearTimeout(timer);
      seq++;
    },
    /**
     * @param {RuleSet} next
     * @param {Snapshot} [from] entries to restore (same rule set)
     */
    setRuleSet(next, from) {
      rs = next;
      const ruleSet = next;
      seq++;
      inputs = ruleSet.columns.map(() => []);
      bonusInputs = [];
      dice = dice.slice(0, ruleSet.dice);
      const lists = ruleSet.boxes.map((b) =>
        h('datalist', { id: `adv-values-${b.id}` }, (ruleSet.facts.boxValues[b.id] ?? []).map((v) => h('option', { value: v }))),
      );
      sheet = buildSheet(ruleSet, {
        caption: t('sheet.caption', { name: ruleSetName(ruleSet) }),
        cell: (b, c) => {
          const box = ruleSet.boxes[b];
          const input = numberInput({
            list: `adv-values-${box.id}`,
            name: `c${c + 1}-${box.id}`,
            'aria-label': hasColumns(ruleSet) ? t('sheet.inColumn', { name: boxName(ruleSet, box.id), n: c + 1 }) : boxName(ruleSet, box.id),
            onchange: () => schedule(0),
            oninput: refreshTotals,
          });
          inputs[c][b] = input;
          return input;
        },
        bonusCell: (c) => {
          const input = numberInput({
            placeholder: '0',
            name: `c${c + 1}-yahtzeeBonus`,
            'aria-label': hasColumns(ruleSet) ? t('sheet.inColumn', { name: t('adv.bonusInput', { name: fiftyBoxName(ruleSet) }), n: c + 1 }) : t('adv.bonusInput', { name: fiftyBoxName(ruleSet) }),
            onchange: () => schedule(0),
            oninput: refreshTotals,
          });
          bonusInputs[c] = input;
          return input;
        },
      });
      sheetHolder.replaceChildren(sheet.table, ...lists);
      opponents.setRuleSet(ruleSet);
      if (from) restore(from);
      opponents.show(goalInputs[2].checked);
      clearErrors();
      result.replaceChildren();
      drawTray(undefined);
      refreshTotals();
      if (ruleSet.status !== 'ready') showBanner(unavailableText(ruleSet));
      schedule(0);
    },
  };
}
