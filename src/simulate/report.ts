import { hasColumns, RULESETS, type RuleSetId } from '../rules/index.ts';
import { boxKey } from './game-context.ts';
import type { SimulationData } from './simulate.ts';
import { meanSd, pairedDifference, pairedReachDifference, reachShare, summarizeScores, type ScoreSummary } from './stats.ts';

/** Width in points of a histogram bin in reports and plots. */
export const HISTOGRAM_BIN = 10;

export interface StrategyReport extends Omit<ScoreSummary, 'counts'> {
  name: string;
  /**
   * share of columns with the upper bonus: of games in single-column rule sets; in multi-column
   * ones over all columns of all games (mean columns with the bonus per game / columns)
   */
  upperBonusRate: number;
  /** share of columns (games, for one column) with 50 in the Yahtzee box */
  yahtzee50Rate: number;
  /** Yahtzee bonuses per game, all columns together */
  meanYahtzeeBonuses: number;
  /**
   * mean and SD of the points written in each box, by box id; per column in multi-column rule
   * sets, column n ≥ 2 as `id@n` (e.g. `fives@3`), unweighted by the column multiplier
   */
  boxes: Record<string, { mean: number; sd: number }>;
  /** games per score bin: counts[i] games scored in [i × binWidth, (i + 1) × binWidth) */
  histogram: { binWidth: number; counts: number[] };
  /** with a target: the share of games finishing with at least that total */
  reach?: { target: number; share: number; ci95: [number, number] };
}

export interface PairReport {
  a: string;
  b: string;
  /** mean of (score of a − score of b) over the same games */
  meanDiff: number;
  sd: number;
  ci95: [number, number];
  /** with a target: mean of 1[a reaches it] − 1[b reaches it] over the same games */
  reachDiff?: { mean: number; ci95: [number, number] };
}

/** The JSON report: deterministic for a (rule set, strategies, games, seed); no timings. */
export interface SimulationReport {
  ruleset: RuleSetId;
  games: number;
  seed: number;
  strategies: StrategyReport[];
  pairs: PairReport[];
  /** the final total whose share is reported, when asked */
  target?: number;
}

export function buildReport(d: SimulationData, target?: number): SimulationReport {
  const rs = RULESETS[d.ruleset];
  const B = rs.boxes.length * rs.columns.length;
  const C = rs.columns.length;
  const n = d.games;
  const strategies = d.names.map((name, s): StrategyReport => {
    const { counts, ...summary } = summarizeScores(d.scores[s]);
    const boxes: StrategyReport['boxes'] = {};
    for (let c = 0; c < C; c++) {
      rs.boxes.forEach((b, i) => {
        const k = s * B + c * rs.boxes.length + i;
        boxes[boxKey(b.id, c)] = meanSd(d.boxSum[k], d.boxSumSq[k], n);
      });
    }
    const bins = new Array<number>(Math.floor(summary.max / HISTOGRAM_BIN) + 1).fill(0);
    counts.forEach((c, score) => (bins[Math.floor(score / HISTOGRAM_BIN)] += c));
    return {
      name,
      ...summary,
      upperBonusRate: d.upperBonus[s] / (n * C),
      yahtzee50Rate: d.yahtzee50[s] / (n * C),
      meanYahtzeeBonuses: d.yahtzeeBonuses[s] / n,
      boxes,
      histogram: { binWidth: HISTOGRAM_BIN, counts: bins },
      ...(target === undefined ? {} : { reach: { target, ...reachShare(d.scores[s], target) } }),
    };
  });
  const pairs: PairReport[] = [];
  for (let i = 0; i < d.names.length; i++) {
    for (let j = i + 1; j < d.names.length; j++) {
      const p = pairedDifference(d.scores[i], d.scores[j]);
      const pair: PairReport = { a: d.names[i], b: d.names[j], meanDiff: p.mean, sd: p.sd, ci95: p.ci95 };
      if (target !== undefined) {
        const r = pairedReachDifference(d.scores[i], d.scores[j], target);
        pair.reachDiff = { mean: r.mean, ci95: r.ci95 };
      }
      pairs.push(pair);
    }
  }
  return target === undefined ? { ruleset: d.ruleset, games: n, seed: d.seed, strategies, pairs } : { ruleset: d.ruleset, games: n, seed: d.seed, target, strategies, pairs };
}

/** Right-aligns every column but the first. */
function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ').trimEnd()).join('\n');
}

const f2 = (x: number): string => x.toFixed(2);
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const signed = (x: number): string => (x >= 0 ? `+${f2(x)}` : f2(x));
const pct3 = (x: number): string => `${(100 * x).toFixed(3)}%`;
const pp = (x: number): string => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(3)}`;
const num = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(1));

/** The CLI's text report: per-strategy distribution, mean points per box, paired differences. */
export function formatReport(r: SimulationReport): string {
  const rs = RULESETS[r.ruleset];
  const out: string[] = [];
  out.push(`${rs.name}: ${r.games} games, seed ${r.seed}; every strategy plays the same dice in each game`, '');
  out.push(
    table([
      ['strategy', 'mean', '95% CI', 'SD', 'median', 'p1', 'p5', 'p25', 'p75', 'p95', 'p99', 'min', 'max', 'P(bonus)', 'P(Y=50)', 'Y bonus'],
      ...r.strategies.map((s) => [
        s.name,
        f2(s.mean),
        `${f2(s.ci95[0])}–${f2(s.ci95[1])}`,
        f2(s.sd),
        num(s.median),
        ...Object.values(s.percentiles).map(num),
        String(s.min),
        String(s.max),
        pct(s.upperBonusRate),
        pct(s.yahtzee50Rate),
        f2(s.meanYahtzeeBonuses),
      ]),
    ]),
  );
  out.push('', 'Mean points per box');
  if (hasColumns(rs)) out.push(`(column n ≥ 2 as box@n, points before the column multiplier; P(bonus) and P(Y=50) are shares of all ${rs.columns.length} columns)`);
  const keys = Object.keys(r.strategies[0]?.boxes ?? {});
  out.push(table([['box', ...r.strategies.map((s) => s.name)], ...keys.map((k) => [k, ...r.strategies.map((s) => f2(s.boxes[k].mean))])]));
  if (r.pairs.length > 0) {
    out.push('', 'Paired differences over the same games (95% CI)');
    out.push(table(r.pairs.map((p) => [`${p.a} − ${p.b}`, signed(p.meanDiff), `${signed(p.ci95[0])} to ${signed(p.ci95[1])}`])));
  }
  if (r.target !== undefined) {
    out.push('', `Share of games reaching ${r.target} (95% CI)`);
    out.push(table(r.strategies.map((s) => [s.name, pct3(s.reach!.share), `${pct3(s.reach!.ci95[0])}–${pct3(s.reach!.ci95[1])}`])));
    if (r.pairs.length > 0) {
      out.push('', `Paired difference of those shares (95% CI, percentage points)`);
      out.push(table(r.pairs.map((p) => [`${p.a} − ${p.b}`, pp(p.reachDiff!.mean), `${pp(p.reachDiff!.ci95[0])} to ${pp(p.reachDiff!.ci95[1])}`])));
    }
  }
  return `${out.join('\n')}\n`;
}
