import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playGames } from './support/game-records.ts';
import { launchChromium, loadPage, skipBrowserTests } from './support/browser.ts';
import { testModel } from './support/models.ts';
import { startWebServer, type WebServer } from './support/web-server.ts';

/**
 * The page on a phone (390 × 844) in headless Chromium against the real server: nothing wider
 * than the screen, every scorecard input showing three digits whole with room to spare, the dice's hold and reroll
 * tags apart in every language, no English left in German, Dutch or French (the page's text
 * compared with the English page's in the same state), the player's own sheet above the
 * opponents', and axe-core finding nothing serious or critical on the advisor, the coach and a
 * multi-column sheet. Checks share page loads: each is a few seconds of browser work.
 */

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PHONE = { width: 390, height: 844 };
type Lang = 'en' | 'nl' | 'de' | 'fr';

/* The probes below run in the page; the test code has no DOM types, hence the `any`. */
/* eslint-disable @typescript-eslint/no-explicit-any */

/** How far the page reaches past the screen's right edge, px (0 = no sideways scrolling). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const d = (globalThis as any).document;
    return d.documentElement.scrollWidth - d.documentElement.clientWidth;
  });
}

/** axe-core's serious and critical findings, one line each. */
async function axeFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const r = await (globalThis as any).axe.run((globalThis as any).document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v: any) => v.nodes.map((n: any) => `${v.impact} ${v.id}: ${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ')}`));
  });
}

/**
 * Room a three-digit value keeps inside its box, px, on each side together: a value that fits by a
 * pixel fits with one machine's fonts and pixel snapping and is clipped with the next (a clean
 * machine's DejaVu Sans clipped 26 of Superpass's boxes by 1 px where this one fit them).
 */
const MIN_ROOM_PX = 3;

/**
 * Scorecard inputs (the player's and the opponents') that do not show each of `values` whole with
 * room to spare, one line each: where the browser scrolls the text (its scrollWidth past its
 * clientWidth), or where the text, as the input's own font draws it (tabular figures included),
 * leaves less than MIN_ROOM_PX of the input's content box.
 */
async function crampedInputs(page: Page, values: readonly string[] = ['300', '888']): Promise<string[]> {
  return page.evaluate(
    ({ values, room }) => {
      const d = (globalThis as any).document;
      const probe = d.createElement('span');
      probe.style.cssText = 'position: absolute; left: 0; top: 0; visibility: hidden; white-space: pre';
      d.body.append(probe);
      const cramped: string[] = [];
      for (const input of d.querySelectorAll('.sheet input')) {
        if (!input.checkVisibility()) continue;
        const cs = (globalThis as any).getComputedStyle(input);
        for (const p of ['fontFamily', 'fontSize', 'fontWeight', 'fontStyle', 'fontStretch', 'fontVariantNumeric', 'fontFeatureSettings', 'letterSpacing']) probe.style[p] = cs[p];
        const px = (p: string) => parseFloat(cs[p]);
        const content = input.getBoundingClientRect().width - px('paddingLeft') - px('paddingRight') - px('borderLeftWidth') - px('borderRightWidth');
        const before = input.value;
        for (const v of values) {
          input.value = v;
          probe.textContent = v;
          const text = probe.getBoundingClientRect().width;
          if (input.scrollWidth > input.clientWidth) cramped.push(`${input.name}=${v}: scrolls, ${input.scrollWidth} > ${input.clientWidth}`);
          else if (content - text < room) cramped.push(`${input.name}=${v}: ${(content - text).toFixed(1)} px to spare, ${text.toFixed(1)} of ${content.toFixed(1)}`);
        }
        input.value = before;
      }
      probe.remove();
      return cramped;
    },
    { values, room: MIN_ROOM_PX },
  );
}

/** How far the advisor's scorecard reaches past its panel, px (0 = no sideways scrolling of the sheet). */
function sheetOverflow(page: Page): Promise<number> {
  return page.locator('#advisor .sheet-panel .sheet-wrap').evaluate((el: any) => el.scrollWidth - el.clientWidth);
}

/** Pairs of dice tags (hold, reroll, held) whose boxes overlap, and tags wider than the tray. */
async function tagClashes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const tags = [...(globalThis as any).document.querySelectorAll('.tray .die-btn .tag')].filter((t: any) => t.checkVisibility());
    const boxes = tags.map((t: any) => ({ text: t.textContent, r: t.getBoundingClientRect() }));
    const out: string[] = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i].r;
        const b = boxes[j].r;
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) out.push(`${boxes[i].text} / ${boxes[j].text}`);
      }
    }
    return tags.length === 0 ? ['no tags'] : out;
  });
}

