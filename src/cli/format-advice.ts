import type { Advice, AdviceOption } from '../advisor/index.ts';
import type { Action } from '../position/index.ts';

/** How `dicewise hint` prints advice: a header line, then the options ranked in a table. */

function describeAction(a: Action): string {
  if ('hold' in a) return a.hold.length === 0 ? 'reroll all' : `hold ${a.hold.join(' ')}`;
  return `score ${a.score}${a.column !== undefined ? ` (column ${a.column})` : ''}`;
}

function describePoints(o: AdviceOption): string {
  if (o.points === undefined) return '';
  return o.bonus ? `${o.points} +${o.bonus}` : String(o.points);
}

export function formatAdvice(a: Advice): string {
  const lines = [
    `${a.ruleset}${a.exact ? '' : ' (approximate)'}: score ${a.score}, state value ${a.stateValue.toFixed(4)}, expected final score ${a.expectedFinalScore.toFixed(4)}`,
  ];
  if (!a.dice) {
    lines.push('start of a turn: roll the dice, then ask again');
    return `${lines.join('\n')}\n`;
  }
  lines.push(`dice ${a.dice.join(' ')}, ${a.rollsLeft} reroll${a.rollsLeft === 1 ? '' : 's'} left`, '');
  const rows = a.options.map((o, i) => [String(i + 1), describeAction(o.action), describePoints(o), o.ev.toFixed(4), o.loss.toFixed(4), i > 0 && o.nearTie ? '*' : '']);
  const head = ['rank', 'action', 'points', 'EV', 'loss', ''];
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  // Text columns left-aligned, numbers right-aligned.
  const left = [false, true, false, false, false, true];
  const fmt = (r: string[]) => r.map((cell, c) => (left[c] ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ').trimEnd();
  lines.push(fmt(head), ...rows.map(fmt));
  if (rows.some((r) => r[5] === '*')) lines.push('', '* within 0.01 points of the best: as good in practice');
  return `${lines.join('\n')}\n`;
}
