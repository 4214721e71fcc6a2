import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionOdds, type ProbabilityAdvice } from '../src/advisor/index.ts';
import { adviseGoal } from '../src/goals/index.ts';
import { parsePosition, type PositionInput } from '../src/position/index.ts';
import type { TableSource } from '../src/store/table-sources.ts';
import type { ReachTable } from '../src/solver/index.ts';
import type { BuiltReachTable } from '../src/solver/index.ts';
import { launchChromium, loadPage, skipBrowserTests } from './support/browser.ts';
import { testModel } from './support/models.ts';
import { sheetExcept, TAIL_RULESET, tailReachTable } from './support/reach.ts';
import { startWebServer, type WebServer } from './support/web-server.ts';
import { listedOptions } from './support/listed-options.ts';

/**
 * The reach goal on the web page, in headless Chromium against the real server: while the reach
 * table is being built the page says so and asks again after Retry-After; then it shows the
 * options ranked by the chance of the target, with bars, and the odds curve of the position.
 */

const pct = (p: number) => `${(100 * p).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;

describe.skipIf(skipBrowserTests)('web page: reach a total', () => {
  let server: WebServer;
  let browser: Browser;
  let built: BuiltReachTable;
  let openGate!: () => void;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    built = await tailReachTable();
    const gate = new Promise<void>((r) => (openGate = r));
    // A build half done, finished when the test says: the server answers 503 with Retry-After until then.
    const reach: TableSource<ReachTable> = {
      read: async () => ({ rebuild: 'missing' }),
      build: async (_id, hooks) => {
        hooks.onProgress({ level: 11, statesDone: 1, statesTotal: 2 });
        await gate;
        return built.table;
      },
    };
    [server, browser] = await Promise.all([startWebServer([TAIL_RULESET], { reach }), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('waits for the reach table, then ranks the options by the chance of the target and draws the odds curve', async () => {
    const page: Page = await loadPage(await browser.newPage({ viewport: { width: 1280, height: 1000 }, locale: 'en-US' }), `${server.url}/?ruleset=${TAIL_RULESET}`, pageErrors);
    const scorecard = sheetExcept(['yahtzee', 'chance']);
    for (const [box, points] of Object.entries(scorecard)) await page.fill(`input[name="c1-${box}"]`, String(points));
    for (const f of [5, 5, 5, 6, 6]) await page.click(`.faces [data-face="${f}"]`);
    expect(await page.isDisabled('#adv-target')).toBe(true);
    await page.check('#adv-goal-reach');
    await page.fill('#adv-target', '242');
    await page.press('#adv-target', 'Enter');

    await page.locator('#adv-loading').filter({ hasText: /Preparing: 50%/ }).waitFor();
    openGate();
    await page.locator('#adv-best strong').filter({ hasText: /^score Chance$/ }).waitFor();

    const input: PositionInput = { ruleset: TAIL_RULESET, scorecard, dice: [5, 5, 5, 6, 6], rollsLeft: 2, goal: { type: 'reach', score: 242 } };
    const parsed = parsePosition(input);
    if (!parsed.ok) throw new Error('bad position');
    const want = adviseGoal(await testModel(TAIL_RULESET), { reach: built.table }, parsed.position) as ProbabilityAdvice;
    expect(await page.textContent('#adv-chance')).toBe(pct(want.probability));
    expect(await page.textContent('#adv-chance-before')).toBe(`From the start of this turn: ${pct(want.probabilityBefore)}`);
    const listed = listedOptions(5, want.options);
    expect(await page.locator('.options > li').count()).toBe(listed.length);
    expect(await page.$$eval('.options > li .chance', (els) => els.map((e) => e.textContent))).toEqual(listed.map((o) => pct(o.probability)));
    const widths = await page.$$eval('.options > li .chance-bar span', (els) => els.map((e) => parseFloat(e.getAttribute('style')!.replace(/^width:/, ''))));
    expect(widths).toEqual(listed.map((o) => Number((100 * o.probability).toFixed(1))));

    await page.waitForSelector('#adv-odds svg.odds-chart');
    const odds = positionOdds(built.table, parsed.position);
    expect(await page.getAttribute('#adv-odds svg', 'data-from')).toBe(String(odds.from));
    expect(await page.textContent('#adv-odds .target-label')).toBe(`242: ${pct(odds.probabilities[242 - odds.from])}`);
    const drawn = (await page.getAttribute('#adv-odds .odds-curve', 'points'))!.split(' ');
    expect(drawn.length).toBe(Number(await page.getAttribute('#adv-odds svg', 'data-to')) - odds.from + 1);

    // Back to points: the expected score again, no odds curve.
    await page.check('#adv-goal-points');
    await page.waitForSelector('#adv-expected');
    expect(await page.locator('#adv-odds').count()).toBe(0);
    expect(await page.locator('#adv-best strong').textContent()).toBe('hold 5 5 5');
    await page.close();
  });

  it('threw no script errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
