// @ts-check
import { MESSAGES as de, NAMES as deNames } from './messages-de.js';
import { MESSAGES as en, NAMES as enNames } from './messages-en.js';
import { MESSAGES as fr, NAMES as frNames } from './messages-fr.js';
import { MESSAGES as nl, NAMES as nlNames } from './messages-nl.js';

/**
 * The page's languages: every text the page itself writes goes through `t(key, params)`, looked
 * up in one catalogue per language (messages-xx.js). A catalogue has every key the English one
 * has (the type-check enforces it), so a missing translation is a type error, not a blank. Texts
 * the server writes (problem details, the API's own names) are shown as it sends them, except
 * the rule-set and box names, which the catalogues name where the game's own edition does.
 *
 * @typedef {import('./messages-en.js').MessageKey} MessageKey
 * @typedef {import('./messages-en.js').Message} Message
 * @typedef {import('./messages-en.js').Names} Names
 * @typedef {'en' | 'nl' | 'de' | 'fr'} Locale
 * @typedef {Record<string, string | number>} Params
 */

/** @type {readonly Locale[]} */
export const LOCALES = ['en', 'nl', 'de', 'fr'];

/** Each language in its own words, for the switch. */
export const LOCALE_NAMES = /** @type {const} */ ({ en: 'English', nl: 'Nederlands', de: 'Deutsch', fr: 'Français' });

/** @type {Record<Locale, Record<MessageKey, Message>>} */
const CATALOGUES = { en, nl, de, fr };

/** @type {Record<Locale, Names>} */
const NAMES = { en: enNames, nl: nlNames, de: deNames, fr: frNames };

/** @type {Locale} */
let current = 'en';
let plurals = new Intl.PluralRules(current);

/**
 * The language to start in: an explicit choice (URL or stored) if it is one of ours, else the
 * first of the browser's languages we speak (by primary subtag: de-AT is German), else English.
 * @param {readonly (string | null | undefined)[]} chosen explicit choices, strongest first
 * @param {readonly string[]} browser navigator.languages
 * @returns {Locale}
 */
export function pickLocale(chosen, browser) {
  for (const c of chosen) if (c && isLocale(c)) return c;
  for (const tag of browser) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return 'en';
}

/** @param {string} x @returns {x is Locale} */
export function isLocale(x) {
  return /** @type {readonly string[]} */ (LOCALES).includes(x);
}

/** @param {Locale} next */
export function setLocale(next) {
  current = next;
  plurals = new Intl.PluralRules(next);
  if (typeof document !== 'undefined') document.documentElement.lang = next;
}

export function locale() {
  return current;
}

/**
 * The message `key` in the current language, `{name}` placeholders filled from `params` (numbers
 * formatted for the language). A message with plural forms picks its form by `params.count`.
 * @param {MessageKey} key
 * @param {Params} [params]
 */
export function t(key, params = {}) {
  const msg = CATALOGUES[current][key] ?? en[key];
  const text = typeof msg === 'string' ? msg : (msg[plurals.select(Number(params.count ?? 0))] ?? msg.other);
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    const v = params[name];
    return v === undefined ? whole : typeof v === 'number' ? num(v) : v;
  });
}

/** @type {Map<string, Intl.NumberFormat>} */
const formats = new Map();

/** @param {Intl.NumberFormatOptions} options */
function format(options) {
  const key = `${current}/${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(current, options);
    formats.set(key, f);
  }
  return f;
}

/**
 * A number for the current language; with `digits`, exactly that many decimals.
 * @param {number} x
 * @param {number} [digits]
 */
export function num(x, digits) {
  return format(digits === undefined ? { maximumFractionDigits: 3 } : { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(x);
}

/**
 * A probability as a percentage for the current language (12.34%, 12,34 %).
 * @param {number} p
 * @param {number} [digits]
 */
export function pct(p, digits = 2) {
  return format({ style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(p);
}

/**
 * The rule set's name in the current language, or the server's.
 * @param {{ id: string, name: string }} rs
 */
export function ruleSetName(rs) {
  return NAMES[current].rulesets[rs.id]?.name ?? rs.name;
}

/**
 * The rule set's one-line description in the current language, or the server's.
 * @param {{ id: string, description: string }} rs
 */
export function ruleSetDescription(rs) {
  return NAMES[current].rulesets[rs.id]?.description ?? rs.description;
}

/**
 * A box's name as the game's edition in this language prints it (YahtSooS names its own box),
 * or the server's label.
 * @param {{ id: string, boxes: readonly { id: string, label: string }[] }} rs
 * @param {string} id
 */
export function boxName(rs, id) {
  const names = NAMES[current].boxes;
  return names[`${rs.id}/${id}`] ?? enNames.boxes[`${rs.id}/${id}`] ?? names[id] ?? rs.boxes.find((b) => b.id === id)?.label ?? id;
}
