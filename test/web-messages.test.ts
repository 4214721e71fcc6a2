import { describe, expect, it } from 'vitest';

/**
 * The page's counted messages in its four languages, from its catalogues as the browser loads
 * them: the singular for one, the plural for more (Intl.PluralRules picks the form), every text
 * written out here rather than read from the catalogue under test.
 */

type I18n = { setLocale(l: string): void; t(key: string, params?: Record<string, string | number>): string };
const i18n = (await import(new URL('../src/web/i18n.js', import.meta.url).href)) as I18n;

const say = (lang: string, key: string, params: Record<string, string | number>) => {
  i18n.setLocale(lang);
  return i18n.t(key, params);
};

const CASES: Record<string, Record<string, [params: Record<string, string | number>, text: string][]>> = {
  'adv.steeredByPoints': {
    en: [[{ count: 1 }, 'With more than 1 box left, the options'], [{ count: 4 }, 'With more than 4 boxes left, the options']],
    nl: [[{ count: 1 }, 'Met meer dan 1 open vak staan'], [{ count: 4 }, 'Met meer dan 4 open vakken staan']],
    de: [[{ count: 1 }, 'Bei mehr als 1 offenen Feld stehen'], [{ count: 4 }, 'Bei mehr als 4 offenen Feldern stehen']],
    fr: [[{ count: 1 }, 'Avec plus de 1 case libre, les'], [{ count: 4 }, 'Avec plus de 4 cases libres, les']],
  },
  'opp.max': {
    en: [[{ count: 1 }, 'At most 1 opponent.'], [{ count: 7 }, 'At most 7 opponents.']],
    nl: [[{ count: 1 }, 'Hoogstens 1 tegenstander.'], [{ count: 7 }, 'Hoogstens 7 tegenstanders.']],
    de: [[{ count: 1 }, 'Höchstens 1 Mitspieler.'], [{ count: 7 }, 'Höchstens 7 Mitspieler.']],
    fr: [[{ count: 1 }, '1 adversaire au plus.'], [{ count: 7 }, '7 adversaires au plus.']],
  },
  'review.unreadable': {
    en: [[{ count: 1, lines: '8' }, '1 line is not JSON and was skipped (line 8).'], [{ count: 2, lines: '3, 8' }, '2 lines are not JSON and were skipped (lines 3, 8).']],
    nl: [[{ count: 1, lines: '8' }, '1 regel is geen JSON en is overgeslagen (regel 8).'], [{ count: 2, lines: '3, 8' }, '2 regels zijn geen JSON en zijn overgeslagen (regels 3, 8).']],
    de: [[{ count: 1, lines: '8' }, '1 Zeile ist kein JSON und wurde übersprungen (Zeile 8).'], [{ count: 2, lines: '3, 8' }, '2 Zeilen sind kein JSON und wurden übersprungen (Zeilen 3, 8).']],
    fr: [[{ count: 1, lines: '8' }, '1 ligne n’est pas du JSON et a été ignorée (ligne 8).'], [{ count: 2, lines: '3, 8' }, '2 lignes ne sont pas du JSON et ont été ignorées (lignes 3, 8).']],
  },
  'review.analysing': {
    en: [[{ count: 1 }, 'Reviewing 1 game…'], [{ count: 40 }, 'Reviewing 40 games…']],
    nl: [[{ count: 1 }, '1 spel wordt beoordeeld…'], [{ count: 40 }, '40 spellen worden beoordeeld…']],
    de: [[{ count: 1 }, '1 Partie wird ausgewertet…'], [{ count: 40 }, '40 Partien werden ausgewertet…']],
    fr: [[{ count: 1 }, 'Analyse de 1 partie…'], [{ count: 40 }, 'Analyse de 40 parties…']],
  },
  'review.rollsLeft': {
    en: [[{ count: 1 }, '1 reroll left'], [{ count: 2 }, '2 rerolls left']],
    nl: [[{ count: 1 }, 'nog 1 worp'], [{ count: 2 }, 'nog 2 worpen']],
    de: [[{ count: 1 }, 'noch 1 Wurf'], [{ count: 2 }, 'noch 2 Würfe']],
    fr: [[{ count: 1 }, '1 relance restante'], [{ count: 2 }, '2 relances restantes']],
  },
};

describe('counted messages of the page', () => {
  for (const [key, langs] of Object.entries(CASES)) {
    it(`${key}: singular and plural in every language`, () => {
      for (const [lang, cases] of Object.entries(langs)) {
        for (const [params, text] of cases) expect(say(lang, key, params).startsWith(text), `${lang}: ${say(lang, key, params)}`).toBe(true);
      }
    });
  }
});

