import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../src/version.ts';
import { testApp } from './support/server.ts';

describe('the version', () => {
  it('is package.json\'s, and the OpenAPI document and the CLI show it', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(VERSION).toBe(pkg.version);
    const { app } = await testApp();
    const doc = (await (await app.request('/api/v1/openapi.json')).json()) as { info: { version: string } };
    expect(doc.info.version).toBe(pkg.version);
    expect(readFileSync(new URL('../src/cli/main.ts', import.meta.url), 'utf8')).toContain('.version(VERSION)');
  });
});
