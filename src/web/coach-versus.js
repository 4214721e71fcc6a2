// @ts-check
import { actionText } from './advice-view.js';
import { ApiError, fetchWinHint } from './api.js';
import { createComputer } from './computer-player.js';
import { h } from './dom.js';
import { boxName, pct, t } from './i18n.js';
import { buildSheet, gameTotal } from './scorecard.js';
import { hasColumns } from './ruleset-kind.js';

/**
 * A coach game against the computer: after each of the player's turns the computer plays its own
 * (computer-player.js), shown turn by turn; at every decision the player sees the chance to win,
 * from the hint with the win goal against the computer's sheet as it stands; at the end, who won.
 * Only for single-column rule sets, as the win goal. Without a server to ask (offline, or a static
 * site) the computer still plays, from the engine in the page, and the page says who won; the
 * chance to win needs the server, and its line says so plainly until it is back (coach.js).
 *
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {import('./types.js').Advice} Advice
 * @typedef {import('./types.js').PositionInput} PositionInput
 * @typedef {import('./types.js').OpponentInput} OpponentInput
 * @typedef {import('./coach-game.js').GameState} GameState
 */

/**
 * The computer as an opponent of the win goal: its sheet at the start of its next turn, or its final total.
 * @param {RuleSet} r
 * @param {GameState} g
 * @returns {OpponentInput}
 */
function asOpponent(r, g) {
  if (g.over) return { finalScore: gameTotal(r, g.sheet, g.bonuses) };
  /** @type {Record<string, number>} */
  const scorecard = {};
  g.sheet[0].forEach((v, b) => {
    if (v !== undefined) scorecard[r.boxes[b].id] = v;
  });
  return r.facts.yahtzeeBonus > 0 ? { scorecard, yahtzeeBonus: g.bonuses[0] } : { scorecard };
}

/**
 * The computer's last turn in words: its rolls, holds and the box it scored.
 * @param {RuleSet} r
 * @param {GameState} cpu
 */
function lastTurnText(r, cpu) {
  const last = cpu.records.at(-1);
  if (!last) return '';
  const moves = last.rolls.flatMap((roll, i) => [roll.join(' '), ...(last.holds[i] ? [actionText(r, { hold: last.holds[i] })] : [])]);
  const b = r.boxes.findIndex((x) => x.id === last.box);
  moves.push(t('vs.scored', { box: boxName(r, last.box), points: String(cpu.sheet[0][b] ?? 0) }));
  return t('vs.lastTurn', { turn: cpu.records.length, moves: moves.join(' → ') });
}

/**
 * @param {RuleSet} r
 * @param {GameState} cpu
 */
function computerSheet(r, cpu) {
  const sheet = buildSheet(r, {
    caption: t('vs.sheetCaption'),
    cell: (b, c) => h('span', { class: 'filled' }, cpu.sheet[c][b] === undefined ? '' : String(cpu.sheet[c][b])),
    bonusCell: (c) => h('span', { class: 'filled' }, String(cpu.bonuses[c])),
  });
  sheet.showTotals(cpu.sheet, cpu.bonuses);
  return sheet.table;
}

/** @param {number} you @param {number} them */
function resultText(you, them) {
  if (you > them) return t('vs.youWon', { you, them });
  if (you < them) return t('vs.computerWon', { you, them });
  return t('vs.tie', { you });
}

/**
 * The toggle with the chance to win and the result beside it, and the computer's panel.
 * @param {(checked: boolean) => void} onToggle
 */
function buildVersusView(onToggle) {
  const checkbox = h('input', { type: 'checkbox', id: 'coach-versus', onchange: () => onToggle(checkbox.checked) });
  const note = h('span', { class: 'help', id: 'coach-versus-note', hidden: true });
  const chance = h('p', { class: 'win-chance', id: 'coach-win', 'aria-live': 'polite', hidden: true });
  const result = h('p', { class: 'win-result', id: 'coach-result', role: 'status', hidden: true });
  const cpuStatus = h('p', { class: 'status', id: 'coach-computer-status' });
  const cpuTurn = h('p', { class: 'help', id: 'coach-computer-turn' });
  const cpuSheet = h('div', { class: 'sheet-wrap' });
  const controls = h('div', { class: 'versus' }, h('label', { class: 'check' }, checkbox, h('span', {}, t('vs.toggle'))), ' ', note, chance, result);
  const panel = h(
    'section',
    { class: 'panel computer-panel', id: 'coach-computer', 'aria-labelledby': 'coach-computer-h', hidden: true },
    h('h2', { id: 'coach-computer-h' }, t('vs.computer')),
    cpuStatus,
    cpuTurn,
    cpuSheet,
  );
  return { checkbox, note, chance, result, cpuStatus, cpuTurn, cpuSheet, controls, panel };
}

