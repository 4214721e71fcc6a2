// @ts-check
import { ApiError, analyseBatch } from './api.js';
import { actionText } from './advice-view.js';
import { bars } from './bars.js';
import { familyBars } from './explain-view.js';
import { isRuleSetId, RULESETS } from './lib/rules/rulesets.js';
import { fmt, h } from './dom.js';
import { boxName, num, t } from './i18n.js';

/**
 * Review a file of games: JSON Lines or a JSON array (as `dicewise simulate --record` writes, or
 * the coach's downloaded records), sent to POST /api/v1/analyse with "summary": true and
 * "explain": true, and the player profile shown with bar charts: loss by kind of decision, by box,
 * by family of boxes (where the games could be explained), mistakes by size, and the costliest
 * recurring mistakes (bars.js).
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {import('./types.js').PlayerProfile} PlayerProfile
 */

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
 * Where the explained games' points were lost, a game, by family of boxes, worded for the batch's
 * rule set (the Yahtzee family is named after its five-of-a-kind box); none for a profile without.
 * @param {import('./types.js').Rules | undefined} rules
 * @param {PlayerProfile} p
 */
function byFamily(rules, p) {
  if (!p.byFamily?.length || !rules) return null;
  return familyBars(rules, t('review.byFamily'), p.byFamily.map((f) => ({ family: f.family, loss: f.perGame, text: fmt(f.perGame) })), 'pr-families');
}

/**
 * The profile: headline numbers, the bar charts (by family of boxes where the review was
 * explained), the recurring mistakes.
 * @param {RuleSet | undefined} rs  for box labels; box ids are shown without it
 * @param {PlayerProfile} p
 * @param {import('./types.js').Rules | undefined} [rules] the batch's rule set, which names the families (default rs's)
 */
export function profileView(rs, p, rules = rs?.rules) {
  const n = Math.max(1, p.analysed);
  const label = (/** @type {string} */ box) => (rs ? boxName(rs, box) : box);
  const stat = (/** @type {string} */ name, /** @type {string} */ value, /** @type {string} */ id) =>
    h('div', { class: 'stat' }, h('span', { class: 'label' }, name), h('span', { class: 'value', id }, value));
  const act = (/** @type {import('./types.js').Action} */ a) => (rs ? actionText(rs, a) : JSON.stringify(a));
  return h(
    'div',
    { class: 'profile', id: 'review-profile' },
    h(
      'div',
      { class: 'stats' },
      stat(t('review.games'), `${p.analysed}${p.errors ? ` (+${t('review.withErrors', { count: p.errors })})` : ''}`, 'pr-games'),
      // A mean over no finished game is none, not 0.00.
      stat(t('review.meanScore'), p.finished > 0 ? fmt(p.meanFinalScore) : '–', 'pr-score'),
      stat(t(p.estimated ? 'review.bestPlay' : 'review.optimal'), fmt(p.meanStartValue), 'pr-optimal'),
      stat(t('review.lossPerGame'), t('review.lossValue', { game: fmt(p.loss.perGame), decision: fmt(p.loss.perDecision, 3) }), 'pr-loss'),
      stat(t('review.luck'), `${p.luck.mean >= 0 ? '+' : '−'}${fmt(Math.abs(p.luck.mean))}`, 'pr-luck'),
    ),
    p.estimated ? h('p', { class: 'help', id: 'pr-estimated' }, t('review.estimated', { count: p.estimated })) : null,
    bars(
      t('review.byKind'),
      p.byKind.map((k) => ({ label: t(`review.kind.${k.kind}`), value: k.perGame, text: fmt(k.perGame) })),
      'pr-kinds',
    ),
    bars(
      t('review.byBox'),
      p.byBox.map((b) => ({ label: `${label(b.box)}${b.column ? ` (${b.column})` : ''}`, value: b.perGame, text: fmt(b.perGame) })),
      'pr-boxes',
    ),
    h('p', { class: 'help' }, t('review.sections', { upper: fmt(p.bySection.upper.perGame), lower: fmt(p.bySection.lower.perGame) })),
    byFamily(rules, p),
    bars(
      t('review.bySize'),
      /** @type {const} */ (['slight', 'inaccuracy', 'mistake', 'blunder']).map((s) => ({ label: t(`review.size.${s}`), value: p.mistakes[s].count / n, text: fmt(p.mistakes[s].count / n), cls: s })),
      'pr-sizes',
    ),
    h('h3', {}, t('review.recurring')),
    p.recurring.length === 0
      ? h('p', { class: 'help' }, t('review.recurringNone'))
      : h(
          'ol',
          { class: 'worst', id: 'pr-recurring' },
          p.recurring.map((r) =>
            h(
              'li',
              {},
              t('review.recurringLine', { dice: `[${r.dice.join(' ')}]`, left: t('review.rollsLeft', { count: r.rollsLeft }), chosen: act(r.chosen), best: act(r.best) }),
              h('span', { class: 'help' }, ` · ${t('review.recurringCost', { count: r.count, each: fmt(r.meanLoss), all: fmt(r.loss) })}`),
            ),
          ),
        ),
  );
}

