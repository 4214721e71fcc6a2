// @ts-check
import { ApiError, analyseBatch } from './api.js';
import { actionText } from './advice-view.js';
import { fmt, h } from './dom.js';

/**
 * Review a file of games: JSON Lines or a JSON array (as `dicewise simulate --record` writes, or
 * the coach's downloaded records), sent to POST /api/v1/analyse with "summary": true, and the
 * player profile shown with bar charts: loss by kind of decision, by box, mistakes by size, and
 * the costliest recurring mistakes. Bars are plain elements sized in CSS: no chart library.
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {import('./types.js').PlayerProfile} PlayerProfile
 */

/** Every string this view shows, in one place, so that they can move to the page's translations as they are. */
export const TEXT = {
  heading: 'Review a file of games',
  help: 'Choose a file of game records, JSON Lines (one game per line, as dicewise simulate --record writes) or a JSON array, for the profile of the player: where the points go.',
  choose: 'Games file',
  reading: 'Reading the file…',
  analysing: (/** @type {number} */ n) => `Reviewing ${n} games…`,
  capped: (/** @type {number} */ n, /** @type {number} */ all) => `The server reviews ${n} games at a time: the profile below is of the first ${n} of ${all}. The command line (dicewise analyse --summary) takes any number.`,
  unreadable: (/** @type {number} */ n, /** @type {string} */ lines) => `${n} ${n === 1 ? 'line is' : 'lines are'} not JSON and ${n === 1 ? 'was' : 'were'} skipped (line ${lines}).`,
  empty: 'The file holds no games.',
  notJson: 'The file is neither JSON Lines nor a JSON array of games.',
  failed: (/** @type {string} */ why) => `The review failed: ${why}`,
  games: 'Games',
  errors: 'with errors',
  meanScore: 'Mean final score',
  optimal: 'Optimal play expects',
  lossPerGame: 'Lost to decisions, a game',
  lossPerDecision: 'a decision',
  luck: 'Luck of the dice, a game',
  byKind: 'Points lost a game, by kind of decision',
  kinds: { hold1: 'Holds after roll 1', hold2: 'Holds after roll 2', box: 'Box choices' },
  byBox: 'Points lost a game, by the box the turn was scored in',
  sections: (/** @type {string} */ upper, /** @type {string} */ lower) => `Upper section ${upper} a game, lower section ${lower}.`,
  bySize: 'Mistakes a game, by size',
  sizes: { slight: 'Slight (under 1)', inaccuracy: 'Inaccuracies (1–5)', mistake: 'Mistakes (5–20)', blunder: 'Blunders (20+)' },
  recurring: 'Costliest recurring mistakes',
  recurringNone: 'No mistake was made twice.',
  rollsLeft: (/** @type {number} */ n) => (n === 0 ? 'no reroll left' : n === 1 ? '1 reroll left' : '2 rerolls left'),
  recurringLine: (/** @type {string} */ dice, /** @type {string} */ left, /** @type {string} */ chosen, /** @type {string} */ best) => `With ${dice}, ${left}: ${chosen} instead of ${best}`,
  recurringCost: (/** @type {number} */ count, /** @type {string} */ each, /** @type {string} */ all) => `${count} times, −${each} each, −${all} in all`,
};

/** Games one request may hold (the server's ANALYSE_BATCH_CAP). */
const SERVER_CAP = 1000;

/**
 * Records from a file's text: a JSON array, one object, or JSON Lines (lines that are not JSON
 * are reported by number and skipped).
 * @param {string} text
 * @returns {{ games: unknown[], bad: number[] } | undefined}
 */
export function parseGamesText(text) {
  const trimmed = text.trim();
  if (trimmed === '') return { games: [], bad: [] };
  if (trimmed[0] === '[') {
    try {
      const v = JSON.parse(trimmed);
      return Array.isArray(v) ? { games: v, bad: [] } : undefined;
    } catch {
      return undefined;
    }
  }
  /** @type {unknown[]} */
  const games = [];
  /** @type {number[]} */
  const bad = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      games.push(JSON.parse(line));
    } catch {
      bad.push(i + 1);
    }
  });
  if (games.length === 0 && bad.length > 0) {
    try {
      return { games: [JSON.parse(trimmed)], bad: [] };
    } catch {
      return undefined;
    }
  }
  return { games, bad };
}

/**
 * Horizontal bars, longest = full width.
 * @param {string} title
 * @param {{ label: string, value: number, text: string, cls?: string }[]} rows
 * @param {string} id
 */
function bars(title, rows, id) {
  const max = Math.max(1e-9, ...rows.map((r) => r.value));
  return h(
    'figure',
    { class: 'bars', id },
    h('figcaption', {}, title),
    rows.map((r) => {
      const fill = h('span', { class: `bar-fill ${r.cls ?? ''}` });
      // Set through the CSSOM, which a strict Content-Security-Policy allows where style attributes are not.
      fill.style.width = `${((100 * Math.max(0, r.value)) / max).toFixed(1)}%`;
      return h('div', { class: 'bar-row' }, h('span', { class: 'bar-label' }, r.label), h('span', { class: 'bar-track' }, fill), h('span', { class: 'bar-value' }, r.text));
    }),
  );
}

