import { beforeAll, describe, expect, it } from 'vitest';
import { EXPLAIN_NOTES } from '../src/advisor/index.ts';
import { RULESETS } from '../src/rules/index.ts';
import type { DicewiseApp } from '../src/server/app.ts';
import { readOutlookTable } from '../src/store/reach-store.ts';
import { dicewise as run } from './support/cli.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';
import { postJson, testApp } from './support/server.ts';

const dicewise = (...args: string[]) => run(args);

let app: DicewiseApp;
beforeAll(async () => {
  const outlook = (await readOutlookTable(TEST_TABLE_DIR, RULESETS.yahtzee)).table;
  ({ app } = await testApp({ lanes: { outlook: { yahtzee: outlook } } }));
});

const POSITION = ['--scorecard', '{"ones":3,"twos":6,"threes":9}', '--dice', '1,2,5,5,5', '--rolls-left', '2', '--tables', TEST_TABLE_DIR];

describe('dicewise hint --explain', () => {
  it('--json prints exactly the API response body', async () => {
    const r = dicewise('hint', ...POSITION, '--explain', '--json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const api = await postJson(app, '/api/v1/hint', { ruleset: 'yahtzee', scorecard: { ones: 3, twos: 6, threes: 9 }, dice: [1, 2, 5, 5, 5], rollsLeft: 2, explain: true });
    expect(r.stdout).toBe(`${await api.text()}\n`);
  });

  it('prints the outlook box by box and a sentence for every other option, in the language asked for', () => {
    const r = dicewise('hint', ...POSITION, '--explain', '--lang', 'nl');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    const at = lines.indexOf('outlook playing the best option, then on for points:');
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 2]).toMatch(/^Ones\s+3\.00$/);
    expect(lines.find((l) => l.startsWith('Yahtzee  '))).toMatch(/^Yahtzee\s+12\.78\s+74\.4%$/);
    expect(lines.find((l) => l.startsWith('Total'))).toMatch(/^Total\s+243\.80\s+18 on the sheet$/);
    expect(lines).toContain('why not:');
    expect(lines.find((l) => l.startsWith('  6. '))?.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      '  6. Vijven invullen kost 10,9 punten tegenover 5 5 5 vasthouden: Yahtzee −4,3 (een nul 74% → 83%), de Yahtzeebonus −2,7 en Vijven −2,1.',
    );
  });

  it('says why a multi-column rule set gets no outlook, and names a bad --lang', () => {
    const multi = dicewise('hint', '--ruleset', 'triple-yahtzee', '--dice', '6,6,6,2,1', '--rolls-left', '1', '--explain', '--tables', TEST_TABLE_DIR);
    expect(multi.code).toBe(0);
    expect(multi.stdout.trimEnd().endsWith(EXPLAIN_NOTES.multiColumn)).toBe(true);
    const bad = dicewise('hint', ...POSITION, '--explain', '--lang', 'xx');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--lang must be one of en, de, nl, fr');
    const alone = dicewise('hint', ...POSITION, '--lang', 'de');
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--lang words the reasons of --explain');
  });
});
