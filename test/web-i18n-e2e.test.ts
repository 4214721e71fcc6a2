import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advise, explainAdvice, type Advice, type ExplainedAdvice } from '../src/advisor/index.ts';
import { parsePosition, reasonSentence, type Action, type PositionInput } from '../src/position/index.ts';
import { RULESETS } from '../src/rules/index.ts';
import { readOutlookTable } from '../src/store/reach-store.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';
import { launchChromium, loadPage, skipBrowserTests } from './support/browser.ts';
import { testModel } from './support/models.ts';
import { startWebServer, type WebServer } from './support/web-server.ts';

/**
 * The page in each of its languages, in headless Chromium against the real server: the browser's
 * locale picks the language, every text checked here is that language's (written out below, not
 * read from the page's catalogue), numbers are formatted for it, a hint still works, and the
 * switch changes the language without losing what was typed or played.
 */

type Lang = 'en' | 'nl' | 'de' | 'fr';

interface Expect {
  locale: string;
  advisorTab: string;
  coachTab: string;
  boxes: Record<string, string>;
  hold: (dice: string) => string;
  score: (box: string) => string;
  expected: string;
  /** "Enter 1 more die" with its plural: one die missing, two dice missing */
  moreDice: [string, string];
  upperTotal: string;
  /** Explain: the button, the heading over the other options' sentences, a sentence's start and middle, the upper bonus's chance */
  explain: { toggle: string; whyNot: string; sentence: RegExp; earned: (chance: string) => string; total: string };
}

const LANGS: Record<Lang, Expect> = {
  en: {
    locale: 'en-GB',
    advisorTab: 'Advisor',
    coachTab: 'Coach',
    boxes: { ones: 'Ones', threeOfAKind: 'Three of a kind', smallStraight: 'Small straight', chance: 'Chance' },
    hold: (d) => `hold ${d}`,
    score: (b) => `score ${b}`,
    expected: 'Expected final score',
    moreDice: ['Enter 1 more die', 'Enter 2 more dice'],
    upperTotal: 'Upper total',
    explain: { toggle: 'Explain', whyNot: 'Why not the others', sentence: / gives up \d+\.\d+ points against .+: .+\.$/, earned: (c) => `${c} earned`, total: 'Total' },
  },
  nl: {
    locale: 'nl-NL',
    advisorTab: 'Advies',
    coachTab: 'Coach',
    boxes: { ones: 'Enen', threeOfAKind: 'Drie gelijke', smallStraight: 'Kleine straat', chance: 'Kans' },
    hold: (d) => `${d} vasthouden`,
    score: (b) => `${b} invullen`,
    expected: 'Verwachte eindscore',
    moreDice: ['Voer nog 1 steen in', 'Voer nog 2 stenen in'],
    upperTotal: 'Totaal boven',
    explain: { toggle: 'Uitleggen', whyNot: 'Waarom niet de andere', sentence: / kost \d+,\d+ punten tegenover .+: .+\.$/, earned: (c) => `${c} gehaald`, total: 'Totaal' },
  },
  de: {
    locale: 'de-DE',
    advisorTab: 'Berater',
    coachTab: 'Trainer',
    boxes: { ones: 'Einser', threeOfAKind: 'Dreierpasch', smallStraight: 'Kleine Straße', chance: 'Chance' },
    hold: (d) => `${d} behalten`,
    score: (b) => `${b} eintragen`,
    expected: 'Erwartete Endsumme',
    moreDice: ['Noch 1 Würfel eingeben', 'Noch 2 Würfel eingeben'],
    upperTotal: 'Summe oben',
    explain: { toggle: 'Erklären', whyNot: 'Warum nicht die anderen', sentence: / kostet \d+,\d+ Punkte gegenüber .+: .+\.$/, earned: (c) => `${c} erreicht`, total: 'Summe' },
  },
  fr: {
    locale: 'fr-FR',
    advisorTab: 'Conseiller',
    coachTab: 'Entraîneur',
    boxes: { ones: 'As', threeOfAKind: 'Brelan', smallStraight: 'Petite suite', chance: 'Chance' },
    hold: (d) => `garder ${d}`,
    score: (b) => `marquer ${b}`,
    expected: 'Score final attendu',
    moreDice: ['Saisissez encore 1 dé', 'Saisissez encore 2 dés'],
    upperTotal: 'Total du haut',
    explain: { toggle: 'Expliquer', whyNot: 'Pourquoi pas les autres', sentence: / coûte \d+,\d+ points par rapport à .+ : .+\.$/, earned: (c) => `obtenue à ${c}`, total: 'Total' },
  },
};

