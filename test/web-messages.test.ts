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
