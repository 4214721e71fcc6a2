import { familyName, type ReasonLanguage } from '../position/index.ts';
import { RULESETS, type RuleSetId } from '../rules/index.ts';
import { actionText, meanFinal } from './format-report.ts';
import type { PlayerProfile, ProfileGroup } from './profile.ts';

/** Readable text of a player profile: pure string building, the CLI prints it. */

const KIND_TEXT = { hold1: 'holds after roll 1', hold2: 'holds after roll 2', box: 'box choices' } as const;

/** The short summary that closes a per-game report (an explained review's with where its losses come from). */
export function formatBatchSummary(p: PlayerProfile, lang: ReasonLanguage = 'en'): string {
  const m = p.mistakes;
  const mistakes =
    m.total.count === 0
      ? 'none'
      : `${m.blunder.count} ${m.blunder.count === 1 ? 'blunder' : 'blunders'}, ${m.mistake.count} ${m.mistake.count === 1 ? 'mistake' : 'mistakes'}, ${m.inaccuracy.count} ${m.inaccuracy.count === 1 ? 'inaccuracy' : 'inaccuracies'}, ${m.slight.count} slight`;
  const luck = (p.luck.mean >= 0 ? '+' : '') + p.luck.mean.toFixed(2);
  return [
    `${p.games} games: ${p.analysed} analysed (${p.finished} finished), ${p.errors} with errors`,
    `  ${meanFinal(p.finished, p.meanFinalScore)}, mean loss ${p.loss.perGame.toFixed(2)}, mean luck ${luck}`,
    `  mistakes: ${mistakes}`,
    ...(p.estimated ? [`  ${estimatedText(p)}`] : []),
    ...(p.byFamily && p.explained ? [`  loss by family: ${p.byFamily.filter((f) => Math.abs(f.perGame) > 0.005).map((f) => `${familyName(RULESETS[familyRules(p)], f.family, lang)} ${f.perGame.toFixed(2)}`).join(', ')} a game`] : []),
    ...(p.groups ?? []).flatMap((g) => [`${groupName(g)}:`, ...formatBatchSummary(g.profile, lang).split('\n').map((l) => `  ${l}`)]),
  ].join('\n');
}

/** Where some games had no exact table to be rated by (Triple Yahtzee, Superpass). */
function estimatedText(p: PlayerProfile): string {
  const n = p.estimated ?? 0;
  return `${n === p.analysed ? 'every game' : `${n} of the games`} rated by the best model, not an exact table: ${n === 1 ? 'its' : 'their'} values are estimates`;
}

const groupName = (g: ProfileGroup) => (g.by === 'player' ? `player ${g.name}` : g.name === '' ? 'records without a strategy' : `strategy ${g.name}`);

/**
 * The profile of a batch; of a batch of several strategies' or players' games, each one's own
 * profile under its name (the games of two strategies blended would describe neither). `lang`:
 * the language an explained review's families are named in.
 */
export function formatProfile(p: PlayerProfile, lang: ReasonLanguage = 'en'): string {
  if (!p.groups) return profileText(p, lang);
  const head = `${p.games} games: ${p.groups.map((g) => `${g.profile.games} of ${groupName(g)}`).join(', ')}`;
  return [head, ...p.groups.map((g) => `\n== ${groupName(g)} ==\n${profileText(g.profile, lang)}`)].join('\n');
}

/** The rule set the families are named for: the batch's first box's (families' names differ only by the five-of-a-kind box's name). */
function familyRules(p: PlayerProfile): RuleSetId {
  return p.byBox[0]?.ruleset ?? 'yahtzee';
}

/** An explained review: where the losses come from, as Verhoeff's Proficiency Test tells them. */
function familyLines(p: PlayerProfile, lang: ReasonLanguage): string[] {
  if (!p.byFamily || !p.explained) return [];
  const rs = RULESETS[familyRules(p)];
  const lines = ['', `where the losses come from (${p.explained === p.analysed ? 'every game' : `${p.explained} games with an exact outlook`})  loss/game  share`];
  for (const f of p.byFamily) lines.push(`  ${familyName(rs, f.family, lang).padEnd(40)}${f.perGame.toFixed(2).padStart(9)}${`${(100 * f.share).toFixed(1)}%`.padStart(7)}`);
  return lines;
}

