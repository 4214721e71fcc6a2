// @ts-check
import { actionText, optionList } from './advice-view.js';
import { analysisView } from './analysis-view.js';
import { dieFace, faceName } from './dice.js';
import { fmt, h } from './dom.js';
import { reasonText } from './explain-view.js';
import { boxName, ruleSetName, t } from './i18n.js';
import { hasColumns } from './ruleset-kind.js';
import { buildSheet, gameTotal } from './scorecard.js';

/**
 * The coach drawn from its state: pure functions from the game, the hint and the decisions taken
 * to DOM nodes, and renderCoach, which puts them into the coach's view (coach-view.js). Everything
 * is drawn again on each change; the focus stays on the control it was on.
 *
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {import('./types.js').Advice} Advice
 * @typedef {import('./types.js').AdviceOption} AdviceOption
 * @typedef {import('./types.js').GameAnalysis} GameAnalysis
 * @typedef {import('./types.js').GameError} GameError
 * @typedef {import('./coach-game.js').GameState} GameState
 * @typedef {import('./coach-game.js').Step} Step
 * @typedef {import('./coach-game.js').Verdict} Verdict
 * @typedef {import('./coach.js').Coach} Coach
 * @typedef {import('./coach.js').Note} Note
 */

/**
 * The player's sheet: filled boxes with their points, free ones as buttons that score the roll
 * there, each showing what it would score (enabled where the hint has that option).
 * @param {RuleSet} r
 * @param {GameState} g
 * @param {Advice | undefined} advice
 * @param {(box: number, column: number) => void} onScore
 */
export function coachSheet(r, g, advice, onScore) {
  /** @type {Map<string, AdviceOption>} */
  const scoreOptions = new Map();
  for (const o of advice?.options ?? []) if ('score' in o.action) scoreOptions.set(`${o.action.score}/${o.action.column ?? 1}`, o);
  const sheet = buildSheet(r, {
    caption: t('sheet.caption', { name: ruleSetName(r) }),
    cell: (b, c) => {
      const v = g.sheet[c][b];
      const name = hasColumns(r) ? t('sheet.inColumn', { name: boxName(r, r.boxes[b].id), n: c + 1 }) : boxName(r, r.boxes[b].id);
      if (v !== undefined) return h('span', { class: 'filled', 'aria-label': t('coach.filled', { name, points: String(v) }) }, String(v));
      const o = g.over ? undefined : scoreOptions.get(`${r.boxes[b].id}/${c + 1}`);
      return h(
        'button',
        {
          type: 'button',
          class: 'box',
          'data-key': `box-${c}-${b}`,
          'data-box': r.boxes[b].id,
          'data-column': c + 1,
          disabled: !o,
          'aria-label': o ? t('coach.scoreIn', { points: String(o.points), name }) : t('coach.notNow', { name }),
          onclick: () => onScore(b, c),
        },
        o ? String(o.points) : '',
      );
    },
    bonusCell: (c) => h('span', { class: 'filled' }, String(g.bonuses[c])),
  });
  sheet.showTotals(g.sheet, g.bonuses);
  return sheet.table;
}

/**
 * The dice of the roll, each a toggle that holds it.
 * @param {GameState} g
 * @param {boolean[]} held
 * @param {(i: number) => void} onToggle
 */
export function coachDice(g, held, onToggle) {
  return g.dice.map((f, i) =>
    h(
      'button',
      {
        type: 'button',
        class: `die-btn${held[i] ? ' held' : ''}${g.fresh[i] ? ' rolled' : ''}`,
        'data-key': `die-${i}`,
        'data-face': f,
        'aria-pressed': String(held[i]),
        'aria-label': t(held[i] ? 'coach.dieHeld' : 'coach.die', { n: i + 1, face: faceName(f) }),
        disabled: g.over || g.roll >= 3,
        onclick: () => onToggle(i),
      },
      dieFace(f),
      held[i] ? h('span', { class: 'tag' }, t('coach.held')) : null,
    ),
  );
}

/**
 * @param {RuleSet} r
 * @param {Verdict} v
 */
export function verdictText(r, v) {
  const did = t('coach.did', { turn: v.turn, roll: v.roll, action: actionText(r, v.chosen) });
  if (v.loss === 0) return t('coach.verdictBest', { did });
  if (v.nearTie) return t('coach.verdictTie', { did, loss: fmt(v.loss, 3) });
  return t('coach.verdictCost', { did, loss: fmt(v.loss), best: actionText(r, v.best) });
}

/**
 * What the feedback line says: the verdict on the last decision, or the decision just undone.
 * @param {RuleSet} r
 * @param {Note | undefined} n
 */
export function noteText(r, n) {
  if (!n) return '';
  if (n.kind === 'verdict') return verdictText(r, n.verdict);
  return t('coach.undone', { action: actionText(r, n.action) });
}

/**
 * Why the last decision lost, in one sentence (the largest aspects of its loss), once the server
 * has said; while its outlook table is prepared, how far it is; '' while asked or where nothing is
 * to be said.
 * @param {RuleSet} r
 * @param {Note | undefined} n
 */
export function whyText(r, n) {
  const why = n?.kind === 'verdict' ? n.why : undefined;
  if (!n || n.kind !== 'verdict' || !why || why.kind === 'asking') return '';
  if (why.kind === 'reasons') return why.reasons.length ? reasonText(r, { action: n.verdict.chosen, loss: n.verdict.loss, reasons: why.reasons }, n.verdict.best) : '';
  return why.kind === 'preparing' ? `${t('explain.loading')} ${why.detail}` : why.detail;
}

