import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ProbabilityAdvice } from '../src/advisor/index.ts';
import { adviseGoal } from '../src/goals/index.ts';
import { analyseGame, analyseMultiplayer, createAnalyser, isGameError, type GameAnalysis, type MultiplayerReview, type TurnRecord } from '../src/analysis/index.ts';
import { countsToFaces, keepFaceCounts } from '../src/dice/index.ts';
import { keepOfFaces, parsePosition } from '../src/position/index.ts';
import { RULESETS } from '../src/rules/index.ts';
import { createPlayer, GamePlayer, optimalStrategy, type DecisionContext, type Strategy } from '../src/simulate/index.ts';
import { snapProbability } from '../src/solver/index.ts';
import { writeReachTable } from '../src/store/reach-store.ts';
import { dicewise } from './support/cli.ts';
import { postJson, testApp } from './support/server.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';
import { testModel } from './support/models.ts';
import { TAIL_RULESET, tailDistribution, tailDistributionTable, tailReachTable } from './support/reach.ts';

/**
 * A two-player game review against the advisor: a game played by two optimal players, recorded
 * turn by turn in play order with both sheets as they stood; every decision of the last two turns
 * (the states the tail tables of test/support/reach.ts hold) rated in share of the stake as the
 * win-goal advice rates it, against the other's sheet at that moment.
 */

interface Played {
  record: { ruleset: string; players: string[]; turns: (TurnRecord & { player: number })[] };
  /** per turn in play order: the sheets of the player to move and of the other, at its start */
  sheets: { mine: Record<string, number>; theirs: Record<string, number> }[];
}

const filled = (ctx: DecisionContext) => Object.fromEntries(Object.entries(ctx.scorecard).filter(([, v]) => v !== null)) as Record<string, number>;

async function playTwo(seed: number): Promise<Played> {
  const rs = RULESETS[TAIL_RULESET];
  const model = await testModel(TAIL_RULESET);
  const played: Played = { record: { ruleset: rs.id, players: ['Ann', 'Bob'], turns: [] }, sheets: [] };
  let current: TurnRecord & { player: number };
  const recording = (player: number, inner: Strategy): Strategy => ({
    name: `${inner.name}-${player}`,
    chooseHold(ctx) {
      if (ctx.rollsLeft === 2) current = { player, rolls: [], holds: [], box: '' };
      current.rolls.push(ctx.dice);
      const h = inner.chooseHold(ctx);
      const keep = typeof h === 'number' ? h : keepOfFaces(ctx.tables, h);
      if (keep !== ctx.roll) current.holds!.push(countsToFaces(keepFaceCounts(ctx.tables, keep)));
      return h;
    },
    chooseBox(ctx) {
      if (ctx.rollsLeft === 0) current.rolls.push(ctx.dice);
      const pick = inner.chooseBox(ctx);
      current.box = typeof pick === 'string' ? pick : rs.boxes[pick.box as number].id;
      played.record.turns.push(current);
      return pick;
    },
  });
  const players = [0, 1].map((p) => createPlayer(rs, recording(p, optimalStrategy(model, 0))));
  const seats = players.map(() => new GamePlayer(rs));
  players.forEach((p, i) => seats[i].begin(p, seed, i));
  for (let turn = 1; turn <= rs.boxes.length; turn++) {
    for (let i = 0; i < 2; i++) {
      played.sheets.push({ mine: filled(players[i].ctx), theirs: filled(players[1 - i].ctx) });
      seats[i].playTurn(players[i], turn);
    }
  }
  return played;
}

