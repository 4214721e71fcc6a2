import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advise, explainAdvice, type Advice, type ExplainedAdvice } from '../src/advisor/index.ts';
import { analysePacked, createAnalyser, profileResults } from '../src/analysis/index.ts';
import { playGames } from './support/game-records.ts';
import { bestModel } from '../src/approx/index.ts';
import { parsePosition, reasonSentence, type Action, type PositionInput } from '../src/position/index.ts';
import { RULESETS, type RuleSetId } from '../src/rules/index.ts';
import { initialState } from '../src/solver/index.ts';
import { launchChromium, loadPage, skipBrowserTests } from './support/browser.ts';
import { testColumnTables, testModel } from './support/models.ts';
import { startWebServer, type WebServer } from './support/web-server.ts';
import { holdsAll, listedOptions } from './support/listed-options.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';
import { readOutlookTable } from '../src/store/reach-store.ts';

/**
 * The web page in headless Chromium against the real server (over HTTP, test tables): the
 * advisor shows the advisor's answer, a coach game runs to its analysis, a bad entry is shown
 * next to its field with nothing typed lost.
 */

/** What the page writes for the best option (advice-view.js actionText). */
function actionText(id: RuleSetId, a: Action): string {
  if ('hold' in a) return a.hold.length === 0 ? 'reroll all dice' : `hold ${a.hold.join(' ')}`;
  const label = RULESETS[id].boxes.find((b) => b.id === a.score)!.label;
  return `score ${label}${a.column !== undefined && RULESETS[id].columns.length > 1 ? ` (column ${a.column})` : ''}`;
}

