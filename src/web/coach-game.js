// @ts-check
import { sorted } from './dice.js';
import { facesToCounts } from './lib/dice/multiset.js';
import { extraYahtzeeBonus as yahtzeeBonusFor, yahtzeeBoxHolds50 } from './lib/rules/scoring.js';
import { rollDice } from './rng.js';
import { hasColumns } from './ruleset-kind.js';

/**
 * A coach game as data: the list of decisions taken, and the state they lead to, replayed from
 * the seed (so undo is dropping the last decision).
 *
 * @typedef {import('./types.js').RuleSet} RuleSet
 * @typedef {import('./types.js').Action} Action
 * @typedef {import('./types.js').TurnRecord} TurnRecord
 * @typedef {{ loss: number, nearTie: boolean, best: Action, chosen: Action, turn: number, roll: number }} Verdict
 * @typedef {{ kind: 'hold', keep: boolean[], verdict: Verdict }} HoldStep
 * @typedef {{ kind: 'score', box: number, column: number, points: number, yahtzeeBonus: number, verdict: Verdict }} ScoreStep
 * @typedef {HoldStep | ScoreStep} Step
 * @typedef {{
 *   turn: number, roll: number, dice: number[], fresh: boolean[], rolls: number[][], holds: number[][],
 *   sheet: (number | undefined)[][], bonuses: number[], records: TurnRecord[], over: boolean
 * }} GameState
 */

/**
 * The game after `steps`, replayed from the seed.
 * @param {RuleSet} rs
 * @param {string} seed
 * @param {readonly Step[]} steps
 * @returns {GameState}
 */
export function replay(rs, seed, steps) {
  const n = rs.dice;
  const first = rollDice(seed, 1, 1, n);
  /** @type {GameState} */
  const g = {
    turn: 1,
    roll: 1,
    dice: first,
    fresh: first.map(() => true),
    rolls: [first],
    holds: [],
    sheet: rs.columns.map(() => rs.boxes.map(() => undefined)),
    bonuses: rs.columns.map(() => 0),
    records: [],
    over: false,
  };
  const turns = rs.boxes.length * rs.columns.length;
  for (const step of steps) {
    if (step.kind === 'hold') {
      const kept = g.dice.filter((_, i) => step.keep[i]);
      const fresh = rollDice(seed, g.turn, g.roll + 1, n - kept.length);
      let k = 0;
      g.dice = g.dice.map((d, i) => (step.keep[i] ? d : fresh[k++]));
      g.fresh = step.keep.map((kept) => !kept);
      g.holds.push(sorted(kept));
      g.rolls.push(g.dice);
      g.roll++;
      continue;
    }
    g.sheet[step.column][step.box] = step.points;
    g.bonuses[step.column] += step.yahtzeeBonus;
    /** @type {TurnRecord} */
    const record = { rolls: g.rolls, holds: g.holds, box: rs.boxes[step.box].id };
    if (hasColumns(rs)) record.column = step.column + 1;
    g.records.push(record);
    if (g.turn === turns) {
      g.over = true;
      break;
    }
    g.turn++;
    g.roll = 1;
    g.dice = rollDice(seed, g.turn, 1, n);
    g.fresh = g.dice.map(() => true);
    g.rolls = [g.dice];
    g.holds = [];
  }
  return g;
}

/**
 * The extra-Yahtzee bonus a score entry earns, as the engine's rules pay it: any Yahtzee scored
 * while that column's Yahtzee box holds 50.
 * @param {RuleSet} rs
 * @param {GameState} g
 * @param {number} column
 */
export function extraYahtzeeBonus(rs, g, column) {
  return yahtzeeBonusFor(rs.rules, facesToCounts(g.dice), yahtzeeBoxHolds50(rs.rules, g.sheet[column]));
}

/**
 * The position of a game as the hint API takes it: the sheet, the bonuses, the dice and the
 * rerolls left.
 * @param {RuleSet} rs
 * @param {GameState} g
 * @returns {import('./types.js').PositionInput}
 */
export function positionOf(rs, g) {
  const cards = g.sheet.map((col) => Object.fromEntries(col.flatMap((v, b) => (v === undefined ? [] : [[rs.boxes[b].id, v]]))));
  /** @type {import('./types.js').PositionInput} */
  const p = { ruleset: rs.id, scorecard: hasColumns(rs) ? cards : cards[0], dice: sorted(g.dice), rollsLeft: 3 - g.roll };
  if (rs.facts.yahtzeeBonus > 0) p.yahtzeeBonus = hasColumns(rs) ? g.bonuses : g.bonuses[0];
  return p;
}

/**
 * The game's record as the analyse API takes it and the page downloads it.
 * @param {RuleSet} rs
 * @param {GameState} g
 * @returns {import('./types.js').GameRecord}
 */
export function gameRecord(rs, g) {
  return { ruleset: rs.id, turns: g.records };
}
