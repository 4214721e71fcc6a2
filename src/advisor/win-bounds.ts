import type { Action, Position } from '../position/index.ts';
import { columnStateIndex, compileRules, reachProbability, type ReachTable, type ShareCurve } from '../solver/index.ts';

/**
 * A proven floor under the win goal's share. Whatever the opponents' totals, playing for one
 * final total t takes at least u(t) (our share at t, the share curve rising with our total) with
 * the chance of reaching t, and the reach table holds the best such chance exactly. So
 *
 *   share ≥ u(t) · P*(final ≥ t)   for every t,
 *
 * the target here being the t for which this is largest from the start of the turn. Against one
 * finished opponent on F that is t = F + 1: the chance of beating F outright. The estimate shown
 * before the end game (each total with its own best chance) is itself a ceiling on the share, so
 * a shown chance moved by the calibration is held between the two.
 */
export interface ShareFloor {
  /** the final total played for: our points now plus `need` */
  need: number;
  /** u at that total */
  share: number;
  /** u(t) · P*(final ≥ t) from the start of the turn */
  before: number;
}

function shareAt(curve: ShareCurve, total: number): number {
  return total < 0 ? 0 : total < curve.u.length ? curve.u[total] : 1;
}

/** The target whose floor is highest from the position's turn start, read from the reach table. */
export function shareFloor(curve: ShareCurve, table: ReachTable, position: Position): ShareFloor {
  const s = columnStateIndex(compileRules(position.rs).layout, position.state.columns[0]);
  const score = position.score;
  // Beyond the last total any opponent reaches, u is 1 and the chance only falls.
  const last = Math.min(table.cap, Math.max(0, curve.u.length - score));
  let best: ShareFloor = { need: 0, share: shareAt(curve, score), before: shareAt(curve, score) };
  for (let need = 1; need <= last; need++) {
    const p = reachProbability(table, s, need);
    if (!(p > 0)) break;
    const share = shareAt(curve, score + need);
    if (share * p > best.before) best = { need, share, before: share * p };
  }
  return best;
}

/**
 * The floor of each option: u(t) times the option's own chance of reaching t (`reachOf`: the
 * options of the reach goal at `need`, by the advisor's shared action objects).
 */
export function optionFloors(floor: ShareFloor, reachOf: readonly { action: Action; probability: number }[]): Map<Action, number> {
  return new Map(reachOf.map((o) => [o.action, floor.share * o.probability]));
}

/** `p` held within [floor, ceiling]. */
export function clampChance(p: number, floor: number, ceiling: number): number {
  return p < floor ? floor : p > ceiling ? ceiling : p;
}