/**
 * The profile: headline numbers, three bar charts, the recurring mistakes.
 * @param {RuleSet | undefined} rs  for box labels; box ids are shown without it
 * @param {PlayerProfile} p
 */
export function profileView(rs, p) {
  const n = Math.max(1, p.analysed);
  const label = (/** @type {string} */ box) => rs?.boxes.find((b) => b.id === box)?.label ?? box;
  const stat = (/** @type {string} */ name, /** @type {string} */ value, /** @type {string} */ id) =>
    h('div', { class: 'stat' }, h('span', { class: 'label' }, name), h('span', { class: 'value', id }, value));
  const act = (/** @type {import('./types.js').Action} */ a) => (rs ? actionText(rs, a) : JSON.stringify(a));
  return h(
    'div',
    { class: 'profile', id: 'review-profile' },
    h(
      'div',
      { class: 'stats' },
      stat(TEXT.games, `${p.analysed}${p.errors ? ` (+${p.errors} ${TEXT.errors})` : ''}`, 'pr-games'),
      stat(TEXT.meanScore, fmt(p.meanFinalScore), 'pr-score'),
      stat(TEXT.optimal, fmt(p.meanStartValue), 'pr-optimal'),
      stat(TEXT.lossPerGame, `${fmt(p.loss.perGame)} (${fmt(p.loss.perDecision, 3)} ${TEXT.lossPerDecision})`, 'pr-loss'),
      stat(TEXT.luck, `${p.luck.mean >= 0 ? '+' : '−'}${fmt(Math.abs(p.luck.mean))}`, 'pr-luck'),
    ),
    bars(
      TEXT.byKind,
      p.byKind.map((k) => ({ label: TEXT.kinds[k.kind], value: k.perGame, text: fmt(k.perGame) })),
      'pr-kinds',
    ),
    bars(
      TEXT.byBox,
      p.byBox.map((b) => ({ label: `${label(b.box)}${b.column ? ` (${b.column})` : ''}`, value: b.perGame, text: fmt(b.perGame) })),
      'pr-boxes',
    ),
    h('p', { class: 'help' }, TEXT.sections(fmt(p.bySection.upper.perGame), fmt(p.bySection.lower.perGame))),
    bars(
      TEXT.bySize,
      /** @type {const} */ (['slight', 'inaccuracy', 'mistake', 'blunder']).map((s) => ({ label: TEXT.sizes[s], value: p.mistakes[s].count / n, text: fmt(p.mistakes[s].count / n), cls: s })),
      'pr-sizes',
    ),
    h('h3', {}, TEXT.recurring),
    p.recurring.length === 0
      ? h('p', { class: 'help' }, TEXT.recurringNone)
      : h(
          'ol',
          { class: 'worst', id: 'pr-recurring' },
          p.recurring.map((r) =>
            h('li', {}, TEXT.recurringLine(`[${r.dice.join(' ')}]`, TEXT.rollsLeft(r.rollsLeft), act(r.chosen), act(r.best)), h('span', { class: 'help' }, ` · ${TEXT.recurringCost(r.count, fmt(r.meanLoss), fmt(r.loss))}`)),
          ),
        ),
  );
}

/**
 * The panel: a file input, a status line and the profile.
 * @param {() => RuleSet | undefined} ruleSet  the page's rule set, for box labels
 */
export function batchReviewPanel(ruleSet) {
  const status = h('p', { class: 'status', id: 'review-status', 'aria-live': 'polite' });
  const result = h('div', {});
  const input = h('input', { type: 'file', id: 'review-file', accept: '.jsonl,.ndjson,.json,application/json,text/plain' });
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    if (!file) return;
    result.replaceChildren();
    status.textContent = TEXT.reading;
    const parsed = parseGamesText(await file.text());
    if (!parsed) {
      status.textContent = TEXT.notJson;
      return;
    }
    if (parsed.games.length === 0) {
      status.textContent = TEXT.empty;
      return;
    }
    const games = parsed.games.slice(0, SERVER_CAP);
    status.textContent = TEXT.analysing(games.length);
    try {
      const { summary } = await analyseBatch(games);
      const notes = [];
      if (parsed.games.length > games.length) notes.push(TEXT.capped(games.length, parsed.games.length));
      if (parsed.bad.length > 0) notes.push(TEXT.unreadable(parsed.bad.length, parsed.bad.slice(0, 5).join(', ') + (parsed.bad.length > 5 ? ', …' : '')));
      status.textContent = notes.join(' ');
      const rs = ruleSet();
      const id = games.map((g) => (typeof g === 'object' && g !== null && 'ruleset' in g ? String(g.ruleset) : 'yahtzee'))[0];
      result.replaceChildren(profileView(rs && rs.id === id ? rs : undefined, summary));
    } catch (e) {
      status.textContent = TEXT.failed(e instanceof ApiError ? e.problem.detail : String(e));
    }
  });
  return h(
    'section',
    { class: 'panel review-panel', 'aria-labelledby': 'review-h' },
    h('h2', { id: 'review-h' }, TEXT.heading),
    h('p', { class: 'help' }, TEXT.help),
    h('label', { class: 'file' }, h('span', {}, TEXT.choose), ' ', input),
    status,
    result,
  );
}
