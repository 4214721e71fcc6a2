import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pack, unpack } from 'msgpackr';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ProbabilityAdvice } from '../src/advisor/index.ts';
import { adviseGoal } from '../src/goals/index.ts';
import { parsePosition, type PositionInput } from '../src/position/index.ts';
import type { RuleSetId } from '../src/rules/index.ts';
import type { DicewiseApp } from '../src/server/app.ts';
import { createTableRegistry, type TableRegistry } from '../src/server/table-registry.ts';
import { diskSources, type TableBuild } from '../src/store/disk-sources.ts';
import { loadedSource } from './support/table-sources.ts';
import { reachProbability, type BuiltReachTable } from '../src/solver/index.ts';
import { reachTablePath, readReachTable, writeReachTable } from '../src/store/reach-store.ts';
import { RULESETS } from '../src/rules/index.ts';
import { testModel } from './support/models.ts';
import { sheetExcept, TAIL_CAP, TAIL_RULESET, tableRows, tailReachTable, tailStateIndex } from './support/reach.ts';
import { postJson, testApp } from './support/server.ts';

/**
 * Reach goals and odds over HTTP, against the advisor called directly on the same table (a
 * yahtzee-no-bonus table exact for the last two turns: test/support/reach.ts).
 */

let built: BuiltReachTable;
let app: DicewiseApp;
let registry: TableRegistry;
beforeAll(async () => {
  built = await tailReachTable();
  ({ app, registry } = await testApp({ lanes: { reach: { [TAIL_RULESET]: built.table } } }));
});

/** Open: yahtzee and large straight (at most 90 points, above the cap of 60). Score on the sheet 199. */
const A = { ruleset: TAIL_RULESET, scorecard: sheetExcept(['yahtzee', 'largeStraight']) };
/** Open: ones and twos (at most 15 points and the 35 upper bonus). Score 195. */
const B = { ruleset: TAIL_RULESET, scorecard: sheetExcept(['ones', 'twos']) };
const reach = (score: number) => ({ type: 'reach' as const, score });

async function expected(input: PositionInput): Promise<unknown> {
  const r = parsePosition(input);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return JSON.parse(JSON.stringify(adviseGoal(await testModel(TAIL_RULESET), { reach: built.table }, r.position)));
}

async function hint(input: unknown): Promise<{ status: number; body: ProbabilityAdvice & { errors: { field: string; message: string }[]; detail: string } }> {
  const res = await postJson(app, '/api/v1/hint', input);
  return { status: res.status, body: (await res.json()) as never };
}

