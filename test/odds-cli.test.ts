import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DicewiseApp } from '../src/server/app.ts';
import { writeReachTable } from '../src/store/reach-store.ts';
import { sheetExcept, TAIL_RULESET, tailReachTable } from './support/reach.ts';
import { dicewise as run } from './support/cli.ts';
import { postJson, testApp } from './support/server.ts';

const dicewise = (...args: string[]) => run(args);

let dir: string;
let app: DicewiseApp;
beforeAll(async () => {
  const built = await tailReachTable();
  dir = mkdtempSync(join(tmpdir(), 'dicewise-odds-'));
  await writeReachTable(dir, built);
  ({ app } = await testApp({ lanes: { reach: { [TAIL_RULESET]: built.table } } }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Yahtzee and chance open, 217 on the sheet.
const scorecard = sheetExcept(['yahtzee', 'chance']);

describe('dicewise odds', () => {
  it('--json prints exactly the API response body', async () => {
    const r = dicewise('odds', '--ruleset', TAIL_RULESET, '--scorecard', JSON.stringify(scorecard), '--dice', '5,5,5,6,6', '--rolls-left', '2', '--from', '230', '--to', '270', '--json', '--tables', dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const api = await postJson(app, '/api/v1/odds', { ruleset: TAIL_RULESET, scorecard, dice: [5, 5, 5, 6, 6], rollsLeft: 2, from: 230, to: 270 });
    expect(api.status).toBe(200);
    expect(r.stdout).toBe(`${await api.text()}\n`);
  });

  it('prints a table of totals, certain and hopeless runs folded, and names a bad flag', async () => {
    // Chance and full house open, 192 on the sheet: chance alone scores at least 5, both at most 30 + 25.
    const open = sheetExcept(['chance', 'fullHouse']);
    const r = dicewise('odds', '--ruleset', TAIL_RULESET, '--scorecard', JSON.stringify(open), '--tables', dir);
    expect(r.code).toBe(0);
    const api = (await (await postJson(app, '/api/v1/odds', { ruleset: TAIL_RULESET, scorecard: open })).json()) as { from: number; to: number; probabilities: number[] };
    expect(api).toMatchObject({ from: 192, to: 192 + 60 });
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`${TAIL_RULESET}: score 192; best chance of finishing with at least each total`);
    expect(lines[2]).toMatch(/^\s*total\s+chance$/);
    // Totals whose chance prints as 100.0000% (up to 192 + 5 truly certain, a few more to rounding) fold into one line, as do those after the most it can make (192 + 55).
    const pct = (p: number) => `${(100 * p).toFixed(4)}%`;
    const certain = api.probabilities.findIndex((p) => pct(p) !== '100.0000%') - 1;
    expect(certain).toBeGreaterThanOrEqual(5);
    expect(lines[3]).toMatch(new RegExp(`^\\s*<=${192 + certain}\\s+100\\.0000%\\s+#{40}$`));
    expect(api.probabilities[55]).toBeGreaterThan(0);
    expect(api.probabilities.slice(56).every((p) => p === 0)).toBe(true);
    expect(lines.at(-1)).toMatch(/^\s*>=248\s+0\.0000%$/);
    const rows = lines.slice(4, -1).map((l) => /^\s*(\d+)\s+([\d.]+)%/.exec(l)!);
    expect(rows.map((m) => Number(m[1]))).toEqual(Array.from({ length: 247 - (193 + certain) + 1 }, (_, i) => 193 + certain + i));
    for (const m of rows) expect(Number(m[2]) / 100).toBeCloseTo(api.probabilities[Number(m[1]) - 192], 6);

    const bad = dicewise('odds', '--ruleset', TAIL_RULESET, '--scorecard', JSON.stringify(scorecard), '--from', '250', '--to', '240', '--tables', dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('dicewise: to: must be a whole number of at least from (250)\n');
  });
});
