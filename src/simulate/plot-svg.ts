import { RULESETS } from '../rules/index.ts';
import type { SimulationReport } from './report.ts';

/** Okabe–Ito colours: distinguishable with the common colour-vision deficiencies. */
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#999933'];

export interface PlotOptions {
  width?: number;
  height?: number;
  /** share of games to show; the long tail of multi-Yahtzee games beyond it is cut and counted */
  coverage?: number;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A round tick step giving about `target` ticks over [0, max]. */
function tickStep(max: number, target: number): number {
  const raw = max / target;
  const mag = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * mag >= raw) return m * mag;
  return 10 * mag;
}

const fmt = (x: number): string => String(Math.round(x * 100) / 100);

/**
 * The score distributions as an SVG document: for each strategy the share of games per score bin,
 * drawn as a step outline with a light fill, on common axes, with a legend giving each mean.
 */
export function histogramSvg(report: SimulationReport, opts: PlotOptions = {}): string {
  const W = opts.width ?? 800;
  const H = opts.height ?? 450;
  const coverage = opts.coverage ?? 0.995;
  const m = { left: 64, right: 24, top: 48, bottom: 56 };
  const pw = W - m.left - m.right;
  const ph = H - m.top - m.bottom;
  const strategies = report.strategies;
  const bin = strategies[0]?.histogram.binWidth ?? 10;

  // The x range: wide enough for `coverage` of every strategy's games.
  let xMax = bin;
  for (const s of strategies) {
    const total = s.histogram.counts.reduce((a, b) => a + b, 0);
    let cum = 0;
    for (let i = 0; i < s.histogram.counts.length; i++) {
      cum += s.histogram.counts[i];
      if (cum >= coverage * total) {
        xMax = Math.max(xMax, (i + 1) * bin);
        break;
      }
    }
  }
  const xStep = tickStep(xMax, 8);
  xMax = Math.ceil(xMax / xStep) * xStep;
  const shares = strategies.map((s) => s.histogram.counts.map((c) => (100 * c) / s.games));
  let yMax = 0;
  shares.forEach((sh) => sh.forEach((v, i) => i * bin < xMax && (yMax = Math.max(yMax, v))));
  const yStep = tickStep(yMax || 1, 5);
  yMax = Math.ceil((yMax || 1) / yStep) * yStep;
  const x = (v: number): number => m.left + (v / xMax) * pw;
  const y = (v: number): number => m.top + ph - (v / yMax) * ph;

  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="system-ui, sans-serif" font-size="12">`);
  parts.push(`<rect width="${W}" height="${H}" fill="#ffffff"/>`);
  const rsName = RULESETS[report.ruleset]?.name ?? report.ruleset;
  parts.push(`<text x="${W / 2}" y="24" text-anchor="middle" font-size="15" font-weight="600">${esc(`Final score distribution — ${rsName}, ${report.games} games, seed ${report.seed}`)}</text>`);
  // Grid and axes.
  for (let v = 0; v <= yMax + 1e-9; v += yStep) {
    parts.push(`<line x1="${m.left}" x2="${m.left + pw}" y1="${fmt(y(v))}" y2="${fmt(y(v))}" stroke="#e5e5e5"/>`);
    parts.push(`<text x="${m.left - 6}" y="${fmt(y(v) + 4)}" text-anchor="end">${fmt(v)}</text>`);
  }
  for (let v = 0; v <= xMax + 1e-9; v += xStep) {
    parts.push(`<line x1="${fmt(x(v))}" x2="${fmt(x(v))}" y1="${m.top + ph}" y2="${m.top + ph + 5}" stroke="#333"/>`);
    parts.push(`<text x="${fmt(x(v))}" y="${m.top + ph + 18}" text-anchor="middle">${fmt(v)}</text>`);
  }
  parts.push(`<line x1="${m.left}" x2="${m.left + pw}" y1="${m.top + ph}" y2="${m.top + ph}" stroke="#333"/>`);
  parts.push(`<line x1="${m.left}" x2="${m.left}" y1="${m.top}" y2="${m.top + ph}" stroke="#333"/>`);
  parts.push(`<text x="${m.left + pw / 2}" y="${H - 14}" text-anchor="middle">final score (bins of ${bin} points)</text>`);
  parts.push(`<text transform="translate(16 ${m.top + ph / 2}) rotate(-90)" text-anchor="middle">share of games (%)</text>`);
  // One step outline per strategy, over the bins inside the x range.
  strategies.forEach((s, i) => {
    const colour = COLOURS[i % COLOURS.length];
    const pts: string[] = [`${fmt(x(0))},${fmt(y(0))}`];
    const bins = Math.min(shares[i].length, xMax / bin);
    for (let b = 0; b < bins; b++) {
      pts.push(`${fmt(x(b * bin))},${fmt(y(shares[i][b]))}`, `${fmt(x((b + 1) * bin))},${fmt(y(shares[i][b]))}`);
    }
    pts.push(`${fmt(x(bins * bin))},${fmt(y(0))}`);
    parts.push(`<polygon points="${pts.join(' ')}" fill="${colour}" fill-opacity="0.12" stroke="${colour}" stroke-width="1.5" stroke-linejoin="round"/>`);
  });
  // Legend, top right, with each mean and what the x range leaves out.
  strategies.forEach((s, i) => {
    const ly = m.top + 8 + i * 18;
    const lx = m.left + pw - 220;
    const hidden = s.histogram.counts.reduce((a, c, b) => (b * bin >= xMax ? a + c : a), 0);
    const note = hidden > 0 ? `, ${((100 * hidden) / s.games).toFixed(2)}% > ${xMax}` : '';
    parts.push(`<rect x="${lx}" y="${ly - 9}" width="14" height="10" fill="${COLOURS[i % COLOURS.length]}"/>`);
    parts.push(`<text x="${lx + 20}" y="${ly}">${esc(`${s.name} (mean ${s.mean.toFixed(1)}${note})`)}</text>`);
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