/** A position whose best option is a box this test names in every language. */
const SCORE_POSITION: PositionInput = { ruleset: 'yahtzee', scorecard: { ones: 3, threes: 9, fullHouse: 25 }, dice: [1, 2, 3, 4, 6], rollsLeft: 0 };
/** One whose best option is to hold dice. */
const HOLD_POSITION: PositionInput = { ruleset: 'yahtzee', scorecard: { ones: 3, threes: 9, fullHouse: 25 }, dice: [2, 3, 4, 5, 5], rollsLeft: 1 };

async function expected(input: PositionInput): Promise<Advice> {
  const parsed = parsePosition(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return advise(await testModel('yahtzee'), parsed.position);
}

/** The advice with its reasons, as the server's hint with `explain` gives it (the test tables' outlook). */
async function explained(input: PositionInput): Promise<ExplainedAdvice> {
  const parsed = parsePosition(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const table = (await readOutlookTable(TEST_TABLE_DIR, RULESETS.yahtzee)).table;
  const model = await testModel('yahtzee');
  return explainAdvice(model, table, parsed.position, advise(model, parsed.position));
}

function actionIn(lang: Expect, a: Action): string {
  if ('hold' in a) return lang.hold(a.hold.join(' '));
  const box = lang.boxes[a.score];
  if (!box) throw new Error(`the test names no ${a.score} box`);
  return lang.score(box);
}

const decimals = (locale: string, x: number) => x.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe.skipIf(skipBrowserTests)('web page in four languages', () => {
  let server: WebServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(['yahtzee']), launchChromium()]);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  async function open(locale: string, query = ''): Promise<Page> {
    await context?.close();
    context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
    return loadPage(await context.newPage(), `${server.url}/${query}`, pageErrors);
  }

  async function enter(page: Page, input: PositionInput): Promise<void> {
    for (const [box, points] of Object.entries(input.scorecard as Record<string, number>)) await page.fill(`input[name="c1-${box}"]`, String(points));
    for (const f of input.dice!) await page.click(`.faces [data-face="${f}"]`);
    await page.check(`#adv-rolls-${input.rollsLeft}`);
  }

  for (const [id, lang] of Object.entries(LANGS) as [Lang, Expect][]) {
    it(`${id}: the browser's locale ${lang.locale} picks the language, and a hint is given in it`, async () => {
      const page = await open(lang.locale);
      expect(await page.getAttribute('html', 'lang')).toBe(id);
      expect(await page.inputValue('#lang')).toBe(id);
      expect(await page.textContent('#tab-advisor')).toBe(lang.advisorTab);
      expect(await page.textContent('#tab-coach')).toBe(lang.coachTab);
      expect(await page.textContent('tr[data-box="ones"] th')).toBe(lang.boxes.ones);
      expect(await page.textContent('tr[data-box="threeOfAKind"] th')).toBe(lang.boxes.threeOfAKind);
      expect((await page.textContent('.sheet tr.derived th'))!).toBe(lang.upperTotal);

      // Plural forms: one die missing, then two.
      for (const f of [1, 2, 3, 4]) await page.click(`.faces [data-face="${f}"]`);
      await page.locator('#adv-waiting').filter({ hasText: lang.moreDice[0] }).waitFor();
      await page.click('.tray .die-btn[data-face="4"]');
      await page.locator('#adv-waiting').filter({ hasText: lang.moreDice[1] }).waitFor();
      await page.click('.row button.secondary >> nth=0');

      for (const input of [SCORE_POSITION, HOLD_POSITION]) {
        const want = await expected(input);
        await page.click('#adv-sheet-h ~ button.secondary');
        await page.click('.turn-panel .row button.secondary >> nth=0');
        await enter(page, input);
        await page.click('button[type="submit"]');
        const best = actionIn(lang, want.best!.action);
        // The answer to the whole position: one to the position half entered can name the same best option.
        await page.locator('#adv-expected').filter({ hasText: decimals(lang.locale, want.expectedFinalScore) }).waitFor();
        await page.locator('#adv-best strong').filter({ hasText: new RegExp(`^${best}$`) }).waitFor();
        expect(await page.textContent('.advice .summary .label')).toBe(lang.expected);
        expect(await page.textContent('.options > li.best .ev')).toBe(decimals(lang.locale, want.options[0].ev));
      }

      // Explain: each other option's loss in one sentence of this language, in the list's order, and the outlook adding up to the expected score.
      const why = await explained(HOLD_POSITION);
      await page.click('#adv-explain-toggle');
      expect(await page.textContent('#adv-explain-toggle')).toBe(lang.explain.toggle);
      await page.locator('#adv-why li').first().waitFor();
      expect(await page.textContent('#adv-explain h3')).toBe(lang.explain.whyNot);
      const sentences = await page.$$eval('#adv-why li:not([hidden])', (els) => els.map((e) => e.textContent!));
      const others = why.options.filter((o) => !('hold' in o.action && o.action.hold.length === 5)).slice(1);
      expect(sentences).toEqual(others.slice(0, 4).map((o) => reasonSentence(RULESETS.yahtzee, o, why.options[0], id)));
      for (const text of sentences) expect(text).toMatch(lang.explain.sentence);
      const cell = (row: string, n: number) => page.textContent(`#adv-outlook tr[data-row="${row}"] td:nth-of-type(${n})`);
      expect(await page.textContent('#adv-outlook tr[data-row="total"] th')).toBe(lang.explain.total);
      expect(await cell('total', 1)).toBe(decimals(lang.locale, why.expectedFinalScore));
      const bonus = why.outlook.upperBonus!.probability.toLocaleString(lang.locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
      expect(await cell('upperBonus', 2)).toBe(lang.explain.earned(bonus));
      expect(await page.textContent('#adv-outlook tr[data-row="ones"] th')).toBe(lang.boxes.ones);
      await context!.close();
      context = undefined;
    });
  }

  it('the switch changes the language, keeps what was typed, and is remembered in the URL and for the next visit', async () => {
    const page = await open('en-US');
    const want = await expected(HOLD_POSITION);
    await enter(page, HOLD_POSITION);
    await page.click('button[type="submit"]');
    await page.locator('#adv-expected').filter({ hasText: decimals('en-US', want.expectedFinalScore) }).waitFor();
    await page.locator('#adv-best strong').filter({ hasText: new RegExp(`^${actionIn(LANGS.en, want.best!.action)}$`) }).waitFor();

    await page.selectOption('#lang', 'de');
    await page.locator('#adv-best strong').filter({ hasText: new RegExp(`^${actionIn(LANGS.de, want.best!.action)}$`) }).waitFor();
    expect(await page.textContent('#tab-advisor')).toBe(LANGS.de.advisorTab);
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    expect(await page.inputValue('input[name="c1-threes"]')).toBe('9');
    expect(await page.$$eval('.tray .die-btn[data-face]', (els) => els.map((e) => Number(e.getAttribute('data-face'))))).toEqual(HOLD_POSITION.dice);
    expect(await page.isChecked('#adv-rolls-1')).toBe(true);
    expect(await page.textContent('#adv-expected')).toBe(decimals('de-DE', want.expectedFinalScore));
    expect(new URL(page.url()).searchParams.get('lang')).toBe('de');

    // A new visit from an English browser: the choice was stored.
    const again = await context!.newPage();
    await again.goto(`${server.url}/`);
    await again.waitForSelector('#ruleset:not([disabled])');
    expect(await again.textContent('#tab-advisor')).toBe(LANGS.de.advisorTab);
    // A link that names the language wins over what was stored.
    await again.goto(`${server.url}/?lang=fr`);
    await again.waitForSelector('#ruleset:not([disabled])');
    expect(await again.textContent('#tab-advisor')).toBe(LANGS.fr.advisorTab);
  });

  it('the coach keeps its game across a switch and speaks the new language', async () => {
    const page = await open('nl-BE', '?mode=coach&ruleset=yahtzee&seed=i18n-1');
    await page.waitForSelector('.sheet button.box:not([disabled])');
    expect(await page.textContent('#coach-dice-h')).toBe('Jouw beurt');
    await page.click('.tray .die-btn >> nth=0');
    await page.click('#coach-roll');
    await page.locator('#coach-status').filter({ hasText: /worp 2 van 3/ }).waitFor();
    expect(await page.textContent('#coach-feedback')).toMatch(/^Beurt 1, worp 1: \d vasthouden\. /);
    const faces = await page.$$eval('.tray .die-btn', (els) => els.map((e) => e.getAttribute('data-face')));

    await page.selectOption('#lang', 'fr');
    await page.locator('#coach-status').filter({ hasText: /lancer 2 sur 3/ }).waitFor();
    expect(await page.textContent('#coach-dice-h')).toBe('À vous de jouer');
    expect(await page.textContent('#coach-feedback')).toMatch(/^Tour 1, lancer 1 : garder \d\. /);
    expect(await page.locator('#coach-log li').count()).toBe(1);
    expect(await page.$$eval('.tray .die-btn', (els) => els.map((e) => e.getAttribute('data-face')))).toEqual(faces);
    expect(new URL(page.url()).searchParams.get('seed')).toBe('i18n-1');

    // Played to the end: the review speaks French too.
    for (let turn = 1; turn <= 13; turn++) {
      await page.click('.sheet button.box:not([disabled]) >> nth=0');
      if (turn < 13) await page.locator(`#coach-status[data-turn="${turn + 1}"]`).waitFor();
      if (turn < 13) await page.locator('.sheet button.box:not([disabled])').first().waitFor();
      if (turn === 1) {
        // The first box at the second roll of this game's first turn loses points: why, in one French sentence.
        expect(await page.getAttribute('#coach-feedback', 'class')).toBe('feedback bad');
        await page.locator('#coach-why').filter({ hasText: /^Marquer .+ coûte \d+,\d+ points par rapport à .+ : .+\.$/ }).waitFor();
      }
    }
    await page.waitForSelector('#coach-analysis');
    expect(await page.textContent('#coach-dice-h')).toBe('Partie terminée');
    expect(await page.$$eval('#coach-analysis .stat .label', (els) => els.map((e) => e.textContent))).toEqual(['Score final', 'Le jeu optimal attend', 'Perdu par les décisions', 'Chance aux dés']);
    expect(await page.textContent('#coach-analysis h3')).toBe('Où les points ont été perdus');
    expect(await page.textContent('#coach-analysis svg.chart title')).toBe('Points perdus par tour');
    // The server's review says where the points went, by family of boxes, in French; the families add up to the loss.
    await page.waitForSelector('#an-families');
    expect(await page.textContent('#an-families figcaption')).toBe('Points perdus, par famille de cases');
    const families = await page.$$eval('#an-families .bar-row', (rows) => rows.map((r) => [r.querySelector('.bar-label')!.textContent!, r.querySelector('.bar-value')!.textContent!]));
    expect(families.map(([label]) => label).sort()).toEqual(['brelans, carrés, paires et full', 'chance', 'chasse au Yahtzee', 'partie haute et prime', 'suites']);
    const frNumber = (text: string) => Number(text.replace(/[\s\u202f]/g, '').replace(',', '.').replace('−', '-'));
    const sum = families.reduce((total, [, value]) => total + frNumber(value), 0);
    expect(sum).toBeCloseTo(frNumber((await page.textContent('#an-loss'))!), 1);
    expect(await page.textContent('#an-worst li:first-child')).toMatch(/^−\d+,\d\d T\d+·L\d (Marquer|Garder) .+ coûte \d+,\d+ points par rapport à .+ : .+\.$/);
  });

  it('threw no script errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
