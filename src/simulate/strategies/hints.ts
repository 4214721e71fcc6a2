import { countsKey } from '../../dice/index.ts';
import { DicewiseError } from '../../errors.ts';
import type { BoxDef, RuleSet } from '../../rules/index.ts';
import { longestRun, maxOfAKind, UPPER_COUNT } from '../../rules/index.ts';
import { markTrusted } from '../play-game.ts';
import type { DecisionContext, LegalBox, Strategy } from '../strategy.ts';
import { keepRun } from './keep-run.ts';

/**
 * `hints` (Superpass only): rule-based play after the game's published advice — use the
 * first-roll column (column 3) when the first roll scores well there, advance columns 1 and 2
 * (fixed order) early, and keep fives, sixes and three of a kind in column 4 for later.
 *
 * Box: the legal option (from the context's options, i.e. scoreOptions) with the largest
 *   points − par(box) + bonus
 *   + FIRST_ROLL (6) in column 3 when the entry is made after the first roll and scores ≥ par,
 *   + ADVANCE (3) in columns 1 and 2,
 *   − RESERVE (8) for fives, sixes and three of a kind in column 4 while more than 8 turns remain;
 * ties go to the first option (lower column, then lower box). par is roughly what a box is worth
 * later with six dice: 3 × face for an upper box, 25 three of a kind, 20 four of a kind, 22 full
 * house, 28 and 32 the straights, 20 the kniffel, 24 chance.
 *
 * Holds, the first rule that applies:
 * 1. after the first roll, stop when a column-3 entry scores at least its par (score it there);
 * 2. stop when a legal fixed-score entry (full house, straights, kniffel) scores;
 * 3. three or more of a kind: keep them (highest face among equal counts);
 * 4. four or more in a row: keep one die of each face of the run;
 * 5. a pair: keep the highest pair;
 * 6. otherwise keep the fives and sixes.
 */
export function hintsStrategy(rs: RuleSet): Strategy {
  if (rs.id !== 'superpass') {
    throw new DicewiseError('INVALID_INPUT', `the hints strategy plays superpass only, not ${rs.id}`, [{ field: 'strategies', message: 'hints plays superpass only' }]);
  }
  const par = rs.boxes.map((b, i) => parOf(b, i));
  const fixed = rs.boxes.map((b) => b.pattern.kind === 'ofAKindFixed' || b.pattern.kind === 'straight' || (b.pattern.kind === 'fullHouse' && typeof b.pattern.score === 'number'));
  const reserved = rs.boxes.map((b, i) => i === 4 || i === 5 || (b.pattern.kind === 'ofAKind' && b.pattern.n === 3));
  const turns = rs.boxes.length * rs.columns.length;
  const hold = [0, 0, 0, 0, 0, 0];
  const keepOf = (ctx: DecisionContext): number => ctx.tables.keyToKeep[countsKey(hold)];

  const value = (ctx: DecisionContext, o: LegalBox): number => {
    let v = o.points - par[o.index] + o.bonus;
    if (o.column === FIRST_ROLL_COLUMN && ctx.rollsLeft === 2 && o.points >= par[o.index]) v += FIRST_ROLL;
    if (o.column === 0 || o.column === 1) v += ADVANCE;
    if (o.column === 3 && reserved[o.index] && turns - ctx.turn + 1 > 8) v -= RESERVE;
    return v;
  };

  return markTrusted({
    name: 'hints',
    chooseHold(ctx) {
      const options = ctx.options;
      if (ctx.rollsLeft === 2 && options.some((o) => o.column === FIRST_ROLL_COLUMN && o.points > 0 && o.points >= par[o.index])) return ctx.roll;
      if (options.some((o) => fixed[o.index] && o.points > 0)) return ctx.roll;
      const counts = ctx.counts;
      const most = maxOfAKind(counts);
      let face = -1;
      for (let f = 5; f >= 0 && face < 0; f--) if (counts[f] === most) face = f;
      hold.fill(0);
      if (most >= 3) {
        hold[face] = counts[face];
        return keepOf(ctx);
      }
      const run = longestRun(counts);
      if (run >= 4) return keepRun(counts, run, hold, ctx, keepOf);
      if (most === 2) {
        hold[face] = 2;
        return keepOf(ctx);
      }
      hold[4] = counts[4];
      hold[5] = counts[5];
      return keepOf(ctx);
    },
    chooseBox(ctx) {
      let best = -Infinity;
      let pick: LegalBox | undefined;
      for (const o of ctx.options) {
        const v = value(ctx, o);
        if (v > best) {
          best = v;
          pick = o;
        }
      }
      return { box: pick!.index, column: pick!.column };
    },
  });
}

/** Column 3 (0-based 2): entries score only right after the first roll. */
const FIRST_ROLL_COLUMN = 2;
const FIRST_ROLL = 6;
const ADVANCE = 3;
const RESERVE = 8;

function parOf(b: BoxDef, index: number): number {
  const p = b.pattern;
  if (index < UPPER_COUNT) return 3 * (index + 1);
  switch (p.kind) {
    case 'ofAKind':
      return p.n <= 3 ? 25 : 20;
    case 'ofAKindFixed':
      return 20;
    case 'fullHouse':
      return 22;
    case 'straight':
      return p.length >= 5 ? 32 : 28;
    case 'chance':
      return 24;
    default:
      return 15;
  }
}
