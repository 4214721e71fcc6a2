// @ts-check
import { analyseGame, ApiError, fetchHint, unavailableText } from './api.js';
import { actionText, listedOptions, optionList, sameAction } from './advice-view.js';
import { analysisView } from './analysis-view.js';
import { batchReviewPanel } from './batch-review.js';
import { extraYahtzeeBonus, replay } from './coach-game.js';
import { createVersus } from './coach-versus.js';
import { dieFace, faceName, sorted } from './dice.js';
import { fmt, h } from './dom.js';
import { boxName, ruleSetName, t } from './i18n.js';
import { buildSheet, gameTotal } from './scorecard.js';
import { hasColumns } from './ruleset-kind.js';

/**
 * Coach mode: the page rolls seeded dice, the player holds dice and picks boxes, and after each
 * decision the page says what it cost, from the hint for the position before it. The game is
 * the list of decisions (coach-game.js).
 *
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {import('./types.js').Action} Action
 * @typedef {import('./types.js').Advice} Advice
 * @typedef {import('./types.js').AdviceOption} AdviceOption
 * @typedef {import('./types.js').GameRecord} GameRecord
 * @typedef {import('./coach-game.js').Verdict} Verdict
 * @typedef {import('./coach-game.js').Step} Step
 * @typedef {import('./coach-game.js').GameState} GameState
 * @typedef {{ kind: 'verdict', verdict: Verdict } | { kind: 'undone', action: Action }} Note what the feedback line says, kept as data so it can be said again in another language
 * @typedef {{ seed: string, steps: Step[], showHint: boolean, note: Note | undefined, versus: boolean }} Snapshot
 */

/**
 * @param {HTMLElement} root
 * @param {{ onSeed: (seed: string) => void, newSeed: () => string, versus: () => boolean, onVersus: (on: boolean) => void }} hooks
 *   versus: whether a new game is played against the computer (the page keeps it in the URL)
 */
