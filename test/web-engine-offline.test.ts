import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bestModel } from '../src/approx/index.ts';
import type { PositionInput } from '../src/position/index.ts';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { decodeHeader, type GameModel } from '../src/solver/index.ts';
import { skipBrowserTests, launchChromium, loadPage } from './support/browser.ts';
import { engineCall, serviceWorkerActive, valueOf } from './support/engine-page.ts';
import { playGame, seededRandom } from './support/game-records.ts';
import { testColumnTables, testModel } from './support/models.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';
import { playedPositions } from './support/played-positions.ts';
import { startWebServer, WEB_RULESETS, type WebServer } from './support/web-server.ts';

/**
 * The browser engine as a player meets it, in Chromium against the real server: one online visit
 * (the service worker caches the page and the engine; each served rule set's tables are solved in
 * the page or downloaded), then the network cut and the page reloaded: /web/engine.js answers
 * every rule set the server serves with the server's options and values, reviews a game as the
 * server does, and says plainly what needs the server.
 */

interface Option {
  action: unknown;
  ev: number;
  loss: number;
}
interface Advice {
  options: Option[];
  best?: Option;
  finalScoreSd?: number;
  [k: string]: unknown;
}

/** The payload checksum of a test table file: the SHA-256 a table solved in the page must have, bit for bit. */
function checksumOf(file: string): string {
  const bytes = new Uint8Array(readFileSync(join(TEST_TABLE_DIR, file)));
  return decodeHeader(bytes, file, '').header.checksum;
}

/** The same advice to 1e-6: every field, the options in the same order with the same actions, values and losses within it. */
function expectSameAdvice(mine: Advice, server: Advice, where: string): void {
  expect(Object.keys(mine).sort(), where).toEqual(Object.keys(server).sort());
  expect(mine.options.map((o) => o.action), where).toEqual(server.options.map((o) => o.action));
  expect(mine.best?.action, where).toEqual(server.best?.action);
  mine.options.forEach((o, i) => {
    expect(Math.abs(o.ev - server.options[i].ev), `${where} option ${i}`).toBeLessThanOrEqual(1e-6);
    expect(Math.abs(o.loss - server.options[i].loss), `${where} option ${i}`).toBeLessThanOrEqual(1e-6);
  });
  for (const k of ['stateValue', 'expectedFinalScore', 'finalScoreSd', 'score'] as const) {
    if (server[k] !== undefined) expect(Math.abs((mine[k] as number) - (server[k] as number)), `${where} ${k}`).toBeLessThanOrEqual(1e-6);
  }
}

