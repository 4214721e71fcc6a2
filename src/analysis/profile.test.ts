import { describe, expect, it } from 'vitest';
import { testModel } from '../../test/support/models.ts';
import { playGames } from '../../test/support/game-records.ts';
import { analysePacked, createAnalyser } from './analyse-game.ts';
import { mistakeBucket } from './mistakes.ts';
import { emptyTally, mergeTally, profileOf, profileResults, tallyGame } from './profile.ts';

describe('player profile', () => {
  it('a Yahtzee scored in chance twice: one recurring box-choice mistake, charged to chance, and the error game counted apart', async () => {
    const model = await testModel('yahtzee');
    const a = createAnalyser(model);
    const slip = { turns: [{ rolls: [[4, 4, 4, 4, 4]], box: 'chance' }] };
    const results = [analysePacked(a, slip), analysePacked(a, { turns: [{ rolls: [[4, 4, 9, 4, 4]], box: 'chance' }] }), analysePacked(a, slip)];
    const loss = 'error' in results[0] ? NaN : results[0].totalLoss;
    expect(loss).toBeGreaterThan(20);
    const p = profileResults(results);
    expect(p).toMatchObject({ games: 3, analysed: 2, errors: 1, finished: 0, decisions: 2 });
    expect(p.loss.total).toBeCloseTo(2 * loss, 12);
    expect(p.loss.perGame).toBeCloseTo(loss, 12);
    expect(p.byKind.map((k) => [k.kind, k.decisions, k.mistakes])).toEqual([['hold1', 0, 0], ['hold2', 0, 0], ['box', 2, 2]]);
    expect(p.byBox).toEqual([{ ruleset: 'yahtzee', box: 'chance', turns: 2, loss: 2 * loss, perGame: loss, boxChoiceLoss: 2 * loss }]);
    expect(p.bySection.upper.loss).toBe(0);
    expect(p.bySection.lower.perGame).toBeCloseTo(loss, 12);
    expect(p.mistakes[mistakeBucket(loss)!].count).toBe(2);
    expect(p.mistakes.total.count).toBe(2);
    expect(p.recurring).toEqual([
      { ruleset: 'yahtzee', rollsLeft: 2, dice: [4, 4, 4, 4, 4], chosen: { score: 'chance' }, best: { score: 'yahtzee' }, count: 2, loss: 2 * loss, meanLoss: loss },
    ]);
    expect(p.recurringExact).toBe(true);
  });

  it('over noisy games: the kinds, the boxes and the buckets each share out the whole loss; merging chunks gives the same counts', async () => {
    const model = await testModel('yahtzee');
    const a = createAnalyser(model);
    const results = playGames(model, 3, 120, 0.3, 0.2).map((r) => analysePacked(a, r));
    const total = results.reduce((s, r) => s + ('error' in r ? 0 : r.totalLoss), 0);
    const p = profileResults(results);
    expect(p.analysed).toBe(120);
    expect(p.loss.total).toBeCloseTo(total, 9);
    expect(p.byKind.reduce((s, k) => s + k.loss, 0)).toBeCloseTo(total, 9);
    expect(p.byBox.reduce((s, b) => s + b.loss, 0)).toBeCloseTo(total, 9);
    expect(p.bySection.upper.loss + p.bySection.lower.loss).toBeCloseTo(total, 9);
    expect(p.mistakes.total.loss).toBeCloseTo(total, 9);
    expect(p.byBox.map((b) => b.turns)).toEqual(Array(13).fill(120));
    expect(p.byKind[2].decisions).toBe(120 * 13);
    expect(p.recurring.length).toBe(10);
    for (let i = 1; i < p.recurring.length; i++) expect(p.recurring[i].loss).toBeLessThanOrEqual(p.recurring[i - 1].loss);
    for (const r of p.recurring) expect(r.count).toBeGreaterThanOrEqual(2);
    const luck = results.map((r) => ('error' in r ? 0 : r.luck));
    const mean = luck.reduce((s, x) => s + x, 0) / luck.length;
    expect(p.luck.mean).toBeCloseTo(mean, 9);
    expect(p.luck.sd).toBeCloseTo(Math.sqrt(luck.reduce((s, x) => s + (x - mean) ** 2, 0) / luck.length), 6);
    const merged = emptyTally();
    for (let i = 0; i < results.length; i += 7) {
      const part = emptyTally();
      for (const r of results.slice(i, i + 7)) tallyGame(part, r);
      mergeTally(merged, part);
    }
    const q = profileOf(merged);
    expect(Object.values(q.mistakes).map((m) => m.count)).toEqual(Object.values(p.mistakes).map((m) => m.count));
    expect(q.loss.total).toBeCloseTo(p.loss.total, 9);
    expect(q.byKind.map((k) => [k.decisions, k.mistakes])).toEqual(p.byKind.map((k) => [k.decisions, k.mistakes]));
    expect(q.recurring.map((r) => [r.dice, r.chosen, r.count])).toEqual(p.recurring.map((r) => [r.dice, r.chosen, r.count]));
  });
});