/**
 * What the page says where it has no server to ask (site-notice.js, api.js): the notice for a
 * static site and for a server out of reach, what needs the server, and the engine getting a rule
 * set ready, in each language, the sentence about a feature built with that feature's name.
 */
const WITHOUT_SERVER: Record<string, Record<'static' | 'offline' | 'reach' | 'batch' | 'preparing', string>> = {
  en: {
    static: 'Dicewise without a server: points advice, the coach and its review are computed in this browser. The chance to reach a total or to win, the odds curve, the explanation of the advice and reviewing a file of games need a Dicewise server (dicewise serve).',
    offline: 'Offline: the Dicewise server cannot be reached. Points advice, the coach and its review go on in this browser;',
    reach: 'The chance to reach a total needs the Dicewise server, which cannot be reached now. It comes back when the server does;',
    batch: 'Reviewing a file of games needs a Dicewise server (dicewise serve): this copy of the page has none.',
    preparing: 'Getting Yatzy ready in this browser (first time only): 45%',
  },
  de: {
    static: 'Dicewise ohne Server: Punkteberatung, Trainer und seine Auswertung werden in diesem Browser berechnet. Die Chance, eine Summe zu erreichen oder zu siegen, die Chancenkurve, die Erklärung der Beratung und das Auswerten einer Datei mit Partien brauchen einen Dicewise-Server (dicewise serve).',
    offline: 'Offline: Der Dicewise-Server ist nicht erreichbar. Punkteberatung, Trainer und seine Auswertung laufen in diesem Browser weiter;',
    reach: 'Die Chance, eine Summe zu erreichen, braucht den Dicewise-Server, der gerade nicht erreichbar ist.',
    batch: 'Das Auswerten einer Datei mit Partien braucht einen Dicewise-Server (dicewise serve); diese Kopie der Seite hat keinen.',
    preparing: 'Yatzy wird in diesem Browser vorbereitet (nur beim ersten Mal): 45 %',
  },
  nl: {
    static: 'Dicewise zonder server: puntenadvies, de coach en zijn beoordeling worden in deze browser berekend. De kans om een totaal te halen of te winnen, de kansencurve, de uitleg bij het advies en het beoordelen van een bestand met spellen hebben een Dicewise-server nodig (dicewise serve).',
    offline: 'Offline: de Dicewise-server is niet bereikbaar. Puntenadvies, de coach en zijn beoordeling gaan in deze browser door;',
    reach: 'De kans om een totaal te halen heeft de Dicewise-server nodig, die nu niet bereikbaar is.',
    batch: 'Het beoordelen van een bestand met spellen heeft een Dicewise-server nodig (dicewise serve): deze kopie van de pagina heeft er geen.',
    preparing: 'Yatzy wordt in deze browser klaargezet (alleen de eerste keer): 45%',
  },
  fr: {
    static: 'Dicewise sans serveur : le conseil aux points, l’entraîneur et son analyse sont calculés dans ce navigateur. La chance d’atteindre un total ou de gagner, la courbe des chances, l’explication du conseil et l’analyse d’un fichier de parties nécessitent un serveur Dicewise (dicewise serve).',
    offline: 'Hors ligne : le serveur Dicewise est injoignable. Le conseil aux points, l’entraîneur et son analyse continuent dans ce navigateur ;',
    reach: 'La chance d’atteindre un total nécessite le serveur Dicewise, injoignable pour le moment. Elle revient dès que le serveur revient ;',
    batch: 'L’analyse d’un fichier de parties nécessite un serveur Dicewise (dicewise serve) : cette copie de la page n’en a pas.',
    preparing: 'Préparation de Yatzy dans ce navigateur (la première fois seulement) : 45 %',
  },
};

describe('what the page says without a server', () => {
  for (const [lang, want] of Object.entries(WITHOUT_SERVER)) {
    it(`${lang}: the notices, what needs the server, and the engine getting a rule set ready`, () => {
      const got = {
        static: say(lang, 'notice.static', {}),
        offline: say(lang, 'notice.offline', {}),
        reach: say(lang, 'needs.offline', { what: say(lang, 'needs.what.reach', {}) }),
        batch: say(lang, 'needs.static', { what: say(lang, 'needs.what.batch', {}) }),
        preparing: say(lang, 'notice.preparing', { name: 'Yatzy', percent: 45 }),
      };
      for (const [k, text] of Object.entries(want)) expect(got[k as keyof typeof got].startsWith(text), `${lang} ${k}: ${got[k as keyof typeof got]}`).toBe(true);
      // The features' names differ from English in every other language.
      if (lang !== 'en') for (const k of ['needs.what.reach', 'needs.what.win', 'needs.what.odds', 'needs.what.batch', 'needs.what.explain']) expect(say(lang, k, {}), `${lang} ${k}`).not.toBe(say('en', k, {}));
    });
  }
});
