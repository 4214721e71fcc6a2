import type { Family, RuleSet } from '../rules/index.ts';
import { boxFamily, UPPER_COUNT } from '../rules/index.ts';
import { popcount } from '../solver/index.ts';
import type { Aspect, BoxOutlook, Outlook, Reason } from './readable-types.ts';

export type { Aspect, BoxOutlook, Outlook, Reason } from './readable-types.ts';

/** The sheet of a single-column position as the outlook reads it. */
export interface OutlookSheet {
  /** points written per box index (undefined: open) */
  boxes: readonly (number | undefined)[];
  /** the upper section's total so far, uncapped */
  upper: number;
  /** Yahtzee bonus points on the sheet */
  yahtzeeBonus: number;
}

/**
 * Reads an outlook from engine lanes in the lane order of the sheet's state (outlook.ts): lane 0
 * at `at` (expected points to come, not read), then the open boxes' expected points, their
 * chances of 0, and the bonuses still to come. A score option's lanes are in the same order,
 * its box among the open ones.
 */
export function readOutlook(rs: RuleSet, sheet: OutlookSheet, lanes: Float64Array, at: number): Outlook {
  const B = rs.boxes.length;
  let mask = 0;
  for (let b = 0; b < B; b++) if (sheet.boxes[b] !== undefined) mask |= 1 << b;
  const m = B - popcount(mask);
  const boxes: Record<string, BoxOutlook> = {};
  for (let b = 0, i = 0; b < B; b++) {
    const written = sheet.boxes[b];
    if (written !== undefined) boxes[rs.boxes[b].id] = { expected: written, probabilityZero: written === 0 ? 1 : 0 };
    else {
      boxes[rs.boxes[b].id] = { expected: lanes[at + 1 + i], probabilityZero: lanes[at + 1 + m + i] };
      i++;
    }
  }
  const out: Outlook = { boxes };
  let bonusLane = at + 1 + 2 * m;
  const UB = rs.upperBonus.points;
  if (UB > 0) {
    const p = sheet.upper >= rs.upperBonus.threshold ? 1 : lanes[bonusLane];
    out.upperBonus = { probability: p, expected: UB * p };
    bonusLane++;
  }
  if (rs.yahtzeeBonus > 0) out.yahtzeeBonus = { expected: sheet.yahtzeeBonus + lanes[bonusLane] };
  return out;
}

/** The final score the outlook expects: the boxes' expected points plus the bonuses'. */
export function outlookTotal(o: Outlook): number {
  let total = 0;
  for (const id in o.boxes) total += o.boxes[id].expected;
  return total + (o.upperBonus?.expected ?? 0) + (o.yahtzeeBonus?.expected ?? 0);
}

/** Reasons name aspects that together account for at least this share of an option's loss. */
export const REASONS_COVER = 0.8;

/** Aspects moving by less than this many points are not reasons (the sums' rounding). */
const NEGLIGIBLE = 1e-9;

/** What each aspect costs the option against the best (best − option, in expected points), in the outlook's order: boxes, then bonuses. */
export function aspectLosses(best: Outlook, option: Outlook): { aspect: Aspect; loss: number }[] {
  const out: { aspect: Aspect; loss: number }[] = [];
  for (const box in best.boxes) out.push({ aspect: { aspect: 'box', box }, loss: best.boxes[box].expected - option.boxes[box].expected });
  if (best.upperBonus && option.upperBonus) out.push({ aspect: { aspect: 'upperBonus' }, loss: best.upperBonus.expected - option.upperBonus.expected });
  if (best.yahtzeeBonus && option.yahtzeeBonus) out.push({ aspect: { aspect: 'yahtzeeBonus' }, loss: best.yahtzeeBonus.expected - option.yahtzeeBonus.expected });
  return out;
}

/**
 * The aspects that account for an option's loss against the best, largest first, as few as cover
 * REASONS_COVER of it (none for an option as good as the best). The aspects where the option
 * loses add up to at least its loss (those where it gains make up the rest), so they always can.
 */
export function reasonsFor(best: Outlook, option: Outlook, loss: number): Reason[] {
  if (!(loss > NEGLIGIBLE)) return [];
  const losing = aspectLosses(best, option)
    .filter((a) => a.loss > NEGLIGIBLE)
    .sort((a, b) => b.loss - a.loss);
  const out: Reason[] = [];
  let covered = 0;
  for (const a of losing) {
    if (covered >= REASONS_COVER * loss) break;
    covered += a.loss;
    out.push(reasonOf(best, option, a.aspect, a.loss));
  }
  return out;
}

function reasonOf(best: Outlook, option: Outlook, aspect: Aspect, loss: number): Reason {
  switch (aspect.aspect) {
    case 'box': {
      const b = best.boxes[aspect.box];
      const o = option.boxes[aspect.box];
      return { aspect: 'box', box: aspect.box, loss, expected: { best: b.expected, option: o.expected }, probabilityZero: { best: b.probabilityZero, option: o.probabilityZero } };
    }
    case 'upperBonus':
      return { aspect: 'upperBonus', loss, probability: { best: best.upperBonus!.probability, option: option.upperBonus!.probability } };
    case 'yahtzeeBonus':
      return { aspect: 'yahtzeeBonus', loss, expected: { best: best.yahtzeeBonus!.expected, option: option.yahtzeeBonus!.expected } };
  }
}

/** The family an aspect belongs to: a box's (rules/families.ts), the upper bonus to the upper section, the Yahtzee bonus to the Yahtzee. */
export function aspectFamily(rs: RuleSet, aspect: Aspect): Family {
  if (aspect.aspect === 'upperBonus') return 'upper';
  if (aspect.aspect === 'yahtzeeBonus') return 'yahtzee';
  const box = rs.boxes.find((b) => b.id === aspect.box);
  if (!box) throw new Error(`${rs.id} has no box ${aspect.box}`);
  return boxFamily(box);
}

/** A single-column sheet as the outlook reads it, from its points per box (undefined: open) and its Yahtzee bonus points. */
export function outlookSheet(rs: RuleSet, values: readonly (number | undefined)[], yahtzeeBonus: number): OutlookSheet {
  let upper = 0;
  for (let b = 0; b < UPPER_COUNT && b < rs.boxes.length; b++) upper += values[b] ?? 0;
  return { boxes: values, upper, yahtzeeBonus };
}
