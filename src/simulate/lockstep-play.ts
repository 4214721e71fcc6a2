import { DICE_STREAM, streamSeed, Xoshiro128 } from '../dice/index.ts';
import { DicewiseError } from '../errors.ts';
import type { RuleSet } from '../rules/index.ts';
import { compileRules, initialState, turnCount, type ColumnState, type CompiledRules, type GameState, type MemoPlaces } from '../solver/index.ts';
import { createEntryScratch, scoreEntry, type EntryScratch } from '../solver/score-entry.ts';

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
 * waits on its own read of a memo row (107,000 rows of 756 bytes over 200k games of `yahtzee`); side by side,
 * the reads of different games are in flight together. Plain single-column rule sets only (the
 * scoring path of `GamePlayer.playTurn`), and no recorder.
 */
export function playLockstep(rs: RuleSet, places: MemoPlaces, seed: number, from: number, to: number, tally: TallyGame): void {
  const batch = new Lockstep(rs, places);
  const turns = turnCount(rs);
  for (let first = from; first < to; first += batch.size) {
    const m = Math.min(batch.size, to - first);
    batch.begin(seed, first, m);
    for (let turn = 1; turn <= turns; turn++) batch.playTurn(turn);
    batch.end(tally, first - from);
  }
}

/**
 * The games of one batch, packed: a method per step and loops of a few games, so that each is
 * compiled once, whole, while the first games play (one long function was compiled five times
 * over, on-stack and again after each deoptimisation, and the default 10,000 games paid for it).
 */
class Lockstep {
  readonly size: number;
  private readonly c: CompiledRules;
  private readonly places: MemoPlaces;
  private readonly n: number;
  private readonly span: number;
  private readonly B: number;
  private readonly noDice: number;
  private readonly empty: ColumnState;
  private readonly dice: Xoshiro128[];
  private readonly faces: Uint8Array;
  private readonly states: GameState[];
  private readonly place: Float64Array;
  private readonly roll: Int32Array;
  /** a hold read, then a box */
  private readonly keep: Int32Array;
  /** where the faces of a game's next reroll start in `faces` */
  private readonly block: Int32Array;
  private readonly rollsLeft: Uint8Array;
  private readonly score: Int32Array;
  private readonly bonuses: Int32Array;
  private readonly points: Int16Array;
  private readonly entry: EntryScratch = createEntryScratch();
  private m = 0;
  private first = 0;

  constructor(rs: RuleSet, places: MemoPlaces) {
    const G = Math.max(1, Math.min(LOCKSTEP_GAMES, places.together));
    this.size = G;
    this.c = compileRules(rs);
    this.places = places;
    this.n = rs.dice;
    this.span = 3 * rs.dice;
    this.B = rs.boxes.length;
    this.noDice = this.c.dice.keyToKeep[0];
    this.empty = initialState(rs).columns[0];
    this.dice = Array.from({ length: G }, () => new Xoshiro128());
    this.faces = new Uint8Array(G * this.span);
    this.states = new Array<GameState>(G);
    this.place = new Float64Array(G);
    this.roll = new Int32Array(G);
    this.keep = new Int32Array(G);
    this.block = new Int32Array(G);
    this.rollsLeft = new Uint8Array(G);
    this.score = new Int32Array(G);
    this.bonuses = new Int32Array(G);
    this.points = new Int16Array(G * this.B);
  }

  /** Empty sheets for games first..first + m − 1 of run `seed`. */
  begin(seed: number, first: number, m: number): void {
    this.first = first;
    this.m = m;
    const e = this.empty;
    for (let i = 0; i < m; i++) {
      this.dice[i].reseed(streamSeed(seed, first + i, DICE_STREAM));
      this.states[i] = stateOf(e.mask, e.upper, e.yahtzee50);
      this.score[i] = 0;
      this.bonuses[i] = 0;
    }
    this.points.fill(-1);
  }

  playTurn(turn: number): void {
    const { m, n, span, faces, roll, place, states, places } = this;
    const addDie = this.c.dice.addDie;
    for (let i = 0; i < m; i++) {
      const at = i * span;
      this.dice[i].dice(faces, span, at);
      let r = this.noDice;
      for (let k = 0; k < n; k++) r = addDie[r * 6 + faces[at + k]];
      roll[i] = r;
      this.rollsLeft[i] = 2;
      this.block[i] = at + n;
    }
    for (let i = 0; i < m; i++) place[i] = places.place(states[i]);
    this.holds(2);
    this.holds(1);
    this.scoreBoxes(turn);
  }

  /** The holds of the games with `left` rerolls left, then their rerolls: a reroll's branches wait on its read. */
  private holds(left: 1 | 2): void {
    const { m, n, roll, keep, block, rollsLeft, faces } = this;
    const { addDie, keepSize } = this.c.dice;
    for (let i = 0; i < m; i++) if (rollsLeft[i] === left) keep[i] = this.places.hold(this.place[i], roll[i], left);
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

  private scoreBoxes(turn: number): void {
    const { m, B, roll, keep, states, entry, places } = this;
    for (let i = 0; i < m; i++) keep[i] = places.box(this.place[i], states[i], roll[i], this.rollsLeft[i] === 2).box;
    for (let i = 0; i < m; i++) {
      const box = keep[i];
      const col = states[i].columns[0];
      if ((col.mask & (1 << box)) !== 0 || !scoreEntry(this.c, col, roll[i], box, entry)) {
        throw new DicewiseError('INTERNAL', `the decision memo chose box ${box}, which cannot be scored now (game ${this.first + i}, turn ${turn})`);
      }
      this.points[i * B + box] = entry.points;
      this.score[i] += entry.gain;
      if (entry.yahtzeeBonus > 0) this.bonuses[i]++;
      const next = entry.next;
      states[i] = stateOf(next.mask, next.upper, next.yahtzee50);
    }
  }

  /** Each game of the batch to the chunk's report, game `first` at `gameIndex`. */
  end(tally: TallyGame, gameIndex: number): void {
    for (let i = 0; i < this.m; i++) tally(gameIndex + i, this.points, i * this.B, this.score[i], this.bonuses[i]);
  }
}

/** A one-column state, every one built here with one shape (a state of another shape costs the readers a deoptimisation). */
function stateOf(mask: number, upper: number, yahtzee50: boolean): GameState {
  return { columns: [{ mask, upper, yahtzee50 }] };
}
