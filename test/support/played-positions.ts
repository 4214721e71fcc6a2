import type { PositionInput } from '../../src/position/index.ts';
import { hasColumns, RULESETS, UPPER_COUNT, type RuleSetId } from '../../src/rules/index.ts';
import { mulberry32 } from './random-positions.ts';

/** The part of an advice a position is played on with. */
interface ScoreOptions {
  options: { action: { hold: number[] } | { score: string; column?: number }; points?: number; bonus?: number }[];
}

/**
 * Positions of any rule set (multi-column ones too), reached by playing it: each turn random dice
 * scored (one in eight n of a kind), through `hint` (the advice for the dice with no rerolls left), in the best box half the
 * time and a random legal one otherwise, so that sheets are legal whatever the columns' fill rules;
 * then random dice with 0 to 2 rerolls left, or one position in five at the start of a turn.
 * Seeded: the same seed gives the same positions.
 */
export async function playedPositions(id: RuleSetId, seed: number, count: number, hint: (p: PositionInput) => Promise<ScoreOptions>): Promise<PositionInput[]> {
  const rs = RULESETS[id];
  const rng = mulberry32(seed);
  // One roll in eight n of a kind, so that Jokers and Yahtzee bonuses come up.
  const roll = (): number[] => {
    if (rng() >= 0.125) return Array.from({ length: rs.dice }, () => 1 + Math.floor(rng() * 6));
    const face = 1 + Math.floor(rng() * 6);
    return Array.from({ length: rs.dice }, () => face);
  };
  const boxes = rs.boxes.length * rs.columns.length;
  const out: PositionInput[] = [];
  for (let i = 0; i < count; i++) {
    const sheet: Record<string, number>[] = rs.columns.map(() => ({}));
    const bonus = rs.columns.map(() => 0);
    const position = (): PositionInput => {
      const p: PositionInput = { ruleset: id, scorecard: hasColumns(rs) ? sheet.map((c) => ({ ...c })) : { ...sheet[0] } };
      if (bonus.some((b) => b > 0)) p.yahtzeeBonus = hasColumns(rs) ? [...bonus] : bonus[0];
      return p;
    };
    const turns = Math.floor(rng() * boxes);
    for (let t = 0; t < turns; t++) {
      const { options } = await hint({ ...position(), dice: roll(), rollsLeft: 0 });
      const o = rng() < 0.5 ? options[0] : options[Math.floor(rng() * options.length)];
      if (!('score' in o.action)) throw new Error('a hint with no rerolls left offered a hold');
      const col = (o.action.column ?? 1) - 1;
      const box = rs.boxes.findIndex((b) => b.id === (o.action as { score: string }).score);
      const upper = () => rs.boxes.slice(0, UPPER_COUNT).reduce((n, b) => n + (sheet[col][b.id] ?? 0), 0);
      const before = upper();
      sheet[col][o.action.score] = o.points ?? 0;
      // An option's bonus is the upper bonus it earns and its Yahtzee bonus: the sheet holds the second.
      const upperBonus = box < UPPER_COUNT && before < rs.upperBonus.threshold && upper() >= rs.upperBonus.threshold ? rs.upperBonus.points : 0;
      bonus[col] += (o.bonus ?? 0) - upperBonus;
    }
    const p = position();
    if (rng() >= 0.2) {
      p.dice = roll();
      p.rollsLeft = Math.floor(rng() * 3) as 0 | 1 | 2;
    }
    out.push(p);
  }
  return out;
}
