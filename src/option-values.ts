import { DicewiseError, positiveInteger } from './errors.ts';

/**
 * Reading an option's value where it was given: a flag (or a programmatic option) first, else an
 * environment variable, else the face's default, as each face's resolve…Options does once. A bad
 * value throws INVALID_OPTION naming the option as the user gave it (`--threads`, `PORT`).
 */

/** Environment variables as a resolver reads them: process.env, or a test's own. */
export type Env = Readonly<Record<string, string | undefined>>;

/** A value as given, with the name it was given under (in messages) and the field it sets (in issues). */
export interface Given<T> {
  value: T;
  name: string;
  field: string;
}

/** A flag's (or option's) value, where given; `field` defaults to the name without its dashes. */
export function flag<T>(value: T | undefined, name: string, field = name.replace(/^--/, '')): Given<T> | undefined {
  return value === undefined ? undefined : { value, name, field };
}

/** An environment variable's text, where set. */
export function variable(env: Env, name: string): Given<string> | undefined {
  const value = env[name];
  return value === undefined ? undefined : { value, name, field: name };
}

/** The value given first, in order of precedence: a flag over its variable. */
export function first<A, B = A>(a: Given<A> | undefined, b: Given<B> | undefined): Given<A | B> | undefined {
  return a ?? b;
}

export function invalidOption(g: Pick<Given<unknown>, 'name' | 'field'>, message: string): DicewiseError {
  return new DicewiseError('INVALID_OPTION', `${g.name} ${message}`, [{ field: g.field, message }]);
}

/** The value as the user gave it, for a message: text quoted, a number as is. */
export const shown = (value: unknown): string => (typeof value === 'string' ? JSON.stringify(value) : String(value));

/** A number, or its text (not blank): NaN when it is neither. */
function numberOf(value: unknown): number {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
}

/**
 * An integer from `min` to `max` (`must be an integer from 1 to 4000`), or from `min` up
 * (`must be an integer ≥ 0`); undefined where not given.
 */
export function integerIn(g: Given<unknown> | undefined, min: number, max?: number): number | undefined {
  if (g === undefined) return undefined;
  const n = numberOf(g.value);
  if (Number.isInteger(n) && n >= min && (max === undefined || n <= max)) return n;
  const range = max === undefined ? `an integer ≥ ${min}` : `an integer from ${min} to ${max}`;
  throw invalidOption(g, `must be ${range}, got ${shown(g.value)}`);
}

/** A positive integer (`threads must be a positive integer, got 0`); undefined where not given. */
export function positiveIn(g: Given<unknown> | undefined): number | undefined {
  return g === undefined ? undefined : positiveInteger(g.field, numberOf(g.value), g.name, shown(g.value));
}

/** A comma-separated list's entries, trimmed (`yahtzee, yatzy`), or the list as given. */
export function listOf<T extends string>(value: string | readonly T[]): string[] {
  return typeof value === 'string' ? value.split(',').map((s) => s.trim()) : [...value];
}
