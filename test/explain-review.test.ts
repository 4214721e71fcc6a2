import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analysePacked,
  analyserFor,
  explainingAnalyser,
  profileResults,
  reviewChunk,
  unpackResult,
  type ChunkReview,
  type GameAnalysis,
  type GameRecord,
  type ReviewChunk,
} from '../src/analysis/index.ts';
import { advise, explainAdvice } from '../src/advisor/index.ts';
import { REASONS_COVER, parsePosition } from '../src/position/index.ts';
import { FAMILIES, RULESETS } from '../src/rules/index.ts';
import type { OutlookTable } from '../src/solver/index.ts';
import { readOutlookTable } from '../src/store/reach-store.ts';
import { createWorkerPool, reviewRunner, type WorkerPool } from '../workers/pool.ts';
import { playGames } from './support/game-records.ts';
import { testModel } from './support/models.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';
import { postJson, testApp } from './support/server.ts';
import { dicewise } from './support/cli.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The review's `explain`: each mistake's reasons and where each game's (and the batch's) losses come from. */

let outlook: OutlookTable;
let games: GameRecord[];
beforeAll(async () => {
  outlook = (await readOutlookTable(TEST_TABLE_DIR, RULESETS.yahtzee)).table;
  games = playGames(await testModel('yahtzee'), 5151, 24, 0.2, 0);
});

async function explained(record: unknown): Promise<GameAnalysis> {
  const r = unpackResult(analysePacked(explainingAnalyser(await testModel('yahtzee'), outlook), record));
  if ('error' in r) throw new Error(r.error.detail);
  return r;
}

describe('an explained review', () => {
  it('rates every decision as the plain review does, and gives each mistake reasons covering 80% of its loss', async () => {
    const model = await testModel('yahtzee');
    let mistakes = 0;
    for (const g of games) {
      const plain = unpackResult(analysePacked(analyserFor(model), g)) as GameAnalysis;
      const ex = await explained(g);
      expect(ex.decisions.map(({ reasons: _r, ...d }) => d)).toEqual(plain.decisions);
      for (const d of ex.decisions) {
        if (d.loss === 0) {
          expect(d.reasons).toBeUndefined();
          continue;
        }
        mistakes++;
        expect(d.reasons!.reduce((s, r) => s + r.loss, 0)).toBeGreaterThanOrEqual(REASONS_COVER * d.loss);
      }
      // Every aspect's loss, summed by family, is the game's loss.
      const families = FAMILIES.reduce((s, f) => s + ex.lossByFamily![f], 0);
      expect(Math.abs(families - ex.totalLoss)).toBeLessThan(1e-8);
    }
    expect(mistakes).toBeGreaterThan(50);
  });

  it('gives a box choice the reasons a hint gives that option in the same position', async () => {
    // Turn 1: a large straight on the first roll, written as a zero in Ones.
    const ex = await explained({ ruleset: 'yahtzee', turns: [{ rolls: [[2, 3, 4, 5, 6]], box: 'ones' }] });
    const model = await testModel('yahtzee');
    const parsed = parsePosition({ ruleset: 'yahtzee', dice: [2, 3, 4, 5, 6], rollsLeft: 2 });
    if (!parsed.ok) throw new Error('bad position');
    const hint = explainAdvice(model, outlook, parsed.position, advise(model, parsed.position));
    expect(hint.best!.action).toEqual(ex.decisions[0].best.action);
    const ones = hint.options.find((o) => 'score' in o.action && o.action.score === 'ones')!;
    expect(ex.decisions[0].reasons).toEqual(ones.reasons);
    expect(ex.decisions[0].reasons!.map((r) => (r.aspect === 'box' ? r.box : r.aspect)).slice(0, 2)).toEqual(['largeStraight', 'upperBonus']);
  });

  it('sums each family over the batch in the profile, largest first, adding up to the loss', async () => {
    const model = await testModel('yahtzee');
    const profile = profileResults(games.map((g) => analysePacked(explainingAnalyser(model, outlook), g)));
    expect(profile.explained).toBe(games.length);
    expect(profile.byFamily!.map((f) => f.family).sort()).toEqual([...FAMILIES].sort());
    for (let i = 1; i < profile.byFamily!.length; i++) expect(profile.byFamily![i].loss).toBeLessThanOrEqual(profile.byFamily![i - 1].loss);
    expect(Math.abs(profile.byFamily!.reduce((s, f) => s + f.loss, 0) - profile.loss.total)).toBeLessThan(1e-6);
    expect(Math.abs(profile.byFamily!.reduce((s, f) => s + f.share, 0) - 1)).toBeLessThan(1e-9);
    // Unexplained, the profile has none of it.
    expect(profileResults(games.map((g) => analysePacked(analyserFor(model), g))).byFamily).toBeUndefined();
  });
});

describe('an explained review on the worker pool and in the API', () => {
  let pool: WorkerPool;
  beforeAll(() => {
    pool = createWorkerPool({ threads: 2, tables: TEST_TABLE_DIR });
  });
  afterAll(() => pool.destroy());

  it('the pool explains as this thread does (its threads read the outlook table themselves)', async () => {
    const chunk: ReviewChunk = { input: { records: games.slice(0, 8), first: 1 }, output: 'jsonl' };
    const inline = await reviewChunk(async () => testModel('yahtzee'), chunk, undefined, undefined, async () => outlook);
    const pooled: ChunkReview = await reviewRunner(pool, undefined, undefined, true)(chunk);
    const text = (r: ChunkReview) => (typeof r.out === 'string' ? r.out : new TextDecoder().decode(r.out));
    expect(text(pooled)).toBe(text(inline));
    expect(text(inline)).toContain('"reasons"');
    expect(pooled.tally.families).toEqual(inline.tally.families);
  });

  it('POST /api/v1/analyse with explain: reasons, loss by family and the summary by family; 400 with a goal; 503 without the table', async () => {
    const { app } = await testApp({ lanes: { outlook: { yahtzee: outlook } } });
    const res = await postJson(app, '/api/v1/analyse', { games: games.slice(0, 4), summary: true, explain: true });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: GameAnalysis[]; summary: { byFamily: unknown[]; explained: number } };
    expect(body.results[0].lossByFamily).toEqual((await explained(games[0])).lossByFamily);
    expect(body.summary.explained).toBe(4);
    expect(body.summary.byFamily).toHaveLength(FAMILIES.length);
    const goal = await postJson(app, '/api/v1/analyse', { games: games.slice(0, 1), goal: { type: 'reach', score: 250 }, explain: true });
    expect(goal.status).toBe(400);
    expect(((await goal.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toContain('explain');
    const free = await postJson(app, '/api/v1/analyse', { games: [{ ...games[0], ruleset: 'yahtzee-free-joker' }], explain: true });
    expect(free.status).toBe(503);
  });

  it('dicewise analyse --explain names each mistake\'s aspects and, with --summary, where the losses come from', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dicewise-explain-'));
    try {
      const file = join(dir, 'games.jsonl');
      writeFileSync(file, games.slice(0, 3).map((g) => JSON.stringify(g)).join('\n') + '\n');
      const text = dicewise(['analyse', file, '--explain', '--tables', TEST_TABLE_DIR]);
      expect(text.code).toBe(0);
      expect(text.stdout).toMatch(/^ {2}loss by family: /m);
      expect(text.stdout).toMatch(/^ {6}.*(−\d+\.\d+)/m);
      const summary = dicewise(['analyse', file, '--explain', '--summary', '--lang', 'fr', '--tables', TEST_TABLE_DIR]);
      expect(summary.code).toBe(0);
      expect(summary.stdout).toContain('where the losses come from (every game)');
      expect(summary.stdout).toContain('partie haute et prime');
      const reach = dicewise(['analyse', file, '--explain', '--reach', '250', '--tables', TEST_TABLE_DIR]);
      expect(reach.code).toBe(2);
      expect(reach.stderr).toContain('--explain gives the reasons of points play');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
