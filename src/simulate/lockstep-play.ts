import { DICE_STREAM, streamSeed, Xoshiro128 } from '../dice/index.ts';
import { DicewiseError } from '../errors.ts';
import type { RuleSet } from '../rules/index.ts';
import { compileRules, initialState, turnCount, type GameState, type MemoPlaces } from '../solver/index.ts';
import { createEntryScratch, scoreEntry } from '../solver/score-entry.ts';

/** What a finished game leaves for the chunk's report (run-chunk.ts `gameTally`). */
export type TallyGame = (gameIndex: number, points: Int16Array, at: number, score: number, yahtzeeBonuses: number) => void;

/** Games played side by side: as many as a memo's places allow (`MemoPlaces.together`). */
const LOCKSTEP_GAMES = 8;

/**
 * Plays games [from, to) of run `seed` for a built-in strategy that decides by a decision memo,
 * several games at a time, phase by phase: every game's roll and its state's row, then every
 * game's first hold, its second, its box. The games and their dice are those `GamePlayer` plays
 * (the same dice stream per game, read in the same order) and the decisions are the memo's,
 * so every game ends as it does there, move for move. Played one at a time, each decision
 * waits on its own read of a memo row (about 100 MB over 200k games of `yahtzee`); side by side,
 * the reads of different games are in flight together. Plain single-column rule sets only (the
 * scoring path of `GamePlayer.playTurn`), and no recorder.
 */
export function playLockstep(rs: RuleSet, places: MemoPlaces, seed: number, from: number, to: number, tally: TallyGame): void {
  const c = compileRules(rs);
  const t = c.dice;
  const { addDie, keepSize } = t;
  const noDice = t.keyToKeep[0];
  const n = rs.dice;
  const span = 3 * n;
  const B = rs.boxes.length;
  const turns = turnCount(rs);
  const G = Math.max(1, Math.min(LOCKSTEP_GAMES, places.together));
  const dice = Array.from({ length: G }, () => new Xoshiro128());
  const faces = new Uint8Array(G * span);
  const states: GameState[] = new Array<GameState>(G);
  const place = new Float64Array(G);
  const roll = new Int32Array(G);
  /** a hold read, then a box */
  const keep = new Int32Array(G);
  const block = new Int32Array(G);
  const rollsLeft = new Uint8Array(G);
  const score = new Int32Array(G);
  const bonuses = new Int32Array(G);
  const points = new Int16Array(G * B);
  const entry = createEntryScratch();
  for (let first = from; first < to; first += G) {
    const m = Math.min(G, to - first);
    for (let i = 0; i < m; i++) {
      dice[i].reseed(streamSeed(seed, first + i, DICE_STREAM));
      states[i] = initialState(rs);
      score[i] = 0;
      bonuses[i] = 0;
    }
    points.fill(-1);
    for (let turn = 1; turn <= turns; turn++) {
      for (let i = 0; i < m; i++) {
        const at = i * span;
        dice[i].dice(faces, span, at);
        let r = noDice;
        for (let k = 0; k < n; k++) r = addDie[r * 6 + faces[at + k]];
        roll[i] = r;
        rollsLeft[i] = 2;
        block[i] = at + n;
      }
      for (let i = 0; i < m; i++) place[i] = places.place(states[i]);
      for (let left = 2; left >= 1; left--) {
        // All reads first, then all rerolls: a reroll's branches wait on its read.
        for (let i = 0; i < m; i++) if (rollsLeft[i] === left) keep[i] = places.hold(place[i], roll[i], left as 1 | 2);
        for (let i = 0; i < m; i++) {
          if (rollsLeft[i] !== left || keep[i] === roll[i]) continue;
          let r = keep[i];
          const from = block[i];
          for (let k = 0, e = n - keepSize[r]; k < e; k++) r = addDie[r * 6 + faces[from + k]];
          block[i] = from + n;
          roll[i] = r;
          rollsLeft[i] = left - 1;
        }
      }
      for (let i = 0; i < m; i++) keep[i] = places.box(place[i], states[i], roll[i], rollsLeft[i] === 2).box;
      for (let i = 0; i < m; i++) {
        const box = keep[i];
        const col = states[i].columns[0];
        if ((col.mask & (1 << box)) !== 0 || !scoreEntry(c, col, roll[i], box, entry)) {
          throw new DicewiseError('INTERNAL', `the decision memo chose box ${box}, which cannot be scored now (game ${first + i}, turn ${turn})`);
        }
        points[i * B + box] = entry.points;
        score[i] += entry.gain;
        if (entry.yahtzeeBonus > 0) bonuses[i]++;
        const next = entry.next;
        states[i] = { columns: [{ mask: next.mask, upper: next.upper, yahtzee50: next.yahtzee50 }] };
      }
    }
    for (let i = 0; i < m; i++) tally(first + i - from, points, i * B, score[i], bonuses[i]);
  }
}
