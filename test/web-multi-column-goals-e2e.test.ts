import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProbabilityAdvice } from '../src/advisor/index.ts';
import { RULESETS } from '../src/rules/index.ts';
import { launchChromium, loadPage, skipBrowserTests } from './support/browser.ts';
import { startWebServer, type WebServer } from './support/web-server.ts';
import { listedOptions } from './support/listed-options.ts';

/**
 * The reach and win goals of Triple Yahtzee and Superpass on the web page, in headless Chromium
 * against the real server (their approximate goal model, from the test column tables): the page
 * shows the chances the hint API answers for the same position, says they are approximate, draws
 * no odds curve (the odds API answers exact rule sets only), takes one opponent with a note why,
 * and shows the server's error about an opponent's box under that box, in its column.
 */

const pct = (locale: string, p: number) => p.toLocaleString(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const fmt2 = (locale: string, x: number) => x.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const fmt0 = (locale: string, x: number) => x.toLocaleString(locale, { maximumFractionDigits: 0 });

describe.skipIf(skipBrowserTests)('web page: goals on multi-column rule sets', () => {
  let server: WebServer;
  let browser: Browser;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(query: string, locale = 'en-US'): Promise<Page> {
    return loadPage(await browser.newPage({ viewport: { width: 1280, height: 1000 }, locale }), `${server.url}/${query}`, pageErrors);
  }

  function post(body: unknown): Promise<Response> {
    return fetch(`${server.url}/api/v1/hint`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }

  /** What the hint API answers for the position the page should have sent. */
  async function hint(body: unknown): Promise<ProbabilityAdvice> {
    const res = await post(body);
    expect(res.status).toBe(200);
    return (await res.json()) as ProbabilityAdvice;
  }

  /** The best option in the page's words. */
  function bestText(id: 'superpass' | 'triple-yahtzee', advice: ProbabilityAdvice): string {
    const a = listedOptions(RULESETS[id].dice, advice.options)[0].action;
    if ('hold' in a) return a.hold.length === 0 ? 'reroll all dice' : `hold ${a.hold.join(' ')}`;
    return `score ${RULESETS[id].boxes.find((b) => b.id === a.score)!.label} (column ${a.column})`;
  }

  it('answers a Superpass reach goal with the chance the API gives, marked approximate, and no odds curve', async () => {
    const page = await open('?ruleset=superpass');
    await page.fill('input[name="c1-ones"]', '4');
    await page.fill('input[name="c1-twos"]', '8');
    await page.fill('input[name="c4-chance"]', '27');
    for (const f of [6, 6, 6, 5, 2, 1]) await page.click(`.faces [data-face="${f}"]`);
    await page.check('#adv-rolls-1');
    await page.check('#adv-goal-reach');
    await page.fill('#adv-target', '1251');
    await page.press('#adv-target', 'Enter');

    const want = await hint({
      ruleset: 'superpass',
      scorecard: [{ ones: 4, twos: 8 }, {}, {}, { chance: 27 }],
      dice: [6, 6, 6, 5, 2, 1],
      rollsLeft: 1,
      goal: { type: 'reach', score: 1251 },
    });
    expect(want.exact).toBe(false);
    expect(want.probability).toBeGreaterThan(0);
    expect(want.probability).toBeLessThan(1);

    await page.locator('#adv-chance').filter({ hasText: pct('en-US', want.probability) }).waitFor();
    expect(await page.textContent('.advice .summary .label')).toBe('Chance of 1251 or more');
    expect(await page.textContent('#adv-chance-before')).toBe(`From the start of this turn: ${pct('en-US', want.probabilityBefore)}`);
    // 49 boxes open: the estimate calibrated to what the advice's play achieved (advisor/goal-calibration.ts), and the page says over how many games.
    expect(want.calibration?.boxesOpen).toBe(49);
    expect(await page.textContent('#adv-approximate')).toBe(
      `Estimated, calibrated: Superpass is not solved exactly, so the model's estimate is corrected to what this advice's own play achieved from such estimates, measured over ${fmt0('en-US', want.calibration!.games)} games with 49 boxes open.`,
    );
    const listed = listedOptions(6, want.options);
    expect(await page.locator('.options > li').count()).toBe(listed.length);
    expect(await page.$$eval('.options > li .chance', (els) => els.map((e) => e.textContent))).toEqual(listed.map((o) => pct('en-US', o.probability)));
    expect(await page.textContent('#adv-best strong')).toBe(bestText('superpass', want));
    expect(await page.locator('#adv-odds').count()).toBe(0);
    // The fitted goal value steers the whole game (approx/goal-horizons.ts): ranked by the goal's chance, nothing to explain.
    expect(want.steering).toEqual({ by: 'goal', horizon: 52 });
    expect(await page.locator('#adv-steering').count()).toBe(0);

    // A target above the API's limit is the server's 400 on goal.score, shown at the goal.
    await page.fill('#adv-target', '100001');
    await page.press('#adv-target', 'Enter');
    const res = await post({ ruleset: 'superpass', dice: [6, 6, 6, 5, 2, 1], rollsLeft: 1, goal: { type: 'reach', score: 100001 } });
    expect(res.status).toBe(400);
    const issues = ((await res.json()) as { errors: { field: string; message: string }[] }).errors;
    expect(issues.map((e) => e.field)).toEqual(['goal.score']);
    await page.locator('#adv-goal-error').filter({ hasText: issues[0].message }).waitFor();
    expect(await page.getAttribute('#adv-target', 'aria-invalid')).toBe('true');
    expect(await page.locator('#advisor .error-row').count()).toBe(0);
    await page.close();
  });

  it('answers a Triple Yahtzee win goal against a finished opponent with the API’s share and their total, in German too', async () => {
    const page = await open('?ruleset=triple-yahtzee');
    await page.fill('input[name="c1-sixes"]', '24');
    await page.fill('input[name="c3-yahtzee"]', '50');
    for (const f of [5, 5, 5, 2, 1]) await page.click(`.faces [data-face="${f}"]`);
    await page.check('#adv-goal-win');
    await page.waitForSelector('#adv-opponents:not([hidden])');
    await page.check('input[name="o1-kind"][value="final"]');
    await page.fill('input[name="o1-final"]', '1950');
    await page.press('input[name="o1-final"]', 'Enter');

    const want = await hint({
      ruleset: 'triple-yahtzee',
      scorecard: [{ sixes: 24 }, {}, { yahtzee: 50 }],
      yahtzeeBonus: [0, 0, 0],
      dice: [5, 5, 5, 2, 1],
      rollsLeft: 2,
      goal: { type: 'win', opponents: [{ finalScore: 1950 }] },
    });
    expect(want.exact).toBe(false);
    expect(want.opponents).toEqual([{ expectedFinalScore: 1950 }]);

    await page.locator('#adv-win').filter({ hasText: pct('en-US', want.probability) }).waitFor();
    expect(await page.textContent('#adv-chance-before')).toBe(`From the start of this turn: ${pct('en-US', want.probabilityBefore)}`);
    expect(await page.$$eval('#adv-opponent-scores li', (els) => els.map((e) => e.textContent))).toEqual([`Opponent 1: expected final total ${fmt2('en-US', 1950)}`]);
    expect(await page.textContent('#adv-approximate')).toContain('Triple Yahtzee is not solved exactly');
    expect(await page.$$eval('.options > li .chance', (els) => els.map((e) => e.textContent))).toEqual(listedOptions(5, want.options).map((o) => pct('en-US', o.probability)));
    expect(await page.textContent('#adv-best strong')).toBe(bestText('triple-yahtzee', want));

    await page.selectOption('#lang', 'de');
    await page.locator('#adv-win').filter({ hasText: pct('de-DE', want.probability) }).waitFor();
    expect(want.calibration?.boxesOpen).toBe(37);
    expect(await page.textContent('#adv-approximate')).toBe(
      `Geschätzt, kalibriert: Triple Yahtzee ist nicht exakt gelöst; die Schätzung des Modells ist auf das korrigiert, was das eigene Spiel dieser Empfehlung aus solchen Schätzungen erreichte, gemessen in ${fmt0('de-DE', want.calibration!.games)} Partien mit 37 offenen Feldern.`,
    );
    expect(await page.inputValue('input[name="o1-final"]')).toBe('1950');
    await page.close();
  });

  it('takes one opponent on a multi-column rule set, says why, and reads their sheet column by column', async () => {
    const page = await open('?ruleset=yahtzee');
    await page.check('#adv-goal-win');
    await page.click('#adv-add-opponent');
    await page.click('#adv-add-opponent');
    expect(await page.locator('#adv-opponents fieldset.opponent').count()).toBe(3);
    expect(await page.isHidden('#adv-opponents-limit')).toBe(true);

    await page.selectOption('#ruleset', 'triple-yahtzee');
    await page.waitForSelector('input[name="o1-c3-yahtzee"]');
    expect(await page.locator('#adv-opponents fieldset.opponent').count()).toBe(1);
    expect(await page.isDisabled('#adv-add-opponent')).toBe(true);
    expect(await page.textContent('#adv-opponents-limit')).toBe(
      'On Triple Yahtzee the page advises against one opponent only: the chance to win is estimated for two players, from the difference between your two final totals.',
    );
    // One input per box and column, as on the player's own sheet.
    expect(await page.locator('#adv-opponents input[name^="o1-c"]').count()).toBe(3 * (RULESETS['triple-yahtzee'].boxes.length + 1));

    // The server names goal.opponents[0].scorecard[1].twos: the message goes under that box, marked in column 2 only.
    await page.fill('input[name="o1-c2-twos"]', '3');
    await page.press('input[name="o1-c2-twos"]', 'Enter');
    const error = page.locator('#adv-opponents tr[data-box="twos"] + tr.error-row');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/^Column 2: .*3 cannot be scored in Twos/);
    expect(await page.getAttribute('input[name="o1-c2-twos"]', 'aria-invalid')).toBe('true');
    expect(await page.getAttribute('input[name="o1-c1-twos"]', 'aria-invalid')).toBeNull();

    // Fixed, the opponent in progress is read with all three columns: the page shows the API's expected total for them.
    await page.fill('input[name="o1-c2-twos"]', '6');
    await page.fill('input[name="o1-c1-sixes"]', '30');
    await page.press('input[name="o1-c1-sixes"]', 'Enter');
    const want = await hint({
      ruleset: 'triple-yahtzee',
      scorecard: [{}, {}, {}],
      yahtzeeBonus: [0, 0, 0],
      goal: { type: 'win', opponents: [{ scorecard: [{ sixes: 30 }, { twos: 6 }, {}], yahtzeeBonus: [0, 0, 0] }] },
    });
    await page.locator('#adv-opponent-scores li').filter({ hasText: `Opponent 1: expected final total ${fmt2('en-US', want.opponents![0].expectedFinalScore)}` }).waitFor();
    expect(await page.textContent('#adv-win')).toBe(pct('en-US', want.probability));
    await page.close();
  });

  it('threw no script errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
