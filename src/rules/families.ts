import type { BoxDef } from './types.ts';

/**
 * The parts of a scorecard a player's points (and losses) are told by, as Verhoeff's Proficiency
 * Test tells a player's mistakes: the upper section with its bonus (bonus management), the boxes
 * of n of a kind, pairs and full houses, the straights, the Yahtzee box with its bonus (Yahtzee
 * chasing), and chance. Each box belongs to one, by its scoring pattern.
 */
export type Family = 'upper' | 'kinds' | 'straights' | 'yahtzee' | 'chance';

export const FAMILIES: readonly Family[] = ['upper', 'kinds', 'straights', 'yahtzee', 'chance'];

export function boxFamily(box: BoxDef): Family {
  switch (box.pattern.kind) {
    case 'upper':
      return 'upper';
    case 'straight':
    case 'exactRun':
      return 'straights';
    case 'ofAKindFixed':
      return 'yahtzee';
    case 'chance':
      return 'chance';
    default:
      return 'kinds';
  }
}
