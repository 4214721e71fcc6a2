/**
 * Screenshots of the web page for the README and docs/web.md: `npx tsx test/support/screenshots.ts` writes
 * docs/screenshots/*.png from the real server over the test tables, in headless Chromium.
 */
import { mkdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchChromium } from './browser.ts';
import { startWebServer } from './web-server.ts';

const OUT = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const MAX_BYTES = 300 * 1024;

type Action = { hold: number[] } | { score: string; column?: number };

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  const path = `${OUT}${name}.png`;
  await page.screenshot({ path, fullPage, animations: 'disabled', caret: 'hide' });
  const bytes = statSync(path).size;
  console.log(`${path}: ${Math.round(bytes / 1024)} KiB`);
  if (bytes > MAX_BYTES) throw new Error(`${name}.png is ${bytes} bytes, over ${MAX_BYTES}`);
}

async function waitForDecision(page: Page): Promise<void> {
  await page.locator('.coach-hint .options > li.best').first().waitFor();
}

/** Plays one coach decision: the hint's best option, or the first free box when `blunder`. */
async function decide(page: Page, blunder = false): Promise<void> {
  await waitForDecision(page);
  const turn = await page.getAttribute('#coach-status', 'data-turn');
  const text = await page.textContent('#coach-status');
  if (blunder) {
    await page.click('.sheet button.box:not([disabled]) >> nth=0');
  } else {
    const action = JSON.parse((await page.getAttribute('.coach-hint .options > li.best', 'data-action'))!) as Action;
    if ('hold' in action) {
      const faces = await page.$$eval('.tray .die-btn', (els) => els.map((e) => Number(e.getAttribute('data-face'))));
      const want = [...action.hold];
      for (let i = 0; i < faces.length; i++) {
        const k = want.indexOf(faces[i]);
        if (k >= 0) {
          want.splice(k, 1);
          await page.click(`.tray .die-btn >> nth=${i}`);
        }
      }
      await page.click('#coach-roll');
    } else {
      await page.click(`.sheet button.box[data-box="${action.score}"][data-column="${action.column ?? 1}"]`);
    }
  }
  await page.waitForFunction(([t, s]) => {
    const el = (globalThis as unknown as { document: { querySelector(q: string): { textContent: string | null; getAttribute(n: string): string | null } | null } }).document.querySelector('#coach-status');
    return el !== null && (el.getAttribute('data-turn') !== t || el.textContent !== s);
  }, [turn, text] as const);
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const [server, browser] = await Promise.all([startWebServer(), launchChromium()]);
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 860 }, deviceScaleFactor: 1 });
    page.on('pageerror', (e) => console.error('page error:', e.message));

    // Advisor: a mid-game sheet, a roll with one reroll left, every option ranked.
    await page.goto(`${server.url}/?mode=advisor&ruleset=yahtzee`);
    await page.waitForSelector('#ruleset:not([disabled])');
    const sheet: Record<string, string> = { ones: '3', twos: '6', fours: '12', threeOfAKind: '24', fullHouse: '25', chance: '21' };
    for (const [box, v] of Object.entries(sheet)) await page.fill(`input[name="c1-${box}"]`, v);
    for (const f of [5, 2, 5, 6, 5]) await page.click(`.faces [data-face="${f}"]`);
    await page.check('#adv-rolls-1');
    await page.click('button[type="submit"]');
    await page.locator('#adv-best').waitFor();
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await shot(page, 'advisor');

    // Coach: a few turns in, one of them a mistake, with the hint open.
    await page.goto(`${server.url}/?mode=coach&ruleset=yahtzee&seed=readme-1`);
    await page.locator('[data-key="hint"]').click();
    // Best play, a blunder in turn 3, until a turn's second roll (with a hold the hint agrees on) from turn 5 on.
    let heldAt = -1;
    for (;;) {
      const turn = Number(await page.getAttribute('#coach-status', 'data-turn'));
      const status = (await page.textContent('#coach-status')) ?? '';
      if (turn >= 5 && status.includes('roll 2 of 3')) {
        await waitForDecision(page);
        const action = JSON.parse((await page.getAttribute('.coach-hint .options > li.best', 'data-action'))!) as Action;
        const faces = await page.$$eval('.tray .die-btn', (els) => els.map((e) => Number(e.getAttribute('data-face'))));
        if ('hold' in action && action.hold.length > 0) {
          heldAt = faces.indexOf(action.hold[0]);
          await page.click(`.tray .die-btn >> nth=${heldAt}`);
          break;
        }
      }
      await decide(page, turn === 3 && status.includes('roll 1'));
    }
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await shot(page, 'coach', false);

    // Coach: the rest of the game, then the analysis.
    await page.click(`.tray .die-btn >> nth=${heldAt}`);
    while ((await page.getAttribute('#coach-status', 'data-over')) !== 'true') {
      const turn = Number(await page.getAttribute('#coach-status', 'data-turn'));
      await decide(page, turn === 9 || turn === 12);
    }
    await page.locator('#coach-analysis').waitFor();
    await shot(page, 'coach-analysis');

    // A phone: the advisor on a 390-pixel-wide screen.
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
    await phone.goto(`${server.url}/?mode=advisor&ruleset=yahtzee`);
    await phone.waitForSelector('#ruleset:not([disabled])');
    for (const [box, v] of Object.entries(sheet)) await phone.fill(`input[name="c1-${box}"]`, v);
    for (const f of [5, 2, 5, 6, 5]) await phone.click(`.faces [data-face="${f}"]`);
    await phone.check('#adv-rolls-1');
    await phone.locator('#adv-best').waitFor();
    await shot(phone, 'phone', false);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
