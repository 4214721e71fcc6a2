import { describeReason, familyName, type Action, type ReasonLanguage } from '../position/index.ts';
import { FAMILIES, RULESETS } from '../rules/index.ts';
import { isGameError, type Decision, type GameAnalysis, type GameResult, type MistakeCounts } from './types.ts';

/** Readable text for analysis results: pure string building, the CLI prints it. */
export function actionText(a: Action): string {
  if ('hold' in a) return a.hold.length === 0 ? 'hold nothing' : `hold [${a.hold.join(' ')}]`;
  return a.column === undefined ? `score ${a.score}` : `score ${a.score} (column ${a.column})`;
}

function mistakesText(m: MistakeCounts): string {
  if (m.total === 0) return 'none';
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return `${n(m.blunder, 'blunder', 'blunders')}, ${n(m.mistake, 'mistake', 'mistakes')}, ${n(m.inaccuracy, 'inaccuracy', 'inaccuracies')}, ${m.slight} slight`;
}

const signed = (x: number) => (x >= 0 ? '+' : '') + x.toFixed(2);

/** The mean final score of the finished games, or that none finished (a mean of nothing is no 0.00). */
export function meanFinal(finished: number, mean: number): string {
  return finished === 0 ? 'no finished game, so no mean final score' : `mean final score ${mean.toFixed(2)} (finished games)`;
}

const pct = (p: number) => `${(100 * p).toFixed(2)}%`;
const pp = (p: number) => `${(100 * p).toFixed(2)} pp`;

/** A review for a goal (reach a target, win the stake): chances and losses in percentage points. */
function goalGameText(g: GameAnalysis, goal: NonNullable<GameAnalysis['goal']>, label: string): string[] {
  const head =
    goal.type === 'reach'
      ? `goal ${goal.score}): ${g.finalScore} points, ${g.finished ? (g.finalScore >= goal.score ? 'reached' : 'missed') : `${pct(g.remainingValue)} left`}; chance at the start`
      : `win): ${g.finalScore} points, share of the stake ${pct(g.remainingValue)}; share at the start`;
  const lines = [
    `${label} (${g.ruleset}, ${head} ${pct(g.startValue)}, loss ${pp(g.totalLoss)}, luck ${(100 * g.luck >= 0 ? '+' : '') + (100 * g.luck).toFixed(2)} pp`,
    `  mistakes: ${mistakesText(g.mistakes)}`,
  ];
  const rows = g.decisions.filter((d) => d.loss > 0);
  const width = Math.max(0, ...rows.map((d) => actionText(d.chosen.action).length));
  for (const d of rows) {
    const where = `turn ${String(d.turn).padStart(2)} roll ${d.roll}`;
    lines.push(`  ${where}  ${actionText(d.chosen.action).padEnd(width)}  best: ${actionText(d.best.action)}  loss ${pp(d.loss)}`);
  }
  return lines;
}

/** An explained mistake's reasons, in the player's language: the aspects that cost it, largest first. */
function reasonsLine(g: GameAnalysis, d: Decision, lang: ReasonLanguage): string[] {
  if (!d.reasons || d.reasons.length === 0) return [];
  return [`      ${d.reasons.map((r) => describeReason(RULESETS[g.ruleset], r, lang)).join('; ')}`];
}

/** An explained game's loss by family of boxes, largest first (families that cost nothing left out). */
function familiesLine(g: GameAnalysis, lang: ReasonLanguage): string[] {
  const by = g.lossByFamily;
  if (!by) return [];
  const parts = FAMILIES.filter((f) => Math.abs(by[f]) > 0.005)
    .sort((a, b) => by[b] - by[a])
    .map((f) => `${familyName(RULESETS[g.ruleset], f, lang)} ${by[f].toFixed(2)}`);
  return parts.length ? [`  loss by family: ${parts.join(', ')}`] : [];
}

function gameText(g: GameAnalysis, label: string, lang: ReasonLanguage): string[] {
  if (g.goal) return goalGameText(g, g.goal, label);
  const head = g.finished
    ? `${label} (${g.ruleset}): ${g.finalScore} points`
    : `${label} (${g.ruleset}, unfinished after ${g.turns.length} turns): ${g.finalScore} points so far, ${g.remainingValue.toFixed(2)} expected to come`;
  const lines = [
    `${head}; start value ${g.startValue.toFixed(2)}, loss ${g.totalLoss.toFixed(2)}, luck ${signed(g.luck)}`,
    ...(g.exact === false ? [`  values are estimates: ${g.ruleset} has no exact table, so its best model rates the decisions`] : []),
    `  mistakes: ${mistakesText(g.mistakes)}`,
    ...familiesLine(g, lang),
    `  points by turn: ${g.turns.map((t) => t.points).join(' ')}`,
  ];
  const rows = g.decisions.filter((d) => d.loss > 0);
  const width = Math.max(0, ...rows.map((d) => actionText(d.chosen.action).length));
  for (const d of rows) {
    const where = `turn ${String(d.turn).padStart(2)} roll ${d.roll}`;
    lines.push(`  ${where}  ${actionText(d.chosen.action).padEnd(width)}  best: ${actionText(d.best.action)}  loss ${d.loss.toFixed(2)}`, ...reasonsLine(g, d, lang));
  }
  return lines;
}

/**
 * One game's report; `index` is its 0-based place in the batch, `label` its name where the record
 * gives it one, `lang` the language of an explained review's reasons.
 */
export function formatGameResult(r: GameResult, index: number, label = `Game ${index + 1}`, lang: ReasonLanguage = 'en'): string {
  if (isGameError(r)) {
    const { turn, roll, detail } = r.error;
    const at = turn === 0 ? '' : roll === 0 ? ` at turn ${turn}` : ` at turn ${turn}, roll ${roll}`;
    return `${label}: error${at}: ${detail}`;
  }
  return gameText(r, label, lang).join('\n');
}

export interface BatchSummary {
  games: number;
  analysed: number;
  errors: number;
  finished: number;
  meanFinalScore: number;
  meanLoss: number;
  meanLuck: number;
  mistakes: MistakeCounts;
}

export function summariseResults(results: readonly GameResult[]): BatchSummary {
  const ok = results.filter((r): r is GameAnalysis => !isGameError(r));
  const done = ok.filter((g) => g.finished);
  const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
  const mistakes: MistakeCounts = { slight: 0, inaccuracy: 0, mistake: 0, blunder: 0, total: 0 };
  for (const g of ok) for (const k of Object.keys(mistakes) as (keyof MistakeCounts)[]) mistakes[k] += g.mistakes[k];
  return {
    games: results.length,
    analysed: ok.length,
    errors: results.length - ok.length,
    finished: done.length,
    meanFinalScore: mean(done.map((g) => g.finalScore)),
    meanLoss: mean(ok.map((g) => g.totalLoss)),
    meanLuck: mean(ok.map((g) => g.luck)),
    mistakes,
  };
}

/** Every game's report, then a summary when there is more than one game. */
export function formatReport(results: readonly GameResult[]): string {
  const parts = results.map((r, i) => formatGameResult(r, i));
  if (results.length > 1) {
    const s = summariseResults(results);
    parts.push(
      [
        `${s.games} games: ${s.analysed} analysed (${s.finished} finished), ${s.errors} with errors`,
        `  ${meanFinal(s.finished, s.meanFinalScore)}, mean loss ${s.meanLoss.toFixed(2)}, mean luck ${signed(s.meanLuck)}`,
        `  mistakes: ${mistakesText(s.mistakes)}`,
      ].join('\n'),
    );
  }
  return `${parts.join('\n\n')}\n`;
}
