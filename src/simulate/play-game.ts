import { countsToFaces, isSubMultiset, keepFaceCounts, type DiceTables } from '../dice/index.ts';
import { DicewiseError } from '../errors.ts';
import { keepOfFaces } from '../position/actions.ts';
import type { RuleSet } from '../rules/index.ts';
import { isPlainSingleColumn, UPPER_COUNT, upperBonusFor } from '../rules/index.ts';
import { compileRules, scoreOptions, turnCount, type CompiledRules, type ScoreOption } from '../solver/index.ts';
import { createEntryScratch, scoreEntry, type EntryScratch } from '../solver/score-entry.ts';
import { GameContext } from './game-context.ts';
import { DICE_STREAM, hashString, streamSeed, Xoshiro128 } from '../dice/index.ts';
import type { GameRecorder } from './game-recorder.ts';
import type { BoxPick, HoldChoice, Strategy } from './strategy.ts';

/** Built-in strategies are trusted: their actions skip the legality checks a user's module gets. */
const trusted = new WeakSet<Strategy>();

export function markTrusted<S extends Strategy>(s: S): S {
  trusted.add(s);
  return s;
}

/** A strategy ready to play: its context and the id of its own random stream. */
export interface Player {
  strategy: Strategy;
  trusted: boolean;
  /** stream id of the strategy's own randomness: a hash of its name, never the dice stream */
  stream: number;
  ctx: GameContext;
}

export function createPlayer(rs: RuleSet, strategy: Strategy): Player {
  const stream = hashString(strategy.name) || 1;
  return { strategy, trusted: trusted.has(strategy), stream: stream === DICE_STREAM ? 1 : stream, ctx: new GameContext(rs) };
}

function illegal(p: Player, what: string): DicewiseError {
  const c = p.ctx;
  const where = `game ${c.game}, turn ${c.turn}, roll ${3 - c.rollsLeft}`;
  return new DicewiseError('ILLEGAL_MOVE', `strategy "${p.strategy.name}" made an illegal move in ${where}: ${what} (dice ${JSON.stringify(c.dice)})`, [
    { field: 'strategy', message: `${where}: ${what}` },
  ]);
}

/** Calls the strategy; an exception of its own is reported with where it happened. */
function ask<M extends 'chooseHold' | 'chooseBox'>(p: Player, method: M): ReturnType<Strategy[M]> {
  try {
    return p.strategy[method](p.ctx) as ReturnType<Strategy[M]>;
  } catch (e) {
    if (e instanceof DicewiseError) throw e;
    const c = p.ctx;
    throw new DicewiseError('INVALID_INPUT', `strategy "${p.strategy.name}" failed in ${method} in game ${c.game}, turn ${c.turn}: ${(e as Error)?.message ?? String(e)}`, [
      { field: 'strategy', message: `${method} threw` },
    ]);
  }
}

/** Keep index of a hold choice, checked against the dice unless the strategy is trusted. */
function holdKeep(p: Player, t: DiceTables, choice: HoldChoice): number {
  const roll = p.ctx.roll;
  let keep: number;
  if (typeof choice === 'number') keep = Number.isInteger(choice) && choice >= 0 && choice < t.keepCount ? choice : -1;
  else if (Array.isArray(choice)) keep = keepOfFaces(t, choice as number[]);
  else keep = -1;
  if (p.trusted && keep >= 0) return keep;
  if (keep < 0 || !isSubMultiset(keepFaceCounts(t, keep), keepFaceCounts(t, roll))) {
    throw illegal(p, `hold ${JSON.stringify(typeof choice === 'number' && keep >= 0 ? countsToFaces(keepFaceCounts(t, keep)) : choice)} is not part of the dice`);
  }
  return keep;
}

/** Box index and column of a box choice. */
function parsePick(rs: RuleSet, pick: BoxPick): { box: number; column: number } {
  const raw = typeof pick === 'string' ? pick : pick?.box;
  const column = typeof pick === 'object' && pick !== null ? (pick.column ?? 0) : 0;
  const box = typeof raw === 'string' ? rs.boxes.findIndex((b) => b.id === raw) : typeof raw === 'number' && Number.isInteger(raw) ? raw : -1;
  return { box, column: Number.isInteger(column) ? column : -1 };
}

/** Box index of a box choice, checked against the legal options unless the strategy is trusted. */
function boxIndex(p: Player, rs: RuleSet, pick: BoxPick): number {
  const { box, column } = parsePick(rs, pick);
  if (p.trusted && box >= 0 && column === 0) return box;
  const c = p.ctx;
  const legal = scoreOptions(rs, c.state, c.counts, c.rollsLeft === 2);
  if (box < 0 || box >= rs.boxes.length || column !== 0 || !legal.some((o) => o.box === box && o.column === column)) {
    const ids = legal.map((o) => rs.boxes[o.box].id).join(', ');
    throw illegal(p, `box ${JSON.stringify(pick)} cannot be scored now (legal: ${ids})`);
  }
  return box;
}

/**
 * The legal option of a box choice in a multi-column (or otherwise non-plain) rule set. Legality,
 * points, bonuses and the next state all come from `scoreOptions` (fill orders, first-roll-only
 * columns, Joker and zero rules); every strategy, trusted or not, is checked against it.
 */
