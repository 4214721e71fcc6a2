import type { Odds } from '../advisor/index.ts';

/** How `dicewise odds` prints a curve: one line per target, runs of certain and hopeless targets folded into one line each. */

const BAR_WIDTH = 40;
const percent = (p: number) => `${(100 * p).toFixed(4)}%`;

export function formatOdds(o: Odds): string {
  const lines = [`${o.ruleset}: score ${o.score}; best chance of finishing with at least each total`, ''];
  const text = o.probabilities.map(percent);
  let first = 0;
  while (first < text.length - 1 && text[first + 1] === percent(1)) first++;
  let last = text.length - 1;
  while (last > first && text[last - 1] === percent(0)) last--;
  const width = String(o.to).length + 2;
  const row = (target: string, i: number) =>
    `${target.padStart(width)}  ${text[i].padStart(9)}  ${'#'.repeat(Math.round(BAR_WIDTH * o.probabilities[i]))}`.trimEnd();
  lines.push(`${'total'.padStart(width)}  ${'chance'.padStart(9)}`);
  for (let i = 0; i < text.length; i++) {
    if (i === first && first > 0) lines.push(row(`<=${o.from + i}`, i));
    else if (i === last && last < text.length - 1) lines.push(row(`>=${o.from + i}`, i));
    else if (i >= first && i <= last) lines.push(row(String(o.from + i), i));
  }
  return `${lines.join('\n')}\n`;
}
