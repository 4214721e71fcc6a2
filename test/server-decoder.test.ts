import { Packr, pack } from 'msgpackr';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DicewiseApp } from '../src/server/app.ts';
import { postJson, testApp } from './support/server.ts';

// Finding 1 of the hardening review: bodies that decode to far more than their bytes. Each must
// be a 400 (or 413) problem naming where it broke, with a short body, never an amplified one.

let app: DicewiseApp;
beforeAll(async () => {
  ({ app } = await testApp());
});

interface ProblemBody {
  status: number;
  detail: string;
  errors: { field: string; message: string }[];
}

function postPacked(path: string, body: Uint8Array): Promise<Response> {
  return Promise.resolve(app.request(path, { method: 'POST', body, headers: { 'content-type': 'application/msgpack' } }));
}

async function expectRefused(res: Response, field: string, message: RegExp, status = 400): Promise<void> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(text.length).toBeLessThan(2000);
  const p = JSON.parse(text) as ProblemBody;
  expect(p.errors.map((e) => e.field)).toContain(field);
  expect(p.errors.find((e) => e.field === field)!.message).toMatch(message);
}

const game = { ruleset: 'x'.repeat(100_000 / 1000), turns: [{ rolls: [[1, 2, 3, 4, 5]], box: 'chance' }] };

describe('MessagePack bodies: only plain maps, arrays, strings, numbers, booleans and nil', () => {
  it('a structured-clone body referencing one object many times is refused, not expanded', async () => {
    const shared = { scorecard: { ones: 3 }, dice: [1, 1, 6, 6, 6] };
    const body = new Packr({ structuredClone: true }).pack({ games: Array.from({ length: 1000 }, () => shared) });
    // structured clone wraps the whole value in an extension, so the refusal is at the root
    await expectRefused(await postPacked('/api/v1/analyse', body), 'body', /extension types are not accepted/);
  });

  it('msgpackr records (structures compiled into functions) are refused', async () => {
    const body = new Packr({ useRecords: true }).pack({ scorecard: { ones: 3 }, dice: [1, 1, 6, 6, 6], rollsLeft: 1 });
    await expectRefused(await postPacked('/api/v1/hint', body), 'body', /extension types are not accepted/);
  });

  it.each([
    ['a Date', { dice: new Date(0) }, 'dice'],
    ['a Set', { dice: new Set([1, 2]) }, 'dice'],
    ['a RegExp', { dice: /x/ }, 'dice'],
    ['an Error', { dice: new Error('x') }, 'dice'],
    ['a BigInt beyond 64 bits', { dice: 2n ** 70n }, 'dice'],
  ])('%s is refused naming the field', async (_name, value, field) => {
    const body = new Packr({ useRecords: false, useBigIntExtension: true, moreTypes: true }).pack(value);
    await expectRefused(await postPacked('/api/v1/hint', body), field, /extension types are not accepted/);
  });

  it('typed arrays and binary data are refused', async () => {
    await expectRefused(await postPacked('/api/v1/hint', pack({ dice: new Uint8Array([1, 2, 3, 4, 5]) })), 'dice', /not accepted/);
    await expectRefused(await postPacked('/api/v1/hint', pack({ dice: Buffer.from([1, 2, 3]) })), 'dice', /binary data is not accepted/);
  });

  it('a cycle is refused', async () => {
    const a: Record<string, unknown> = { dice: [1, 2, 3, 4, 5] };
    a.self = a;
    await expectRefused(await postPacked('/api/v1/hint', new Packr({ structuredClone: true }).pack(a)), 'body', /not accepted/);
  });

  it('an array that announces more elements than the body holds is refused before allocating', async () => {
    // array32 of 2^32-1 elements, then nothing
    await expectRefused(await postPacked('/api/v1/hint', new Uint8Array([0xdd, 0xff, 0xff, 0xff, 0xff])), 'body', /larger than the body/);
  });

  it('non-string map keys, trailing bytes and invalid UTF-8 are refused', async () => {
    await expectRefused(await postPacked('/api/v1/hint', new Uint8Array([0x81, 0x01, 0x02])), 'body', /keys must be strings/);
    await expectRefused(await postPacked('/api/v1/hint', new Uint8Array([0x80, 0x00])), 'body', /1 bytes after/);
    await expectRefused(await postPacked('/api/v1/hint', new Uint8Array([0x81, 0xa1, 0x78, 0xa1, 0xff])), 'x', /UTF-8/);
  });

  it('a `__proto__` key stays data: an unknown field, not a prototype', async () => {
    await expectRefused(await postPacked('/api/v1/hint', new Uint8Array([0x81, 0xa9, ...new TextEncoder().encode('__proto__'), 0x80])), '__proto__', /unknown field/);
  });

  it('plain bodies still decode: 64-bit integers, floats, nil, booleans', async () => {
    const res = await postPacked('/api/v1/hint', pack({ scorecard: { ones: 3, twos: null }, dice: [1, 1, 6, 6, 6], rollsLeft: 2 }));
    expect(res.status).toBe(200);
  });
});

describe('the same limits for JSON and MessagePack', () => {
  const deep = (n: number): unknown => (n === 0 ? 1 : [deep(n - 1)]);

  it.each([
    ['JSON', (b: unknown) => postJson(app, '/api/v1/hint', b)],
    ['MessagePack', (b: unknown) => postPacked('/api/v1/hint', pack(b))],
  ])('%s: depth, string length and element count', async (_name, post) => {
    await expectRefused(await post({ dice: deep(20) }), 'dice[0][0][0][0][0][0][0]', /deeper than 8 levels/);
    await expectRefused(await post({ ruleset: 'y'.repeat(10_000) }), 'ruleset', /longer than 256 characters/);
    await expectRefused(await post({ scorecard: { ['k'.repeat(300)]: 1 } }), 'scorecard', /longer than 256 characters/);
    await expectRefused(await post({ dice: new Array(5000).fill(1) }), 'dice', /more than 4096 elements/, 413);
  });

  it('an analyse batch of 1,000 copies of a game with a long rule set id is refused, not echoed 1,000 times', async () => {
    const body = { games: Array.from({ length: 1000 }, () => ({ ...game, ruleset: 'x'.repeat(2000) })) };
    await expectRefused(await postJson(app, '/api/v1/analyse', body), 'games[0].ruleset', /longer than 256/);
    await expectRefused(await postPacked('/api/v1/analyse', pack(body)), 'games[0].ruleset', /longer than 256/);
  });

  it('an analyse batch of full games fits the limits', async () => {
    const res = await postJson(app, '/api/v1/analyse', { games: Array.from({ length: 3 }, () => game) });
    expect(res.status).toBe(200);
  });
});