/** Option rows whose value or loss is wider than its column (it then runs into the next). */
function clippedOptionCells(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...(globalThis as any).document.querySelectorAll('.options > li:not([hidden]) > .ev, .options > li:not([hidden]) > .loss')]
      .filter((el: any) => el.scrollWidth > el.clientWidth)
      .map((el: any) => `${el.closest('li').dataset.rank}: ${el.textContent}`),
  );
}

/** Every text the page shows or reads out: visible text nodes, and the aria-label, title and placeholder of visible elements. */
function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const d = (globalThis as any).document;
    const out = new Set<string>();
    const walker = d.createTreeWalker(d.body, 4 /* NodeFilter.SHOW_TEXT */);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent.trim();
      const el = n.parentElement;
      if (text && el && el.closest('noscript, option') === null && el.checkVisibility()) out.add(text);
    }
    for (const el of d.body.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (!el.checkVisibility() && el.getAttribute('aria-hidden') !== 'true') continue;
      for (const a of ['aria-label', 'title', 'placeholder']) if (el.getAttribute(a)) out.add(el.getAttribute(a).trim());
    }
    return [...out];
  });
}

/**
 * Words German, Dutch or French share with English on this page: names (the product, the games,
 * boxes the editions share) and words these languages use as they are. A text found on the
 * English page and on another language's is English left behind unless every word in it is one
 * of these (numbers and signs are no words).
 */
const SHARED_WORDS = new Set(['Dicewise', 'Yahtzee', 'Triple', 'Superpass', 'Kniffel', 'Chance', 'chance', 'Coach', 'EV', 'Full', 'House', 'house', 'Bonus', 'Blunders', 'Points', 'Total', 'total', 'Mode']);

function englishLeft(texts: readonly string[], english: ReadonlySet<string>, seed: string): string[] {
  return texts.filter((s) => english.has(s) && s !== seed && !(s.match(/\p{L}+/gu) ?? []).every((w) => SHARED_WORDS.has(w)));
}

