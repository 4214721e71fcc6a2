import { describe, expect, it } from 'vitest';
import type { Reason } from './outlook.ts';
import { RULESETS } from '../rules/index.ts';
import { describeAction, familyName, reasonSentence, REASON_LANGUAGES, type ReasonLanguage } from './reason-text.ts';

/** Intl writes the space before % (de, fr) and before : as a no-break space; compared as plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

const rs = RULESETS.yahtzee;
const reasons: Reason[] = [
  { aspect: 'upperBonus', loss: 4.6, probability: { best: 0.71, option: 0.58 } },
  { aspect: 'box', box: 'smallStraight', loss: 1.2, expected: { best: 29.5, option: 28.3 }, probabilityZero: { best: 0.018, option: 0.058 } },
  { aspect: 'yahtzeeBonus', loss: 0.45, expected: { best: 4, option: 3.55 } },
];
const option = { action: { score: 'fives' }, loss: 6.3, reasons };
const best = { action: { hold: [5, 5, 5] } };

const SENTENCES: Record<ReasonLanguage, string> = {
  en: 'Scoring Fives gives up 6.3 points against holding 5 5 5: the upper bonus 71% → 58% (−4.6), Small straight −1.2 (a zero 1.8% → 5.8%) and the Yahtzee bonus −0.45.',
  de: 'Fünfer eintragen kostet 6,3 Punkte gegenüber 5 5 5 halten: der obere Bonus 71 % → 58 % (−4,6), Kleine Straße −1,2 (eine Null 1,8 % → 5,8 %) und der Yahtzee-Bonus −0,45.',
  nl: 'Vijven invullen kost 6,3 punten tegenover 5 5 5 vasthouden: de bonus bovenaan 71% → 58% (−4,6), Kleine straat −1,2 (een nul 1,8% → 5,8%) en de Yahtzeebonus −0,45.',
  fr: 'Marquer Cinq coûte 6,3 points par rapport à garder 5 5 5 : la prime du haut 71 % → 58 % (−4,6), Petite suite −1,2 (un zéro 1,8 % → 5,8 %) et la prime de Yahtzee −0,45.',
};

describe('reasons in the player’s words', () => {
  it.each(REASON_LANGUAGES)('%s: one sentence naming the loss and each aspect, largest first', (lang) => {
    expect(plain(reasonSentence(rs, option, best, lang))).toBe(SENTENCES[lang]);
  });

  it.each([
    ['en', 'Rerolling every die is as good as holding 5 5 5.'],
    ['de', 'Alle Würfel neu werfen ist so gut wie 5 5 5 halten.'],
    ['nl', 'Alle stenen opnieuw gooien is even goed als 5 5 5 vasthouden.'],
    ['fr', 'Relancer tous les dés vaut autant que garder 5 5 5.'],
  ] as const)('%s: an option as good as the best is said to be', (lang, text) => {
    expect(reasonSentence(rs, { action: { hold: [] }, loss: 0, reasons: [] }, best, lang)).toBe(text);
  });

  it('leaves out a zero chance that hardly moves, and names a box the caller’s way', () => {
    const small: Reason = { aspect: 'box', box: 'chance', loss: 2, expected: { best: 22, option: 20 }, probabilityZero: { best: 0, option: 0.004 } };
    expect(reasonSentence(rs, { action: { score: 'chance' }, loss: 2.5, reasons: [small] }, best, 'en', { boxName: (id) => id.toUpperCase() })).toBe(
      'Scoring CHANCE gives up 2.5 points against holding 5 5 5: CHANCE −2.0.',
    );
  });

  it('names the five-of-a-kind box of each rule set in its bonus and its family', () => {
    const bonus: Reason = { aspect: 'yahtzeeBonus', loss: 1.5, expected: { best: 5, option: 3.5 } };
    expect(reasonSentence(RULESETS.yahtsoos, { action: { score: 'chance' }, loss: 1.5, reasons: [bonus] }, best, 'de')).toBe(
      'Chance eintragen kostet 1,5 Punkte gegenüber 5 5 5 halten: der YahtSooS-Bonus −1,5.',
    );
    expect(familyName(RULESETS.yatzy, 'yahtzee', 'en')).toBe('Yatzy chasing');
    expect(familyName(RULESETS.yahtzee, 'upper', 'fr')).toBe('partie haute et prime');
    expect(describeAction(RULESETS.yatzy, { score: 'twoPairs' }, 'nl')).toBe('Twee paar invullen');
  });
});
