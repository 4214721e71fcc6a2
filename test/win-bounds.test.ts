/**
 * Every win chance shown before the exact end game respects what the exact reach tables prove.
 * Whatever the opponents' final totals X, a strategy's share is E[u(our final)] with u rising, so
 * for each option (taken, then played on for the goal):
 *   - floor: u(t) · P*(final ≥ t | option) for every total t (play for t alone);
 *   - ceiling: Σ_t (u(t) − u(t − 1)) · P*(final ≥ t | option) (each total with its own best chance).
 * Against one finished opponent on F the two read P*(final > F) and ½·P*(final ≥ F) + ½·P*(final > F),
 * inside the bracket [P*(final > F), P*(final ≥ F)]. P*(final ≥ t | option) is the reach goal's
 * own answer for the option. The positions have five boxes open, the most a quickly built reach
 * table covers, and where the calibration (fitted for one opponent in progress) applies.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { adviseReach, adviseWin, winCalibration, type GoalTables, type ProbabilityAdvice, type WinCalibration } from '../src/advisor/index.ts';
import type { Action, Goal, Position } from '../src/position/index.ts';
import { parsePosition } from '../src/position/index.ts';
import { RULESETS } from '../src/rules/index.ts';
import { buildReachTable, opponentFinal, shareCurve, type ShareCurve } from '../src/solver/index.ts';
import { mulberry32, randomPosition } from './support/random-positions.ts';
import { testValues } from './support/models.ts';

const rs = RULESETS['yahtzee-no-bonus'];
const OPEN = 5;
const CAP = 100;
const TOLERANCE = 1e-9;

let tables: GoalTables;

beforeAll(async () => {
  const values = await testValues(rs.id);
  const [reach, distribution] = await Promise.all([
    buildReachTable(rs, { cap: CAP, levels: OPEN }),
    buildReachTable(rs, { kind: 'distribution', values, cap: CAP, levels: OPEN }),
  ]);
  tables = { reach: reach.table, distribution: distribution.table };
}, 300_000);

function position(input: ReturnType<typeof randomPosition>['input'], goal: Goal | Record<string, unknown>): Position {
  const parsed = parsePosition({ ...input, goal });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.position;
}

/**
 * Each option's best chance of finishing with at least `total`, by the advisor's shared action
 * objects; undefined where the table cannot tell (more points needed than its cap).
 */
function reachChances(p: Position, total: number): Map<Action, number> | undefined {
  try {
    const a = adviseReach(tables, { ...p, goal: { type: 'reach', score: total } }, total);
    return new Map(a.options.map((o) => [o.action, o.probability]));
  } catch {
    return undefined;
  }
}

function shareAt(curve: ShareCurve, x: number): number {
  return x < 0 ? 0 : x < curve.u.length ? curve.u[x] : 1;
}

/**
 * Every option's floor and ceiling, from the reach goal's answers for every total the share curve
 * can tell apart; where the table cannot tell a chance, the ceiling counts it as 1 and the floor
 * leaves that total out.
 */
function bounds(p: Position, curve: ShareCurve): Map<Action, { floor: number; ceiling: number }> {
  const out = new Map<Action, { floor: number; ceiling: number }>();
  const base = shareAt(curve, p.score);
  const known = reachChances(p, p.score)!;
  for (const action of known.keys()) out.set(action, { floor: base, ceiling: base });
  for (let t = p.score + 1; t <= curve.u.length; t++) {
    const step = shareAt(curve, t) - shareAt(curve, t - 1);
    const chances = reachChances(p, t);
    for (const [action, b] of out) {
      const chance = chances?.get(action);
      if (chance !== undefined) b.floor = Math.max(b.floor, shareAt(curve, t) * chance);
      b.ceiling += step * (chance ?? 1);
    }
  }
  return out;
}

function outside(advice: ProbabilityAdvice, b: Map<Action, { floor: number; ceiling: number }>): string[] {
  const bad: string[] = [];
  for (const o of advice.options) {
    const { floor, ceiling } = b.get(o.action)!;
    if (o.probability < floor - TOLERANCE || o.probability > ceiling + TOLERANCE) bad.push(`${JSON.stringify(o.action)}: ${o.probability} outside [${floor}, ${ceiling}]`);
  }
  return bad;
}