function pickOption(p: Player, rs: RuleSet, pick: BoxPick): ScoreOption {
  const { box, column } = parsePick(rs, pick);
  const c = p.ctx;
  const legal = scoreOptions(rs, c.state, c.counts, c.rollsLeft === 2);
  const o = legal.find((x) => x.box === box && x.column === column);
  if (!o) {
    const ids = legal.map((x) => `${rs.boxes[x.box].id}@${x.column + 1}`).join(', ');
    throw illegal(p, `box ${JSON.stringify(pick)} cannot be scored now (legal, as box@column: ${ids})`);
  }
  return o;
}

/**
 * Plays whole games for players on common random numbers. For each turn the game's dice stream
 * is read for three rolls' worth of dice in a fixed order, whether or not they are used: the
 * first roll takes positions 0..n-1, a second roll's rerolled dice take n.., a third roll's 2n...
 * So two strategies in the same game see the same first roll, and a reroll of m dice shows the
 * same first m faces of its block whatever was held.
 */
export class GamePlayer {
  private readonly rs: RuleSet;
  private readonly c: CompiledRules;
  private readonly t: DiceTables;
  private readonly dice = new Xoshiro128();
  private readonly faces: Uint8Array;
  /** keep index of no dice: a roll is built from it die by die (`addDie`) */
  private readonly noDice: number;
  private readonly entry: EntryScratch = createEntryScratch();

  /** single-column rule sets without fill-order or zero rules take the allocation-free scoring path */
  private readonly plain: boolean;

  /** with a recorder, every roll, hold and box is reported to it (simulate --record) */
  constructor(
    rs: RuleSet,
    private readonly recorder?: GameRecorder,
  ) {
    this.plain = isPlainSingleColumn(rs);
    this.rs = rs;
    this.c = compileRules(rs);
    this.t = this.c.dice;
    this.faces = new Uint8Array(3 * rs.dice);
    this.noDice = this.t.keyToKeep[0];
  }

  /** Plays game `game` of run `seed` for one player; the result is left in `p.ctx`. */
  play(p: Player, seed: number, game: number): void {
    this.begin(p, seed, game);
    const turns = turnCount(this.rs);
    for (let turn = 1; turn <= turns; turn++) this.playTurn(p, turn);
    this.recorder?.end(p.ctx.score);
  }

  /**
   * An empty sheet for game `game` of run `seed`: the player's own stream and this player's dice
   * stream start over. Head-to-head games (head-to-head.ts) then play the turns of several players
   * in lockstep, one GamePlayer (one dice stream) per seat.
   */
  begin(p: Player, seed: number, game: number): void {
    this.recorder?.begin(p.strategy.name, seed, game);
    p.ctx.reset(game, streamSeed(seed, game, p.stream));
    this.dice.reseed(streamSeed(seed, game, DICE_STREAM));
  }

  /** Plays turn `turn` (1-based) of the game begun for `p`. */
  playTurn(p: Player, turn: number): void {
    const { rs, t, faces, entry, recorder } = this;
    const { addDie, keepSize } = t;
    const n = rs.dice;
    const ctx = p.ctx;
    this.dice.dice(faces, 3 * n);
    let roll = this.noDice;
    for (let i = 0; i < n; i++) roll = addDie[roll * 6 + faces[i]];
    ctx.turn = turn;
    ctx.rollsLeft = 2;
    ctx.roll = roll;
    recorder?.roll(ctx.roll);
    let block = n;
    while (ctx.rollsLeft > 0) {
      const keep = holdKeep(p, t, ask(p, 'chooseHold'));
      if (keep === ctx.roll) break;
      recorder?.hold(keep);
      roll = keep;
      for (let i = 0, m = n - keepSize[keep]; i < m; i++) roll = addDie[roll * 6 + faces[block + i]];
      block += n;
      ctx.roll = roll;
      ctx.rollsLeft = (ctx.rollsLeft - 1) as 0 | 1;
      recorder?.roll(ctx.roll);
    }
    if (!this.plain) {
      const o = pickOption(p, rs, ask(p, 'chooseBox'));
      recorder?.box(o.column, o.box);
      this.scoreOption(p, o);
      return;
    }
    const box = boxIndex(p, rs, ask(p, 'chooseBox'));
    const col = ctx.state.columns[0];
    if ((col.mask & (1 << box)) !== 0 || !scoreEntry(this.c, col, ctx.roll, box, entry)) {
      throw illegal(p, `box ${JSON.stringify(rs.boxes[box]?.id ?? box)} cannot be scored now`);
    }
    recorder?.box(0, box);
    ctx.points[box] = entry.points;
    ctx.score += entry.gain;
    if (entry.yahtzeeBonus > 0) ctx.yahtzeeBonuses++;
    const next = entry.next;
    ctx.state = { columns: [{ mask: next.mask, upper: next.upper, yahtzee50: next.yahtzee50 }] };
  }

  /** Writes a legal option of a multi-column game into the context. */
  private scoreOption(p: Player, o: ScoreOption): void {
    const { rs } = this;
    const ctx = p.ctx;
    const col = ctx.state.columns[o.column];
    const upperBonus = o.box < UPPER_COUNT ? upperBonusFor(rs, col.upper, o.points) : 0;
    ctx.points[o.column * rs.boxes.length + o.box] = o.points;
    ctx.score += o.gain;
    if (o.bonus - upperBonus > 0) ctx.yahtzeeBonuses++;
    ctx.state = o.next;
  }
}
