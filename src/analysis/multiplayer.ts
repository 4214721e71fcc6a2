import type { RuleSet } from '../rules/index.ts';
import {
  boxCount,
  createTurnEval,
  END_GAME_BOXES,
  endGameModel,
  evaluateState,
  openBoxes,
  opponentFinal,
  shareCurve,
  winGoalModel,
  type GameState,
  type ReachTable,
} from '../solver/index.ts';
import { analysePacked, type Analyser } from './analyse-game.ts';
import { actionText } from './format-report.ts';
import { DECISION_FIELDS, unpackResult, type PackedResult } from './packed-result.ts';
import { gameError, isGameError, type GameError, type GameResult } from './types.ts';

/**
 * Review of a game between several players (docs/rules.md, "Several players"): one record holds every
 * player's turns in play order,
 *
 *   {"ruleset": "yahtsoos", "players": ["Ann", "Bob"], "turns": [{"player": 0, "rolls": …, "box": …}, …]}
 *
 * (`players` a list of names or a count; `player` on a turn defaults to taking turns in seat
 * order). Each player's decisions are rated twice: in expected points, as a solo game, and in
 * expected share of the stake against the others' sheets as they stood at that moment (the win
 * goal, the others assumed to play for points).
 */
export interface MultiplayerReview {
  ruleset: string;
  players: PlayerReview[];
}

export interface PlayerReview {
  player: number;
  name?: string;
  finalScore: number;
  /** the review in expected points still to come */
  points: GameResult;
  /** the review in expected share of the stake: `goal` {type: 'win'}, values, losses and luck are shares */
  win: GameResult;
}

export const MAX_RECORD_PLAYERS = 8;

export function isMultiplayerRecord(input: unknown): boolean {
  return typeof input === 'object' && input !== null && !Array.isArray(input) && 'players' in input;
}

interface Seat {
  name?: string;
  turns: unknown[];
  /** index of each of this player's turns in play order */
  order: number[];
  /** state and score at the start of each turn, and after the last */
  trace: { state: GameState; score: number }[];
}

function readSeats(input: Record<string, unknown>): Seat[] | GameError {
  const raw = input.players;
  const names = Array.isArray(raw) ? raw : undefined;
  const count = names ? names.length : raw;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 2 || count > MAX_RECORD_PLAYERS) {
    return gameError(0, 0, `players: must be 2 to ${MAX_RECORD_PLAYERS} player names, or their number`);
  }
  if (names && names.some((n) => typeof n !== 'string')) return gameError(0, 0, 'players: names must be strings');
  const turns = input.turns;
  if (!Array.isArray(turns)) return gameError(0, 0, 'turns: must be an array of turns in play order');
  const seats: Seat[] = Array.from({ length: count }, (_, i) => ({ name: names?.[i] as string | undefined, turns: [], order: [], trace: [] }));
  for (let i = 0; i < turns.length; i++) {
    const t = turns[i] as { player?: unknown } | null;
    const p = typeof t === 'object' && t !== null && 'player' in t ? t.player : i % count;
    if (typeof p !== 'number' || !Number.isInteger(p) || p < 0 || p >= count) {
      return gameError(0, 0, `turns[${i}].player: must be a seat from 0 to ${count - 1}`);
    }
    seats[p].turns.push(t);
    seats[p].order.push(i);
  }
  return seats;
}

/**
 * Reviews a multiplayer record: `points` rates decisions in points (its turn cache is shared with
 * solo reviews), `reach` and `distribution` are the rule set's reach and points-distribution tables.
 */
export function analyseMultiplayer(points: Analyser, reach: ReachTable, distribution: ReachTable, input: unknown): MultiplayerReview | GameError {
  const r = analyseMultiplayerPacked(points, reach, distribution, input);
  return 'error' in r ? r : r.review;
}