describe('POST /api/v1/hint with a reach goal', () => {
  const cases: PositionInput[] = [
    { ...A, dice: [2, 3, 4, 5, 5], rollsLeft: 1, goal: reach(230) },
    { ...A, dice: [6, 6, 6, 6, 1], rollsLeft: 2, goal: reach(259) },
    { ...A, goal: reach(240) },
    { ...B, dice: [1, 1, 2, 2, 2], rollsLeft: 0, goal: reach(240) },
    { ...B, dice: [1, 2, 2, 6, 6], rollsLeft: 2, goal: reach(225) },
  ];

  it.each(cases.map((p) => [JSON.stringify(p.goal), p.dice, p] as const))('answers %s with dice %j as the advisor does', async (_g, _d, input) => {
    const { status, body } = await hint(input);
    expect(status).toBe(200);
    expect(body).toEqual(await expected(input));
    expect(body.goal).toEqual(input.goal);
    if (body.options.length) {
      expect(body.best!.probability).toBe(body.probability);
      for (let i = 1; i < body.options.length; i++) expect(body.options[i].probability).toBeLessThanOrEqual(body.options[i - 1].probability);
    }
  });

  it('chooses differently from the points goal where the target asks for it', async () => {
    // Yahtzee and chance open, 5 5 5 6 6 with two rerolls, 217 on the sheet: for points, keep the
    // fives for a Yahtzee; to reach 242, the 27 points of chance make it certain now.
    const position = { ruleset: TAIL_RULESET, scorecard: sheetExcept(['yahtzee', 'chance']), dice: [5, 5, 5, 6, 6], rollsLeft: 2 };
    const points = (await (await postJson(app, '/api/v1/hint', position)).json()) as { score: number; best: { action: unknown } };
    expect(points.score).toBe(217);
    expect(points.best.action).toEqual({ hold: [5, 5, 5] });
    const { body } = await hint({ ...position, goal: reach(242) });
    expect(body.best).toMatchObject({ action: { score: 'chance' }, points: 27, probability: 1, loss: 0 });
    expect(body.options.find((o) => 'hold' in o.action && o.action.hold.join() === '5,5,5')!.probability).toBeCloseTo(0.6489, 4);
  });

  it('answers 1 everywhere for a target already reached, 0 everywhere for one out of reach', async () => {
    const reached = await hint({ ...A, dice: [1, 2, 3, 4, 6], rollsLeft: 1, goal: reach(199) });
    expect(reached.status).toBe(200);
    expect(reached.body.probabilityBefore).toBe(1);
    expect(reached.body.options.length).toBeGreaterThan(10);
    expect(reached.body.options.every((o) => o.probability === 1 && o.loss === 0)).toBe(true);
    // B can still gain 5 + 10 points and the 35 bonus: 245 is the most it can finish with.
    const most = await hint({ ...B, dice: [1, 1, 2, 2, 2], rollsLeft: 2, goal: reach(245) });
    expect(most.body.probability).toBeGreaterThan(0);
    const out = await hint({ ...B, dice: [1, 1, 2, 2, 2], rollsLeft: 2, goal: reach(246) });
    expect(out.status).toBe(200);
    expect(out.body.probabilityBefore).toBe(0);
    expect(out.body.options.every((o) => o.probability === 0 && o.loss === 0)).toBe(true);
    expect(out.body).toEqual(await expected({ ...B, dice: [1, 1, 2, 2, 2], rollsLeft: 2, goal: reach(246) }));
  });

  it('refuses a target beyond the table, naming the largest it answers from this position', async () => {
    expect((await hint({ ...A, goal: reach(199 + TAIL_CAP) })).status).toBe(200);
    const { status, body } = await hint({ ...A, dice: [1, 2, 3, 4, 6], goal: reach(200 + TAIL_CAP) });
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ field: 'goal.score', message: expect.stringContaining(`answers targets up to ${199 + TAIL_CAP} from this position`) }]);
  });

  it.each([
    [{ type: 'win' }, 'goal.opponents'],
    [{ type: 'reach' }, 'goal.score'],
    [{ type: 'reach', score: -1 }, 'goal.score'],
    [{ type: 'reach', score: 250.5 }, 'goal.score'],
    [{ type: 'reach', score: '250' }, 'goal.score'],
    [{ type: 'reach', score: 1e9 }, 'goal.score'],
    [{ type: 'points', score: 250 }, 'goal.score'],
    ['reach', 'goal'],
  ])('answers the bad goal %j with a 400 naming %s', async (goal, field) => {
    const { status, body } = await hint({ ...A, goal });
    expect(status).toBe(400);
    expect(body.errors.map((e) => e.field)).toContain(field);
  });

  it('takes and gives MessagePack like the points goal', async () => {
    const input = cases[0];
    const res = await app.request('/api/v1/hint', { method: 'POST', body: pack(input), headers: { 'content-type': 'application/msgpack', accept: 'application/msgpack' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/msgpack');
    expect(unpack(new Uint8Array(await res.arrayBuffer()))).toEqual(await expected(input));
  });

  it('still answers the points goal as before, and 503s a reach goal where the server has no reach table', async () => {
    const points = await postJson(app, '/api/v1/hint', { ...A, dice: [2, 3, 4, 5, 5], goal: { type: 'points' } });
    expect(await points.json()).toEqual(await (await postJson(app, '/api/v1/hint', { ...A, dice: [2, 3, 4, 5, 5] })).json());
    const first = await postJson(app, '/api/v1/hint', { goal: reach(250) });
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).not.toBeNull();
    await registry.settled('yahtzee', 'reach');
    const other = await hint({ goal: reach(250) });
    expect(other.status).toBe(503);
    expect(other.body.detail).toMatch(/yahtzee reach table could not be loaded or built: no reach table for yahtzee/);
  });
});