describe('win chances shown within the exact reach bounds (yahtzee-no-bonus, 5 boxes open)', () => {
  it('against a finished opponent: between P*(final > F) and P*(final ≥ F), uncalibrated, on 30 positions at F = T − 1 and T', () => {
    const rng = mulberry32(48);
    let options = 0;
    for (let i = 0; i < 30; i++) {
      const { input, score } = randomPosition(rs, rng, { turns: rs.boxes.length - OPEN, dice: true });
      // A target the table can tell: 10 to 90 points still needed.
      const target = score + 10 + Math.floor(rng() * 81);
      for (const finalScore of [target - 1, target]) {
        const p = position(input, { type: 'win', opponents: [{ finalScore }] });
        const advice = adviseWin(tables, p);
        expect(advice.exact).toBe(false);
        expect(advice.calibration).toBeUndefined();
        const beat = reachChances(p, finalScore + 1)!;
        const tie = reachChances(p, finalScore)!;
        for (const o of advice.options) {
          expect(o.probability).toBeGreaterThanOrEqual(beat.get(o.action)! - TOLERANCE);
          expect(o.probability).toBeLessThanOrEqual(tie.get(o.action)! + TOLERANCE);
        }
        expect(outside(advice, bounds(p, shareCurve([{ lo: finalScore, p: Float64Array.of(1) }])))).toEqual([]);
        options += advice.options.length;
      }
    }
    expect(options).toBeGreaterThan(500);
  });

  it('against one opponent in progress: calibrated, and every option still within its floor and ceiling, on 20 positions', () => {
    expect(winCalibration(rs.id)?.byOpen[String(OPEN)]).toBeDefined();
    const rng = mulberry32(4848);
    let moved = 0;
    for (let i = 0; i < 20; i++) {
      const { input } = randomPosition(rs, rng, { turns: rs.boxes.length - OPEN, dice: true });
      const opponent = randomPosition(rs, rng, { turns: rs.boxes.length - OPEN, dice: false });
      const p = position(input, { type: 'win', opponents: [{ scorecard: opponent.input.scorecard }] });
      const o = p.opponents![0];
      if ('finalScore' in o) throw new Error('an opponent with boxes open');
      const advice = adviseWin(tables, p);
      expect(advice.calibration?.boxesOpen).toBe(OPEN);
      const raw = adviseWin(tables, p, null);
      const curve = shareCurve([opponentFinal(rs, tables.distribution, o.state, o.score)]);
      expect(outside(advice, bounds(p, curve))).toEqual([]);
      expect(outside(raw, bounds(p, curve))).toEqual([]);
      advice.options.forEach((opt, k) => {
        // Never above the estimate (a proven ceiling), and moved by the calibration somewhere.
        expect(opt.probability).toBeLessThanOrEqual(raw.options[k].probability + TOLERANCE);
        if (opt.probability < raw.options[k].probability - 1e-6) moved++;
      });
    }
    expect(moved).toBeGreaterThan(0);
  });

  it('a map fitted against two opponents applies against two still playing, within the bounds, and nowhere else', () => {
    const two: WinCalibration = { ruleset: rs.id, opponents: 2, games: 1, seed: 1, byOpen: { [OPEN]: { a: -0.3, b: 0.9, turns: 1 } } };
    const rng = mulberry32(4849);
    let moved = 0;
    for (let i = 0; i < 10; i++) {
      const { input } = randomPosition(rs, rng, { turns: rs.boxes.length - OPEN, dice: true });
      const [a, b] = [0, 1].map(() => randomPosition(rs, rng, { turns: rs.boxes.length - OPEN, dice: false }).input.scorecard);
      const p = position(input, { type: 'win', opponents: [{ scorecard: a }, { scorecard: b }] });
      const advice = adviseWin(tables, p, two);
      const raw = adviseWin(tables, p, null);
      expect(advice.calibration).toEqual({ games: 1, seed: 1, boxesOpen: OPEN, turns: 1 });
      const curve = shareCurve(p.opponents!.map((o) => ('state' in o ? opponentFinal(rs, tables.distribution, o.state, o.score) : { lo: 0, p: Float64Array.of(1) })));
      expect(outside(advice, bounds(p, curve))).toEqual([]);
      advice.options.forEach((opt, k) => {
        expect(opt.probability).toBeLessThanOrEqual(raw.options[k].probability + TOLERANCE);
        if (opt.probability < raw.options[k].probability - 1e-6) moved++;
      });
      // One opponent, or two of whom one has finished: not the situation it was fitted on.
      expect(adviseWin(tables, position(input, { type: 'win', opponents: [{ scorecard: a }] }), two).calibration).toBeUndefined();
      expect(adviseWin(tables, position(input, { type: 'win', opponents: [{ scorecard: a }, { finalScore: 150 }] }), two).calibration).toBeUndefined();
    }
    expect(moved).toBeGreaterThan(0);
  });
});