describe.skipIf(skipBrowserTests)('the engine in Chromium, offline after one visit', () => {
  let server: WebServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  /** positions of each served rule set and the server's answers, taken online */
  const asked = new Map<RuleSetId, { position: PositionInput; advice: Advice }[]>();

  const serverPost = async (path: string, body: unknown): Promise<unknown> => {
    const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return res.json();
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchChromium()]);
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('one visit caches the page, solves the exact tables bit for bit as the server’s and downloads Superpass’s', async () => {
    await loadPage(page, `${server.url}/`, pageErrors);
    const caches = await serviceWorkerActive(page);
    const site = (await (await fetch(`${server.url}/web/site.json`)).json()) as { version: string };
    expect(caches).toContain(`dicewise-page-${site.version}`);

    const tables = new Map<string, { origin: string; sha256: string; bytes: number }>();
    for (const id of WEB_RULESETS) {
      const ready = valueOf(await engineCall<{ startValue: number; tables: { ruleset: string; kind: string; origin: string; sha256: string; bytes: number }[] }>(page, 'ready', id));
      for (const t of ready.tables) tables.set(`${t.ruleset} ${t.kind}`, t);
      const listed = (await (await fetch(`${server.url}/api/v1/rulesets`)).json()) as { rulesets: { id: string; startValue: number }[] };
      expect(Math.abs(ready.startValue - listed.rulesets.find((r) => r.id === id)!.startValue), id).toBeLessThanOrEqual(1e-9);
    }
    for (const [key, file] of [
      ['yahtzee values', 'yahtzee.dwt'],
      ['yahtzee moments', 'yahtzee.moments.dwt'],
      ['yahtzee-no-bonus values', 'yahtzee-no-bonus.dwt'],
      ['yahtzee-no-bonus moments', 'yahtzee-no-bonus.moments.dwt'],
    ]) {
      expect(tables.get(key), key).toMatchObject({ origin: 'solved', sha256: checksumOf(file), bytes: 0 });
    }
    expect(tables.get('superpass columns')).toMatchObject({ origin: 'download', sha256: checksumOf('superpass.dwt') });
    expect(tables.get('superpass columns')!.bytes).toBeGreaterThan(3e6);
    expect(tables.get('triple-yahtzee neural')).toMatchObject({ origin: 'download' });
    expect(tables.get('superpass neural')).toMatchObject({ origin: 'download' });
    expect(pageErrors).toEqual([]);

    // What the server answers, asked while online.
    for (const [i, id] of WEB_RULESETS.entries()) {
      const positions = await playedPositions(id, 50 + i, 12, async (p) => (await serverPost('/api/v1/hint', p)) as never);
      asked.set(id, await Promise.all(positions.map(async (position) => ({ position, advice: (await serverPost('/api/v1/hint', position)) as Advice }))));
    }
  });

  it('offline, reloaded: the page opens and hint answers every served rule set with the server’s options and values', async () => {
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('#ruleset:not([disabled])');
    expect(await page.locator('#fatal').isHidden()).toBe(true);
    for (const id of WEB_RULESETS) {
      for (const { position, advice } of asked.get(id)!) {
        const mine = valueOf(await engineCall<Advice>(page, 'hint', position));
        expectSameAdvice(mine, advice, `${id} ${JSON.stringify(position)}`);
      }
    }
    // Read back from the cache, nothing solved or fetched again.
    const { tables } = valueOf(await engineCall<{ tables: { kind: string; origin: string; bytes: number }[] }>(page, 'status'));
    expect(tables.length).toBeGreaterThanOrEqual(7);
    expect(tables.filter((t) => t.origin !== 'cache')).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('offline: a game is reviewed as the server reviewed it, Yahtzee and Triple Yahtzee', async () => {
    await context.setOffline(false);
    const models: [RuleSetId, GameModel][] = [
      ['yahtzee', await testModel('yahtzee')],
      ['triple-yahtzee', bestModel(RULESETS['triple-yahtzee'], await testColumnTables('triple-yahtzee'))],
    ];
    const records = models.map(([, m], i) => playGame(m, seededRandom(70 + i), { noise: 0.3 }));
    const server = await Promise.all(records.map(async (r) => ((await serverPost('/api/v1/analyse', { games: [r] })) as { results: unknown[] }).results[0]));
    await context.setOffline(true);
    for (const [i, record] of records.entries()) {
      const mine = valueOf(await engineCall<{ totalLoss: number; decisions: unknown[] }>(page, 'review', record));
      const want = server[i] as { totalLoss: number; decisions: unknown[] };
      expect(mine.decisions.length).toBe(want.decisions.length);
      expect(Math.abs(mine.totalLoss - want.totalLoss)).toBeLessThanOrEqual(1e-6);
      expect(JSON.parse(JSON.stringify(mine))).toEqual(want);
    }
  });

  it('offline: what needs the server says so, and a bad position names its field as the server does', async () => {
    const reach = await engineCall(page, 'hint', { dice: [1, 2, 3, 4, 5], goal: { type: 'reach', score: 250 } });
    expect(reach).toMatchObject({ ok: false, problem: { status: 501, detail: expect.stringContaining('needs a Dicewise server') } });
    const bad = await engineCall(page, 'hint', { dice: [1, 2, 3, 4, 9] });
    await context.setOffline(false);
    const want = await serverPost('/api/v1/hint', { dice: [1, 2, 3, 4, 9] });
    expect(bad).toEqual({ ok: false, problem: want });
  });
});
