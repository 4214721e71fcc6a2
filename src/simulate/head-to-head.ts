import type { RuleSet } from '../rules/index.ts';
import { GamePlayer, type Player } from './play-game.ts';
import { turnCount } from '../solver/index.ts';

/**
 * Head-to-head games (`simulate --players N`): N players at one table, turns in lockstep in seat
 * order, each turn seeing the others' sheets as they stand (ctx.opponents). The stake goes to the
 * highest total; a k-way tie for first gives each 1/k.
 *
 * Common random numbers: games come in deals of N. In deal d every seat i has its own dice (the
 * stream of game d·N + i), and the N games of the deal rotate the players over the seats, so each
 * player plays every seat's position and dice once. A player's own luck then cancels within the
 * deal, and what is left is the difference in play.
 */

/** At most this many seats at a table. */
export const MAX_PLAYERS = 8;

/** Which slot's strategy sits at seat `seat` in game `game`: slots rotate one seat per game of a deal. */
export function slotAtSeat(players: number, game: number, seat: number): number {
  const r = game % players;
  return (seat - r + players) % players;
}

/** What a range of games leaves: per game and slot, the final score and the share of the stake. */
export interface HeadToHeadChunk {
  from: number;
  to: number;
  players: number;
  /** [(game − from) · players + slot] */
  scores: Int32Array;
  shares: Float64Array;
}

/**
 * Plays games [from, to) of run `seed`; `slots[k]` is the player of slot k (one per seat; its
 * context is its own even where two slots share a strategy). `from` and `to` are whole deals.
 */
export function runHeadToHead(rs: RuleSet, slots: readonly Player[], seed: number, from: number, to: number): HeadToHeadChunk {
  const N = slots.length;
  if (from % N !== 0 || to % N !== 0) throw new Error(`head-to-head chunks are whole deals of ${N} games, got [${from}, ${to})`);
  const seats = slots.map(() => new GamePlayer(rs));
  const out: HeadToHeadChunk = { from, to, players: N, scores: new Int32Array((to - from) * N), shares: new Float64Array((to - from) * N) };
  const turns = turnCount(rs);
  const atSeat: Player[] = new Array<Player>(N);
  for (let g = from; g < to; g++) {
    const deal = (g - (g % N)) / N;
    for (let seat = 0; seat < N; seat++) {
      const p = slots[slotAtSeat(N, g, seat)];
      atSeat[seat] = p;
      seats[seat].begin(p, seed, deal * N + seat);
    }
    for (let seat = 0; seat < N; seat++) {
      // The others in seat order after this one: those still to play this round come first.
      const others = [];
      for (let k = 1; k < N; k++) others.push(atSeat[(seat + k) % N].ctx);
      atSeat[seat].ctx.opponents = others;
    }
    for (let turn = 1; turn <= turns; turn++) {
      for (let seat = 0; seat < N; seat++) seats[seat].playTurn(atSeat[seat], turn);
    }
    let best = -Infinity;
    let tied = 0;
    for (const p of slots) {
      if (p.ctx.score > best) {
        best = p.ctx.score;
        tied = 1;
      } else if (p.ctx.score === best) tied++;
    }
    const o = (g - from) * N;
    slots.forEach((p, k) => {
      out.scores[o + k] = p.ctx.score;
      out.shares[o + k] = p.ctx.score === best ? 1 / tied : 0;
    });
  }
  return out;
}
