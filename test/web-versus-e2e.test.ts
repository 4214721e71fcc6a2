import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advise, type ProbabilityAdvice } from '../src/advisor/index.ts';
import { adviseGoal } from '../src/goals/index.ts';
import { parsePosition, type PositionInput } from '../src/position/index.ts';
import { loadedSource } from './support/table-sources.ts';
import type { ReachTable } from '../src/solver/index.ts';
import { RULESETS } from '../src/rules/index.ts';
import { skipBrowserTests, launchChromium } from './support/browser.ts';
import { testModel } from './support/models.ts';
import { TAIL_RULESET, tailDistribution, tailReachTable } from './support/reach.ts';
import { startWebServer, type WebServer } from './support/web-server.ts';

/**
 * Coach mode against the computer, in headless Chromium against the real server: the computer
 * plays for points on its own seeded dice, turn by turn after the player's; its sheet is the one
 * optimal expected-score play makes from those dice (replayed here with the advisor itself); every
 * position of the player asks for the chance to win against the computer's sheet as it stands; at
 * the end the page says who won. The win goal's answers for the first eleven turns need the full
 * reach tables, which a test does not build: there the browser stands in for the server (the
 * request is checked, the answer shown as given); for the last two turns the real server answers,
 * from the tables of the last two levels, and the page shows what adviseGoal computes.
 */

type Sheet = Record<string, number>;
type RollDice = (seed: string, turn: number, roll: number, count: number) => number[];

const SEED = 'versus-7';

const pct = (p: number) => p.toLocaleString('en-US', { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The computer's game, replayed without the page: its dice stream and the advisor's best option at every roll. */
async function computerSheets(seed: string, turns: number): Promise<{ sheet: Sheet; total: number }[]> {
  const { rollDice } = (await import(new URL('../src/web/rng.js', import.meta.url).href)) as { rollDice: RollDice };
  const model = await testModel(TAIL_RULESET);
  const own = `${seed}/computer`;
  const sheet: Sheet = {};
  const out = [{ sheet: { ...sheet }, total: 0 }];
  for (let turn = 1; turn <= turns; turn++) {
    let dice = rollDice(own, turn, 1, 5);
    for (let roll = 1; ; roll++) {
      const input: PositionInput = { ruleset: TAIL_RULESET, scorecard: sheet, dice: [...dice].sort((a, b) => a - b), rollsLeft: (3 - roll) as 0 | 1 | 2 };
      const parsed = parsePosition(input);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
      const best = advise(model, parsed.position).best!;
      if ('hold' in best.action && roll < 3) {
        dice = [...best.action.hold, ...rollDice(own, turn, roll + 1, 5 - best.action.hold.length)];
        continue;
      }
      if (!('score' in best.action)) throw new Error('no score option at the last roll');
      sheet[best.action.score] = best.points!;
      break;
    }
    const upper = ['ones', 'twos', 'threes', 'fours', 'fives', 'sixes'].reduce((s, id) => s + (sheet[id] ?? 0), 0);
    // yahtzee-no-bonus: no extra-Yahtzee bonus, so the upper bonus is the only one.
    const total = Object.values(sheet).reduce((s, v) => s + v, 0) + (upper >= 63 ? 35 : 0);
    out.push({ sheet: { ...sheet }, total });
  }
  return out;
}

describe.skipIf(skipBrowserTests)('web page: coach against the computer', () => {
  let server: WebServer;
  let browser: Browser;
  let reach: ReachTable;
  let distribution: ReachTable;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [reach, distribution] = await Promise.all([tailReachTable().then((b) => b.table), tailDistribution()]);
    const lanes = { reach: loadedSource(async () => reach), distribution: loadedSource(async () => distribution) };
    [server, browser] = await Promise.all([startWebServer([TAIL_RULESET, 'triple-yahtzee'], lanes), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('plays the computer’s turns after the player’s, asks the chance to win against its sheet, and says who won', async () => {
    const expected = await computerSheets(SEED, 13);
    const page: Page = await browser.newPage({ viewport: { width: 1280, height: 1000 }, locale: 'en-US' });
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const winAsked: PositionInput[] = [];
    let answered = 0;
    const open = (sheet: Sheet) => RULESETS[TAIL_RULESET].boxes.length - Object.keys(sheet).length;
    await page.route('**/api/v1/hint', async (route, request: Request) => {
      const body = request.postDataJSON() as PositionInput;
      if (body.goal?.type !== 'win') return route.continue();
      winAsked.push(body);
      const opponent = body.goal.opponents[0];
      if (open(body.scorecard as Sheet) <= 2 && 'scorecard' in opponent && open(opponent.scorecard as Sheet) <= 2) return route.continue();
      // A stand-in answer in the contract's shape; each one different, so the test sees the latest shown.
      const probability = 0.25 + (++answered % 50) / 100;
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ ruleset: TAIL_RULESET, exact: false, goal: body.goal, score: 0, probabilityBefore: probability, probability, dice: body.dice, rollsLeft: body.rollsLeft, options: [], opponents: [{ expectedFinalScore: 250 }] }),
      });
    });
    await page.goto(`${server.url}/?mode=coach&ruleset=${TAIL_RULESET}&seed=${SEED}&vs=computer`);
    await page.waitForSelector('.sheet button.box:not([disabled])');
    expect(await page.isChecked('#coach-versus')).toBe(true);
    await page.locator('#coach-win').filter({ hasText: /^Chance to win: \d+\.\d\d%$/ }).waitFor();
    expect(winAsked[0].goal).toEqual({ type: 'win', opponents: [{ scorecard: {} }] });
    expect(await page.getAttribute('#coach-computer-status', 'data-turns')).toBe('0');

    let realAnswers = 0;
    for (let turn = 1; turn <= 13; turn++) {
      await page.click('#coach .sheet-panel .sheet button.box:not([disabled]) >> nth=0');
      if (turn < 13) {
        await page.locator(`#coach-status[data-turn="${turn + 1}"]`).waitFor();
        await page.locator(`#coach-computer-status[data-turns="${turn}"]`).waitFor();
        await page.waitForSelector('#coach-win[data-probability]');
        // The chance asked for the player's new position, against the computer's sheet after as many turns.
        const last = winAsked.at(-1)!;
        expect(last.goal).toEqual({ type: 'win', opponents: [{ scorecard: expected[turn].sheet }] });
        let probability = 0.25 + (answered % 50) / 100;
        if (turn >= 11) {
          // Both sheets have two boxes open or fewer: the real server answered.
          const parsed = parsePosition(last);
          if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
          probability = (adviseGoal(await testModel(TAIL_RULESET), { reach, distribution }, parsed.position) as ProbabilityAdvice).probability;
          realAnswers++;
        }
        expect(await page.textContent('#coach-win')).toBe(`Chance to win: ${pct(probability)}`);
        expect(Number(await page.getAttribute('#coach-computer-status', 'data-total'))).toBe(expected[turn].total);
        expect(await page.textContent('#coach-computer-turn')).toMatch(new RegExp(`^Turn ${turn}: `));
      }
    }
    expect(realAnswers).toBe(2);
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
