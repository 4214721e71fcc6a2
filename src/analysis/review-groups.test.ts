import { describe, expect, it } from 'vitest';
import { testModel } from '../../test/support/models.ts';
import { playGames } from '../../test/support/game-records.ts';
import { analysePacked, createAnalyser } from './analyse-game.ts';
import { formatBatchSummary, formatProfile } from './format-profile.ts';
import { emptyTally, mergeTally, profileOf, profileResults } from './profile.ts';
import { reviewChunk } from './review-chunk.ts';

/**
 * A batch of two strategies' games, as `dicewise simulate --record` writes them (each line names
 * its strategy and game): the profile is each strategy's own, the same as reviewing its games
 * alone, and the readable report names each game by its strategy and index.
 */
describe('review of a batch by strategy', () => {
  it('profiles each strategy apart, names games by their record, and says when no game finished', async () => {
    const model = await testModel('yahtzee');
    const careful = playGames(model, 5, 6, 0, 1);
    const sloppy = playGames(model, 6, 6, 0.5, 0);
    const line = (strategy: string, game: number, g: object) => JSON.stringify({ ruleset: 'yahtzee', strategy, seed: 1, game, ...g });
    const lines = careful.flatMap((g, i) => [line('optimal', i, g), line('random', i, sloppy[i])]);
    const modelFor = async () => model;
    // Two chunks merged, as the command merges its workers' tallies in input order.
    const half = lines.length / 2;
    const parts = await Promise.all([
      reviewChunk(modelFor, { input: { text: lines.slice(0, half).join('\n'), firstLine: 1 }, output: 'text' }),
      reviewChunk(modelFor, { input: { text: lines.slice(half).join('\n'), firstLine: half + 1 }, output: 'none' }),
    ]);
    const tally = emptyTally();
    for (const p of parts) mergeTally(tally, p.tally);
    const profile = profileOf(tally);

    const a = createAnalyser(model);
    // Sums over two chunks add in another order than over one: equal to 12 significant digits.
    const round = (x: unknown) => JSON.parse(JSON.stringify(x, (_, v) => (typeof v === 'number' ? Number(v.toPrecision(12)) : v)));
    const alone = (games: object[]) => round(profileResults(games.map((g) => analysePacked(a, g))));
    expect(profile.games).toBe(12);
    expect(profile.groups?.map((g) => [g.by, g.name, g.profile.games])).toEqual([['strategy', 'optimal', 6], ['strategy', 'random', 6]]);
    expect(round(profile.groups![0].profile)).toEqual(alone(careful));
    expect(round(profile.groups![1].profile)).toEqual(alone(sloppy));
    expect(profile.groups![1].profile.loss.perGame).toBeGreaterThan(profile.groups![0].profile.loss.perGame);

    const text = formatProfile(profile);
    expect(text.split('\n')[0]).toBe('12 games: 6 of strategy optimal, 6 of strategy random');
    expect(text).toContain('\n== strategy optimal ==\n6 games: 6 analysed (6 finished), 0 with errors\n');
    expect(text).toContain('\n== strategy random ==\n6 games: 6 analysed (6 finished), 0 with errors\n');
    expect(formatBatchSummary(profile)).toContain('\nstrategy random:\n  6 games: 6 analysed (6 finished)');
    expect(parts[0].out).toMatch(/^Game 1: optimal game 0 \(yahtzee\): \d+ points;/);
    expect(parts[0].out).toMatch(/\nGame 2: random game 0 \(yahtzee\): \d+ points;/);

    // No finished game: no mean of nothing.
    const unfinished = profileResults([analysePacked(a, { turns: careful[0].turns.slice(0, 3) })]);
    expect(formatProfile(unfinished)).toContain('no finished game, so no mean final score; optimal play expects');
    expect(formatProfile(unfinished)).not.toContain('0.00 (finished games)');
  });
});
