// Types from modules that import nothing at run time either, and the box names (which import
// nothing): the page type-checks and loads this module without the engine.
import type { Action, Reason } from './readable-types.ts';
import type { Family } from '../rules/families.ts';
import type { RuleSet } from '../rules/types.ts';
import { BOX_NAMES } from './box-names.ts';

/**
 * Reasons in the player's words: one sentence per option from the structured reasons
 * (position/outlook.ts), in English, German, Dutch or French. The templates live here, in a module
 * that imports nothing at run time, so the CLI and the page (served as /web/lib/position/reason-text.js)
 * word them alike. Box names are each language's own (box-names.ts, which the page's catalogues
 * read too); a caller with its own names passes them in.
 */
export type ReasonLanguage = 'en' | 'de' | 'nl' | 'fr';

export const REASON_LANGUAGES: readonly ReasonLanguage[] = ['en', 'de', 'nl', 'fr'];

export function isReasonLanguage(x: string): x is ReasonLanguage {
  return (REASON_LANGUAGES as readonly string[]).includes(x);
}

interface Templates {
  /** option, loss (points), best, reasons */
  sentence: string;
  /** option, best */
  tie: string;
  hold: string;
  holdNothing: string;
  score: string;
  /** a box's loss: box, change */
  box: string;
  /** a box's loss with its chance of a zero: box, change, from, to */
  boxZero: string;
  upperBonus: string;
  /** name: the rule set's five-of-a-kind box */
  yahtzeeBonus: string;
  and: string;
  families: Record<Family, string>;
  boxes: Record<string, string>;
}

const TEXT: Record<ReasonLanguage, Templates> = {
  en: {
    sentence: '{option} gives up {loss} points against {best}: {reasons}.',
    tie: '{option} is as good as {best}.',
    hold: 'holding {dice}',
    holdNothing: 'rerolling every die',
    score: 'scoring {box}',
    box: '{box} {change}',
    boxZero: '{box} {change} (a zero {from} → {to})',
    upperBonus: 'the upper bonus {from} → {to} ({change})',
    yahtzeeBonus: 'the {name} bonus {change}',
    and: ' and ',
    families: { upper: 'upper section and bonus', kinds: 'of a kind, pairs and full house', straights: 'straights', yahtzee: '{name} chasing', chance: 'chance' },
    boxes: {},
  },
  de: {
    sentence: '{option} kostet {loss} Punkte gegenüber {best}: {reasons}.',
    tie: '{option} ist so gut wie {best}.',
    hold: '{dice} halten',
    holdNothing: 'alle Würfel neu werfen',
    score: '{box} eintragen',
    box: '{box} {change}',
    boxZero: '{box} {change} (eine Null {from} → {to})',
    upperBonus: 'der obere Bonus {from} → {to} ({change})',
    yahtzeeBonus: 'der {name}-Bonus {change}',
    and: ' und ',
    families: { upper: 'oberer Teil und Bonus', kinds: 'Pasch, Paare und Full House', straights: 'Straßen', yahtzee: 'Jagd auf den {name}', chance: 'Chance' },
    boxes: BOX_NAMES.de,
  },
  nl: {
    sentence: '{option} kost {loss} punten tegenover {best}: {reasons}.',
    tie: '{option} is even goed als {best}.',
    hold: '{dice} vasthouden',
    holdNothing: 'alle stenen opnieuw gooien',
    score: '{box} invullen',
    box: '{box} {change}',
    boxZero: '{box} {change} (een nul {from} → {to})',
    upperBonus: 'de bonus bovenaan {from} → {to} ({change})',
    yahtzeeBonus: 'de {name}bonus {change}',
    and: ' en ',
    families: { upper: 'bovenste deel en bonus', kinds: 'gelijke, paren en full house', straights: 'straten', yahtzee: 'jagen op {name}', chance: 'kans' },
    boxes: BOX_NAMES.nl,
  },
  fr: {
    sentence: '{option} coûte {loss} points par rapport à {best} : {reasons}.',
    tie: '{option} vaut autant que {best}.',
    hold: 'garder {dice}',
    holdNothing: 'relancer tous les dés',
    score: 'marquer {box}',
    box: '{box} {change}',
    boxZero: '{box} {change} (un zéro {from} → {to})',
    upperBonus: 'la prime du haut {from} → {to} ({change})',
    yahtzeeBonus: 'la prime de {name} {change}',
    and: ' et ',
    families: { upper: 'partie haute et prime', kinds: 'brelans, carrés, paires et full', straights: 'suites', yahtzee: 'chasse au {name}', chance: 'chance' },
    boxes: BOX_NAMES.fr,
  },
};

/** A zero's chance is named beside a box's loss when it moves by at least this much (a percentage point). */
export const ZERO_SHOWN = 0.01;