/**
 * @param {{
 *   hint: (g: GameState) => Promise<Advice>,
 *   position: (g: GameState) => PositionInput,
 *   onToggle: (on: boolean) => void,
 * }} hooks
 */
export function createVersus(hooks) {
  /** @type {RuleSet | undefined} */
  let rs;
  let seed = '';
  let on = false;
  let gen = 0;
  /** @type {ReturnType<typeof createComputer> | undefined} */
  let computer;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let retry;

  const { checkbox, note, chance, result, cpuStatus, cpuTurn, cpuSheet, controls, panel } = buildVersusView((checked) => {
    on = checked;
    hooks.onToggle(on);
  });

  /** @param {GameState} cpu @param {number} playing the turn it is playing now, 0 when it is not */
  function drawComputer(cpu, playing) {
    const r = /** @type {RuleSet} */ (rs);
    const turns = cpu.records.length;
    const total = gameTotal(r, cpu.sheet, cpu.bonuses);
    cpuStatus.textContent = playing ? t('vs.thinking', { turn: playing }) : t('vs.status', { count: turns, points: t('coach.points', { count: total }) });
    cpuStatus.dataset.turns = String(turns);
    cpuStatus.dataset.total = String(total);
    cpuTurn.textContent = lastTurnText(r, cpu);
    cpuSheet.replaceChildren(computerSheet(r, cpu));
  }

  /**
   * @param {GameState} game the player's
   * @param {GameState} cpu the computer's, with as many turns played
   * @param {number} mine
   */
  async function askChance(game, cpu, mine) {
    const position = hooks.position(game);
    try {
      const advice = await fetchWinHint({ ...position, goal: { type: 'win', opponents: [asOpponent(/** @type {RuleSet} */ (rs), cpu)] } });
      if (mine !== gen) return;
      chance.textContent = t('vs.chance', { chance: pct(advice.probability) });
      chance.dataset.probability = String(advice.probability);
    } catch (e) {
      if (mine !== gen) return;
      if (!(e instanceof ApiError)) throw e;
      if (e.retryAfter !== undefined) {
        chance.textContent = t('vs.chancePreparing', { detail: e.problem.detail });
        retry = setTimeout(() => void askChance(game, cpu, mine), 1000 * e.retryAfter);
        return;
      }
      chance.textContent = e.needsServer ? e.problem.detail : t('vs.chanceFailed', { detail: e.problem.detail });
    }
  }

  return {
    controls,
    panel,
    /**
     * @param {RuleSet} next
     * @param {string} nextSeed
     * @param {boolean} versus
     */
    setGame(next, nextSeed, versus) {
      const oneColumn = !hasColumns(next);
      if (next !== rs || nextSeed !== seed) computer = oneColumn ? createComputer(next, nextSeed, hooks.hint) : undefined;
      rs = next;
      seed = nextSeed;
      on = versus && oneColumn;
      checkbox.checked = on;
      checkbox.disabled = !oneColumn;
      note.hidden = oneColumn;
      note.textContent = oneColumn ? '' : t('vs.oneColumn');
    },
    get on() {
      return on;
    },
    /** Stops answering: the coach is being replaced. */
    dispose() {
      gen++;
      clearTimeout(retry);
    },
    /**
     * Brings the computer up to the player's game (it plays each turn after the player's) and
     * asks for the chance to win; at the end, says who won.
     * @param {GameState} game
     */
    async follow(game) {
      const mine = ++gen;
      clearTimeout(retry);
      panel.hidden = !on;
      chance.hidden = !on || game.over;
      result.hidden = true;
      if (!on || !rs || !computer) return;
      const r = rs;
      const need = game.over ? r.boxes.length : game.turn - 1;
      const ready = computer.after(need);
      const behind = ready.records.length < need;
      drawComputer(ready, behind ? ready.records.length + 1 : 0);
      chance.textContent = t('vs.chanceWaiting');
      delete chance.dataset.probability;
      try {
        if (behind) await computer.playUntil(need);
      } catch (e) {
        if (mine !== gen) return;
        cpuStatus.textContent = e instanceof ApiError ? e.problem.detail : String(e);
        return;
      }
      if (mine !== gen) return;
      const cpu = computer.after(need);
      drawComputer(cpu, 0);
      if (game.over) {
        const you = gameTotal(r, game.sheet, game.bonuses);
        const them = gameTotal(r, cpu.sheet, cpu.bonuses);
        result.hidden = false;
        result.textContent = resultText(you, them);
        result.dataset.winner = you > them ? 'you' : you < them ? 'computer' : 'tie';
        return;
      }
      await askChance(game, cpu, mine);
    },
  };
}