/** As analyseMultiplayer, with each player's points review also packed (for the batch profile's tally). */
export function analyseMultiplayerPacked(
  points: Analyser,
  reach: ReachTable,
  distribution: ReachTable,
  input: unknown,
): { review: MultiplayerReview; packed: PackedResult[] } | GameError {
  const rs: RuleSet = points.model.rs;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return gameError(0, 0, 'a game record must be a JSON object with "turns"');
  const record = input as Record<string, unknown>;
  const seats = readSeats(record);
  if ('error' in seats) return seats;
  const ruleset = record.ruleset;
  const packed = seats.map((seat) => {
    // The points review also records where each turn started: the sheets the others see.
    const traced: Analyser = { ...points, beginTurn: (_turn, score, state) => seat.trace.push({ state, score }) };
    return analysePacked(traced, { ruleset, turns: seat.turns });
  });
  const reviews = packed.map(unpackResult);
  const failed = reviews.findIndex(isGameError);
  if (failed >= 0) {
    const e = reviews[failed] as GameError;
    return gameError(e.error.turn, e.error.roll, `player ${failed}${seats[failed].name ? ` (${seats[failed].name})` : ''}: ${e.error.detail}`);
  }
  const model = winGoalModel(rs, reach, shareCurve([]), 0);
  const te = createTurnEval(model);
  // As the win-goal advice: the exact end game with at most END_GAME_BOXES boxes open, the estimate before.
  const end = endGameModel(rs);
  const endTe = createTurnEval(end);
  const players = seats.map((seat, p): PlayerReview => {
    const win: Analyser = {
      model,
      startValue: 0,
      turns: { get: (state) => (openBoxes(rs, state) <= END_GAME_BOXES ? evaluateState(endTe, state) : evaluateState(te, state)) },
      scratch: new Float64Array(boxCount(rs) * 3 * DECISION_FIELDS),
      goal: { type: 'win' },
      beginTurn: (turn, score, state) => {
        // Where this turn sits in play order; after the last, every other sheet as it ended.
        const at = turn <= seat.order.length ? seat.order[turn - 1] : Infinity;
        const finals = seats.flatMap((other, q) => {
          if (q === p) return [];
          let played = 0;
          while (played < other.order.length && other.order[played] < at) played++;
          const { state: s, score: sc } = other.trace[played];
          return [opponentFinal(rs, distribution, s, sc)];
        });
        model.score = end.score = score;
        model.curve = end.curve = shareCurve(finals);
        win.model = openBoxes(rs, state) <= END_GAME_BOXES ? end : model;
        if (turn === 1) win.startValue = win.model.value(state);
      },
    };
    const points = reviews[p] as Exclude<GameResult, GameError>;
    const review: PlayerReview = { player: p, finalScore: points.finalScore, points, win: unpackResult(analysePacked(win, { ruleset, turns: seat.turns })) };
    if (seat.name !== undefined) review.name = seat.name;
    return review;
  });
  return { review: { ruleset: rs.id, players }, packed };
}

/** A multiplayer review as text: each player's points and share of the stake, and the decisions that cost share. */
export function formatMultiplayerReview(r: MultiplayerReview, label: string): string {
  const pct = (p: number) => `${(100 * p).toFixed(2)}%`;
  const lines = [`${label} (${r.ruleset}, ${r.players.length} players)`];
  for (const p of r.players) {
    const who = p.name ?? `player ${p.player}`;
    const points = p.points as Exclude<GameResult, GameError>;
    const win = p.win as Exclude<GameResult, GameError>;
    lines.push(
      `  ${who}: ${p.finalScore} points; share of the stake ${pct(win.remainingValue)} (${pct(win.startValue)} at the start), ` +
        `loss ${points.totalLoss.toFixed(2)} points, ${(100 * win.totalLoss).toFixed(2)} pp of share`,
    );
    for (const d of win.decisions) {
      if (d.loss < 1e-4) continue;
      lines.push(`    turn ${String(d.turn).padStart(2)} roll ${d.roll}  ${actionText(d.chosen.action)}  best: ${actionText(d.best.action)}  loss ${(100 * d.loss).toFixed(2)} pp`);
    }
  }
  return lines.join('\n');
}
