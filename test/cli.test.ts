import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DicewiseApp } from '../src/server/app.ts';
import { CLI, dicewise as run, ROOT } from './support/cli.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';
import { postJson, testApp } from './support/server.ts';

const dicewise = (...args: string[]) => run(args);

let app: DicewiseApp;
beforeAll(async () => {
  ({ app } = await testApp());
});

describe('dicewise hint', () => {
  it('--json prints exactly the API response body', async () => {
    const r = dicewise('hint', '--ruleset', 'yahtzee', '--scorecard', '{"ones":3,"yahtzee":50}', '--dice', '1,1,6,6,6', '--rolls-left', '1', '--yahtzee-bonus', '100', '--json', '--tables', TEST_TABLE_DIR);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const api = await postJson(app, '/api/v1/hint', { ruleset: 'yahtzee', scorecard: { ones: 3, yahtzee: 50 }, dice: [1, 1, 6, 6, 6], rollsLeft: 1, yahtzeeBonus: 100 });
    expect(r.stdout).toBe(`${await api.text()}\n`);
  });

  it('prints a ranked table by default', () => {
    const r = dicewise('hint', '--scorecard', '{"ones":3}', '--dice', '1,1,6,6,6', '--tables', TEST_TABLE_DIR);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('yahtzee: score 3, state value 242.3241, expected final score 256.3437');
    expect(lines[1]).toBe('dice 1 1 6 6 6, 2 rerolls left');
    expect(lines[3]).toMatch(/^rank\s+action\s+points\s+EV\s+loss$/);
    expect(lines[4]).toMatch(/^\s+1\s+hold 6 6 6\s+253\.3437\s+0\.0000$/);
    expect(lines.filter((l) => /^\s+\d+\s/.test(l))).toHaveLength(24);
  });

  it('reports a bad position naming the field, with exit code 2', () => {
    const r = dicewise('hint', '--scorecard', '{"threes":7}', '--dice', '1,2,3,4,9', '--tables', TEST_TABLE_DIR);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('scorecard.threes: 7 cannot be scored in Threes');
    expect(r.stderr).toContain('dice[4]: must be a face 1 to 6');
    const bad = dicewise('hint', '--scorecard', '{ones:3}', '--tables', TEST_TABLE_DIR);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^dicewise: --scorecard must be JSON/);
  });
});

describe('dicewise serve', () => {
  it('serves until SIGTERM, then stops gracefully with exit code 0', async () => {
    const child = spawn(process.execPath, [...CLI, 'serve', '--port', '0', '--host', '127.0.0.1', '--tables', TEST_TABLE_DIR, '--rulesets', 'yahtzee', '--goal-tables', 'none'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const listening = out
          .split('\n')
          .filter((l) => l.endsWith('}'))
          .map((l) => JSON.parse(l) as { msg: string; url?: string })
          .find((l) => l.msg === 'listening');
        if (listening?.url) resolve(listening.url);
      });
      child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${out}${err}`)));
    });
    for (let i = 0; i < 200 && (await fetch(`${url}/readyz`)).status !== 200; i++) await new Promise((r) => setTimeout(r, 25));
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const logs = out.trim().split('\n').map((l) => JSON.parse(l) as { msg: string });
    expect(logs.map((l) => l.msg)).toEqual(expect.arrayContaining(['listening', 'model ready', 'request', 'shutting down', 'stopped']));
  });
});