function profileText(p: PlayerProfile, lang: ReasonLanguage): string {
  // A reach review's values are chances: shown in percentage points.
  const reach = p.goal !== undefined;
  const v = (x: number, digits = 2) => (reach ? `${(100 * x).toFixed(digits)} pp` : x.toFixed(digits));
  const pct = (x: number, all: number) => (all > 0 ? `${((100 * x) / all).toFixed(1)}%` : '-');
  const lines = [
    `${p.games} games: ${p.analysed} analysed (${p.finished} finished), ${p.errors} with errors${p.goal?.type === 'reach' ? `; reviewed for reaching ${p.goal.score}` : p.goal?.type === 'win' ? '; reviewed for the share of the stake' : ''}`,
    ...(p.estimated ? [estimatedText(p)] : []),
    `${meanFinal(p.finished, p.meanFinalScore)}; ${p.estimated ? 'best' : 'optimal'} play expects ${reach ? `${(100 * p.meanStartValue).toFixed(2)}%` : p.meanStartValue.toFixed(2)}`,
    `loss ${v(p.loss.perGame)} a game, ${v(p.loss.perDecision, 3)} a decision (${p.decisions} decisions)`,
    `luck ${p.luck.mean >= 0 ? '+' : ''}${v(p.luck.mean)} a game on average (SD ${v(p.luck.sd)})`,
    '',
    'loss by kind of decision        decisions  mistakes  loss/game  loss/decision  share',
  ];
  for (const k of p.byKind) {
    lines.push(
      `  ${KIND_TEXT[k.kind].padEnd(30)}${String(k.decisions).padStart(9)}${String(k.mistakes).padStart(10)}${v(k.perGame).padStart(11)}${v(k.perDecision, 3).padStart(15)}${pct(k.loss, p.loss.total).padStart(7)}`,
    );
  }
  lines.push('', 'loss by box the turn was scored in   turns  loss/game  of it box choice  share');
  for (const b of p.byBox) {
    const name = `${b.box}${b.column ? ` (column ${b.column})` : ''}`;
    lines.push(`  ${name.padEnd(34)}${String(b.turns).padStart(7)}${v(b.perGame).padStart(11)}${v(b.boxChoiceLoss / Math.max(1, p.analysed)).padStart(18)}${pct(b.loss, p.loss.total).padStart(7)}`);
  }
  lines.push(`  upper section: ${v(p.bySection.upper.perGame)} a game; lower section: ${v(p.bySection.lower.perGame)} a game`);
  lines.push(...familyLines(p, lang));
  lines.push('', 'mistakes by size                 count  a game    loss/game');
  for (const [name, m] of Object.entries(p.mistakes)) {
    lines.push(`  ${name.padEnd(30)}${String(m.count).padStart(7)}${(m.count / Math.max(1, p.analysed)).toFixed(2).padStart(8)}${v(m.loss / Math.max(1, p.analysed)).padStart(13)}`);
  }
  lines.push('', `costliest recurring mistakes (same dice, rolls left, choice and best choice)${p.recurringExact ? '' : ' (rare ones dropped to bound memory)'}`);
  if (p.recurring.length === 0) lines.push('  none');
  p.recurring.forEach((r, i) => {
    const left = r.rollsLeft === 0 ? 'no reroll left' : r.rollsLeft === 1 ? '1 reroll left' : '2 rerolls left';
    lines.push(`  ${String(i + 1).padStart(2)}. [${r.dice.join(' ')}], ${left}: ${actionText(r.chosen)} instead of ${actionText(r.best)}`);
    lines.push(`      ${r.count} times, ${v(r.meanLoss)} each, ${v(r.loss)} in all (${v(r.loss / Math.max(1, p.analysed), 3)} a game)`);
  });
  return `${lines.join('\n')}\n`;
}