export function createCoach(root, hooks) {
  /** @type {RuleSet | undefined} */
  let rs;
  let seed = '';
  /** @type {Step[]} */
  let steps = [];
  /** @type {GameState | undefined} */
  let game;
  /** @type {boolean[]} */
  let held = [];
  /** @type {Map<string, Promise<Advice>>} */
  const hints = new Map();
  /** @type {Advice | undefined} the hint for the current position, once it has arrived */
  let advice;
  let showHint = false;
  let busy = false;
  /** @type {Note | undefined} */
  let note;
  /** @type {HTMLElement | null} */
  let analysis = null;
  let gen = 0;

  const status = h('p', { class: 'status', id: 'coach-status', 'aria-live': 'polite' });
  const banner = h('div', { class: 'banner', role: 'status', hidden: true });
  const tray = h('div', { class: 'tray', role: 'group', 'aria-label': t('coach.tray') });
  const rollButton = h('button', { type: 'button', class: 'primary', id: 'coach-roll', 'data-key': 'roll', onclick: reroll }, t('coach.roll'));
  const feedback = h('div', { class: 'feedback', id: 'coach-feedback', role: 'status', 'aria-live': 'polite' });
  const hintBox = h('div', { class: 'coach-hint' });
  const log = h('ol', { class: 'log', id: 'coach-log', reversed: true });
  const sheetHolder = h('div', { class: 'sheet-wrap' });
  const seedLink = h('a', { id: 'coach-seed', href: '#' });
  const end = h('div', { class: 'end' });
  const undoButton = h('button', { type: 'button', class: 'secondary', id: 'coach-undo', 'data-key': 'undo', onclick: undo }, t('coach.undo'));
  const hintButton = h('button', { type: 'button', class: 'secondary', 'aria-pressed': 'false', 'data-key': 'hint', onclick: toggleHint }, t('coach.hint'));
  const lostTotal = h('span', { id: 'coach-lost' });
  const heading = h('h2', { id: 'coach-dice-h' }, t('coach.yourTurn'));
  const versus = createVersus({
    hint: hintFor,
    position: positionOf,
    onToggle: (on) => {
      hooks.onVersus(on);
      if (game) void versus.follow(game);
    },
  });

  root.replaceChildren(
    h(
      'div',
      { class: 'layout coach-layout' },
      h('section', { class: 'panel sheet-panel', 'aria-labelledby': 'coach-sheet-h' }, h('h2', { id: 'coach-sheet-h' }, t('sheet.heading')), h('p', { class: 'help' }, t('coach.sheetHelp')), sheetHolder),
      h(
        'div',
        { class: 'side' },
        h(
          'section',
          { class: 'panel turn-panel', 'aria-labelledby': 'coach-dice-h' },
          heading,
          status,
          versus.controls,
          banner,
          tray,
          h('div', { class: 'row' }, rollButton, undoButton, hintButton),
          feedback,
          hintBox,
          end,
        ),
        versus.panel,
        h(
          'section',
          { class: 'panel log-panel', 'aria-labelledby': 'coach-log-h' },
          h('h2', { id: 'coach-log-h' }, t('coach.decisions')),
          h('p', { class: 'help' }, t('coach.lostSoFar'), lostTotal, t('coach.game'), seedLink, ' ', h('button', { type: 'button', class: 'link', onclick: () => newGame(hooks.newSeed()) }, t('coach.newGame'))),
          log,
        ),
      ),
    ),
    batchReviewPanel(() => rs),
  );

  /** @param {GameState} g */
  function positionOf(g) {
    const r = /** @type {RuleSet} */ (rs);
    const cards = g.sheet.map((col) => Object.fromEntries(col.flatMap((v, b) => (v === undefined ? [] : [[r.boxes[b].id, v]]))));
    /** @type {import('./types.js').PositionInput} */
    const p = { ruleset: r.id, scorecard: hasColumns(r) ? cards : cards[0], dice: sorted(g.dice), rollsLeft: 3 - g.roll };
    if (r.facts.yahtzeeBonus > 0) p.yahtzeeBonus = hasColumns(r) ? g.bonuses : g.bonuses[0];
    return p;
  }

  /** @param {GameState} g */
  function hintFor(g) {
    const p = positionOf(g);
    const key = JSON.stringify(p);
    let found = hints.get(key);
    if (!found) {
      found = fetchHint(p);
      hints.set(key, found);
      found.catch(() => hints.delete(key));
    }
    return found;
  }

  /** @param {string} newSeed */
  function newGame(newSeed) {
    seed = newSeed;
    steps = [];
    hooks.onSeed(seed);
    note = undefined;
    if (rs) versus.setGame(rs, seed, hooks.versus());
    update();
  }

  function update() {
    if (!rs) return;
    const mine = ++gen;
    game = replay(rs, seed, steps);
    held = game.dice.map(() => false);
    advice = undefined;
    analysis = null;
    banner.hidden = true;
    render();
    void versus.follow(game);
    if (game.over) {
      void finish(mine);
      return;
    }
    const g = game;
    hintFor(g).then(
      (a) => {
        if (mine !== gen) return;
        advice = a;
        render();
      },
      (e) => {
        if (mine !== gen) return;
        showProblem(e);
      },
    );
  }

  /** @param {unknown} e */
  function showProblem(e) {
    if (!rs) return;
    banner.hidden = false;
    banner.replaceChildren(
      e instanceof ApiError ? (e.unavailable ? unavailableText(rs, e.problem) : e.problem.detail) : String(e),
      ' ',
      h('button', { type: 'button', class: 'link', onclick: update }, t('coach.tryAgain')),
    );
    render();
  }

  /** Waits for the hint of the position the decision is taken in; undefined when it failed. */
  async function currentAdvice() {
    if (!game) return undefined;
    if (advice) return advice;
    try {
      return await hintFor(game);
    } catch (e) {
      showProblem(e);
      return undefined;
    }
  }

  /**
   * @param {Advice} a
   * @param {Action} chosen
   * @returns {Verdict | undefined}
   */
  function verdictOf(a, chosen) {
    const option = a.options.find((o) => sameAction(o.action, chosen));
    const best = rs ? listedOptions(rs, a.options)[0] : undefined;
    if (!option || !best || !game) return undefined;
    return { loss: option.loss, nearTie: option.nearTie, best: best.action, chosen, turn: game.turn, roll: game.roll };
  }

  /** @param {Verdict} v */
  function verdictText(v) {
    const r = /** @type {RuleSet} */ (rs);
    const did = t('coach.did', { turn: v.turn, roll: v.roll, action: actionText(r, v.chosen) });
    if (v.loss === 0) return t('coach.verdictBest', { did });
    if (v.nearTie) return t('coach.verdictTie', { did, loss: fmt(v.loss, 3) });
    return t('coach.verdictCost', { did, loss: fmt(v.loss), best: actionText(r, v.best) });
  }

  /** @param {Note | undefined} n */
  function noteText(n) {
    if (!n) return '';
    if (n.kind === 'verdict') return verdictText(n.verdict);
    return t('coach.undone', { action: actionText(/** @type {RuleSet} */ (rs), n.action) });
  }

  async function reroll() {
    if (!game || game.over || game.roll >= 3 || busy) return;
    busy = true;
    try {
      const a = await currentAdvice();
      const g = game;
      if (!a || !g) return;
      const hold = sorted(g.dice.filter((_, i) => held[i]));
      const verdict = verdictOf(a, { hold });
      if (!verdict) return;
      steps.push({ kind: 'hold', keep: [...held], verdict });
      note = { kind: 'verdict', verdict };
      update();
    } finally {
      busy = false;
    }
  }

  /** @param {number} box @param {number} column */
  async function score(box, column) {
    if (!game || game.over || busy || !rs) return;
    const r = rs;
    busy = true;
    try {
      const a = await currentAdvice();
      const g = game;
      if (!a || !g) return;
      /** @type {Action} */
      const chosen = hasColumns(r) ? { score: r.boxes[box].id, column: column + 1 } : { score: r.boxes[box].id };
      const verdict = verdictOf(a, chosen);
      const option = a.options.find((o) => sameAction(o.action, chosen));
      if (!verdict || !option) return;
      const bonus = extraYahtzeeBonus(r, g, column);
      steps.push({ kind: 'score', box, column, points: option.points ?? 0, yahtzeeBonus: bonus, verdict });
      note = { kind: 'verdict', verdict };
      update();
    } finally {
      busy = false;
    }
  }

  function undo() {
    if (!steps.length || busy) return;
    const last = /** @type {Step} */ (steps.pop());
    note = { kind: 'undone', action: last.verdict.chosen };
    update();
  }

  function toggleHint() {
    showHint = !showHint;
    render();
  }

  /** @param {number} i */
  function toggleDie(i) {
    if (!game || game.over || game.roll >= 3) return;
    held[i] = !held[i];
    render();
  }

  /** @param {number} mine */
  async function finish(mine) {
    if (!rs || !game) return;
    const r = rs;
    end.replaceChildren(h('p', { class: 'help' }, t('coach.analysing')));
    try {
      const result = await analyseGame(record());
      if (mine !== gen) return;
      analysis = 'error' in result ? h('p', { class: 'banner' }, t('coach.analyseFailed', { detail: result.error.detail })) : analysisView(r, result, r.boxes.length * r.columns.length);
    } catch (e) {
      if (mine !== gen) return;
      analysis = h('p', { class: 'banner' }, e instanceof ApiError ? e.problem.detail : String(e));
    }
    render();
  }

  /** @returns {GameRecord} */
  function record() {
    const r = /** @type {RuleSet} */ (rs);
    const g = /** @type {GameState} */ (game);
    return { ruleset: r.id, turns: g.records };
  }

  function download() {
    const blob = new Blob([`${JSON.stringify(record(), null, 2)}\n`], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = h('a', { href: url, download: `dicewise-${rs?.id}-${seed}.json` });
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  function render() {
    if (!rs || !game) return;
    const r = rs;
    const g = game;
    const focusKey = document.activeElement instanceof HTMLElement ? document.activeElement.dataset.key : undefined;
    const turns = r.boxes.length * r.columns.length;
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
            onclick: () => score(b, c),
          },
          o ? String(o.points) : '',
        );
      },
      bonusCell: (c) => h('span', { class: 'filled' }, String(g.bonuses[c])),
    });
    sheet.showTotals(g.sheet, g.bonuses);
    sheetHolder.replaceChildren(sheet.table);

    const total = gameTotal(r, g.sheet, g.bonuses);
    const pts = t('coach.points', { count: total });
    status.textContent = g.over ? t('coach.scored', { points: pts, seed }) : t('coach.status', { turn: g.turn, turns, roll: g.roll, points: pts });
    heading.textContent = g.over ? t('coach.gameOver') : t('coach.yourTurn');
    tray.hidden = g.over;
    rollButton.hidden = g.over;
    hintButton.hidden = g.over;
    status.dataset.turn = String(g.turn);
    status.dataset.over = String(g.over);

    tray.replaceChildren(
      ...g.dice.map((f, i) =>
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
            onclick: () => toggleDie(i),
          },
          dieFace(f),
          held[i] ? h('span', { class: 'tag' }, t('coach.held')) : null,
        ),
      ),
    );
    const heldCount = held.filter(Boolean).length;
    // Rolling none of the dice only spends a roll (advice-view.js listedOptions): with every die held, the next step is a box.
    const allHeld = heldCount === r.dice;
    rollButton.disabled = g.over || g.roll >= 3 || !advice || allHeld;
    rollButton.textContent = g.roll >= 3 ? t('coach.noRerolls') : allHeld ? t('coach.allHeld') : t('coach.reroll', { count: r.dice - heldCount, left: 3 - g.roll });
    undoButton.disabled = steps.length === 0;
    hintButton.setAttribute('aria-pressed', String(showHint));
    hintButton.disabled = g.over;

    feedback.textContent = noteText(note);
    const last = steps.at(-1);
    feedback.className = `feedback${last ? ` ${last.verdict.loss === 0 || last.verdict.nearTie ? 'good' : 'bad'}` : ''}`;
    hintBox.replaceChildren(showHint && advice && !g.over ? optionList(r, advice, { limit: 5, label: t('coach.hintList') }) : '');

    const lost = steps.reduce((s, st) => s + st.verdict.loss, 0);
    lostTotal.textContent = fmt(lost);
    seedLink.textContent = seed;
    seedLink.href = `?mode=coach&ruleset=${encodeURIComponent(r.id)}&seed=${encodeURIComponent(seed)}`;
    log.replaceChildren(
      ...steps
        .map((st) =>
          h(
            'li',
            { class: st.verdict.loss === 0 || st.verdict.nearTie ? 'good' : 'bad' },
            h('span', { class: 'when' }, t('coach.when', { turn: st.verdict.turn, roll: st.verdict.roll })),
            ` ${actionText(r, st.verdict.chosen)}`,
            h('span', { class: 'cost' }, st.verdict.loss === 0 ? t('coach.best') : st.verdict.nearTie ? t('coach.nearBest') : `−${fmt(st.verdict.loss)}`),
          ),
        )
        .reverse(),
    );

    end.replaceChildren(
      ...(g.over
        ? [
            analysis ?? h('p', { class: 'help' }, t('coach.analysing')),
            h(
              'div',
              { class: 'row' },
              h('button', { type: 'button', class: 'secondary', id: 'coach-download', onclick: download }, t('coach.download')),
              h('button', { type: 'button', class: 'primary', onclick: () => newGame(hooks.newSeed()) }, t('coach.newGame')),
            ),
          ]
        : []),
    );
    if (focusKey) /** @type {HTMLElement | null} */ (root.querySelector(`[data-key="${focusKey}"]`))?.focus();
  }

  return {
    /** @returns {Snapshot} the game as it stands, to carry over to a redrawn coach (a new language) */
    snapshot() {
      return { seed, steps: [...steps], showHint, note, versus: versus.on };
    },
    /** Stops answering: the coach is being replaced. */
    dispose() {
      gen++;
      versus.dispose();
    },
    /**
     * @param {RuleSet} next
     * @param {Snapshot} from
     */
    restore(next, from) {
      rs = next;
      seed = from.seed;
      steps = [...from.steps];
      showHint = from.showHint;
      note = from.note;
      versus.setGame(next, seed, from.versus);
      update();
    },
    /**
     * @param {RuleSet} next
     * @param {string} [withSeed] a shared game's seed; a new one otherwise
     */
    setRuleSet(next, withSeed) {
      rs = next;
      hints.clear();
      newGame(withSeed ?? hooks.newSeed());
    },
  };
}
