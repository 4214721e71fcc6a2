import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advise } from '../src/advisor/index.ts';
import { bestModel } from '../src/approx/index.ts';
import { parsePosition, type PositionInput } from '../src/position/index.ts';
import { RULESET_IDS, RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { decodeHeader, exactColumnModel, initialState, type GameModel } from '../src/solver/index.ts';
import { skipBrowserTests, launchChromium } from './support/browser.ts';
import { dicewise } from './support/cli.ts';
import { engineCall, serviceWorkerActive, startStaticServer, valueOf } from './support/engine-page.ts';
import { testColumnTables, testValues } from './support/models.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';
import { playedPositions } from './support/played-positions.ts';

/**
 * `dicewise export-web DIR` served by a plain static file server (no Dicewise server behind it):
 * the engine downloads Superpass's column tables from the export and solves the exact rule sets
 * the server-backed test does not (Yatzy, YahtSooS, the free Joker: values alone), each table bit
 * for bit the test setup's, and answers as the engine in Node does; offline after the visit too;
 * and a new export's service worker replaces the old version's cache.
 */

const asJson = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

function checksumOf(file: string): string {
  return decodeHeader(new Uint8Array(readFileSync(join(TEST_TABLE_DIR, file))), file, '').header.checksum;
}

describe.skipIf(skipBrowserTests)('the static export, on a plain static host', () => {
  let dir: string;
  let host: Awaited<ReturnType<typeof startStaticServer>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let exported: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dicewise-export-'));
    const run = dicewise(['export-web', dir, '--tables', TEST_TABLE_DIR]);
    exported = run.stdout + run.stderr;
    if (run.code !== 0) throw new Error(`export-web failed: ${exported}`);
    [host, browser] = await Promise.all([startStaticServer(dir), launchChromium()]);
    context = await browser.newContext({ locale: 'en-US' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await host?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the page, the engine, the service worker and Superpass’s tables, and says what needs a server', () => {
    expect(exported).toMatch(/\d+ files, [\d.]+ MiB, written to /);
    expect(exported).toContain('superpass column tables: web/tables/superpass.columns.');
    expect(exported).toContain('reach and win goals, odds, batch review and simulate need `dicewise serve`');
    const site = JSON.parse(readFileSync(join(dir, 'web', 'site.json'), 'utf8')) as { mode: string; precache: string[] };
    expect(site.mode).toBe('static');
    expect(site.precache).toContain('/web/engine/engine-worker.js');
    expect(site.precache).not.toContain('/api/v1/rulesets');
    expect(readFileSync(join(dir, 'sw.js'), 'utf8')).toMatch(/^self\.DICEWISE_VERSION = "[0-9a-f]{16}";\n/);
  });

  it('the engine solves Yatzy, YahtSooS and the free Joker bit for bit as the test setup did, and answers as in Node', async () => {
    await page.goto(`${host.url}/`);
    await serviceWorkerActive(page);
    for (const [i, id] of (['yatzy', 'yahtsoos', 'yahtzee-free-joker'] as RuleSetId[]).entries()) {
      const ready = valueOf(await engineCall<{ tables: { kind: string; origin: string; sha256: string }[] }>(page, 'ready', id, { sd: false }));
      expect(ready.tables.find((t) => t.kind === 'values')).toMatchObject({ origin: 'solved', sha256: checksumOf(`${id}.dwt`) });
      const model = exactColumnModel(RULESETS[id], await testValues(id));
      const positions = await playedPositions(id, 90 + i, 10, async (p) => asJson(advise(model, parsed(p))) as never);
      for (const p of positions) expect(valueOf(await engineCall(page, 'hint', p, { sd: false })), JSON.stringify(p)).toEqual(asJson(advise(model, parsed(p))));
    }
  });

  it('the engine downloads Superpass’s column tables from the export, checked, and plays the best model on them', async () => {
    const ready = valueOf(await engineCall<{ tables: { ruleset: string; kind: string; origin: string; sha256: string; bytes: number }[] }>(page, 'ready', 'superpass'));
    expect(ready.tables.find((t) => t.kind === 'columns')).toMatchObject({ origin: 'download', sha256: checksumOf('superpass.dwt') });
    const model: GameModel = bestModel(RULESETS.superpass, await testColumnTables('superpass'));
    const positions = await playedPositions('superpass', 99, 8, async (p) => asJson(advise(model, parsed(p))) as never);
    for (const p of positions) expect(valueOf(await engineCall(page, 'hint', p)), JSON.stringify(p)).toEqual(asJson(advise(model, parsed(p))));
  });

  it('the page on the static host advises points from the engine, and says plainly what needs a server', async () => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${host.url}/?ruleset=yatzy`);
    await page.waitForSelector('#ruleset:not([disabled])');
    expect(await page.textContent('#site-mode')).toBe(
      'Dicewise without a server: points advice, the coach and its review are computed in this browser. The chance to reach a total or to win, the odds curve, the explanation of the advice and reviewing a file of games need a Dicewise server (dicewise serve).',
    );
    // Only what the engine plays is offered, every one ready (its tables come on first use); no API to document.
    const offered = await page.$$eval('#ruleset option', (els) => els.map((e) => [(e as unknown as { value: string }).value, e.textContent]));
    expect(offered.map(([id]) => id).sort()).toEqual(RULESET_IDS.filter((id) => RULESETS[id].capabilities.servedByDefault).sort());
    expect(offered.filter(([, text]) => /\((loading|building|unavailable|not on this server)/.test(text!))).toEqual([]);
    expect(await page.locator('#api-docs').isHidden()).toBe(true);

    const input: PositionInput = { ruleset: 'yatzy', scorecard: { ones: 3, sixes: 24 }, dice: [2, 2, 5, 5, 6], rollsLeft: 1 };
    await page.fill('input[name="c1-ones"]', '3');
    await page.fill('input[name="c1-sixes"]', '24');
    for (const f of input.dice!) await page.click(`.faces [data-face="${f}"]`);
    await page.check('#adv-rolls-1');
    const model = exactColumnModel(RULESETS.yatzy, await testValues('yatzy'));
    const want = advise(model, parsed(input));
    // The answer to the whole position (those to the half-typed ones before it come and go).
    await page.locator('#adv-expected').filter({ hasText: want.expectedFinalScore.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) }).waitFor();
    expect(JSON.parse((await page.getAttribute('.options > li.best', 'data-action'))!)).toEqual(want.best!.action);
    // The expected score from the start, which a server lists, comes from the engine once it has the table.
    const start = model.value(initialState(RULESETS.yatzy)).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    await page.locator('#ruleset-note').filter({ hasText: `Optimal play averages ${start} points.` }).waitFor();

    // Its explanation needs a server: the button says so where the explanation would be.
    await page.click('#adv-explain-toggle');
    await page.locator('#adv-explain').filter({ hasText: /^The explanation of the advice needs a Dicewise server \(dicewise serve\): this copy of the page has none\./ }).waitFor();

    await page.check('#adv-goal-reach');
    await page.fill('#adv-target', '250');
    await page.press('#adv-target', 'Enter');
    await page.locator('#advisor .banner').filter({ hasText: /^The chance to reach a total needs a Dicewise server \(dicewise serve\): this copy of the page has none\./ }).waitFor();
    expect(await page.locator('#adv-best').count()).toBe(0);
    expect(await page.locator('#fatal').isHidden()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('offline and reloaded, it answers from what it kept; a new export’s service worker replaces the old cache', async () => {
    const before = await serviceWorkerActive(page);
    await context.setOffline(true);
    await page.reload();
    const hint = valueOf(await engineCall<{ best: { action: unknown } }>(page, 'hint', { ruleset: 'yatzy', dice: [6, 6, 6, 1, 2], rollsLeft: 1 }, { sd: false }));
    expect(hint.best.action).toEqual({ hold: [6, 6, 6] });
    const { tables } = valueOf(await engineCall<{ tables: { origin: string }[] }>(page, 'status'));
    expect(tables.map((t) => t.origin)).toEqual(['cache']);
    await context.setOffline(false);

    // A new export: the same files but one, so a new version (as export-web writes after any change).
    const sw = readFileSync(join(dir, 'sw.js'), 'utf8');
    const old = /"([0-9a-f]{16})"/.exec(sw)![1];
    writeFileSync(join(dir, 'sw.js'), sw.replace(old, 'feedfacefeedface'));
    await page.evaluate(async () => {
      const g = globalThis as unknown as { navigator: { serviceWorker: { getRegistration(): Promise<{ update(): Promise<void> } | undefined> } } };
      await (await g.navigator.serviceWorker.getRegistration())!.update();
    });
    await expect.poll(async () => (await serviceWorkerActive(page)).filter((n) => n.startsWith('dicewise-page-')), { timeout: 20_000 }).toEqual(['dicewise-page-feedfacefeedface']);
    expect(before).toContain(`dicewise-page-${old}`);
    // The engine's tables are named by their content and kept across versions.
    expect(await serviceWorkerActive(page)).toContain('dicewise-tables');
  });
});

function parsed(p: PositionInput) {
  const r = parsePosition(p);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.position;
}