async function expected(input: PositionInput): Promise<Advice> {
  const parsed = parsePosition(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const id = parsed.position.rs.id;
  const model = parsed.position.rs.columns.length > 1 ? bestModel(parsed.position.rs, await testColumnTables(id as 'triple-yahtzee')) : await testModel(id);
  return advise(model, parsed.position);
}

/** The advice with its reasons, as the server's hint with `explain` gives it (the test tables' outlook). */
async function explainedHint(input: PositionInput): Promise<ExplainedAdvice> {
  const parsed = parsePosition(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const model = await testModel('yahtzee');
  const table = (await readOutlookTable(TEST_TABLE_DIR, RULESETS.yahtzee)).table;
  return explainAdvice(model, table, parsed.position, advise(model, parsed.position));
}

async function enterDice(page: Page, dice: number[]): Promise<void> {
  for (const f of dice) await page.click(`.faces [data-face="${f}"]`);
}

/** Waits until an element matching `selector` has exactly this text (or matches the pattern). */
async function waitForText(page: Page, selector: string, text: string | RegExp): Promise<void> {
  const pattern = typeof text === 'string' ? new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : text;
  await page.locator(selector).filter({ hasText: pattern }).first().waitFor();
}

const fmt2 = (x: number) => x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe.skipIf(skipBrowserTests)('web page in Chromium', () => {
  let server: WebServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(query = ''): Promise<Page> {
    await page?.close();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true, locale: 'en-US' });
    return loadPage(page, `${server.url}/${query}`, pageErrors);
  }

  it('advisor: a typed position gets the advisor’s best option, every option ranked and the dice to hold marked', async () => {
    const input = { ruleset: 'yahtzee' as const, scorecard: { ones: 3, threes: 9, fullHouse: 25 }, dice: [2, 3, 4, 5, 5], rollsLeft: 1 as const };
    const want = await expected(input);
    await open();
    await page.fill('input[name="c1-ones"]', '3');
    await page.fill('input[name="c1-threes"]', '9');
    await page.fill('input[name="c1-fullHouse"]', '25');
    await enterDice(page, input.dice);
    await page.check('#adv-rolls-1');
    await page.click('button[type="submit"]');
    const listed = listedOptions(5, want.options);
    const best = actionText('yahtzee', listed[0].action);
    // The answer to the whole position: one to the position half typed (two rerolls left) can name the same best option.
    await waitForText(page, '#adv-expected', fmt2(want.expectedFinalScore));
    await waitForText(page, '#adv-best strong', best);
    // Every option but holding all five dice, which is stopping to score and not a choice of its own.
    expect(want.options.some((o) => holdsAll(5, o.action))).toBe(true);
    expect(await page.locator('.options > li').count()).toBe(listed.length);
    expect(await page.$$eval('.options > li', (els) => els.map((e) => JSON.parse(e.getAttribute('data-action')!)))).toEqual(listed.map((o) => o.action));
    expect(await page.textContent('.options > li.best .ev')).toBe(fmt2(listed[0].ev));
    expect(await page.locator('.options > li.tie').count()).toBe(listed.filter((o, i) => i > 0 && o.nearTie).length);
    const first = listed[0].action;
    if ('hold' in first) {
      const kept = await page.$$eval('.tray .die-btn.keep', (els) => els.map((e) => Number(e.getAttribute('data-face'))));
      expect(kept.sort()).toEqual(first.hold);
    }
    // The sheet's own arithmetic: upper total and total.
    expect(await page.textContent('.sheet tr.total td')).toBe('37');

    // Explain: the server reads its outlook table on this first ask (the page says so and asks again), then says why.
    await page.click('#adv-explain-toggle');
    await page.locator('#adv-explain-toggle[aria-pressed="true"]').waitFor();
    await waitForText(page, '#adv-explain .loading', /^The outlook table is being prepared… /);
    await page.locator('#adv-why li').first().waitFor();
    const why = await explainedHint(input);
    const others = listedOptions(5, why.options).slice(1);
    expect(await page.$$eval('#adv-why li', (els) => els.map((e) => e.textContent))).toEqual(others.map((o) => reasonSentence(RULESETS.yahtzee, o, why.options[0], 'en')));
    expect(await page.locator('#adv-why li:not([hidden])').count()).toBe(4);
    await page.click('#adv-explain .why-not .link');
    expect(await page.locator('#adv-why li:not([hidden])').count()).toBe(others.length);
    const rows = await page.$$eval('#adv-outlook tbody tr', (trs) => trs.map((tr) => [tr.getAttribute('data-row'), ...[...tr.querySelectorAll('td')].map((td) => td.textContent)]));
    const pct1 = (p: number) => p.toLocaleString('en-US', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
    expect(rows).toEqual([
      ...RULESETS.yahtzee.boxes.map((b) => [b.id, fmt2(why.outlook.boxes[b.id].expected), pct1(why.outlook.boxes[b.id].probabilityZero)]),
      ['upperBonus', fmt2(why.outlook.upperBonus!.expected), `${pct1(why.outlook.upperBonus!.probability)} earned`],
      ['yahtzeeBonus', fmt2(why.outlook.yahtzeeBonus!.expected), ''],
    ]);
    expect(await page.textContent('#adv-outlook tfoot td')).toBe(fmt2(want.expectedFinalScore));
    // With no dice, the outlook of the turn to come, with no options to explain.
    await page.click('.turn-panel .row button.secondary >> nth=0');
    await waitForText(page, '#adv-outlook caption', 'Outlook of the turn, playing for points');
    const turn = await explainedHint({ ruleset: 'yahtzee', scorecard: input.scorecard });
    expect(await page.locator('#adv-why').count()).toBe(0);
    expect(await page.textContent('#adv-outlook tfoot td')).toBe(fmt2(turn.expectedFinalScore));
    expect(await page.textContent('#adv-outlook tr[data-row="threes"] td')).toBe('9.00');
    // Pressed again, the explanation goes; the focus stays on the button.
    await page.click('#adv-explain-toggle');
    await page.locator('#adv-explain').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } } }).document.activeElement.id)).toBe('adv-explain-toggle');
  });

  it('advisor: Triple Yahtzee columns are entered side by side and sent with their column', async () => {
    const input: PositionInput = { ruleset: 'triple-yahtzee', scorecard: [{ chance: 20 }, { fullHouse: 25 }, {}], dice: [3, 3, 3, 5, 5], rollsLeft: 0 };
    const want = await expected(input);
    await open('?ruleset=triple-yahtzee');
    await page.fill('input[name="c1-chance"]', '20');
    await page.fill('input[name="c2-fullHouse"]', '25');
    await enterDice(page, input.dice!);
    await page.check('#adv-rolls-0');
    const best = actionText('triple-yahtzee', want.best!.action);
    await waitForText(page, '#adv-expected', fmt2(want.expectedFinalScore));
    await waitForText(page, '#adv-best strong', best);
    expect(best).toMatch(/\(column \d\)$/);
    // A score option shows what it adds to the game: the points (and bonus) times the column's multiplier.
    await page.click('.option-list .link');
    const fullHouse = want.options.find((o) => 'score' in o.action && o.action.score === 'fullHouse' && o.action.column === 3)!;
    expect(fullHouse.points).toBe(25);
    expect(await page.textContent('.options > li[data-action=\'{"score":"fullHouse","column":3}\'] .pts')).toBe('75 pts (25 ×3)');
    expect(await page.textContent('.options > li[data-action=\'{"score":"fullHouse","column":1}\'] .pts')).toBe('25 pts');
    expect(await page.textContent('.sheet tr.grand td')).toBe(String(20 + 2 * 25));
  });

  it('advisor: an impossible entry is shown next to its box and nothing typed is lost', async () => {
    await open();
    await page.fill('input[name="c1-ones"]', '3');
    await page.fill('input[name="c1-twos"]', '3');
    await page.fill('input[name="c1-chance"]', '22');
    await enterDice(page, [6, 6, 6, 1, 1]);
    await page.click('button[type="submit"]');
    const error = page.locator('tr[data-box="twos"] + tr.error-row');
    await error.waitFor();
    expect(await error.textContent()).toContain('3 cannot be scored in Twos; possible: 0, 2, 4, 6, 8, 10');
    expect(await page.getAttribute('input[name="c1-twos"]', 'aria-invalid')).toBe('true');
    expect(await page.getAttribute('input[name="c1-ones"]', 'aria-invalid')).toBeNull();
    expect(await page.inputValue('input[name="c1-ones"]')).toBe('3');
    expect(await page.inputValue('input[name="c1-twos"]')).toBe('3');
    expect(await page.inputValue('input[name="c1-chance"]')).toBe('22');
    expect(await page.$$eval('.tray .die-btn[data-face]', (els) => els.map((e) => e.getAttribute('data-face')))).toEqual(['6', '6', '6', '1', '1']);
    expect(await page.isChecked('#adv-rolls-2')).toBe(true);
    // Fixing the box clears the error and brings the advice.
    await page.fill('input[name="c1-twos"]', '4');
    await page.press('input[name="c1-twos"]', 'Enter');
    await page.waitForSelector('#adv-best');
    expect(await page.locator('.error-row').count()).toBe(0);
  });

  it('advisor: a rule set the server does not serve is said to be unavailable', async () => {
    await open('?ruleset=yatzy');
    const banner = page.locator('#advisor .banner');
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/^Yatzy \(Scandinavian\) is not available on this server .*yatzy is not served here/);
    expect(await page.textContent('#ruleset option[value="yatzy"]')).toContain('not on this server');
  });

  it('coach: a seeded game is played to the end, analysed, and its record downloaded', async () => {
    const seed = 'e2e-seed-7';
    await open(`?mode=coach&ruleset=yahtzee&seed=${seed}`);
    const faces = () => page.$$eval('.tray .die-btn', (els) => els.map((e) => Number(e.getAttribute('data-face'))));
    const status = () => page.getAttribute('#coach-status', 'data-turn');
    await page.waitForSelector('.sheet button.box:not([disabled])');
    const firstRoll = await faces();

    // The same seed deals the same dice: the link shares the game.
    expect(new URL(page.url()).searchParams.get('seed')).toBe(seed);
    await page.reload();
    await page.waitForSelector('.sheet button.box:not([disabled])');
    expect(await faces()).toEqual(firstRoll);

    // A hold and reroll gets a verdict; undo brings back the first roll.
    await page.click('.tray .die-btn >> nth=0');
    expect(await page.getAttribute('.tray .die-btn >> nth=0', 'aria-pressed')).toBe('true');
    await page.click('#coach-roll');
    await waitForText(page, '#coach-status', /roll 2 of 3/);
    expect(await page.textContent('#coach-feedback')).toMatch(/^Turn 1, roll 1: hold \d\. (The best move\.|As good as the best .*\.|That cost [\d.]+ points: the best was to .+\.)$/);
    expect(await page.locator('#coach-log li').count()).toBe(1);
    await page.click('#coach-undo');
    await waitForText(page, '#coach-status', /roll 1 of 3/);
    expect(await faces()).toEqual(firstRoll);
    expect(await page.locator('#coach-log li').count()).toBe(0);

    for (let turn = 1; turn <= 13; turn++) {
      expect(await status()).toBe(String(turn));
      await page.click('.sheet button.box:not([disabled]) >> nth=0');
      if (turn < 13) {
        await page.locator(`#coach-status[data-turn="${turn + 1}"]`).waitFor();
        await page.locator('.sheet button.box:not([disabled])').first().waitFor();
      }
      if (turn === 1) {
        // Ones at the first roll lost points (the feedback says how many): why, in one sentence naming the box.
        expect(await page.textContent('#coach-feedback')).toMatch(/^Turn 1, roll 1: score Ones\. That cost [\d.]+ points: the best was to .+\.$/);
        await waitForText(page, '#coach-why', /^Scoring Ones gives up [\d.]+ points against .+: .+\.$/);
      }
    }
    await page.waitForSelector('#coach-analysis');
    expect(await page.getAttribute('#coach-status', 'data-over')).toBe('true');
    expect(await page.locator('#coach-log li').count()).toBe(13);
    const sheetTotal = await page.textContent('.sheet tr.total td');
    expect(await page.textContent('#an-final')).toBe(sheetTotal);
    expect(await page.textContent('#an-optimal')).toBe(fmt2((await testModel('yahtzee')).value(initialState(RULESETS.yahtzee))));
    expect(await page.locator('#coach-analysis svg.chart').count()).toBe(1);
    const lost = Number((await page.textContent('#an-loss'))!.replace(/,/g, ''));
    if (lost > 0) expect(await page.locator('#coach-analysis svg.chart rect.bar').count()).toBeGreaterThan(0);
    // The coach's running count of points lost agrees with the analysis.
    expect(Number((await page.textContent('#coach-lost'))!.replace(/,/g, ''))).toBeCloseTo(lost, 1);

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#coach-download')]);
    expect(download.suggestedFilename()).toBe(`dicewise-yahtzee-${seed}.json`);
    const record = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { ruleset: string; turns: { rolls: number[][]; holds: number[][]; box: string; column?: number }[] };
    expect(record.ruleset).toBe('yahtzee');
    expect(record.turns).toHaveLength(13);
    expect(new Set(record.turns.map((t) => t.box)).size).toBe(13);
    expect(record.turns[0]).toEqual({ rolls: [firstRoll], holds: [], box: record.turns[0].box });
    expect(record.turns.every((t) => t.column === undefined && t.rolls.length === t.holds.length + 1)).toBe(true);
    // The record as downloaded is one the analyse API reads, to the same final score; the page showed its explained review.
    const res = await fetch(`${server.url}/api/v1/analyse`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ games: [record], explain: true }) });
    const body = (await res.json()) as { results: { finished: boolean; finalScore: number; lossByFamily: Record<string, number>; decisions: { loss: number; reasons?: unknown[] }[] }[] };
    expect(body.results[0]).toMatchObject({ finished: true, finalScore: Number(sheetTotal) });
    const families = await page.$$eval('#an-families .bar-row', (rows) => rows.map((r) => [r.querySelector('.bar-label')!.textContent, r.querySelector('.bar-value')!.textContent]));
    const names: Record<string, string> = { upper: 'upper section and bonus', kinds: 'of a kind, pairs and full house', straights: 'straights', yahtzee: 'Yahtzee chasing', chance: 'chance' };
    expect(families).toEqual(
      Object.entries(body.results[0].lossByFamily)
        .sort((a, b) => b[1] - a[1])
        .map(([f, loss]) => [names[f], fmt2(loss)]),
    );
    // The costliest decisions, each with why it lost.
    const costly = await page.$$eval('#an-worst li', (els) => els.map((e) => e.textContent!));
    expect(costly.length).toBe(Math.min(5, body.results[0].decisions.filter((d) => d.loss > 0).length));
    for (const line of costly) expect(line).toMatch(/^−[\d.,]+ T\d+·R\d (Scoring|Holding|Rerolling) .+ gives up [\d.]+ points against .+: .+\.$/);
  });

  it('review: a file of games (JSON Lines, one bad line) shows the player profile the API computes', async () => {
    const model = await testModel('yahtzee');
    const games = playGames(model, 61, 40, 0.3, 0.2);
    const lines = games.map((g) => JSON.stringify(g));
    lines.splice(7, 0, '{"turns": [');
    await open('?mode=coach&ruleset=yahtzee&seed=review');
    await page.setInputFiles('#review-file', { name: 'games.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(lines.join('\n')) });
    await page.waitForSelector('#review-profile');
    const a = createAnalyser(model);
    const profile = profileResults(games.map((g) => analysePacked(a, g)));
    expect(await page.textContent('#review-status')).toBe('1 line is not JSON and was skipped (line 8).');
    expect(await page.textContent('#pr-games')).toBe('40');
    expect(await page.textContent('#pr-score')).toBe(fmt2(profile.meanFinalScore));
    expect(await page.textContent('#pr-loss')).toBe(`${fmt2(profile.loss.perGame)} (${profile.loss.perDecision.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })} a decision)`);
    expect(await page.locator('#pr-kinds .bar-row').count()).toBe(3);
    expect(await page.locator('#pr-boxes .bar-row').count()).toBe(13);
    expect(await page.$$eval('#pr-kinds .bar-value', (els) => els.map((e) => e.textContent))).toEqual(profile.byKind.map((k) => fmt2(k.perGame)));
    // The longest bar fills its track.
    const widths = await page.$$eval('#pr-boxes .bar-fill', (els) => els.map((e) => (e as unknown as { style: { width: string } }).style.width));
    expect(widths).toContain('100%');
    expect(await page.locator('#pr-recurring li').count()).toBe(profile.recurring.length);
    // Where the losses come from, a game, by family of boxes: the API's explained profile, largest first.
    const res = await fetch(`${server.url}/api/v1/analyse`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ games, summary: true, explain: true }) });
    const { summary } = (await res.json()) as { summary: { byFamily: { family: string; perGame: number }[] } };
    expect(summary.byFamily).toHaveLength(5);
    expect(await page.$$eval('#pr-families .bar-value', (els) => els.map((e) => e.textContent))).toEqual(summary.byFamily.map((f) => fmt2(f.perGame)));
    expect(await page.textContent('#pr-families figcaption')).toBe('Where the losses come from, a game');
  });

  it('coach: a Triple Yahtzee game played to the end is reviewed by its best model, which says its values are estimates', async () => {
    await open('?mode=coach&ruleset=triple-yahtzee&seed=e2e-columns');
    const turns = 39;
    for (let turn = 1; turn <= turns; turn++) {
      await page.locator(`#coach-status[data-turn="${turn}"]`).waitFor();
      await page.locator('.sheet button.box:not([disabled])').first().waitFor();
      await page.click('.sheet button.box:not([disabled]) >> nth=0');
    }
    await page.waitForSelector('#coach-analysis');
    expect(await page.textContent('#an-estimate')).toBe('Every value here is an estimate: Triple Yahtzee has no exact table, so its best model rated the decisions.');
    expect(await page.textContent('#coach-analysis .stat:nth-child(2) .label')).toBe('Best play expects (estimate)');
    const model = await testModel('triple-yahtzee');
    expect(await page.textContent('#an-optimal')).toBe(fmt2(model.value(initialState(RULESETS['triple-yahtzee']))));
    // The verdicts given during the game and the review afterwards come from the same model.
    const lost = Number((await page.textContent('#an-loss'))!.replace(/,/g, ''));
    expect(lost).toBeGreaterThan(0);
    expect(Number((await page.textContent('#coach-lost'))!.replace(/,/g, ''))).toBeCloseTo(lost, 1);
  });

  it('review: Superpass games are rated by its best model, and the profile says its values are estimates', async () => {
    const model = await testModel('superpass');
    const games = playGames(model, 62, 3, 0.3, 0);
    await open('?mode=coach&ruleset=superpass&seed=review');
    await page.setInputFiles('#review-file', { name: 'games.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(games.map((g) => JSON.stringify(g)).join('\n')) });
    await page.waitForSelector('#review-profile');
    const profile = profileResults(games.map((g) => analysePacked(createAnalyser(model), g)));
    expect(profile.estimated).toBe(3);
    expect(await page.textContent('#pr-games')).toBe('3');
    expect(await page.textContent('#pr-estimated')).toBe('3 of these games were rated by a best model, not an exact table: their values are estimates.');
    expect(await page.textContent('#review-profile .stat:nth-child(3) .label')).toBe('Best play expects (estimate)');
    expect(await page.textContent('#pr-optimal')).toBe(fmt2(profile.meanStartValue));
  });

  it('threw no script errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
