import type { Advice, ProbabilityAdvice } from '../advisor/index.ts';
import { goalLabel, goalNotes } from '../goals/index.ts';
import type { Action } from '../position/index.ts';
import { RULESETS, type RuleSetId } from '../rules/index.ts';

/**
 * How `dicewise hint` prints advice: a header line, what the marks mean, then the options ranked
 * in a table. The legend comes before the table: a multi-column position has forty rows or more.
 */

function describeAction(a: Action): string {
  if ('hold' in a) return a.hold.length === 0 ? 'reroll all' : `hold ${a.hold.join(' ')}`;
  return `score ${a.score}${a.column !== undefined ? ` (column ${a.column})` : ''}`;
}

/** What a score option adds to the game: its points and bonus, times its column's multiplier ("390 (30 +100 ×3)"). */
function describePoints(ruleset: RuleSetId, o: { action: Action; points?: number; bonus?: number }): string {
  if (o.points === undefined) return '';
  const inBox = o.bonus ? `${o.points} +${o.bonus}` : String(o.points);
  const m = 'score' in o.action && o.action.column !== undefined ? (RULESETS[ruleset].columns[o.action.column - 1]?.multiplier ?? 1) : 1;
  return m === 1 ? inBox : `${m * (o.points + (o.bonus ?? 0))} (${inBox} ×${m})`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The legend of the marks in the option table, where the table has them. */
function legend(rows: string[][], tie: string): string[] {
  const lines: string[] = [];
  if (rows.some((r) => r[5] === '*')) lines.push(`* ${tie} of the best: as good in practice`);
  if (rows.some((r) => r[2].includes('×'))) lines.push('points: what the entry adds to the game, its points and bonus times the column’s multiplier');
  return lines.length ? [...lines, ''] : [];
}

/** Rank, action, points, value, loss, tie mark: text columns left-aligned, numbers right-aligned. */
function optionTable(head: string[], rows: string[][]): string[] {
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const left = [false, true, false, false, false, true];
  const fmt = (r: string[]) => r.map((cell, c) => (left[c] ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ').trimEnd();
  return [fmt(head), ...rows.map(fmt)];
}

export function formatAdvice(a: Advice | ProbabilityAdvice): string {
  if ('probabilityBefore' in a) return formatProbabilityAdvice(a);
  const lines = [
    `${a.ruleset}${a.exact ? '' : ' (approximate)'}: score ${a.score}, state value ${a.stateValue.toFixed(4)}, expected final score ${a.expectedFinalScore.toFixed(4)}${a.effort ? `, effort ${a.effort}` : ''}`,
  ];
  if (!a.dice) {
    lines.push('start of a turn: roll the dice, then ask again');
    return `${lines.join('\n')}\n`;
  }
  lines.push(`dice ${a.dice.join(' ')}, ${plural(a.rollsLeft, 'reroll', 'rerolls')} left`, '');
  const rows = a.options.map((o, i) => [String(i + 1), describeAction(o.action), describePoints(a.ruleset, o), o.ev.toFixed(4), o.loss.toFixed(4), i > 0 && o.nearTie ? '*' : '']);
  lines.push(...legend(rows, 'within 0.01 points'), ...optionTable(['rank', 'action', 'points', 'EV', 'loss', ''], rows));
  const rolled = a.options.filter((o) => o.rollouts !== undefined);
  if (rolled.length > 0) lines.push('', `options 1 to ${rolled.length}: EV is the mean of ${rolled[0].rollouts} rollouts each on the same dice (the others: the model's)`);
  return `${lines.join('\n')}\n`;
}

const percent = (p: number) => `${(100 * p).toFixed(4)}%`;

/** Reach and win goals: options ranked by the chance of the target (the expected share of the stake), losses in percentage points. */
function formatProbabilityAdvice(a: ProbabilityAdvice): string {
  const target = goalLabel(a.goal);
  const lines = [`${a.ruleset}${a.exact ? '' : ' (approximate)'}: score ${a.score}, goal ${target}: ${percent(a.probabilityBefore)} from the start of this turn`, ...goalNotes(a)];
  if (a.calibration) {
    const c = a.calibration;
    lines.push(`chances are estimates, calibrated to what this advice's play achieved from such chances over ${c.games.toLocaleString('en-US')} games (${plural(c.boxesOpen, 'box', 'boxes')} open; docs/goals.md gives the error)`);
  }
  if (a.steering?.by === 'points') {
    lines.push(`more than ${plural(a.steering.horizon, 'box', 'boxes')} left: ranked as best play ranks them, which did better for this goal in measured games (chances are the model's)`);
  }
  if (!a.dice) {
    lines.push('start of a turn: roll the dice, then ask again');
    return `${lines.join('\n')}\n`;
  }
  lines.push(`dice ${a.dice.join(' ')}, ${plural(a.rollsLeft, 'reroll', 'rerolls')} left: ${percent(a.probability)} with the ${a.steering?.by === 'points' ? 'first option' : 'best play'}`, '');
  const rows = a.options.map((o, i) => [String(i + 1), describeAction(o.action), describePoints(a.ruleset, o), percent(o.probability), percent(o.loss), i > 0 && o.nearTie ? '*' : '']);
  lines.push(...legend(rows, 'within 0.01 percentage points'), ...optionTable(['rank', 'action', 'points', 'chance', 'loss', ''], rows));
  return `${lines.join('\n')}\n`;
}
