import { describe, expect, it } from 'vitest';
import { multiColumnGames } from '../src/cli/commands/tables.ts';
import { dicewise } from './support/cli.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';

describe('dicewise tables info, multi-column rule sets', () => {
  it("labels Superpass's table value as its columns alone and gives each game's measured best play on its own line", () => {
    const r = dicewise(['tables', 'info', '--tables', TEST_TABLE_DIR]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    const table = lines.find((l) => l.startsWith('superpass (columns)'))!;
    // The header value is Σ multiplier × each column's start value: far below what the game scores.
    const alone = Number(/columns alone (\d+\.\d+)/.exec(table)![1]);
    expect(alone).toBeLessThan(1000);
    expect(lines.some((l) => /^superpass\s+value/.test(l))).toBe(false);
    expect(lines.find((l) => l.startsWith('superpass (game)'))).toMatch(/best play 1188\.5 ± 0\.5\s+measured over 100,000 games \(seed 1\); the optimum is unknown, at most 1342\.1 \(dicewise bound, docs\/multi-column\.md.*\); columns from superpass$/);
    expect(lines.find((l) => l.startsWith('triple-yahtzee (game)'))).toMatch(/best play 1889\.4 ± 2\.2.*at most 2234\.3 \(dicewise bound.*\); columns from yahtzee$/);
  });

  it('--json marks the multi-column entry and keeps the list of tables', () => {
    const r = dicewise(['tables', 'info', '--tables', TEST_TABLE_DIR, '--json']);
    const infos = JSON.parse(r.stdout) as { ruleset: string; kind: string; startValueIs?: string; game?: { bestMean: number } }[];
    expect(Array.isArray(infos)).toBe(true);
    const sp = infos.find((i) => i.ruleset === 'superpass' && i.kind === 'values')!;
    expect(sp.startValueIs).toMatch(/each column played alone/);
    expect(sp.game!.bestMean).toBe(1188.5);
    expect(infos.find((i) => i.ruleset === 'yahtzee' && i.kind === 'values')!.game).toBeUndefined();
  });

  it('names a game only when every table it plays its columns from is listed', () => {
    expect(multiColumnGames([{ ruleset: 'yahtzee', kind: 'values' }]).map((g) => g.ruleset)).toEqual(['triple-yahtzee']);
    expect(multiColumnGames([{ ruleset: 'yahtzee', kind: 'reach' }, { ruleset: 'superpass', kind: 'values' }]).map((g) => g.ruleset)).toEqual(['superpass']);
    expect(multiColumnGames([])).toEqual([]);
  });
});
