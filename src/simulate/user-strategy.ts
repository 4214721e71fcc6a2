import { DicewiseError } from '../errors.ts';
import type { RuleSet } from '../rules/index.ts';
import type { Strategy } from './strategy.ts';

function basename(source: string): string {
  const file = source.split(/[\\/]/).pop() ?? source;
  return file.replace(/\.[cm]?[jt]s$/, '');
}

/**
 * Turns a module's default export into a Strategy: an object with `chooseHold` and `chooseBox`
 * (and optionally `name`, else the file name), or a function returning one, called once per
 * thread with `{ ruleset }`. Its actions are checked on every move (see play-game.ts).
 */
export function asStrategy(exported: unknown, source: string, rs: RuleSet): Strategy {
  let value = exported;
  if (typeof value === 'function' && typeof (value as { chooseHold?: unknown }).chooseHold !== 'function') {
    value = (value as (info: { ruleset: string }) => unknown)({ ruleset: rs.id });
  }
  const s = value as Partial<Strategy> | null;
  if (s === null || typeof s !== 'object' || typeof s.chooseHold !== 'function' || typeof s.chooseBox !== 'function') {
    throw new DicewiseError('INVALID_INPUT', `${source}: the default export must be a strategy: an object with chooseHold(ctx) and chooseBox(ctx), or a function returning one`, [
      { field: 'strategy', message: 'default export is not a strategy' },
    ]);
  }
  const name = typeof s.name === 'string' && s.name.trim() !== '' ? s.name : basename(source);
  const chooseHold = s.chooseHold.bind(s);
  const chooseBox = s.chooseBox.bind(s);
  return { name, chooseHold, chooseBox };
}

/** A strategy argument names a module (not a built-in) when it looks like a path. */
export function isModuleSpec(spec: string): boolean {
  return /[\\/]/.test(spec) || /\.[cm]?[jt]s$/.test(spec);
}