/**
 * The profile of a file of several strategies' (or players') games: each one's own, picked in a
 * list that starts at the first (two strategies' games blended describe neither), or all of them
 * together. One profile at a time, so its element ids stay unique.
 * @param {RuleSet | undefined} rs
 * @param {PlayerProfile} summary
 * @param {import('./types.js').Rules | undefined} rules
 * @returns {HTMLElement[]}
 */
function groupedProfile(rs, summary, rules) {
  const groups = summary.groups ?? [];
  if (groups.length === 0) return [profileView(rs, summary, rules)];
  const name = (/** @type {(typeof groups)[number]} */ g) =>
    g.by === 'player' ? t('review.player', { name: g.name }) : g.name === '' ? t('review.noStrategy') : t('review.strategy', { name: g.name });
  const shown = h('div', {});
  const select = h(
    'select',
    { id: 'review-group' },
    groups.map((g, i) => h('option', { value: String(i) }, `${name(g)} (${num(g.profile.games)})`)),
    h('option', { value: 'all' }, t('review.allGames', { count: summary.games })),
  );
  const show = () => shown.replaceChildren(profileView(rs, select.value === 'all' ? summary : groups[Number(select.value)].profile, rules));
  select.addEventListener('change', show);
  show();
  return [h('label', { class: 'file group-pick' }, h('span', {}, t('review.profileOf')), ' ', select), shown];
}

/**
 * The batch's profile with where its losses come from (`explain`): while the server prepares an
 * outlook table for it, the profile without, and a note that says so.
 * @param {unknown[]} games
 * @returns {Promise<{ summary: PlayerProfile, notes: string[] }>}
 */
async function explainedBatch(games) {
  try {
    return { summary: (await analyseBatch(games, true)).summary, notes: [] };
  } catch (e) {
    if (!(e instanceof ApiError && e.retryAfter !== undefined)) throw e;
    return { summary: (await analyseBatch(games)).summary, notes: [`${t('explain.loading')} ${e.problem.detail}`] };
  }
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
    status.textContent = t('review.reading');
    const parsed = parseGamesText(await file.text());
    if (!parsed) {
      status.textContent = t('review.notJson');
      return;
    }
    if (parsed.games.length === 0) {
      status.textContent = t('review.empty');
      return;
    }
    const games = parsed.games.slice(0, SERVER_CAP);
    status.textContent = t('review.analysing', { count: games.length });
    try {
      const { summary, notes } = await explainedBatch(games);
      if (parsed.games.length > games.length) notes.push(t('review.capped', { cap: games.length, all: parsed.games.length }));
      if (parsed.bad.length > 0) notes.push(t('review.unreadable', { count: parsed.bad.length, lines: parsed.bad.slice(0, 5).join(', ') + (parsed.bad.length > 5 ? ', …' : '') }));
      status.textContent = notes.join(' ');
      const rs = ruleSet();
      const id = games.map((g) => (typeof g === 'object' && g !== null && 'ruleset' in g ? String(g.ruleset) : 'yahtzee'))[0];
      result.replaceChildren(...groupedProfile(rs && rs.id === id ? rs : undefined, summary, isRuleSetId(id) ? RULESETS[id] : undefined));
    } catch (e) {
      status.textContent = e instanceof ApiError && e.needsServer ? e.problem.detail : t('review.failed', { why: e instanceof ApiError ? e.problem.detail : String(e) });
    }
  });
  return h(
    'section',
    { class: 'panel review-panel', 'aria-labelledby': 'review-h' },
    h('h2', { id: 'review-h' }, t('review.heading')),
    h('p', { class: 'help' }, t('review.help')),
    h('label', { class: 'file' }, h('span', {}, t('review.choose')), ' ', input),
    status,
    result,
  );
}
