import type { BoxDef } from './types.ts';

const UPPER_IDS = ['ones', 'twos', 'threes', 'fours', 'fives', 'sixes'] as const;

export function upperBoxes(): BoxDef[] {
  return UPPER_IDS.map((id, i) => ({
    id,
    label: id[0].toUpperCase() + id.slice(1),
    pattern: { kind: 'upper', face: i + 1 },
  }));
}

/** The 13 boxes of a Yahtzee (or, with 6 dice, Kniffel/Superpass) column. */
export function yahtzeeColumn(dice: 5 | 6): BoxDef[] {
  const five = dice === 5;
  return [
    ...upperBoxes(),
    { id: 'threeOfAKind', label: 'Three of a kind', pattern: { kind: 'ofAKind', n: 3, score: 'sum' } },
    { id: 'fourOfAKind', label: 'Four of a kind', pattern: { kind: 'ofAKind', n: 4, score: 'sum' } },
    { id: 'fullHouse', label: 'Full house', pattern: { kind: 'fullHouse', exact: five, score: 25 }, jokerPoints: 25 },
    { id: 'smallStraight', label: 'Small straight', pattern: { kind: 'straight', length: 4, points: 30 }, jokerPoints: 30 },
    { id: 'largeStraight', label: 'Large straight', pattern: { kind: 'straight', length: 5, points: 40 }, jokerPoints: 40 },
    five
      ? { id: 'yahtzee', label: 'Yahtzee', pattern: { kind: 'ofAKindFixed', n: 5, points: 50 } }
      : { id: 'kniffel', label: 'Kniffel', pattern: { kind: 'ofAKindFixed', n: 5, points: 50 } },
    { id: 'chance', label: 'Chance', pattern: { kind: 'chance' } },
  ];
}

export function yatzyColumn(): BoxDef[] {
  return [
    ...upperBoxes(),
    { id: 'onePair', label: 'One pair', pattern: { kind: 'onePair' } },
    { id: 'twoPairs', label: 'Two pairs', pattern: { kind: 'twoPairs' } },
    { id: 'threeOfAKind', label: 'Three of a kind', pattern: { kind: 'ofAKind', n: 3, score: 'nTimesFace' } },
    { id: 'fourOfAKind', label: 'Four of a kind', pattern: { kind: 'ofAKind', n: 4, score: 'nTimesFace' } },
    { id: 'smallStraight', label: 'Small straight', pattern: { kind: 'exactRun', faces: [1, 2, 3, 4, 5], points: 15 } },
    { id: 'largeStraight', label: 'Large straight', pattern: { kind: 'exactRun', faces: [2, 3, 4, 5, 6], points: 20 } },
    { id: 'fullHouse', label: 'Full house', pattern: { kind: 'fullHouse', exact: true, score: 'sum' } },
    { id: 'chance', label: 'Chance', pattern: { kind: 'chance' } },
    { id: 'yatzy', label: 'Yatzy', pattern: { kind: 'ofAKindFixed', n: 5, points: 50 } },
  ];
}