describe.skipIf(skipBrowserTests)('web page on a phone', () => {
  let server: WebServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchChromium()]);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  async function open(query: string): Promise<Page> {
    await context?.close();
    context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-US' });
    return loadPage(await context.newPage(), `${server.url}/${query}`, pageErrors);
  }

  async function switchTo(page: Page, lang: Lang): Promise<void> {
    await page.selectOption('#lang', lang);
    await page.waitForFunction((l) => (globalThis as any).document.documentElement.lang === l, lang);
  }

  it('advisor: fits the screen, takes three digits in every box, shows the own sheet above the opponents, and passes axe', async () => {
    const page = await open('?ruleset=yahtzee');
    for (const [box, v] of Object.entries({ ones: '3', twos: '6', fours: '12', fullHouse: '25' })) await page.fill(`input[name="c1-${box}"]`, v);
    for (const f of [5, 2, 5, 6, 5]) await page.click(`.faces [data-face="${f}"]`);
    await page.check('#adv-rolls-1');
    await page.locator('.tray .die-btn.keep').first().waitFor();
    expect(await overflow(page)).toBe(0);
    expect(await crampedInputs(page)).toEqual([]);
    expect(await axeFindings(page)).toEqual([]);
    // Explained: every other option's sentence shown and the outlook table, still within the screen.
    await page.click('#adv-explain-toggle');
    await page.locator('#adv-outlook').waitFor();
    await page.click('#adv-explain .why-not .link');
    expect(await overflow(page)).toBe(0);
    expect(await page.locator('#adv-explain').evaluate((el: any) => el.scrollWidth - el.clientWidth)).toBe(0);
    expect(await axeFindings(page)).toEqual([]);

    await page.check('#adv-goal-win');
    await page.locator('#adv-opponents').waitFor();
    // Both measured at once: the advice above them changes height as the goal's answer comes.
    const [sheetTop, opponentsTop] = await page.evaluate(() => ['#advisor .sheet-panel', '#adv-opponents'].map((sel) => (globalThis as any).document.querySelector(sel).getBoundingClientRect().top as number));
    expect(sheetTop).toBeLessThan(opponentsTop);
    expect(await overflow(page)).toBe(0);
    expect(await crampedInputs(page)).toEqual([]);
  });

  it('advisor: the hold and reroll tags under the dice stay apart, and no English is left, in every language', async () => {
    const page = await open('?ruleset=yahtzee');
    await page.fill('input[name="c1-fours"]', '12');
    // One die kept, four rerolled: every tag of both kinds side by side.
    for (const f of [1, 2, 4, 6, 6]) await page.click(`.faces [data-face="${f}"]`);
    await page.check('#adv-rolls-2');
    // Explained, in each language: the reasons' sentences and the outlook's labels too.
    await page.locator('#adv-explain-toggle').click();
    let english = new Set<string>();
    for (const lang of ['en', 'nl', 'de', 'fr'] as const) {
      if (lang !== 'en') await switchTo(page, lang);
      await page.locator('.tray .die-btn.reroll .tag').first().waitFor();
      await page.locator('#adv-why li').first().waitFor();
      await page.locator('#adv-outlook').waitFor();
      expect(await tagClashes(page), lang).toEqual([]);
      expect(await overflow(page), lang).toBe(0);
      if (lang === 'en') english = new Set(await pageTexts(page));
      else expect(englishLeft(await pageTexts(page), english, ''), lang).toEqual([]);
    }
  });

  it('multi-column: Triple Yahtzee and Superpass sheets take three digits in every box, fit the screen and pass axe', async () => {
    const page = await open('?ruleset=triple-yahtzee');
    await page.fill('input[name="c3-sixes"]', '24');
    for (const f of [6, 6, 6, 2, 3]) await page.click(`.faces [data-face="${f}"]`);
    await page.check('#adv-rolls-0');
    await page.locator('#adv-best').waitFor();
    expect(await overflow(page)).toBe(0);
    expect(await crampedInputs(page)).toEqual([]);
    // Four-digit values ("1,876.74") stay clear of the loss beside them.
    expect(await clippedOptionCells(page)).toEqual([]);
    expect(await axeFindings(page)).toEqual([]);
    await page.selectOption('#ruleset', 'superpass');
    await page.locator('input[name="c4-chance"]').waitFor();
    expect(await overflow(page)).toBe(0);
    expect(await crampedInputs(page)).toEqual([]);
    // The column rules are longest in Dutch and French ("alleen 1e worp"): they wrap, and the sheet stays on the screen.
    for (const lang of ['en', 'nl', 'de', 'fr'] as const) {
      if (lang !== 'en') await switchTo(page, lang);
      await page.locator('input[name="c4-chance"]').waitFor();
      expect(await sheetOverflow(page), lang).toBe(0);
      expect(await crampedInputs(page), lang).toEqual([]);
    }
    // The room is the font's, not this machine's: the boxes keep it in the other families a phone may use.
    for (const family of ['serif', 'monospace']) {
      await page.addStyleTag({ content: `.sheet input { font-family: ${family}; }` });
      expect(await crampedInputs(page), family).toEqual([]);
    }
  });

  it('coach: fits the screen with the review panel, passes axe with a die held and the hint open, and speaks only the chosen language', async () => {
    const page = await open('?mode=coach&ruleset=yahtzee&seed=phone-1');
    await page.waitForSelector('.sheet button.box:not([disabled])');
    // A zero in Yahtzee on the first roll of the game: the coach says why it lost, in one sentence.
    await page.click('.sheet button.box[data-box="yahtzee"]');
    await page.locator('#coach-status[data-turn="2"]').waitFor();
    await page.locator('#coach-why').filter({ hasText: /^Scoring Yahtzee gives up [\d.]+ points against .+: Yahtzee −[\d.]+ \(a zero \d+% → 100%\)/ }).waitFor();
    await page.waitForSelector('.sheet button.box:not([disabled])');
    await page.click('.tray .die-btn >> nth=0');
    await page.click('[data-key="hint"]');
    await page.locator('.coach-hint .options > li.best').waitFor();
    expect(await overflow(page)).toBe(0);
    expect(await axeFindings(page)).toEqual([]);

    // The same state in each language, the review of a file of games included: no English text left.
    // Two strategies' games, as simulate --record names them: each one's profile, or all together.
    const games = playGames(await testModel('yahtzee'), 24, 30, 0.4, 0).map((g, i) => ({ strategy: i < 20 ? 'heuristic' : 'greedy', game: i % 20, ...g }));
    const file = { name: 'games.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(['{"turns": [', ...games.map((g) => JSON.stringify(g))].join('\n')) };
    const review = async () => {
      await page.setInputFiles('#review-file', file);
      await page.locator('#review-profile').waitFor();
      expect(await page.$$eval('#review-group option', (els) => els.map((e) => e.getAttribute('value')))).toEqual(['0', '1', 'all']);
      expect(await page.textContent('#pr-games')).toBe('20');
      await page.selectOption('#review-group', 'all');
      await page.locator('#pr-games').filter({ hasText: /^30$/ }).waitFor();
      await page.locator('#pr-recurring li').first().waitFor();
    };
    await review();
    const english = new Set(await pageTexts(page));
    expect(await page.locator('#pr-families .bar-row').count()).toBe(5);
    for (const lang of ['nl', 'de', 'fr'] as const) {
      await switchTo(page, lang);
      await page.locator('.coach-hint .options > li.best').waitFor();
      await page.locator('#coach-why:not([hidden])').waitFor();
      await review();
      await page.locator('#pr-families').waitFor();
      expect(englishLeft(await pageTexts(page), english, 'phone-1'), lang).toEqual([]);
      expect(await overflow(page), lang).toBe(0);
    }
  });

  it('threw no script errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
