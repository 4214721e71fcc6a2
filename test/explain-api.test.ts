import { unpack } from 'msgpackr';
import { beforeAll, describe, expect, it } from 'vitest';
import { advise, EXPLAIN_NOTES, type ExplainedAdvice } from '../src/advisor/index.ts';
import { outlookTotal, parsePosition } from '../src/position/index.ts';
import { RULESETS } from '../src/rules/index.ts';
import type { DicewiseApp } from '../src/server/app.ts';
import { staticRegistry } from '../src/server/table-registry.ts';
import { readOutlookTable } from '../src/store/reach-store.ts';
import { testModel } from './support/models.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';
import { sheetExcept, TAIL_RULESET, tailReachTable } from './support/reach.ts';
import { postJson, testApp } from './support/server.ts';
import { createApp } from '../src/server/app.ts';

/** `POST /api/v1/hint` with `explain`: the outlook on the advice and every option, the reasons, or a note saying why not. */

let app: DicewiseApp;
beforeAll(async () => {
  const outlook = (await readOutlookTable(TEST_TABLE_DIR, RULESETS.yahtzee)).table;
  const reach = (await tailReachTable()).table;
  ({ app } = await testApp({ lanes: { outlook: { yahtzee: outlook }, reach: { [TAIL_RULESET]: reach } } }));
});

async function hint(body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: ExplainedAdvice & { explainNote?: string; detail?: string } }> {
  const res = await postJson(app, '/api/v1/hint', body, headers);
  return { status: res.status, json: (await res.json()) as never };
}

const POSITION = { ruleset: 'yahtzee', scorecard: { ones: 3, twos: 6, threes: 9, chance: 21 }, dice: [1, 2, 5, 5, 5], rollsLeft: 2 } as const;

describe('POST /api/v1/hint with explain', () => {
  it('puts the outlook on the advice and on every option, and reasons on every option but the best, each summing to the sheet plus its ev', async () => {
    const { status, json } = await hint({ ...POSITION, explain: true });
    expect(status).toBe(200);
    expect(Object.keys(json.outlook.boxes)).toEqual(RULESETS.yahtzee.boxes.map((b) => b.id));
    expect(json.outlook).toEqual(json.options[0].outlook);
    expect(json.best).toEqual(json.options[0]);
    expect(json.options[0].reasons).toBeUndefined();
    expect(json.outlook.boxes.chance).toEqual({ expected: 21, probabilityZero: 0 });
    for (const o of json.options) {
      expect(Math.abs(outlookTotal(o.outlook) - (json.score + o.ev))).toBeLessThan(1e-9);
      if (o !== json.options[0]) expect(Array.isArray(o.reasons)).toBe(true);
    }
    expect(Math.abs(outlookTotal(json.outlook) - json.expectedFinalScore)).toBeLessThan(1e-9);
  });

  it('leaves a hint without explain as it was: the advisor\'s advice, byte for byte, and explain: false the same', async () => {
    const parsed = parsePosition(POSITION);
    if (!parsed.ok) throw new Error('bad position');
    const model = await testModel('yahtzee');
    const plain = await postJson(app, '/api/v1/hint', POSITION);
    expect(await plain.text()).toBe(JSON.stringify(advise(model, parsed.position)));
    const off = await postJson(app, '/api/v1/hint', { ...POSITION, explain: false });
    expect(await off.text()).toBe(JSON.stringify(advise(model, parsed.position)));
  });

  it('answers MessagePack with the same outlook', async () => {
    const res = await postJson(app, '/api/v1/hint', { ...POSITION, explain: true }, { accept: 'application/msgpack' });
    const body = unpack(new Uint8Array(await res.arrayBuffer())) as ExplainedAdvice;
    expect(body.outlook).toEqual((await hint({ ...POSITION, explain: true })).json.outlook);
  });

  it('gives the turn\'s outlook at the start of a turn', async () => {
    const { json } = await hint({ ruleset: 'yahtzee', explain: true });
    expect(json.options).toEqual([]);
    expect(Math.abs(outlookTotal(json.outlook) - 254.5877287)).toBeLessThan(1e-6);
  });

  it('says the reasons are for points play under a goal', async () => {
    // The tail reach table answers the last two turns: two boxes open.
    const r = await hint({ ruleset: TAIL_RULESET, scorecard: sheetExcept(['yahtzee', 'largeStraight']), dice: [2, 3, 4, 5, 5], rollsLeft: 1, goal: { type: 'reach', score: 230 }, explain: true });
    expect(r.status).toBe(200);
    expect(r.json.explainNote).toBe(EXPLAIN_NOTES.goal);
    expect(r.json.outlook).toBeUndefined();
  });

  it('answers 503 while the rule set has no outlook table, naming it', async () => {
    const { status, json } = await hint({ ruleset: 'yahtzee-free-joker', explain: true });
    expect(status).toBe(503);
    expect(json.detail).toMatch(/outlook table/);
  });

  it('says why a multi-column rule set gets no outlook', async () => {
    const model = await testModel('triple-yahtzee');
    const multi = createApp({ registry: await staticRegistry([model]) });
    const res = await postJson(multi, '/api/v1/hint', { ruleset: 'triple-yahtzee', dice: [6, 6, 6, 2, 1], rollsLeft: 1, explain: true });
    expect(res.status).toBe(200);
    const json = (await res.json()) as { explainNote: string; options: { outlook?: unknown }[] };
    expect(json.explainNote).toBe(EXPLAIN_NOTES.multiColumn);
    expect(json.options.every((o) => o.outlook === undefined)).toBe(true);
  });

  it('names a bad explain in the problem', async () => {
    const res = await postJson(app, '/api/v1/hint', { ...POSITION, explain: 'yes' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toContain('explain');
  });

  it('documents the outlook and the reasons in the OpenAPI document', async () => {
    const doc = (await (await app.request('/api/v1/openapi.json')).json()) as { components: { schemas: Record<string, unknown> } };
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Outlook', 'Reason']));
  });
});
