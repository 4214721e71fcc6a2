import type { RuleSetId } from '../rules/index.ts';
import { END_GAME_BOXES } from '../solver/index.ts';
import fitted from './data/win-calibration.json' with { type: 'json' };

/**
 * Before the exact end game, the win chance is an estimate (each target's own best chance beyond
 * this turn, win-model.ts) that runs high. Calibration maps it to the share the advice's own play
 * took from that chance, measured on its games: `bench/win-calibration.ts` plays `win` against
 * `optimal` (the opponent the goal assumes) and records, at the first roll of each turn, the chance
 * shown and the stake won; per number of boxes open a logistic fit
 *
 *   calibrated = σ(a + b · logit(shown))
 *
 * maps one to the other. The map rises with the shown chance (b > 0), so it never reorders the
 * options; 0 and 1 (settled) stay as they are. Fitted on one seed, measured on another (docs/goals.md).
 * A map is fitted per number of opponents (`--players`), since the estimate runs high by a
 * different amount against each, and applies only to that many opponents, all still playing.
 */
export interface WinCalibration {
  ruleset: RuleSetId;
  /** opponents in the games it was fitted on, each playing for points */
  opponents: number;
  games: number;
  seed: number;
  /** per boxes open (above the end game's): the fit, and the turns it was fitted on */
  byOpen: Record<string, { a: number; b: number; turns: number }>;
}

const CALIBRATIONS = fitted as Partial<Record<RuleSetId, WinCalibration[]>>;

/** The stored calibration of a rule set against this many opponents, if one was fitted. */
export function winCalibration(id: RuleSetId, opponents = 1): WinCalibration | undefined {
  return CALIBRATIONS[id]?.find((c) => c.opponents === opponents);
}

const EDGE = 1e-9;
const logit = (p: number) => Math.log(p / (1 - p));

/** The shown win chance with `open` boxes open, calibrated (unchanged where none is fitted or the end game is exact). */
export function calibrateWinChance(id: RuleSetId, open: number, p: number, calibration: WinCalibration | undefined = winCalibration(id)): number {
  if (open <= END_GAME_BOXES) return p;
  return calibrateChance(calibration?.byOpen[String(open)], p);
}

/** σ(a + b · logit(p)) of one fit; p unchanged where there is none, and 0 and 1 (settled) as they are. */
export function calibrateChance(fit: { a: number; b: number } | undefined, p: number): number {
  if (!fit || p <= 0 || p >= 1) return p;
  const z = fit.a + fit.b * logit(Math.min(1 - EDGE, Math.max(EDGE, p)));
  return 1 / (1 + Math.exp(-z));
}

/**
 * Fits a, b per group by maximum likelihood (the share taken, 0 to 1, as the outcome), Newton's
 * method from the identity map. Groups at or below `exactBoxes` (the end game's) are left out:
 * exact there.
 */
export function fitWinCalibration(
  ruleset: RuleSetId,
  groups: readonly { open: number; shown: readonly number[]; achieved: readonly number[] }[],
  source: { games: number; seed: number; opponents?: number },
  exactBoxes = END_GAME_BOXES,
): WinCalibration {
  const byOpen: WinCalibration['byOpen'] = {};
  for (const g of groups) {
    if (g.open <= exactBoxes) continue;
    // Settled chances carry no information about the map.
    const xs: number[] = [];
    const ys: number[] = [];
    g.shown.forEach((p, i) => {
      if (p > 0 && p < 1) {
        xs.push(logit(Math.min(1 - EDGE, Math.max(EDGE, p))));
        ys.push(g.achieved[i]);
      }
    });
    if (xs.length < 100) continue;
    let a = 0;
    let b = 1;
    for (let iter = 0; iter < 50; iter++) {
      let ga = 0, gb = 0, haa = 0, hab = 0, hbb = 0;
      for (let i = 0; i < xs.length; i++) {
        const q = 1 / (1 + Math.exp(-(a + b * xs[i])));
        const r = q - ys[i];
        const w = q * (1 - q);
        ga += r;
        gb += r * xs[i];
        haa += w;
        hab += w * xs[i];
        hbb += w * xs[i] * xs[i];
      }
      const det = haa * hbb - hab * hab;
      if (!(det > 0)) break;
      const da = (hbb * ga - hab * gb) / det;
      const db = (haa * gb - hab * ga) / det;
      a -= da;
      b -= db;
      if (Math.abs(da) + Math.abs(db) < 1e-10) break;
    }
    byOpen[String(g.open)] = { a, b, turns: xs.length };
  }
  return { ruleset, opponents: source.opponents ?? 1, games: source.games, seed: source.seed, byOpen };
}
