import { countsKey } from '../../dice/index.ts';
import type { BoxDef, RuleSet } from '../../rules/index.ts';
import { longestRun, maxOfAKind, scorePattern, UPPER_COUNT } from '../../rules/index.ts';
import { markTrusted } from '../play-game.ts';
import type { DecisionContext, Strategy } from '../strategy.ts';
import { keepRun } from './keep-run.ts';

/**
 * "Par" play, the way a good human plays without tables.
 *
 * Box: score where points − par (+ bonuses earned) is largest, par being roughly what the box is
 * worth later: 25 for three of a kind, 18 for four of a kind, 22 for full house and chance, 29 and
 * 32 for the straights, 16 for Yahtzee (Yatzy boxes alike); 3 × face for an upper box, on pace
 * for the bonus, where being above or below par counts 2.5 times while the bonus is open (2 × face
 * and once it is secured). So zeros go where they cost least: ones first, Yahtzee or four of a
 * kind late. (Tuned on a few thousand games: about 224 on `yahtzee`, the bonus in ~28% of games.)
 *
 * Holds, first rule that applies:
 * 1. stop when the dice are n of a kind, or fill an open fixed-score box (Yahtzee, large straight,
 *    full house; a small straight once the large one is filled);
 * 2. three or more of a kind: keep them if their upper box or an of-a-kind box is open;
 * 3. four in a row with a straight open: keep the run;
 * 4. a pair (the highest useful one): keep it; two pairs with full house open: keep both;
 * 5. three in a row with a straight open: keep the run;
 * 6. otherwise keep the fives and sixes while chance is open, else reroll everything.
 */
export function heuristicStrategy(rs: RuleSet): Strategy {
  const par = rs.boxes.map((b, i) => parOf(b, i));
  const kind = rs.boxes.map((b) => b.pattern.kind);
  const isOfAKind = kind.map((k) => k === 'ofAKind' || k === 'ofAKindFixed');
  const isStraight = kind.map((k) => k === 'straight' || k === 'exactRun');
  const fixed = rs.boxes.map((b) => fixedKind(b));
  const chance = kind.indexOf('chance');
  const hold = [0, 0, 0, 0, 0, 0];

  const keepOf = (ctx: DecisionContext): number => ctx.tables.keyToKeep[countsKey(hold)];

  return markTrusted({
    name: 'heuristic',
    chooseHold(ctx) {
      const t = ctx.tables;
      const counts = t.keepCounts.subarray(ctx.roll * 6, ctx.roll * 6 + 6);
      const open = ~ctx.state.columns[0].mask;
      const isOpen = (b: number): boolean => b >= 0 && (open & (1 << b)) !== 0;
      const anyOpen = (flags: boolean[]): boolean => flags.some((f, b) => f && isOpen(b));
      const n = rs.dice;
      const most = maxOfAKind(counts);
      if (most === n) return ctx.roll;
      let smallMade = false;
      let largeOpen = false;
      for (let b = 0; b < rs.boxes.length; b++) {
        if (!isOpen(b) || fixed[b] === 'none') continue;
        if (fixed[b] === 'large') largeOpen = true;
        if (scorePattern(rs.boxes[b].pattern, counts) > 0) {
          if (fixed[b] === 'small') smallMade = true;
          else return ctx.roll;
        }
      }
      if (smallMade && !largeOpen) return ctx.roll;
      // Faces by count, highest face first among equal counts.
      let face = -1;
      for (let f = 5; f >= 0; f--) if (counts[f] === most && face < 0) face = f;
      const useful = (f: number): boolean => isOpen(f) || anyOpen(isOfAKind);
      hold.fill(0);
      if (most >= 3 && useful(face)) {
        hold[face] = counts[face];
        return keepOf(ctx);
      }
      const straightOpen = anyOpen(isStraight);
      const run = longestRun(counts);
      if (straightOpen && run >= 4) return keepRun(counts, run, hold, ctx, keepOf);
      if (most === 2) {
        const pairs: number[] = [];
        for (let f = 5; f >= 0; f--) if (counts[f] === 2 && useful(f)) pairs.push(f);
        const fullHouse = fixed.findIndex((k) => k === 'fullHouse');
        if (pairs.length >= 2 && isOpen(fullHouse)) {
          hold[pairs[0]] = 2;
          hold[pairs[1]] = 2;
          return keepOf(ctx);
        }
        if (pairs.length > 0) {
          hold[pairs[0]] = 2;
          return keepOf(ctx);
        }
      }
      if (straightOpen && run >= 3) return keepRun(counts, run, hold, ctx, keepOf);
      if (isOpen(chance)) {
        hold[4] = counts[4];
        hold[5] = counts[5];
      }
      return keepOf(ctx);
    },
    chooseBox(ctx) {
      const upper = ctx.state.columns[0].upper;
      const secured = upper >= rs.upperBonus.threshold;
      let best = -Infinity;
      let pick = -1;
      for (const o of ctx.options) {
        const upperBox = o.index < UPPER_COUNT;
        const v = !upperBox
          ? o.points - par[o.index] + o.bonus
          : secured
            ? o.points - (2 * par[o.index]) / 3 + o.bonus
            : UPPER_WEIGHT * (o.points - par[o.index]) + o.bonus;
        if (v > best) {
          best = v;
          pick = o.index;
        }
      }
      return { box: pick };
    },
  });
}

/** How much more a point above or below par counts in an upper box while the bonus is open. */
const UPPER_WEIGHT = 2.5;

type FixedKind = 'none' | 'yahtzee' | 'small' | 'large' | 'fullHouse';

/** Boxes that score a fixed number of points when their pattern is there. */
function fixedKind(b: BoxDef): FixedKind {
  const p = b.pattern;
  if (p.kind === 'ofAKindFixed') return 'yahtzee';
  if (p.kind === 'straight') return p.length >= 5 ? 'large' : 'small';
  if (p.kind === 'exactRun') return p.faces.includes(6) ? 'large' : 'small';
  if (p.kind === 'fullHouse' && typeof p.score === 'number') return 'fullHouse';
  return 'none';
}

/** What a box is worth later, roughly (see heuristicStrategy). */
function parOf(b: BoxDef, index: number): number {
  const p = b.pattern;
  switch (p.kind) {
    case 'upper':
      return 3 * (index + 1);
    case 'ofAKind':
      if (p.score === 'nTimesFace') return p.n * 3;
      return p.n <= 3 ? 25 : 18;
    case 'ofAKindFixed':
      return 16;
    case 'fullHouse':
      return typeof p.score === 'number' ? 22 : 18;
    case 'straight':
      return p.length >= 5 ? 32 : 29;
    case 'exactRun':
      return p.points * 0.6;
    case 'chance':
      return 22;
    case 'onePair':
      return 8;
    case 'twoPairs':
      return 14;
  }
}