describe('POST /api/v1/analyse with a reach goal', () => {
  // Eleven turns that write sheet B (ones and twos open), then its last two turns, reviewed for 230.
  const sheetB: Record<string, number[]> = {
    threes: [3, 3, 3, 1, 2],
    fours: [4, 4, 4, 1, 2],
    fives: [5, 5, 5, 1, 2],
    sixes: [6, 6, 6, 1, 2],
    threeOfAKind: [6, 6, 6, 4, 2],
    fourOfAKind: [1, 2, 3, 4, 6],
    fullHouse: [2, 2, 3, 3, 3],
    smallStraight: [1, 2, 3, 4, 6],
    largeStraight: [1, 2, 3, 4, 5],
    yahtzee: [1, 2, 3, 4, 6],
    chance: [6, 6, 5, 3, 2],
  };
  const game = {
    ruleset: TAIL_RULESET,
    turns: [
      ...Object.entries(sheetB).map(([box, roll]) => ({ rolls: [roll], box })),
      { rolls: [[1, 1, 2, 2, 2], [1, 2, 2, 2, 6], [2, 2, 2, 2, 5]], holds: [[1, 2, 2, 2], [2, 2, 2]], box: 'twos' },
      { rolls: [[1, 1, 1, 3, 4]], box: 'ones' },
    ],
  };

  it('rates the last turns in probability, as the advisor values the same positions', async () => {
    const res = await postJson(app, '/api/v1/analyse', { games: [game], goal: reach(230) });
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as { results: { goal: unknown; decisions: { turn: number; kind: string; chosen: { ev: number }; best: { ev: number } }[] }[] };
    expect(results[0].goal).toEqual({ type: 'reach', score: 230 });
    const last2 = results[0].decisions.filter((d) => d.turn >= 12);
    expect(last2.map((d) => d.kind)).toEqual(['hold', 'hold', 'score', 'score']);
    // The first hold of turn 12 from sheet B with 1 1 2 2 2 and two rerolls: the advisor's values.
    const advice = (await expected({ ...B, dice: [1, 1, 2, 2, 2], rollsLeft: 2, goal: reach(230) })) as ProbabilityAdvice;
    const held = advice.options.find((o) => JSON.stringify(o.action) === JSON.stringify({ hold: [1, 2, 2, 2] }))!;
    expect(last2[0].chosen.ev).toBeCloseTo(held.probability, 9);
    expect(last2[0].best.ev).toBeCloseTo(advice.options[0].probability, 9);
  });

  it('refuses a bad goal naming the field', async () => {
    const res = await postJson(app, '/api/v1/analyse', { games: [game], goal: { type: 'reach', score: -3 } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { field: string }[] };
    expect(body.errors.map((e) => e.field)).toContain('goal.score');
  });
});

describe('POST /api/v1/odds', () => {
  async function odds(input: unknown): Promise<{ status: number; body: { from: number; to: number; score: number; probabilities: number[]; errors: { field: string }[] } }> {
    const res = await postJson(app, '/api/v1/odds', input);
    return { status: res.status, body: (await res.json()) as never };
  }

  it('at the start of a turn: the table’s P(state, target − score) for every target up to the cap', async () => {
    const { status, body } = await odds(A);
    expect(status).toBe(200);
    expect(body).toMatchObject({ ruleset: TAIL_RULESET, score: 199, from: 199, to: 199 + TAIL_CAP });
    const p = parsePosition(A);
    if (!p.ok) throw new Error('bad position');
    const s = tailStateIndex(p.position.state);
    expect(body.probabilities).toHaveLength(TAIL_CAP + 1);
    // The route recomputes the turn from the next turn's float32 values; the table stored its own result as float32.
    body.probabilities.forEach((q, i) => expect(Math.abs(q - reachProbability(built.table, s, i))).toBeLessThan(1e-6));
    expect(body.probabilities[0]).toBe(1);
    expect(body.probabilities.some((q) => q > 0 && q < 1)).toBe(true);
  });

  it('with dice: each target’s probability is the reach advice’s best probability for it', async () => {
    for (const [pos, dice, rollsLeft] of [[A, [6, 6, 6, 6, 1], 1], [B, [1, 2, 2, 6, 6], 2], [B, [2, 2, 2, 1, 1], 0]] as const) {
      const { status, body } = await odds({ ...pos, dice, rollsLeft, from: 190, to: 250 });
      expect(status).toBe(200);
      expect(body.probabilities).toHaveLength(61);
      for (let t = 190; t <= 250; t++) {
        const advice = (await expected({ ...pos, dice: [...dice], rollsLeft, goal: reach(t) })) as ProbabilityAdvice;
        // Equal but for the odds' trimming of values within 1e-12 of 0 or 1, as the table stores them.
        expect(Math.abs(body.probabilities[t - 190] - advice.probability)).toBeLessThanOrEqual(1e-12);
      }
    }
  });

  it.each([
    [{ ...A, from: 250, to: 240 }, 'to'],
    [{ ...A, from: -1 }, 'from'],
    [{ ...A, from: 1.5 }, 'from'],
    [{ ...A, from: 0, to: 5000 }, 'to'],
    [{ ...A, to: 199 + TAIL_CAP + 1 }, 'to'],
    [{ ...A, goal: reach(250) }, 'goal'],
    [{ ...A, dice: [1, 2, 3] }, 'dice'],
    [{ ruleset: 'triple-yahtzee', scorecard: [{}, {}, {}] }, 'ruleset'],
  ])('answers %j with a 400 naming %s', async (input, field) => {
    const { status, body } = await odds(input);
    expect(status).toBe(400);
    expect(body.errors.map((e) => e.field)).toContain(field);
  });
});

describe('reach tables the server loads or builds on first use', () => {
  const id: RuleSetId = TAIL_RULESET;
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dicewise-reach-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A build the test finishes by hand, writing the tail table as the real build writes its table. */
  function gatedBuild() {
    const calls: { cap?: number }[] = [];
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const build: TableBuild = async (d, _id, opts) => {
      calls.push({ cap: opts.cap });
      opts.onProgress({ level: 11, statesDone: 1, statesTotal: 4 });
      await gate;
      return writeReachTable(d, built);
    };
    return { calls, build, open: () => open() };
  }

  it('answers 503 with Retry-After while the missing table is built (once), then the advice; /readyz and points hints never wait', async () => {
    const g = gatedBuild();
    const models = await testApp();
    const reachRegistry = createTableRegistry({
      rulesets: models.registry.served,
      sources: { values: loadedSource(async (m) => models.registry.get(m)), reach: diskSources(dir, { cap: TAIL_CAP, build: g.build }).reach },
    });
    await reachRegistry.start();
    const { app: building } = await testApp({ registry: reachRegistry });
    const input: PositionInput = { ...A, dice: [2, 3, 4, 5, 5], rollsLeft: 1, goal: reach(230) };
    for (const path of ['/api/v1/hint', '/api/v1/odds']) {
      const res = await postJson(building, path, path.endsWith('odds') ? A : input);
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/yahtzee-no-bonus reach table is (loading|being built)/);
    }
    await vi.waitFor(() => expect(reachRegistry.state(id, 'reach')).toMatchObject({ status: 'building', progress: 0.25 }));
    expect((await postJson(building, '/api/v1/hint', input)).status).toBe(503);
    expect((await building.request('/readyz')).status).toBe(200);
    expect((await postJson(building, '/api/v1/hint', { ...A, dice: [2, 3, 4, 5, 5] })).status).toBe(200);
    expect(g.calls).toEqual([{ cap: TAIL_CAP }]);
    g.open();
    await reachRegistry.settled(id, 'reach');
    const res = await postJson(building, '/api/v1/hint', input);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(await expected(input));
    expect(tableRows((await readReachTable(dir, RULESETS[id])).table)).toEqual(tableRows(built.table));
  });

  it('reads a good file without building; rebuilds a corrupt one and one capped below the server’s cap', async () => {
    const loadWith = async (cap: number, g: ReturnType<typeof gatedBuild>) => {
      g.open();
      const source = diskSources(dir, { cap, build: g.build }).reach;
      const read = await source.read(id);
      if ('table' in read) return { table: read.table, reasons: [] };
      return { table: await source.build(id, { background: true, onProgress: () => {} }), reasons: [read.rebuild] };
    };
    await writeReachTable(dir, built);
    const good = gatedBuild();
    expect(tableRows((await loadWith(TAIL_CAP, good)).table)).toEqual(tableRows(built.table));
    expect(good.calls).toEqual([]);

    writeFileSync(reachTablePath(dir, id), 'not a table');
    const corrupt = gatedBuild();
    const afterCorrupt = await loadWith(TAIL_CAP, corrupt);
    expect(corrupt.calls).toHaveLength(1);
    expect(afterCorrupt.reasons[0]).toMatch(/yahtzee-no-bonus\.reach\.dwt/);
    expect(tableRows(afterCorrupt.table)).toEqual(tableRows(built.table));

    const small = gatedBuild();
    const afterSmall = await loadWith(TAIL_CAP + 1, small);
    expect(small.calls).toEqual([{ cap: TAIL_CAP + 1 }]);
    expect(afterSmall.reasons).toEqual([`its cap ${TAIL_CAP} is below this server's ${TAIL_CAP + 1}`]);
  });

  it('refuses for a while after a failed build, then tries again', async () => {
    let t = 0;
    let fail = true;
    const reachRegistry = createTableRegistry({
      rulesets: ['yahtzee'],
      now: () => t,
      retry: { firstMs: 1000, maxMs: 1000 },
      sources: {
        reach: loadedSource(async () => {
          if (fail) throw new Error('disk full');
          return built.table;
        }),
      },
    });
    expect(() => reachRegistry.table('reach', id)).toThrow(expect.objectContaining({ code: 'NOT_READY' }));
    await reachRegistry.settled(id, 'reach');
    expect(() => reachRegistry.table('reach', id)).toThrow(/reach table could not be loaded or built: disk full/);
    fail = false;
    t = 999;
    expect(() => reachRegistry.table('reach', id)).toThrow(expect.objectContaining({ code: 'TABLE_MISSING' }));
    t = 1000;
    expect(() => reachRegistry.table('reach', id)).toThrow(expect.objectContaining({ code: 'NOT_READY' }));
    await reachRegistry.settled(id, 'reach');
    expect(reachRegistry.table('reach', id)).toBe(built.table);
  });
});
