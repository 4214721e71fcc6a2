import { getRequestListener } from '@hono/node-server';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pack } from 'msgpackr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServedApp } from './app.ts';
import { createHintCache } from './hint-cache.ts';
import { memoryLogger } from './logger.ts';
import { staticRegistry } from './table-registry.ts';
import { testModel } from '../../test/support/models.ts';
import { MSGPACK } from './body.ts';

const position = { ruleset: 'yahtzee', scorecard: { ones: 3 }, dice: [1, 1, 6, 6, 6], rollsLeft: 2 };

let server: Server;
let url: string;
const logger = memoryLogger();
const hints = createHintCache();
// Requests that reached the app (hono) rather than being answered before it.
let reachedApp = 0;

beforeAll(async () => {
  const registry = await staticRegistry([await testModel('yahtzee')]);
  const { app, answerFirst } = createServedApp({ registry, logger, hints });
  const appListener = getRequestListener(app.fetch);
  const counted: RequestListener = (req, res) => {
    reachedApp++;
    appListener(req, res);
  };
  server = createServer(answerFirst(counted));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function post(body: string | Uint8Array, headers: Record<string, string> = {}): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await fetch(`${url}/api/v1/hint`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('hints asked again, answered before the app (cached-hints.ts)', () => {
  it('answers the same bytes with the response the app gave, without the app, counted and logged like any request', async () => {
    const body = JSON.stringify(position);
    const [before, hitsBefore, logged] = [reachedApp, hints.hits, logger.records.length];
    const first = await post(body);
    expect(reachedApp).toBe(before + 1);
    const again = await post(body);
    expect(reachedApp).toBe(before + 1);
    expect(hints.hits).toBe(hitsBefore + 1);
    expect(again).toEqual(first);
    expect(first.status).toBe(200);
    expect(first.type).toBe('application/json');
    expect(JSON.parse(first.bytes.toString('utf8')).best.action).toEqual({ hold: [6, 6, 6] });
    const lines = logger.records.slice(logged).filter((r) => r.msg === 'request');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ method: 'POST', path: '/api/v1/hint', status: 200 });
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toMatch(/dicewise_http_requests_total\{method="POST",route="\/api\/v1\/hint",status="200"\} 2\b/);
  });

  it('keys by the formats too: MessagePack asked for, or sent, is answered by the app once, then before it', async () => {
    const json = JSON.stringify({ ...position, dice: [2, 2, 3, 4, 5] });
    const asJson = await post(json);
    const before = reachedApp;
    const packed = await post(json, { accept: MSGPACK });
    expect(reachedApp).toBe(before + 1);
    expect(packed.type).toBe(MSGPACK);
    expect(await post(json, { accept: MSGPACK })).toEqual(packed);
    expect(reachedApp).toBe(before + 1);
    const sentPacked = pack({ ...position, dice: [2, 2, 3, 4, 5] });
    expect((await post(sentPacked, { 'content-type': MSGPACK })).bytes).toEqual(asJson.bytes);
    expect(reachedApp).toBe(before + 2);
    expect((await post(sentPacked, { 'content-type': MSGPACK })).bytes).toEqual(asJson.bytes);
    expect(reachedApp).toBe(before + 2);
  });

  it('passes on to the app, with the body it read, what it has not answered: other bytes, a long body, a bad one, another route', async () => {
    const body = JSON.stringify({ ...position, dice: [3, 3, 3, 4, 5] });
    const first = await post(body);
    let before = reachedApp;
    // The same position in other bytes: the app answers it (from its cache by position).
    expect((await post(`${body} `)).bytes).toEqual(first.bytes);
    // Longer than a request is keyed by: never read here, the app reads the stream itself.
    expect((await post(body + ' '.repeat(2000))).bytes).toEqual(first.bytes);
    expect(reachedApp).toBe(before + 2);
    const bad = await post('{"dice":[7,1,1,1,1]}');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.bytes.toString('utf8')).errors[0].field).toBe('dice[0]');
    expect((await post('{"dice":[7,1,1,1,1]}')).status).toBe(400);
    before = reachedApp;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(reachedApp).toBe(before + 1);
  });
});