/** What a rule set is called on: its boxes (id, label) and its five-of-a-kind box's id. */
export type ReasonRules = Pick<RuleSet, 'id' | 'boxes'>;

export interface WordingOptions {
  /** box id → name, where the caller names boxes its own way (default: this language's, else the rule set's label) */
  boxName?: (id: string) => string;
}

function fill(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

function capitalise(s: string): string {
  return s.charAt(0).toLocaleUpperCase() + s.slice(1);
}

/** The box's name in this language: YahtSooS's five of a kind keeps the game's name. */
function defaultBoxName(rs: ReasonRules, lang: ReasonLanguage, id: string): string {
  if (rs.id === 'yahtsoos' && id === 'yahtzee') return 'YahtSooS';
  return TEXT[lang].boxes[id] ?? rs.boxes.find((b) => b.id === id)?.label ?? id;
}

/** The five-of-a-kind box's name (Yahtzee, Yatzy, Kniffel, YahtSooS), for the bonus and the family. */
function fiftyName(rs: ReasonRules, name: (id: string) => string): string {
  const box = rs.boxes.find((b) => b.pattern.kind === 'ofAKindFixed');
  return box ? name(box.id) : 'Yahtzee';
}

/** A number of points to one decimal (two below 1), as the language writes it. */
function points(lang: ReasonLanguage, x: number): string {
  return new Intl.NumberFormat(lang, { minimumFractionDigits: x < 1 ? 2 : 1, maximumFractionDigits: x < 1 ? 2 : 1 }).format(x);
}

/** A loss: minus its points. */
function lost(lang: ReasonLanguage, x: number): string {
  return `−${points(lang, x)}`;
}

/** A chance as a percentage: whole below 99.5% and above 10%, one decimal nearer 0 or 1. */
function percent(lang: ReasonLanguage, p: number): string {
  const fine = p < 0.1 || p > 0.995;
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: fine ? 1 : 0 }).format(p);
}

/** One aspect in words: "the upper bonus 71% → 58% (−4.6)", "Small straight −1.2". */
export function describeReason(rs: ReasonRules, reason: Reason, lang: ReasonLanguage, opts: WordingOptions = {}): string {
  const t = TEXT[lang];
  const name = opts.boxName ?? ((id: string) => defaultBoxName(rs, lang, id));
  const change = lost(lang, reason.loss);
  switch (reason.aspect) {
    case 'box': {
      const z = reason.probabilityZero;
      const params = { box: name(reason.box), change, from: percent(lang, z.best), to: percent(lang, z.option) };
      return fill(Math.abs(z.option - z.best) >= ZERO_SHOWN ? t.boxZero : t.box, params);
    }
    case 'upperBonus':
      return fill(t.upperBonus, { from: percent(lang, reason.probability.best), to: percent(lang, reason.probability.option), change });
    case 'yahtzeeBonus':
      return fill(t.yahtzeeBonus, { name: fiftyName(rs, name), change });
  }
}

/** An action in words, lower case: "holding 5 5 5", "scoring Fives". */
export function describeAction(rs: ReasonRules, action: Action, lang: ReasonLanguage, opts: WordingOptions = {}): string {
  const t = TEXT[lang];
  const name = opts.boxName ?? ((id: string) => defaultBoxName(rs, lang, id));
  if ('hold' in action) return action.hold.length === 0 ? t.holdNothing : fill(t.hold, { dice: action.hold.join(' ') });
  return fill(t.score, { box: name(action.score) });
}

/**
 * One sentence for an option against the best: what it gives up, and the aspects that account for
 * it, largest first. An option with no reasons (as good as the best) is said to be.
 */
export function reasonSentence(
  rs: ReasonRules,
  option: { action: Action; loss: number; reasons?: readonly Reason[] },
  best: { action: Action },
  lang: ReasonLanguage,
  opts: WordingOptions = {},
): string {
  const t = TEXT[lang];
  const params = { option: capitalise(describeAction(rs, option.action, lang, opts)), best: describeAction(rs, best.action, lang, opts) };
  const reasons = option.reasons ?? [];
  if (reasons.length === 0) return fill(t.tie, params);
  const parts = reasons.map((r) => describeReason(rs, r, lang, opts));
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')}${t.and}${parts[parts.length - 1]}`;
  return fill(t.sentence, { ...params, loss: points(lang, option.loss), reasons: list });
}

/** A family of boxes in words, for a review's summary: "upper section and bonus", "Yahtzee chasing". */
export function familyName(rs: ReasonRules, family: Family, lang: ReasonLanguage, opts: WordingOptions = {}): string {
  const name = opts.boxName ?? ((id: string) => defaultBoxName(rs, lang, id));
  return fill(TEXT[lang].families[family], { name: fiftyName(rs, name) });
}
