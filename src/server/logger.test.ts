import { describe, expect, it } from 'vitest';
import { batchedWriter, jsonLogger } from './logger.ts';

describe('jsonLogger', () => {
  it('writes one JSON object per line with time, level, message and fields', () => {
    const lines: string[] = [];
    const log = jsonLogger((l) => lines.push(l));
    log.info('request', { method: 'GET', path: '/healthz', status: 200, ms: 0.12 });
    log.error('boom', { error: 'x' });
    expect(lines.every((l) => l.endsWith('\n'))).toBe(true);
    const [a, b] = lines.map((l) => JSON.parse(l));
    expect(a).toMatchObject({ level: 'info', msg: 'request', method: 'GET', path: '/healthz', status: 200, ms: 0.12 });
    expect(Date.parse(a.time)).not.toBeNaN();
    expect(b).toMatchObject({ level: 'error', msg: 'boom', error: 'x' });
  });
});

describe('batchedWriter', () => {
  it('writes the lines of one event-loop turn together, in order', async () => {
    const chunks: string[] = [];
    const write = batchedWriter((c) => chunks.push(c));
    write('a\n');
    write('b\n');
    expect(chunks).toEqual([]);
    await new Promise((r) => setImmediate(r));
    write('c\n');
    await new Promise((r) => setImmediate(r));
    expect(chunks).toEqual(['a\nb\n', 'c\n']);
  });

  it('writes at once when 64 KiB are pending', () => {
    const chunks: string[] = [];
    const write = batchedWriter((c) => chunks.push(c));
    write('x'.repeat(64 * 1024));
    expect(chunks).toHaveLength(1);
  });
});
