import { errorOf } from '../../test/support/errors.ts';
import { describe, expect, it } from 'vitest';
import { testModel } from '../../test/support/models.ts';
import { createInlineRunner } from './inline-runner.ts';
import { histogramSvg } from './plot-svg.ts';
import { buildReport, formatReport, HISTOGRAM_BIN } from './report.ts';
import { simulate } from './simulate.ts';

const runner = createInlineRunner({ model: (id) => testModel(id) });


describe('report', async () => {
  const data = await simulate({ strategies: ['greedy', 'random'], games: 300, seed: 5, chunkSize: 64, runner });
  const report = buildReport(data);

  it('summarises each strategy and each pair', () => {
    expect(report.strategies.map((s) => s.name)).toEqual(['greedy', 'random']);
    for (const s of report.strategies) {
      expect(s.games).toBe(300);
      expect(s.ci95[0]).toBeLessThan(s.mean);
      expect(s.min).toBeLessThanOrEqual(s.percentiles.p1);
      expect(s.percentiles.p99).toBeLessThanOrEqual(s.max);
      expect(Object.keys(s.boxes)).toHaveLength(13);
      // Per-box means plus bonuses add up to the mean score.
      const boxes = Object.values(s.boxes).reduce((a, b) => a + b.mean, 0);
      expect(boxes + 35 * s.upperBonusRate + 100 * s.meanYahtzeeBonuses).toBeCloseTo(s.mean, 9);
      expect(s.histogram.binWidth).toBe(HISTOGRAM_BIN);
      expect(s.histogram.counts.reduce((a, b) => a + b, 0)).toBe(300);
    }
    expect(report.pairs).toHaveLength(1);
    expect(report.pairs[0]).toMatchObject({ a: 'greedy', b: 'random' });
    expect(report.pairs[0].meanDiff).toBeCloseTo(report.strategies[0].mean - report.strategies[1].mean, 9);
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  it('formats a text table', () => {
    const text = formatReport(report);
    expect(text).toContain('300 games, seed 5');
    expect(text).toMatch(/^greedy\s+\d+\.\d\d\s+\d/m);
    expect(text).toMatch(/^fullHouse\s+\d+\.\d\d\s+\d+\.\d\d$/m);
    expect(text).toMatch(/^greedy − random\s+\+\d+\.\d\d\s+\+\d+\.\d\d to \+\d+\.\d\d$/m);
  });

  it('draws an SVG histogram: one outline per strategy, axes, legend', () => {
    const svg = histogramSvg({ ...report, strategies: report.strategies.map((s, i) => (i === 0 ? { ...s, name: 'a<b&"c"' } : s)) });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
    expect(svg.match(/<polygon /g)).toHaveLength(2);
    expect(svg).toContain('final score');
    expect(svg).toContain('share of games (%)');
    expect(svg).toContain('a&lt;b&amp;&quot;c&quot; (mean');
    expect(svg).not.toContain('NaN');
    expect(new Set(svg.match(/fill="#[0-9A-F]{6}"/g)).size).toBe(2);
  });
});

describe('simulate options', () => {
  it.each([
    [{ games: 0 }, 'games'],
    [{ seed: -2 }, 'seed'],
    [{ chunkSize: 0 }, 'chunkSize'],
    [{ concurrency: 1.5 }, 'concurrency'],
    [{ cacheEntries: -1 }, 'cacheEntries'],
    [{ strategies: [] }, 'strategies'],
    [{ strategies: ['greedy', 'greedy'] }, 'strategies'],
    [{ ruleset: 'kniffel' as never }, 'ruleset'],
  ])('%j is rejected naming %s', async (opts, field) => {
    const e = await errorOf(simulate({ ...opts, runner }));
    expect(e.code).toBe('INVALID_OPTION');
    expect(e.message.startsWith(field)).toBe(true);
    expect(e.issues[0].field).toBe(field);
  });

  it('an unknown strategy name is reported', async () => {
    const e = await errorOf(simulate({ strategies: ['genius'], games: 1, runner }));
    expect(e.message).toContain('genius');
    expect(e.message).toMatch(/random, reach:T \(.*\), win \(/);
  });
});
