import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProbabilityAdvice } from '../src/advisor/index.ts';
import { adviseGoal } from '../src/goals/index.ts';
import { parsePosition, type PositionInput } from '../src/position/index.ts';
import { loadedSource } from './support/table-sources.ts';
import type { ReachTable } from '../src/solver/index.ts';
import { RULESETS } from '../src/rules/index.ts';
import { launchChromium, loadPage, skipBrowserTests } from './support/browser.ts';
import { testModel } from './support/models.ts';
import { sheetExcept, TAIL_RULESET, tailDistribution, tailReachTable } from './support/reach.ts';
import { startWebServer, type WebServer } from './support/web-server.ts';
import { holdsAll, listedOptions } from './support/listed-options.ts';

/**
 * The win goal on the web page, in headless Chromium against the real server (reach and points
 * distribution tables for the last two turns of yahtzee-no-bonus): opponents entered as a sheet
 * and as a final total, every option's share of the stake and each opponent's expected total as
 * the advisor computes them, and an impossible opponent entry shown under that opponent's box
 * (multi-column rule sets: web-multi-column-goals-e2e.test.ts).
 */

const pct = (locale: string, p: number) => p.toLocaleString(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const fmt2 = (locale: string, x: number) => x.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe.skipIf(skipBrowserTests)('web page: play to win', () => {
  let server: WebServer;
  let browser: Browser;
  let reach: ReachTable;
  let distribution: ReachTable;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [reach, distribution] = await Promise.all([tailReachTable().then((b) => b.table), tailDistribution()]);
    const lanes = { reach: loadedSource(async () => reach), distribution: loadedSource(async () => distribution) };
    [server, browser] = await Promise.all([startWebServer([TAIL_RULESET], lanes), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(query: string, locale = 'en-US'): Promise<Page> {
    return loadPage(await browser.newPage({ viewport: { width: 1280, height: 1000 }, locale }), `${server.url}/${query}`, pageErrors);
  }

  it('ranks the options by the share of the stake against a playing and a finished opponent', async () => {
    const page = await open(`?ruleset=${TAIL_RULESET}`);
    const mine = sheetExcept(['yahtzee', 'chance']);
    const theirs = sheetExcept(['chance']);
    for (const [box, points] of Object.entries(mine)) await page.fill(`input[name="c1-${box}"]`, String(points));
    for (const f of [5, 5, 5, 6, 6]) await page.click(`.faces [data-face="${f}"]`);
    expect(await page.isHidden('#adv-opponents')).toBe(true);
    await page.check('#adv-goal-win');
    await page.waitForSelector('#adv-opponents:not([hidden])');
    for (const [box, points] of Object.entries(theirs)) await page.fill(`input[name="o1-${box}"]`, String(points));
    await page.click('#adv-add-opponent');
    await page.check('input[name="o2-kind"][value="final"]');
    await page.fill('input[name="o2-final"]', '240');
    await page.press('input[name="o2-final"]', 'Enter');

    const input: PositionInput = {
      ruleset: TAIL_RULESET,
      scorecard: mine,
      dice: [5, 5, 5, 6, 6],
      rollsLeft: 2,
      goal: { type: 'win', opponents: [{ scorecard: theirs }, { finalScore: 240 }] },
    };
    const parsed = parsePosition(input);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const want = adviseGoal(await testModel(TAIL_RULESET), { reach, distribution }, parsed.position) as ProbabilityAdvice;
    expect(want.opponents).toHaveLength(2);

    await page.locator('#adv-win').filter({ hasText: pct('en-US', want.probability) }).waitFor();
    expect(await page.textContent('#adv-chance-before')).toBe(`From the start of this turn: ${pct('en-US', want.probabilityBefore)}`);
    expect(await page.$$eval('#adv-opponent-scores li', (els) => els.map((e) => e.textContent))).toEqual(
      want.opponents!.map((o, i) => `Opponent ${i + 1}: expected final total ${fmt2('en-US', o.expectedFinalScore)}`),
    );
    expect(want.opponents![1].expectedFinalScore).toBe(240);
    // Holding all five dice (an option of the API's, rolling nothing) is not listed: it is stopping to score.
    expect(want.options.some((o) => holdsAll(5, o.action))).toBe(true);
    const listed = listedOptions(5, want.options);
    expect(await page.locator('.options > li').count()).toBe(listed.length);
    expect(await page.$$eval('.options > li', (els) => els.map((e) => JSON.parse(e.getAttribute('data-action')!)))).toEqual(listed.map((o) => o.action));
    expect(await page.$$eval('.options > li .chance', (els) => els.map((e) => e.textContent))).toEqual(listed.map((o) => pct('en-US', o.probability)));
    // One meaning per column: the chance with its bar under "Win", the percentage points lost under "Loss (pp)".
    expect(await page.$$eval('.option-head > span', (els) => els.map((e) => e.textContent))).toEqual(['#', 'Option', 'Win', 'Loss (pp)']);
    expect(await page.locator('.options > li > :nth-child(3) .chance-bar').count()).toBe(listed.length);
    expect(await page.locator('.options > li > :nth-child(4) .bar').count()).toBe(0);
    const widths = await page.$$eval('.options > li .chance-bar span', (els) => els.map((e) => parseFloat(e.getAttribute('style')!.replace(/^width:/, ''))));
    expect(widths).toEqual(listed.map((o) => Number((100 * o.probability).toFixed(1))));
    // Two boxes open: the end game is solved exactly, so the page notes no approximation.
    expect(want.exact).toBe(true);
    expect(await page.locator('#adv-approximate').count()).toBe(0);
    const best = want.best!.action;
    expect(await page.textContent('#adv-best strong')).toBe('hold' in best ? `hold ${best.hold.join(' ')}` : `score ${RULESETS[TAIL_RULESET].boxes.find((b) => b.id === best.score)!.label}`);

    // In Dutch: the same numbers, the Dutch words, and both opponents as they were entered.
    await page.selectOption('#lang', 'nl');
    await page.locator('#adv-win').filter({ hasText: pct('nl-NL', want.probability) }).waitFor();
    expect(await page.textContent('.advice .summary .label')).toBe('Kans om te winnen');
    expect(await page.textContent('#adv-opponent-scores li >> nth=1')).toBe(`Tegenstander 2: verwacht eindtotaal ${fmt2('nl-NL', 240)}`);
    expect(await page.inputValue('input[name="o1-largeStraight"]')).toBe('40');
    expect(await page.inputValue('input[name="o2-final"]')).toBe('240');
    await page.close();
  });

  it('shows an impossible opponent entry under that opponent’s box, and takes at most seven opponents', async () => {
    const page = await open(`?ruleset=${TAIL_RULESET}`);
    for (const f of [1, 2, 3, 4, 6]) await page.click(`.faces [data-face="${f}"]`);
    await page.check('#adv-goal-win');
    await page.click('#adv-add-opponent');
    await page.fill('input[name="o2-twos"]', '3');
    await page.press('input[name="o2-twos"]', 'Enter');
    const error = page.locator('#adv-opponents fieldset[data-opponent="2"] tr[data-box="twos"] + tr.error-row');
    await error.waitFor();
    expect(await error.textContent()).toContain('3 cannot be scored in Twos');
    expect(await page.getAttribute('input[name="o2-twos"]', 'aria-invalid')).toBe('true');
    expect(await page.getAttribute('input[name="c1-twos"]', 'aria-invalid')).toBeNull();
    expect(await page.locator('#advisor .sheet-panel .error-row').count()).toBe(0);

    // A finished opponent needs a total: the page says so next to it without asking; a negative one, the server.
    await page.check('input[name="o1-kind"][value="final"]');
    await page.fill('input[name="o2-twos"]', '');
    const o1Error = page.locator('#adv-opponents fieldset[data-opponent="1"] .field-error:not([hidden])');
    await o1Error.filter({ hasText: 'the final total must be a whole number of points' }).waitFor();
    expect(await page.getAttribute('input[name="o1-final"]', 'aria-invalid')).toBe('true');
    await page.fill('input[name="o1-final"]', '-5');
    await page.press('input[name="o1-final"]', 'Enter');
    await o1Error.filter({ hasText: /0/ }).waitFor();
    expect(await page.getAttribute('input[name="o1-final"]', 'aria-invalid')).toBe('true');

    for (let n = 3; n <= 7; n++) await page.click('#adv-add-opponent');
    expect(await page.locator('#adv-opponents fieldset.opponent').count()).toBe(7);
    expect(await page.isDisabled('#adv-add-opponent')).toBe(true);
    await page.click('#adv-opponents fieldset[data-opponent="7"] button.link');
    expect(await page.isDisabled('#adv-add-opponent')).toBe(false);
    await page.close();
  });

  it('threw no script errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
