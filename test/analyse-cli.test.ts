import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseGames, type GameRecord } from '../src/analysis/index.ts';
import { playGames } from './support/game-records.ts';
import { testModel } from './support/models.ts';
import { CLI, ROOT } from './support/cli.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';


function dicewise(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [...CLI, 'analyse', '--tables', TEST_TABLE_DIR, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    input,
    timeout: 120_000,
    maxBuffer: 64 * 2 ** 20,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('dicewise analyse', () => {
  let games: GameRecord[];
  let dir: string;
  beforeAll(async () => {
    games = playGames(await testModel('yahtzee'), 41, 4, 0.3, 0.25);
    dir = mkdtempSync(join(tmpdir(), 'dicewise-analyse-'));
  });

  it('--json prints the analyses of a JSON Lines file in input order; a bad line is its game\'s error', async () => {
    const file = join(dir, 'games.jsonl');
    writeFileSync(file, [JSON.stringify(games[0]), 'oops', ...games.slice(1).map((g) => JSON.stringify(g))].join('\n'));
    const r = dicewise([file, '--json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    const model = await testModel('yahtzee');
    const want = analyseGames(() => model, games);
    expect(out).toHaveLength(games.length + 1);
    expect(out[1]).toMatchObject({ error: { turn: 0, roll: 0 } });
    expect([out[0], ...out.slice(2)]).toEqual(JSON.parse(JSON.stringify(want)));
  });

  it('reads a JSON array from stdin and prints a readable report', () => {
    const r = dicewise(['-'], JSON.stringify(games));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Game 1 \(yahtzee\): \d+ points; start value 254\.59, loss \d+\.\d\d, luck [+-]\d+\.\d\d$/m);
    expect(r.stdout).toMatch(/^4 games: 4 analysed \(4 finished\), 0 with errors$/m);
    expect(r.stdout).toMatch(/^ {2}turn +\d+ roll \d {2}(hold|score) .* best: (hold|score) .* loss \d+\.\d\d$/m);
  });

  it('runs a batch over one chunk on worker threads with the same results', async () => {
    const model = await testModel('yahtzee');
    const many = playGames(model, 43, 230, 0.2);
    const r = dicewise(['--json', '--threads', '2'], many.map((g) => JSON.stringify(g)).join('\n'));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(JSON.stringify(analyseGames(() => model, many))));
  });

  it('a missing table is one clear error, not one per game', () => {
    const r = spawnSync(process.execPath, [...CLI, 'analyse', '--tables', join(dir, 'none')], {
      cwd: ROOT,
      encoding: 'utf8',
      input: JSON.stringify(games[0]),
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/no table for yahtzee\. Build it with: dicewise tables build --ruleset yahtzee/);
  });
});
