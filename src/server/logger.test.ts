import { describe, expect, it } from 'vitest';
import { jsonLogger } from './logger.ts';

describe('jsonLogger', () => {
  it('writes one JSON object per line with time, level, message and fields', () => {
    const lines: string[] = [];
    const log = jsonLogger({ write: (l: string) => void lines.push(l) });
    log.info('request', { method: 'GET', path: '/healthz', status: 200, ms: 0.12 });
    log.error('boom', { error: 'x' });
    log.warn('bare');
    expect(lines.every((l) => l.endsWith('\n'))).toBe(true);
    const [a, b, c] = lines.map((l) => JSON.parse(l));
    expect(a).toMatchObject({ level: 'info', msg: 'request', method: 'GET', path: '/healthz', status: 200, ms: 0.12 });
    expect(Date.parse(a.time)).not.toBeNaN();
    expect(a.pid).toBeUndefined();
    expect(b).toMatchObject({ level: 'error', msg: 'boom', error: 'x' });
    expect(c).toMatchObject({ level: 'warn', msg: 'bare' });
  });
});