describe('multiplayer game review', () => {
  it('rates each player in points as a solo game and in share of the stake as the win-goal advice', async () => {
    const rs = RULESETS[TAIL_RULESET];
    const model = await testModel(TAIL_RULESET);
    const [reach, distribution] = await Promise.all([tailReachTable().then((b) => b.table), tailDistribution()]);
    let compared = 0;
    for (const seed of [3, 8]) {
      const { record, sheets } = await playTwo(seed);
      const review = analyseMultiplayer(createAnalyser(model), reach, distribution, record) as MultiplayerReview;
      expect(isGameError(review as never)).toBe(false);
      expect(review.players.map((p) => p.name)).toEqual(['Ann', 'Bob']);
      for (const p of review.players) {
        const solo = analyseGame(model, { ruleset: rs.id, turns: record.turns.filter((t) => t.player === p.player) });
        expect(p.points).toEqual(solo);
        const win = p.win as GameAnalysis;
        expect(win.goal).toEqual({ type: 'win' });
        // Optimal points play never loses points; the share review still finds what it gives up.
        expect((p.points as GameAnalysis).totalLoss).toBe(0);
        const mine = record.turns.flatMap((t, i) => (t.player === p.player ? [i] : []));
        for (const d of win.decisions) {
          if (d.turn < rs.boxes.length - 1) continue;
          const at = mine[d.turn - 1];
          const turn = record.turns[at];
          const { mine: sheet, theirs } = sheets[at];
          const opponent = Object.keys(theirs).length === rs.boxes.length ? { finalScore: finalOf(theirs) } : { scorecard: theirs };
          const parsed = parsePosition({ ruleset: rs.id, scorecard: sheet, dice: turn.rolls[d.roll - 1], rollsLeft: 3 - d.roll, goal: { type: 'win', opponents: [opponent] } });
          if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
          const advice = adviseGoal(model, { reach, distribution }, parsed.position) as ProbabilityAdvice;
          const valueOf = (action: object) => advice.options.find((o) => JSON.stringify(o.action) === JSON.stringify(action))!.probability;
          expect(Math.abs(snapProbability(d.chosen.ev) - valueOf(d.chosen.action))).toBeLessThan(1e-9);
          expect(Math.abs(snapProbability(d.best.ev) - advice.probability)).toBeLessThan(1e-9);
          compared++;
        }
        // The game is over: the share left is the share won.
        const other = review.players[1 - p.player];
        const expectedShare = p.finalScore > other.finalScore ? 1 : p.finalScore === other.finalScore ? 0.5 : 0;
        expect(win.remainingValue).toBe(expectedShare);
      }
    }
    expect(compared).toBeGreaterThan(8);
  }, 60_000);

  it('names a bad record: players, a seat out of range, an illegal turn of one player', async () => {
    const model = await testModel(TAIL_RULESET);
    const [reach, distribution] = await Promise.all([tailReachTable().then((b) => b.table), tailDistribution()]);
    const review = (record: unknown) => analyseMultiplayer(createAnalyser(model), reach, distribution, record);
    expect(review({ players: 1, turns: [] })).toMatchObject({ error: { detail: expect.stringContaining('players') } });
    expect(review({ players: ['a', 'b'], turns: [{ player: 2, rolls: [[1, 2, 3, 4, 5]], box: 'chance' }] })).toMatchObject({ error: { detail: expect.stringContaining('turns[0].player') } });
    expect(review({ ruleset: TAIL_RULESET, players: ['a', 'b'], turns: [{ rolls: [[1, 2, 3, 4, 5]], box: 'chance' }, { rolls: [[1, 1, 1, 1, 9]], box: 'chance' }] })).toMatchObject({
      error: { turn: 1, detail: expect.stringContaining('player 1 (b)') },
    });
  });
});

describe('POST /api/v1/analyse with a multiplayer record', () => {
  it('answers the review analyseMultiplayer gives, beside solo games, and a bad one as its error', async () => {
    const model = await testModel(TAIL_RULESET);
    const [reach, distribution] = await Promise.all([tailReachTable().then((b) => b.table), tailDistribution()]);
    const { app } = await testApp({
      lanes: { reach: { [TAIL_RULESET]: reach }, distribution: { [TAIL_RULESET]: distribution } },
    });
    const { record } = await playTwo(11);
    const res = await postJson(app, '/api/v1/analyse', { games: [record, { ...record, players: ['solo'] }], summary: true });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: unknown[]; summary: { games: number } };
    expect(body.results[0]).toEqual(JSON.parse(JSON.stringify(analyseMultiplayer(createAnalyser(model), reach, distribution, record))));
    expect(body.results[1]).toMatchObject({ error: { detail: expect.stringContaining('players') } });
    // The profile counts each player's game.
    expect(body.summary.games).toBe(3);
  });
});

describe('dicewise analyse with multiplayer records', () => {
  it('reviews a multiplayer record among solo ones, in input order, as analyseMultiplayer does', async () => {
    const rs = RULESETS[TAIL_RULESET];
    const model = await testModel(TAIL_RULESET);
    const [reach, distribution] = await Promise.all([tailReachTable(), tailDistributionTable()]);
    const dir = mkdtempSync(join(tmpdir(), 'dicewise-multi-'));
    try {
      await Promise.all([writeReachTable(dir, reach), writeReachTable(dir, distribution)]);
      copyFileSync(join(TEST_TABLE_DIR, `${TAIL_RULESET}.dwt`), join(dir, `${TAIL_RULESET}.dwt`));
      const { record } = await playTwo(5);
      const solo = { ruleset: rs.id, turns: record.turns.filter((t) => t.player === 0).map(({ player: _, ...t }) => t) };
      const input = [solo, record, { ...record, players: 1 }].map((r) => JSON.stringify(r)).join('\n');
      const r = dicewise(['analyse', '--jsonl', '--tables', dir], input);
      expect(r.code).toBe(1);
      const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
      expect(lines).toHaveLength(3);
      expect(lines[0]).toEqual(JSON.parse(JSON.stringify(analyseGame(model, solo))));
      const direct = analyseMultiplayer(createAnalyser(model), reach.table, distribution.table, record);
      expect(lines[1]).toEqual(JSON.parse(JSON.stringify(direct)));
      expect(lines[2].error.detail).toContain('players');
      const text = dicewise(['analyse', '--tables', dir], JSON.stringify(record));
      expect(text.stdout).toContain('Game 1 (yahtzee-no-bonus, 2 players)');
      expect(text.stdout).toContain('Ann: ');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

/** A finished yahtzee-no-bonus sheet's total: its boxes and the upper bonus. */
function finalOf(sheet: Record<string, number>): number {
  const rs = RULESETS[TAIL_RULESET];
  const upper = rs.boxes.slice(0, 6).reduce((s, b) => s + (sheet[b.id] ?? 0), 0);
  return Object.values(sheet).reduce((a, b) => a + b, 0) + (upper >= rs.upperBonus.threshold ? rs.upperBonus.points : 0);
}
