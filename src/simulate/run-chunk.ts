import type { RuleSet } from '../rules/index.ts';
import { fiftyBoxIndex, isPlainSingleColumn, UPPER_COUNT } from '../rules/index.ts';
import type { GameRecorder } from './game-recorder.ts';
import { playLockstep, type TallyGame } from './lockstep-play.ts';
import { GamePlayer, type Player } from './play-game.ts';
import { memoPlacesOf } from './strategies/model-policy.ts';

/**
 * What a range of games [from, to) leaves for the report, per strategy. Scores are kept per game
 * (percentiles and paired differences need them); everything else is summed. All sums are of
 * integers, exact in doubles, so merging chunks in any order gives identical totals.
 */
export interface ChunkResult {
  from: number;
  to: number;
  /** scores[s * (to - from) + (game - from)]: final score of strategy s in game */
  scores: Int32Array;
  /**
   * per strategy s and box b, at [s * boxes + b]: sum and sum of squares of the points written.
   * In multi-column rule sets `boxes` counts every column's boxes: b = column × 13 + box index.
   */
  boxSum: Float64Array;
  boxSumSq: Float64Array;
  /**
   * per strategy: columns with the upper bonus, columns with 50 in the Yahtzee box (one column per
   * game in single-column rule sets, so these are games), Yahtzee bonuses earned
   */
  upperBonus: Float64Array;
  yahtzee50: Float64Array;
  yahtzeeBonuses: Float64Array;
}

export function emptyChunk(strategies: number, boxes: number, from: number, to: number): ChunkResult {
  return {
    from,
    to,
    scores: new Int32Array(strategies * (to - from)),
    boxSum: new Float64Array(strategies * boxes),
    boxSumSq: new Float64Array(strategies * boxes),
    upperBonus: new Float64Array(strategies),
    yahtzee50: new Float64Array(strategies),
    yahtzeeBonuses: new Float64Array(strategies),
  };
}

/**
 * Adds a finished game of strategy `s` to the chunk: its score at `gameIndex` (game − from), its
 * points per box (`points[at + b]`), its bonuses.
 */
function gameTally(rs: RuleSet, out: ChunkResult, s: number): TallyGame {
  const B = rs.boxes.length * rs.columns.length;
  const per = rs.boxes.length;
  const n = out.to - out.from;
  const yBox = fiftyBoxIndex(rs);
  const threshold = rs.upperBonus.threshold;
  return (gameIndex, points, at, score, yahtzeeBonuses) => {
    out.scores[s * n + gameIndex] = score;
    let upper = 0;
    for (let b = 0; b < B; b++) {
      const pts = points[at + b];
      out.boxSum[s * B + b] += pts;
      out.boxSumSq[s * B + b] += pts * pts;
      const i = b % per;
      if (i < UPPER_COUNT) upper += pts;
      if (i === per - 1) {
        if (upper >= threshold) out.upperBonus[s]++;
        upper = 0;
      }
      if (i === yBox && pts === 50) out.yahtzee50[s]++;
    }
    out.yahtzeeBonuses[s] += yahtzeeBonuses;
  };
}

/**
 * Plays games [from, to) of run `seed`, every player on the same dice for the same game; a
 * recorder sees every move. Players deciding by a decision memo in a plain single-column rule
 * set play their games side by side (lockstep-play.ts), the others one game at a time.
 */
export function runChunk(rs: RuleSet, players: readonly Player[], seed: number, from: number, to: number, recorder?: GameRecorder): ChunkResult {
  const B = rs.boxes.length * rs.columns.length;
  const out = emptyChunk(players.length, B, from, to);
  const tallies = players.map((_, s) => gameTally(rs, out, s));
  const one: number[] = [];
  for (let s = 0; s < players.length; s++) {
    const places = !recorder && players[s].trusted && isPlainSingleColumn(rs) ? memoPlacesOf(players[s].strategy) : undefined;
    if (places) playLockstep(rs, places, seed, from, to, tallies[s]);
    else one.push(s);
  }
  if (one.length === 0) return out;
  const game = new GamePlayer(rs, recorder);
  for (let g = from; g < to; g++) {
    for (const s of one) {
      const ctx = players[s].ctx;
      game.play(players[s], seed, g);
      tallies[s](g - from, ctx.points, 0, ctx.score, ctx.yahtzeeBonuses);
    }
  }
  return out;
}
