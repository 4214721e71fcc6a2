import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DicewiseApp } from '../src/server/app.ts';
import { writeReachTable } from '../src/store/reach-store.ts';
import { sheetExcept, TAIL_RULESET, tailDistributionTable, tailReachTable } from './support/reach.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';
import { dicewise as run } from './support/cli.ts';
import { postJson, testApp } from './support/server.ts';

const dicewise = (...args: string[]) => run(args);

let dir: string;
let app: DicewiseApp;
beforeAll(async () => {
  const [reach, distribution] = await Promise.all([tailReachTable(), tailDistributionTable()]);
  dir = mkdtempSync(join(tmpdir(), 'dicewise-win-'));
  await Promise.all([writeReachTable(dir, reach), writeReachTable(dir, distribution)]);
  // The value table as the test setup built it: the hint then builds nothing.
  copyFileSync(join(TEST_TABLE_DIR, `${TAIL_RULESET}.dwt`), join(dir, `${TAIL_RULESET}.dwt`));
  ({ app } = await testApp({
    lanes: { reach: { [TAIL_RULESET]: reach.table }, distribution: { [TAIL_RULESET]: distribution.table } },
  }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const scorecard = sheetExcept(['yahtzee', 'chance']);
const theirs = { scorecard: sheetExcept(['fullHouse', 'largeStraight']) };

describe('dicewise hint against opponents', () => {
  it('--opponent and --opponent-final give the API\'s win-goal advice', async () => {
    const r = dicewise('hint', '--ruleset', TAIL_RULESET, '--scorecard', JSON.stringify(scorecard), '--dice', '6,6,6,6,2', '--opponent', JSON.stringify(theirs), '--opponent-final', '231', '--json', '--tables', dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const api = await postJson(app, '/api/v1/hint', { ruleset: TAIL_RULESET, scorecard, dice: [6, 6, 6, 6, 2], goal: { type: 'win', opponents: [theirs, { finalScore: 231 }] } });
    expect(api.status).toBe(200);
    expect(r.stdout).toBe(`${await api.text()}\n`);
  });

  it('prints the share of every option and each opponent, and names a bad opponent', () => {
    const r = dicewise('hint', '--ruleset', TAIL_RULESET, '--scorecard', JSON.stringify(scorecard), '--dice', '6,6,6,6,2', '--opponent-final', '231', '--tables', dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('goal win against 1 opponent (expected share of the stake)');
    expect(r.stdout).toContain('opponent 1: finished with 231');
    const bad = dicewise('hint', '--ruleset', TAIL_RULESET, '--scorecard', JSON.stringify(scorecard), '--opponent-final', '-5', '--tables', dir);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('goal.opponents[0].finalScore');
    const json = dicewise('hint', '--ruleset', TAIL_RULESET, '--opponent', '{"scorecard":', '--tables', dir);
    expect(json.code).not.toBe(0);
    expect(json.stderr).toContain('--opponent must be JSON');
  });
});
