import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advise } from '../src/advisor/index.ts';
import { parsePosition, type PositionInput } from '../src/position/index.ts';
import { hasChromium, launchChromium } from './support/browser.ts';
import { testModel } from './support/models.ts';
import { startWebServer, type WebServer } from './support/web-server.ts';

/**
 * Coach mode against the computer, in headless Chromium against the real server: the computer
 * plays for points on its own seeded dice, turn by turn after the player's; its sheet is the one
 * optimal expected-score play makes from those dice (replayed here with the advisor itself); every
 * position of the player asks for the chance to win against the computer's sheet as it stands; at
 * the end the page says who won. A full game's win-goal answers need the full reach tables, which
 * a test cannot build, so the test server's win answers are stood in for by the browser (the request
 * is checked, the answer shown as given); the computer's moves use the real points hint.
 */

type Sheet = Record<string, number>;
type RollDice = (seed: string, turn: number, roll: number, count: number) => number[];

const SEED = 'versus-7';

/** The computer's game, replayed without the page: its dice stream and the advisor's best option at every roll. */
async function computerSheets(seed: string, turns: number): Promise<{ sheet: Sheet; bonus: number; total: number }[]> {
  const { rollDice } = (await import(new URL('../src/web/rng.js', import.meta.url).href)) as { rollDice: RollDice };
  const model = await testModel('yahtzee');
  const own = `${seed}/computer`;
  const sheet: Sheet = {};
  let bonus = 0;
  const out = [{ sheet: { ...sheet }, bonus, total: 0 }];
  for (let turn = 1; turn <= turns; turn++) {
    let dice = rollDice(own, turn, 1, 5);
    for (let roll = 1; ; roll++) {
      const input: PositionInput = { ruleset: 'yahtzee', scorecard: sheet, yahtzeeBonus: bonus, dice: [...dice].sort((a, b) => a - b), rollsLeft: (3 - roll) as 0 | 1 | 2 };
      const parsed = parsePosition(input);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
      const best = advise(model, parsed.position).best!;
      if ('hold' in best.action && roll < 3) {
        dice = [...best.action.hold, ...rollDice(own, turn, roll + 1, 5 - best.action.hold.length)];
        continue;
      }
      if (!('score' in best.action)) throw new Error('no score option at the last roll');
      if (dice.every((d) => d === dice[0]) && sheet.yahtzee === 50) bonus += 100;
      sheet[best.action.score] = best.points!;
      break;
    }
    const upper = ['ones', 'twos', 'threes', 'fours', 'fives', 'sixes'].reduce((s, id) => s + (sheet[id] ?? 0), 0);
    const total = Object.values(sheet).reduce((s, v) => s + v, 0) + (upper >= 63 ? 35 : 0) + bonus;
    out.push({ sheet: { ...sheet }, bonus, total });
  }
  return out;
}

describe.skipIf(!hasChromium)('web page: coach against the computer', () => {
  let server: WebServer;
  let browser: Browser;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(['yahtzee', 'triple-yahtzee']), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('plays the computer’s turns after the player’s, asks the chance to win against its sheet, and says who won', async () => {
    const expected = await computerSheets(SEED, 13);
    const page: Page = await browser.newPage({ viewport: { width: 1280, height: 1000 }, locale: 'en-US' });
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const winAsked: { scorecard: Sheet; opponent: unknown }[] = [];
    let answered = 0;
    await page.route('**/api/v1/hint', async (route, request: Request) => {
      const body = request.postDataJSON() as Omit<PositionInput, 'goal'> & { goal?: { type: string; opponents: unknown[] } };
      if (body.goal?.type !== 'win') return route.continue();
      winAsked.push({ scorecard: body.scorecard as Sheet, opponent: body.goal.opponents[0] });
      // A stand-in answer in the contract's shape; each one different, so the test sees the latest shown.
      const probability = 0.25 + (++answered % 50) / 100;
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ ruleset: 'yahtzee', exact: false, goal: body.goal, score: 0, probabilityBefore: probability, probability, dice: body.dice, rollsLeft: body.rollsLeft, options: [], opponents: [{ expectedFinalScore: 250 }] }),
      });
    });
    await page.goto(`${server.url}/?mode=coach&ruleset=yahtzee&seed=${SEED}&vs=computer`);
    await page.waitForSelector('.sheet button.box:not([disabled])');
    expect(await page.isChecked('#coach-versus')).toBe(true);
    await page.locator('#coach-win').filter({ hasText: /^Chance to win: \d+\.\d\d%$/ }).waitFor();
    expect(winAsked[0].opponent).toEqual({ scorecard: {}, yahtzeeBonus: 0 });
    expect(await page.getAttribute('#coach-computer-status', 'data-turns')).toBe('0');

    for (let turn = 1; turn <= 13; turn++) {
      await page.click('#coach .sheet-panel .sheet button.box:not([disabled]) >> nth=0');
      if (turn < 13) {
        await page.locator(`#coach-status[data-turn="${turn + 1}"]`).waitFor();
        await page.locator(`#coach-computer-status[data-turns="${turn}"]`).waitFor();
        await page.waitForSelector('#coach-win[data-probability]');
        // The chance asked for the player's new position, against the computer's sheet after as many turns.
        const last = winAsked.at(-1)!;
        expect(last.opponent).toEqual({ scorecard: expected[turn].sheet, yahtzeeBonus: expected[turn].bonus });
        expect(await page.textContent('#coach-win')).toBe(`Chance to win: ${(0.25 + (answered % 50) / 100).toLocaleString('en-US', { style: 'percent', minimumFractionDigits: 2 })}`);
        expect(Number(await page.getAttribute('#coach-computer-status', 'data-total'))).toBe(expected[turn].total);
        expect(await page.textContent('#coach-computer-turn')).toMatch(new RegExp(`^Turn ${turn}: `));
      }
    }
    await page.locator('#coach-result').waitFor();
    const you = Number(await page.textContent('#coach .sheet-panel .sheet tr.total td'));
    const them = expected[13].total;
    expect(Number(await page.getAttribute('#coach-computer-status', 'data-total'))).toBe(them);
    const winner = you > them ? 'you' : you < them ? 'computer' : 'tie';
    expect(await page.getAttribute('#coach-result', 'data-winner')).toBe(winner);
    expect(await page.textContent('#coach-result')).toBe(
      winner === 'you' ? `You won, ${you} to ${them}.` : winner === 'computer' ? `The computer won, ${them} to ${you}.` : `A tie at ${you}: the stake is shared.`,
    );
    expect(await page.isHidden('#coach-win')).toBe(true);
    await page.waitForSelector('#coach-analysis');

    // A multi-column rule set has no win goal: the switch is off and says why.
    await page.selectOption('#ruleset', 'triple-yahtzee');
    await page.waitForSelector('#coach-versus-note:not([hidden])');
    expect(await page.isDisabled('#coach-versus')).toBe(true);
    expect(await page.isHidden('#coach-computer')).toBe(true);
    await page.close();
  });

  it('threw no script errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
