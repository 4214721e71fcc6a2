import type { ExplainedAdvice } from '../advisor/index.ts';
import { reasonSentence, type ReasonLanguage } from '../position/reason-text.ts';
import { outlookTotal, type Outlook } from '../position/index.ts';
import { RULESETS } from '../rules/index.ts';

/**
 * What `dicewise hint --explain` prints after the options: the position's outlook box by box, then
 * one sentence per option saying what it gives up against the best, in the language asked for.
 */

const percent = (p: number) => `${(100 * p).toFixed(1)}%`;

/** The outlook as a table: each box's expected final points and chance of a zero (filled boxes as written), the bonuses, the total. */
export function formatOutlook(ruleset: ExplainedAdvice['ruleset'], o: Outlook, score: number): string[] {
  const rs = RULESETS[ruleset];
  const rows: string[][] = rs.boxes.map((b) => {
    const box = o.boxes[b.id];
    return [b.label, box.expected.toFixed(2), box.probabilityZero === 0 || box.probabilityZero === 1 ? (box.probabilityZero === 1 ? 'zero' : '') : percent(box.probabilityZero)];
  });
  if (o.upperBonus) rows.push(['Upper bonus', o.upperBonus.expected.toFixed(2), `${percent(o.upperBonus.probability)} earned`]);
  if (o.yahtzeeBonus) rows.push(['Yahtzee bonus', o.yahtzeeBonus.expected.toFixed(2), '']);
  rows.push(['Total', outlookTotal(o).toFixed(2), `${score} on the sheet`]);
  const head = ['box', 'expected', 'zero'];
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const fmt = (r: string[]) => [r[0].padEnd(widths[0]), r[1].padStart(widths[1]), r[2]].join('  ').trimEnd();
  return [fmt(head), ...rows.map(fmt)];
}

export function formatExplanation(a: ExplainedAdvice, lang: ReasonLanguage): string {
  const rs = RULESETS[a.ruleset];
  const lines = ['', a.dice ? 'outlook playing the best option, then on for points:' : 'outlook of the turn, playing for points:', ...formatOutlook(a.ruleset, a.outlook, a.score)];
  if (a.options.length > 1) {
    lines.push('', 'why not:');
    a.options.forEach((o, i) => {
      if (i > 0) lines.push(`${String(i + 1).padStart(3)}. ${reasonSentence(rs, o, a.options[0], lang)}`);
    });
  }
  return `${lines.join('\n')}\n`;
}
