import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../dice/index.ts';
import { parsePosition } from '../position/index.ts';
import { RULESETS } from '../rules/index.ts';
import { buildReachTable, END_GAME_BOXES, reachGoalModel, snapProbability } from '../solver/index.ts';
import { adviseProbability } from './advise.ts';
import { calibrateWinChance, fitWinCalibration, type WinCalibration } from './win-calibration.ts';

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const logit = (p: number) => Math.log(p / (1 - p));

describe('win chance calibration', () => {
  it('recovers the map that generated the outcomes (20,000 turns, a = −0.12, b = 0.8)', () => {
    const rng = mulberry32(7);
    const shown: number[] = [];
    const achieved: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      const p = 0.02 + 0.96 * rng();
      shown.push(p);
      achieved.push(rng() < sigmoid(-0.12 + 0.8 * logit(p)) ? 1 : 0);
    }
    const c = fitWinCalibration('yahtzee', [{ open: 9, shown, achieved }, { open: END_GAME_BOXES, shown, achieved }], { games: 1, seed: 1 });
    expect(c.byOpen['9'].a).toBeCloseTo(-0.12, 1);
    expect(c.byOpen['9'].b).toBeCloseTo(0.8, 1);
    expect(c.byOpen['9'].turns).toBe(20_000);
    // Exact there: not fitted.
    expect(c.byOpen[String(END_GAME_BOXES)]).toBeUndefined();
  });

  const calibration: WinCalibration = { ruleset: 'yahtzee', opponents: 1, games: 10_000, seed: 1, byOpen: { '7': { a: -0.1, b: 0.8, turns: 10_000 } } };

  it('leaves exact and settled chances alone and keeps the order of the others', () => {
    expect(calibrateWinChance('yahtzee', END_GAME_BOXES, 0.6, calibration)).toBe(0.6);
    expect(calibrateWinChance('yahtzee', 7, 0, calibration)).toBe(0);
    expect(calibrateWinChance('yahtzee', 7, 1, calibration)).toBe(1);
    expect(calibrateWinChance('yahtzee', 8, 0.6, calibration)).toBe(0.6);
    expect(calibrateWinChance('yahtzee', 7, 0.6, calibration)).toBeCloseTo(sigmoid(-0.1 + 0.8 * logit(0.6)), 12);
    let last = 0;
    for (let p = 0.001; p < 1; p += 0.001) {
      const q = calibrateWinChance('yahtzee', 7, p, calibration);
      expect(q).toBeGreaterThan(last);
      last = q;
    }
  });

  it('advice shown through the map: mapped chances in the same order, losses between mapped chances', async () => {
    // A real probability model (reach, last two turns): adviseProbability with the map against without.
    const rs = RULESETS['yahtzee-no-bonus'];
    const { table } = await buildReachTable(rs, { cap: 120, levels: 2 });
    const card = Object.fromEntries(rs.boxes.filter((b) => b.id !== 'chance' && b.id !== 'yahtzee').map((b) => [b.id, 0]));
    const parsed = parsePosition({ ruleset: rs.id, scorecard: { ...card, sixes: 18 }, dice: [6, 6, 6, 2, 3], rollsLeft: 1 });
    if (!parsed.ok) throw new Error('position');
    const model = reachGoalModel(rs, table, 30);
    const map = (v: number) => calibrateWinChance('yahtzee', 7, snapProbability(v), calibration);
    const raw = adviseProbability(model, parsed.position);
    const shown = adviseProbability(model, parsed.position, undefined, map);
    expect(raw.options.length).toBeGreaterThan(3);
    expect(shown.options.map((o) => o.action)).toEqual(raw.options.map((o) => o.action));
    shown.options.forEach((o, i) => {
      expect(o.probability).toBe(calibrateWinChance('yahtzee', 7, raw.options[i].probability, calibration));
      expect(o.loss).toBeCloseTo(shown.options[0].probability - o.probability, 15);
    });
    expect(shown.probabilityBefore).toBe(calibrateWinChance('yahtzee', 7, raw.probabilityBefore, calibration));
    // The map moves a chance strictly between 0 and 1.
    const inside = raw.options.find((o) => o.probability > 0.01 && o.probability < 0.99);
    expect(inside).toBeDefined();
    expect(shown.options[raw.options.indexOf(inside!)].probability).not.toBe(inside!.probability);
  });
});
