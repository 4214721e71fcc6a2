import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advise } from '../src/advisor/index.ts';
import { parsePosition, type Action, type PositionInput } from '../src/position/index.ts';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { initialState } from '../src/solver/index.ts';
import { launchChromium, loadPage, skipBrowserTests } from './support/browser.ts';
import { engineCall, serviceWorkerActive, valueOf } from './support/engine-page.ts';
import { playGames } from './support/game-records.ts';
import { testModel } from './support/models.ts';
import { sheetExcept, TAIL_RULESET, tailReachTable } from './support/reach.ts';
import { loadedSource } from './support/table-sources.ts';
import { startWebServer, type WebServer } from './support/web-server.ts';

/**
 * The page as a player meets it offline, in Chromium at 390 px against the real server: one
 * online visit to the coach (Yahtzee against the computer, Triple Yahtzee) and the advisor, then
 * the network cut and the page reloaded. A whole coach game of each plays to its review from the
 * engine in the page, the test taking the hint's best move at every decision; the computer plays
 * its game from the same engine, and the chance to win, which needs the server, says so plainly;
 * axe finds nothing serious on the offline page. The advisor advises a typed position for points,
 * says the reach goal and a file of games need the server, and, the network back, answers the reach
 * goal again without being asked twice.
 */

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PHONE = { width: 390, height: 844 };
const SEED = 'offline-7';

/* The probes below run in the page; the test code has no DOM types, hence the `any`. */
/* eslint-disable @typescript-eslint/no-explicit-any */

async function axeFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const r = await (globalThis as any).axe.run((globalThis as any).document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v: any) => v.nodes.map((n: any) => `${v.impact} ${v.id}: ${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ')}`));
  });
}

function overflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const d = (globalThis as any).document;
    return d.documentElement.scrollWidth - d.documentElement.clientWidth;
  });
}

const number = (text: string | null) => Number((text ?? '').replace(/,/g, ''));

/** The dice to press so that the held ones are `hold` (a multiset of faces): each die whose held state must change. */
function togglesFor(dice: { face: number; held: boolean }[], hold: readonly number[]): number[] {
  const want = [...hold];
  const keep = dice.map((d) => {
    const at = want.indexOf(d.face);
    if (at < 0) return false;
    want.splice(at, 1);
    return true;
  });
  return dice.flatMap((d, i) => (d.held !== keep[i] ? [i] : []));
}

/**
 * Plays the coach's game to its end, each decision the best option of the hint (the hint panel
 * open), by clicking the dice, the roll button and the box as a player does. Returns the number
 * of decisions taken.
 */
async function playBestMoves(page: Page): Promise<number> {
  await page.click('[data-key="hint"]');
  for (let decisions = 0; ; decisions++) {
    // The log has an entry per decision taken; the hint list is drawn again for the new position.
    await page.waitForFunction((n) => (globalThis as any).document.querySelectorAll('#coach-log li').length === n, decisions);
    if ((await page.getAttribute('#coach-status', 'data-over')) === 'true') return decisions;
    const best = JSON.parse((await page.locator('.coach-hint .options > li.best').getAttribute('data-action'))!) as Action;
    if ('score' in best) {
      await page.click(`.sheet button.box[data-box="${best.score}"][data-column="${best.column ?? 1}"]`);
      continue;
    }
    const dice = await page.$$eval('.tray .die-btn', (els) => els.map((e: any) => ({ face: Number(e.dataset.face), held: e.getAttribute('aria-pressed') === 'true' })));
    // The dice by their own click events in one round trip (each press redraws the tray); the roll as a player's tap.
    await page.evaluate((toggles) => {
      for (const i of toggles) (globalThis as any).document.querySelectorAll('.tray .die-btn')[i].click();
    }, togglesFor(dice, best.hold));
    await page.click('#coach-roll');
  }
}

function parsed(p: PositionInput) {
  const r = parsePosition(p);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.position;
}

