import { DicewiseError, invalidInput } from '../errors.ts';
import { fieldOf } from './field-path.ts';

/**
 * Limits on the shape of a decoded body, the same for JSON and MessagePack. With the byte cap
 * they bound the work any body can cause: no body is deeper, wider or longer than its bytes, and
 * the work of validating it is linear in them. Strings are short in every request (rule set ids,
 * box ids), so a long one is refused before it can be echoed in an error message.
 */
export interface InputLimits {
  /** nesting of arrays and objects; an analyse body needs 5 (body.games[].turns[].rolls[][]) */
  maxDepth: number;
  /** arrays' elements and objects' entries, over the whole body */
  maxElements: number;
  /** characters in any string, object keys included */
  maxStringLength: number;
}

export const DEFAULT_INPUT_LIMITS: InputLimits = { maxDepth: 8, maxElements: 4096, maxStringLength: 256 };

export function limitError(path: readonly PropertyKey[], message: string): DicewiseError {
  return invalidInput([{ field: fieldOf(path), message }]);
}

export function tooDeep(path: readonly PropertyKey[], limits: InputLimits): DicewiseError {
  return limitError(path, `nested deeper than ${limits.maxDepth} levels`);
}

export function tooManyElements(path: readonly PropertyKey[], limits: InputLimits): DicewiseError {
  return new DicewiseError('PAYLOAD_TOO_LARGE', `body has more than ${limits.maxElements} elements`, [
    { field: fieldOf(path), message: `more than ${limits.maxElements} elements in the body` },
  ]);
}

export function tooLong(path: readonly PropertyKey[], limits: InputLimits): DicewiseError {
  return limitError(path, `string longer than ${limits.maxStringLength} characters`);
}

/**
 * Checks a value JSON.parse returned against the limits. JSON cannot share or repeat a subtree,
 * so this walk is linear in the body's bytes; it stops at the first breach.
 */
export function checkLimits(value: unknown, limits: InputLimits): void {
  let elements = 0;
  const path: PropertyKey[] = [];
  const walk = (v: unknown, depth: number): void => {
    if (typeof v === 'string') {
      if (v.length > limits.maxStringLength) throw tooLong(path, limits);
      return;
    }
    if (typeof v !== 'object' || v === null) return;
    if (depth >= limits.maxDepth) throw tooDeep(path, limits);
    if (Array.isArray(v)) {
      elements += v.length;
      if (elements > limits.maxElements) throw tooManyElements(path, limits);
      for (let i = 0; i < v.length; i++) {
        path.push(i);
        walk(v[i], depth + 1);
        path.pop();
      }
      return;
    }
    const keys = Object.keys(v);
    elements += keys.length;
    if (elements > limits.maxElements) throw tooManyElements(path, limits);
    for (const k of keys) {
      if (k.length > limits.maxStringLength) throw limitError(path, `key longer than ${limits.maxStringLength} characters`);
      path.push(k);
      walk((v as Record<string, unknown>)[k], depth + 1);
      path.pop();
    }
  };
  walk(value, 0);
}
