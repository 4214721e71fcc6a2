// @ts-check
import { num } from './i18n.js';

/** A few DOM helpers: elements from a tag, attributes and children, without a framework. */

/**
 * @typedef {string | number | boolean | null | undefined | ((ev: any) => void)} AttrValue
 * @typedef {Node | string | number | null | undefined | false} Child
 */

/**
 * An HTML element. Attributes starting with `on` are listeners; `class`, `text` and boolean
 * attributes (true = present, false/null/undefined = absent) are handled as one expects.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, AttrValue>} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (typeof v === 'function') el.addEventListener(k.slice(2).toLowerCase(), v);
    else if (k === 'text') el.textContent = String(v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, children);
  return el;
}

/**
 * A text input for a whole number of points: the numeric keyboard on phones, no autocomplete.
 * @param {Record<string, AttrValue>} attrs
 * @returns {HTMLInputElement}
 */
export function numberInput(attrs) {
  return h('input', { type: 'text', inputmode: 'numeric', autocomplete: 'off', ...attrs });
}

/**
 * Shows `text` in a message block (a field's error), after what it already says.
 * @param {HTMLElement} el
 * @param {string} text
 */
export function addMessage(el, text) {
  el.hidden = false;
  el.textContent = el.textContent ? `${el.textContent} ${text}` : text;
}

/**
 * @param {Node} parent
 * @param {(Child | Child[])[]} children
 */
export function append(parent, children) {
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * An SVG element.
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | number>} [attrs]
 * @param {...(Node | null | undefined | false)} children
 * @returns {SVGElementTagNameMap[K]}
 */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) if (c) el.appendChild(c);
  return el;
}

/**
 * The element with this id; throws when the page lacks it (a bug, not a user error).
 * @template {HTMLElement} T
 * @param {string} id
 * @param {new (...args: any[]) => T} type
 * @returns {T}
 */
export function byId(id, type) {
  const el = document.getElementById(id);
  if (!(el instanceof type)) throw new Error(`#${id} is missing or not a ${type.name}`);
  return el;
}

/**
 * A decimal for the page's language (1,234.56 or 1.234,56).
 * @param {number} x
 * @param {number} [digits]
 */
export function fmt(x, digits = 2) {
  return num(x, digits);
}

/**
 * What a number field holds: a whole number, nothing, or the text as typed (so that the server
 * names the field it cannot read).
 * @param {string} text
 * @returns {number | string | undefined}
 */
export function readNumber(text) {
  const t = text.trim();
  if (t === '') return undefined;
  return /^-?\d+$/.test(t) ? Number(t) : t;
}