/** @param {Verdict} v */
export function wasGood(v) {
  return v.loss === 0 || v.nearTie;
}

/**
 * The decisions taken, the latest first, each with what it cost.
 * @param {RuleSet} r
 * @param {readonly Step[]} steps
 */
export function decisionLog(r, steps) {
  return steps
    .map(({ verdict: v }) =>
      h(
        'li',
        { class: wasGood(v) ? 'good' : 'bad' },
        h('span', { class: 'when' }, t('coach.when', { turn: v.turn, roll: v.roll })),
        ` ${actionText(r, v.chosen)}`,
        h('span', { class: 'cost' }, v.loss === 0 ? t('coach.best') : v.nearTie ? t('coach.nearBest') : `−${fmt(v.loss)}`),
      ),
    )
    .reverse();
}

/**
 * The review of a finished game as the analyse API answered it, or why there is none; `note`
 * under it: why it has no reasons yet (the server preparing its outlook table, none to ask).
 * @param {RuleSet} r
 * @param {GameAnalysis | GameError | { detail: string }} answer
 * @param {Node} [note]
 */
export function gameReview(r, answer, note) {
  if ('detail' in answer) return h('p', { class: 'banner' }, answer.detail);
  if ('error' in answer) return h('p', { class: 'banner' }, t('coach.analyseFailed', { detail: answer.error.detail }));
  return analysisView(r, answer, r.boxes.length * r.columns.length, note);
}

/**
 * Under a finished game: its review (or that it is on its way), the download and a new game.
 * @param {Coach} coach
 */
function endOfGame(coach) {
  const buttons = h(
    'div',
    { class: 'row' },
    h('button', { type: 'button', class: 'secondary', id: 'coach-download', onclick: coach.actions.download }, t('coach.download')),
    h('button', { type: 'button', class: 'primary', onclick: coach.actions.newGame }, t('coach.newGame')),
  );
  return [coach.analysis ?? h('p', { class: 'help' }, t('coach.analysing')), buttons];
}

/**
 * What the roll button says and whether it can be pressed.
 * @param {RuleSet} r
 * @param {GameState} g
 * @param {boolean[]} held
 * @param {boolean} advised the hint for the position has arrived (a reroll is judged by it)
 */
function rollButtonState(r, g, held, advised) {
  const heldCount = held.filter(Boolean).length;
  // Rolling none of the dice only spends a roll (advice-view.js listedOptions): with every die held, the next step is a box.
  const allHeld = heldCount === r.dice;
  const text = g.roll >= 3 ? t('coach.noRerolls') : allHeld ? t('coach.allHeld') : t('coach.reroll', { count: r.dice - heldCount, left: 3 - g.roll });
  return { text, disabled: g.over || g.roll >= 3 || !advised || allHeld };
}

/**
 * Draws the coach's state into its view.
 * @param {Coach} coach
 */
export function renderCoach(coach) {
  const { rs: r, game: g, view, advice, steps } = coach;
  if (!r || !g) return;
  const focusKey = document.activeElement instanceof HTMLElement ? document.activeElement.dataset.key : undefined;
  view.sheetHolder.replaceChildren(coachSheet(r, g, advice, coach.actions.score));

  const pts = t('coach.points', { count: gameTotal(r, g.sheet, g.bonuses) });
  view.status.textContent = g.over ? t('coach.scored', { points: pts, seed: coach.seed }) : t('coach.status', { turn: g.turn, turns: r.boxes.length * r.columns.length, roll: g.roll, points: pts });
  view.status.dataset.turn = String(g.turn);
  view.status.dataset.over = String(g.over);
  view.heading.textContent = g.over ? t('coach.gameOver') : t('coach.yourTurn');
  view.tray.hidden = g.over;
  view.rollButton.hidden = g.over;
  view.hintButton.hidden = g.over;
  view.tray.replaceChildren(...coachDice(g, coach.held, coach.actions.toggleDie));
  const roll = rollButtonState(r, g, coach.held, advice !== undefined);
  view.rollButton.disabled = roll.disabled;
  view.rollButton.textContent = roll.text;
  view.undoButton.disabled = steps.length === 0;
  view.hintButton.setAttribute('aria-pressed', String(coach.showHint));
  view.hintButton.disabled = g.over;

  view.feedback.textContent = noteText(r, coach.note);
  const last = steps.at(-1);
  view.feedback.className = `feedback${last ? ` ${wasGood(last.verdict) ? 'good' : 'bad'}` : ''}`;
  view.why.textContent = whyText(r, coach.note);
  view.why.hidden = view.why.textContent === '';
  view.hintBox.replaceChildren(coach.showHint && advice && !g.over ? optionList(r, advice, { limit: 5, label: t('coach.hintList') }) : '');

  view.lostTotal.textContent = fmt(steps.reduce((s, st) => s + st.verdict.loss, 0));
  view.seedLink.textContent = coach.seed;
  view.seedLink.href = `?mode=coach&ruleset=${encodeURIComponent(r.id)}&seed=${encodeURIComponent(coach.seed)}`;
  view.log.replaceChildren(...decisionLog(r, steps));

  view.end.replaceChildren(...(g.over ? endOfGame(coach) : []));
  if (focusKey) /** @type {HTMLElement | null} */ (view.root.querySelector(`[data-key="${focusKey}"]`))?.focus();
}
