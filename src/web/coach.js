// @ts-check
import { createVersus } from './coach-versus.js';
import { download, newGame, reroll, score, toggleDie, toggleHint, undo } from './coach-decisions.js';
import { positionOf } from './coach-game.js';
import { onServerBack } from './api.js';
import { hintFor, update } from './coach-requests.js';
import { buildCoachView } from './coach-view.js';

/**
 * Coach mode: the page rolls seeded dice, the player holds dice and picks boxes, and after each
 * decision the page says what it cost, from the hint for the position before it. The game is
 * the list of decisions (coach-game.js). Its parts: the panels (coach-view.js), what the player
 * does (coach-decisions.js), what is asked and when (coach-requests.js), the state drawn
 * (coach-render.js), and the game against the computer (coach-versus.js), all sharing one Coach.
 *
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {import('./types.js').Action} Action
 * @typedef {import('./types.js').Advice} Advice
 * @typedef {import('./coach-game.js').Verdict} Verdict
 * @typedef {import('./coach-game.js').Step} Step
 * @typedef {import('./coach-game.js').GameState} GameState
 * @typedef {{ kind: 'asking' } | { kind: 'reasons', reasons: import('./types.js').Reason[] } | { kind: 'preparing', detail: string } | { kind: 'failed', detail: string }} Why
 *   why a decision lost (coach-requests.js explainVerdict): asked of the server, its reasons, the server preparing its outlook table, or why there are none
 * @typedef {{ kind: 'verdict', verdict: Verdict, why?: Why } | { kind: 'undone', action: Action }} Note what the feedback line says, kept as data so it can be said again in another language
 * @typedef {{ seed: string, steps: Step[], showHint: boolean, note: Note | undefined, versus: boolean }} Snapshot
 * @typedef {{ onSeed: (seed: string) => void, newSeed: () => string, versus: () => boolean, onVersus: (on: boolean) => void }} CoachHooks
 *   versus: whether a new game is played against the computer (the page keeps it in the URL)
 * @typedef {{
 *   reroll: () => void, undo: () => void, toggleHint: () => void, newGame: () => void,
 *   score: (box: number, column: number) => void, toggleDie: (i: number) => void, download: () => void,
 * }} CoachActions
 * @typedef {{
 *   rs: RuleSet | undefined, seed: string, steps: Step[], game: GameState | undefined, held: boolean[],
 *   hints: Map<string, Promise<Advice>>, advice: Advice | undefined, showHint: boolean, busy: boolean,
 *   note: Note | undefined, analysis: HTMLElement | null, gen: number,
 *   hooks: CoachHooks, actions: CoachActions, view: import('./coach-view.js').CoachView, versus: ReturnType<typeof createVersus>,
 * }} Coach
 *   hints: each position's hint, asked once (coach-requests.js); advice: the current position's, once arrived;
 *   busy: a decision is being judged; analysis: the review of the finished game; gen: the latest replay (coach-requests.js)
 */

/**
 * @param {HTMLElement} root
 * @param {CoachHooks} hooks
 */
export function createCoach(root, hooks) {
  /** @type {CoachActions} */
  const actions = {
    reroll: () => void reroll(coach),
    undo: () => undo(coach),
    toggleHint: () => toggleHint(coach),
    newGame: () => newGame(coach, hooks.newSeed()),
    score: (box, column) => void score(coach, box, column),
    toggleDie: (i) => toggleDie(coach, i),
    download: () => download(coach),
  };
  const versus = createVersus({
    hint: (g) => hintFor(coach, g),
    position: (g) => positionOf(/** @type {RuleSet} */ (coach.rs), g),
    onToggle: (on) => {
      hooks.onVersus(on);
      if (coach.game) void versus.follow(coach.game);
    },
  });
  /** @type {Coach} */
  const coach = {
    rs: undefined,
    seed: '',
    steps: [],
    game: undefined,
    held: [],
    hints: new Map(),
    advice: undefined,
    showHint: false,
    busy: false,
    note: undefined,
    analysis: null,
    gen: 0,
    hooks,
    actions,
    view: buildCoachView(root, actions, versus, () => coach.rs),
    versus,
  };
  // The chance to win against the computer needs the server: asked again when it is back.
  const offBack = onServerBack(() => {
    if (coach.game) void versus.follow(coach.game);
  });

  return {
    /** @returns {Snapshot} the game as it stands, to carry over to a redrawn coach (a new language) */
    snapshot() {
      return { seed: coach.seed, steps: [...coach.steps], showHint: coach.showHint, note: coach.note, versus: versus.on };
    },
    /** Stops answering: the coach is being replaced. */
    dispose() {
      coach.gen++;
      versus.dispose();
      offBack();
    },
    /**
     * @param {RuleSet} next
     * @param {Snapshot} from
     */
    restore(next, from) {
      coach.rs = next;
      coach.seed = from.seed;
      coach.steps = [...from.steps];
      coach.showHint = from.showHint;
      coach.note = from.note;
      versus.setGame(next, coach.seed, from.versus);
      update(coach);
    },
    /**
     * @param {RuleSet} next
     * @param {string} [withSeed] a shared game's seed; a new one otherwise
     */
    setRuleSet(next, withSeed) {
      coach.rs = next;
      coach.hints.clear();
      newGame(coach, withSeed ?? hooks.newSeed());
    },
  };
}