describe.skipIf(skipBrowserTests)('the page offline after one visit, on a phone', () => {
  let server: WebServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const url = (query: string) => `${server.url}/${query}`;

  beforeAll(async () => {
    // Reach tables for the last two turns of yahtzee-no-bonus only: the advisor's reach goal, once online again.
    const reach = loadedSource(async (id: RuleSetId) => {
      if (id !== TAIL_RULESET) throw new Error(`no reach table for ${id} in this test`);
      return (await tailReachTable()).table;
    });
    [server, browser] = await Promise.all([startWebServer(['yahtzee', TAIL_RULESET, 'triple-yahtzee'], { reach }), launchChromium()]);
    context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-US' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('one online visit: the page is kept for offline use, and each rule set opened is got into the engine in the page', async () => {
    await loadPage(page, url(`?ruleset=${TAIL_RULESET}`), pageErrors);
    await serviceWorkerActive(page);
    // With the server in reach the page says nothing about it.
    expect(await page.locator('#site-notice').isHidden()).toBe(true);
    await page.selectOption('#ruleset', 'triple-yahtzee');
    await page.goto(url(`?mode=coach&ruleset=yahtzee&seed=${SEED}&vs=computer`));
    await page.waitForSelector('#ruleset:not([disabled])');
    // The page started on each as it was shown; this waits until each is in (a page left behind stopped its worker).
    for (const id of ['yahtzee', TAIL_RULESET, 'triple-yahtzee']) {
      const ready = valueOf(await engineCall<{ tables: { kind: string; origin: string }[] }>(page, 'ready', id, { sd: false }));
      expect(ready.tables.length, id).toBeGreaterThan(0);
    }
    const { tables } = valueOf(await engineCall<{ tables: { ruleset: string; kind: string }[] }>(page, 'status'));
    // Value tables only: the page never waits for the moments table, whose only use is finalScoreSd.
    expect(tables.map((t) => `${t.ruleset} ${t.kind}`).sort()).toEqual(['triple-yahtzee neural', `${TAIL_RULESET} values`, 'yahtzee values'].sort());
  });

  it('offline, reloaded: a whole Yahtzee game against the computer plays to its review, the chance to win says it needs the server, and axe finds nothing serious', async () => {
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('#ruleset:not([disabled])');
    expect(await page.locator('#fatal').isHidden()).toBe(true);
    expect(await page.textContent('#site-mode')).toMatch(/^Offline: the Dicewise server cannot be reached\. Points advice, the coach and its review go on in this browser/);
    await page.waitForSelector('.sheet button.box:not([disabled])');
    expect(await page.isChecked('#coach-versus')).toBe(true);
    await page.locator('#coach-win').filter({ hasText: /^The chance to win needs the Dicewise server, which cannot be reached now\./ }).waitFor();

    const decisions = await playBestMoves(page);
    expect(decisions).toBeGreaterThanOrEqual(13);
    await page.waitForSelector('#coach-analysis');
    // Every move the best: the review finds nothing lost, and rates the game from the same table.
    expect(number(await page.textContent('#an-loss'))).toBe(0);
    expect(await page.textContent('#an-final')).toBe(await page.textContent('.sheet tr.total td'));
    const optimal = (await testModel('yahtzee')).value(initialState(RULESETS.yahtzee));
    expect(number(await page.textContent('#an-optimal'))).toBeCloseTo(optimal, 2);
    expect(await page.locator('#coach-log li.bad').count()).toBe(0);
    // The computer played all its turns from the engine, and the page says who won.
    await page.locator('#coach-computer-status[data-turns="13"]').waitFor();
    await page.locator('#coach-result[data-winner]').waitFor();
    expect(await page.textContent('#coach-result')).toMatch(/^(You won|The computer won|A tie)/);

    // A file of games to review needs the server, and says so.
    const games = playGames(await testModel('yahtzee'), 5, 2, 0.3, 0);
    await page.setInputFiles('#review-file', { name: 'games.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(games.map((g) => JSON.stringify(g)).join('\n')) });
    await page.locator('#review-status').filter({ hasText: /^Reviewing a file of games needs the Dicewise server, which cannot be reached now\./ }).waitFor();

    expect(await overflow(page)).toBe(0);
    expect(await axeFindings(page)).toEqual([]);
  });

  it('offline: a whole Triple Yahtzee game plays to its review by the best model', async () => {
    await page.goto(url('?mode=coach&ruleset=triple-yahtzee&seed=offline-columns'));
    await page.waitForSelector('.sheet button.box:not([disabled])');
    const decisions = await playBestMoves(page);
    expect(decisions).toBeGreaterThanOrEqual(39);
    await page.waitForSelector('#coach-analysis');
    expect(await page.textContent('#an-estimate')).toMatch(/^Every value here is an estimate/);
    expect(number(await page.textContent('#an-loss'))).toBe(0);
    expect(await page.textContent('#an-final')).toBe(await page.textContent('.sheet tr.grand td'));
    expect(await overflow(page)).toBe(0);
    expect(await axeFindings(page)).toEqual([]);
  });

  it('advisor offline: a typed position is advised for points; the reach goal says it needs the server, and is answered once the network is back', async () => {
    await page.goto(url(`?ruleset=${TAIL_RULESET}`));
    await page.waitForSelector('#ruleset:not([disabled])');
    const scorecard = sheetExcept(['yahtzee', 'chance']);
    for (const [box, points] of Object.entries(scorecard)) await page.fill(`input[name="c1-${box}"]`, String(points));
    for (const f of [5, 5, 5, 6, 6]) await page.click(`.faces [data-face="${f}"]`);
    await page.check('#adv-rolls-2');
    const input: PositionInput = { ruleset: TAIL_RULESET, scorecard, dice: [5, 5, 5, 6, 6], rollsLeft: 2 };
    const want = advise(await testModel(TAIL_RULESET), parsed(input));
    await page.locator('#adv-expected').filter({ hasText: want.expectedFinalScore.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) }).waitFor();
    expect(JSON.parse((await page.getAttribute('.options > li.best', 'data-action'))!)).toEqual(want.best!.action);
    expect(await axeFindings(page)).toEqual([]);
    // Why the best option is best: the server's to say (the engine here holds no outlook table).
    await page.click('#adv-explain-toggle');
    await page.locator('#adv-explain').filter({ hasText: /^The explanation of the advice needs the Dicewise server, which cannot be reached now\. It comes back when the server does/ }).waitFor();

    await page.check('#adv-goal-reach');
    await page.fill('#adv-target', '242');
    await page.press('#adv-target', 'Enter');
    const banner = page.locator('#advisor .banner');
    await banner.filter({ hasText: /^The chance to reach a total needs the Dicewise server, which cannot be reached now\. It comes back when the server does/ }).waitFor();
    expect(await page.locator('#adv-best').count()).toBe(0);

    // The network back: the page finds the server again by itself and answers the goal.
    await context.setOffline(false);
    await page.locator('#adv-chance').waitFor();
    expect(await banner.isHidden()).toBe(true);
    expect(await page.locator('#site-notice').isHidden()).toBe(true);
    expect(await page.textContent('#adv-best strong')).toBe('score Chance');
    await page.waitForSelector('#adv-odds svg.odds-chart');
  });

  it('threw no script errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
