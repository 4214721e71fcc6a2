import { countsToFaces, keepFaceCounts, type DiceTables } from '../dice/index.ts';
import type { RuleSet, RuleSetId } from '../rules/index.ts';
import { compileRules, initialState, scoreOptions, type GameState } from '../solver/index.ts';
import { Xoshiro128 } from '../dice/index.ts';
import type { DecisionContext, LegalBox, OpponentView } from './strategy.ts';

/**
 * The mutable game a strategy plays, seen through the DecisionContext interface. The runner
 * writes the packed fields; the readable ones are built on demand, so strategies that never read
 * them (the built-in ones) cost nothing for them.
 */
export class GameContext implements DecisionContext {
  readonly rs: RuleSet;
  readonly tables: DiceTables;
  readonly rng = new Xoshiro128();
  game = 0;
  turn = 1;
  rollsLeft: 0 | 1 | 2 = 2;
  state: GameState;
  roll = 0;
  /** points written per box, at column × boxes + box index; -1 where free */
  readonly points: Int16Array;
  score = 0;
  yahtzeeBonuses = 0;
  /** set by a head-to-head game for the seat this context plays; empty in solo games */
  opponents: readonly OpponentView[] = [];

  constructor(rs: RuleSet) {
    this.rs = rs;
    this.tables = compileRules(rs).dice;
    this.state = initialState(rs);
    this.points = new Int16Array(rs.boxes.length * rs.columns.length).fill(-1);
  }

  /** Back to an empty scorecard for game `game`; `seed32` seeds the strategy's own stream. */
  reset(game: number, seed32: number): void {
    this.game = game;
    this.turn = 1;
    this.rollsLeft = 2;
    this.state = initialState(this.rs);
    this.points.fill(-1);
    this.score = 0;
    this.yahtzeeBonuses = 0;
    this.rng.reseed(seed32);
  }

  get ruleset(): RuleSetId {
    return this.rs.id;
  }

  get counts(): number[] {
    return keepFaceCounts(this.tables, this.roll);
  }

  get dice(): number[] {
    return countsToFaces(this.counts);
  }

  /** Per box id; in multi-column rule sets column c ≥ 1 (0-based) reads as `id@c+1`, e.g. `fives@2`. */
  get scorecard(): Record<string, number | null> {
    const out: Record<string, number | null> = {};
    const B = this.rs.boxes.length;
    for (let c = 0; c < this.rs.columns.length; c++) {
      this.rs.boxes.forEach((b, i) => (out[boxKey(b.id, c)] = this.points[c * B + i] < 0 ? null : this.points[c * B + i]));
    }
    return out;
  }

  get options(): LegalBox[] {
    return scoreOptions(this.rs, this.state, this.counts, this.rollsLeft === 2).map((o) => ({
      box: this.rs.boxes[o.box].id,
      index: o.box,
      column: o.column,
      points: o.points,
      bonus: o.bonus,
    }));
  }

  random(): number {
    return this.rng.float();
  }
}

/** Box id of a report or scorecard: the id in column 0, `id@n` in column n - 1 (n ≥ 2). */
export function boxKey(id: string, column: number): string {
  return column === 0 ? id : `${id}@${column + 1}`;
}
