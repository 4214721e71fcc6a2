import type { Action } from '../../src/position/index.ts';

/** Holding every die: the option the page leaves out of its lists (advice-view.js listedOptions). */
export const holdsAll = (dice: number, a: Action): boolean => 'hold' in a && a.hold.length === dice;

/** The options as the page lists them: all but holding every die, in the advisor's order. */
export function listedOptions<O extends { action: Action }>(dice: number, options: readonly O[]): O[] {
  return options.filter((o) => !holdsAll(dice, o.action));
}
