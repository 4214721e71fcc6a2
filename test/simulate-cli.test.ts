import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { registerSimulate } from '../src/cli/commands/simulate.ts';
import { describeError } from '../src/cli/run.ts';
import { buildReport, createInlineRunner, simulate } from '../src/simulate/index.ts';
import { testModel } from './support/models.ts';
import { CLI, ROOT } from './support/cli.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';

const dir = mkdtempSync(join(tmpdir(), 'dicewise-simulate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function dicewise(...args: string[]) {
  const r = spawnSync(process.execPath, [...CLI, 'simulate', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('dicewise simulate', () => {
  it('--players plays head to head: --json gives each strategy\'s share, and options for solo games are refused by name', () => {
    const r = dicewise('--ruleset', 'yahtzee', '--players', '2', '--strategy', 'optimal,greedy', '--games', '40', '--seed', '2', '--threads', '1', '--json', '--tables', TEST_TABLE_DIR);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const { headToHead } = JSON.parse(r.stdout) as { headToHead: { players: number; games: number; strategies: { name: string; share: number; ci95: number[]; mean: number }[] } };
    expect(headToHead.players).toBe(2);
    expect(headToHead.games).toBe(40);
    expect(headToHead.strategies.map((x) => x.name)).toEqual(['optimal', 'greedy']);
    expect(headToHead.strategies[0].share + headToHead.strategies[1].share).toBeCloseTo(1, 12);
    const solo = dicewise('--strategy', 'win,optimal', '--games', '10', '--tables', TEST_TABLE_DIR);
    expect(solo.code).not.toBe(0);
    expect(solo.stderr).toContain('--players');
    const plot = dicewise('--players', '2', '--strategy', 'optimal,greedy', '--games', '10', '--plot', 'x.svg', '--tables', TEST_TABLE_DIR);
    expect(plot.stderr).toContain('--plot');
    const odd = dicewise('--players', '3', '--strategy', 'optimal,greedy', '--games', '10', '--tables', TEST_TABLE_DIR);
    expect(odd.stderr).toContain('games');
  });

  it('--json prints the report; --plot writes the SVG atomically', async () => {
    const plot = join(dir, 'scores.svg');
    const r = dicewise('--ruleset', 'yahtzee', '--strategy', 'optimal,test/fixtures/my-bot.ts', '--games', '150', '--seed', '3', '--threads', '1', '--json', '--plot', plot, '--tables', TEST_TABLE_DIR);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    const runner = createInlineRunner({ model: (id) => testModel(id), importModule: async (s) => ((await import(s)) as { default: unknown }).default });
    const expected = buildReport(await simulate({ strategies: ['optimal', join(ROOT, 'test/fixtures/my-bot.ts')], games: 150, seed: 3, runner }));
    expect(report).toEqual(JSON.parse(JSON.stringify(expected)));
    const svg = readFileSync(plot, 'utf8');
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain('my-bot (mean');
    expect(readdirSync(dir)).toEqual(['scores.svg']);
  });

  it('prints a text table by default', async () => {
    const r = await inProcess('--strategy', 'greedy,random', '--games', '100', '--threads', '2', '--tables', TEST_TABLE_DIR);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^strategy\s+mean\s+95% CI\s+SD\s+median/m);
    expect(r.stdout).toMatch(/^greedy − random\s+\+/m);
    expect(r.stdout).toMatch(/100 games × 2 strategies in [\d.]+ s on 2 threads/);
  });

  it('--record writes every game of every strategy as a record, the same file on one thread and two; a failed run leaves no file', async () => {
    const files = ['one.jsonl', 'two.jsonl'].map((f) => join(dir, f));
    for (const [i, threads] of ['1', '2'].entries()) {
      const r = await inProcess('--strategy', 'greedy,random', '--games', '120', '--seed', '6', '--threads', threads, '--record', files[i], '--tables', TEST_TABLE_DIR);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`240 game records written to ${files[i]}`);
    }
    const text = readFileSync(files[0], 'utf8');
    expect(readFileSync(files[1], 'utf8')).toBe(text);
    const games = text.trim().split('\n').map((l) => JSON.parse(l) as { strategy: string; game: number; seed: number; turns: unknown[]; score: number });
    expect(games.map((g) => `${g.game}${g.strategy}`)).toEqual(Array.from({ length: 120 }, (_, g) => [`${g}greedy`, `${g}random`]).flat());
    expect(games.every((g) => g.seed === 6 && g.turns.length === 13)).toBe(true);
    // The records' scores are the simulation's own scores, game by game.
    const runner = createInlineRunner({ model: (id) => testModel(id) });
    const data = await simulate({ strategies: ['greedy', 'random'], games: 120, seed: 6, runner });
    expect(games.filter((g) => g.strategy === 'greedy').map((g) => g.score)).toEqual([...data.scores[0]]);

    const failed = join(dir, 'failed.jsonl');
    const r = await inProcess('--strategy', 'test/fixtures/cheating-bot.ts', '--games', '5', '--threads', '1', '--record', failed, '--tables', TEST_TABLE_DIR);
    expect(r.code).not.toBe(0);
    expect(readdirSync(dir).filter((f) => f.includes('failed'))).toEqual([]);
    for (const f of files) rmSync(f);
  });

  it.each([
    [['--games', '0'], '--games must be an integer from 1'],
    [['--games', 'many'], '--games must be an integer from 1'],
    [['--strategy', 'optimal,genius'], '--strategy unknown strategy "genius": use optimal, best, linear, decomposition, sequential, greedy, hints, heuristic, random, reach:T (play to finish with at least T), win (play to win, head to head) or the path'],
    [['--strategy', 'optimal,,greedy'], '--strategy must be a comma-separated list'],
    [['--strategy', 'greedy,greedy'], '--strategy names "greedy" twice'],
    [['--strategy', './no/such/bot.js'], '--strategy no such module'],
    [['--strategy', 'test/fixtures/not-a-strategy.ts'], 'default export must be a strategy'],
    [['--seed', '-1'], '--seed must be an integer from 0'],
    [['--threads', '0'], '--threads must be an integer from 1'],
    [['--cache', '-5'], '--cache must be an integer from 0'],
    [['--plot', 'scores.png'], '--plot must name an .svg file'],
    [['--ruleset', 'nope'], '--ruleset must be one of'],
  ])('%j is refused naming the option, exit code 2', async (args, message) => {
    const r = await inProcess(...args, '--tables', TEST_TABLE_DIR);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(message);
    expect(r.code).toBe(2);
  });
});

/** Runs the command in this process, as src/cli/run.ts would, capturing its output. */
async function inProcess(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const program = new Command().exitOverride();
  registerSimulate(program);
  let stdout = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  try {
    await program.parseAsync(['node', 'dicewise', 'simulate', ...args]);
    return { code: 0, stdout, stderr: '' };
  } catch (e) {
    const { message, exitCode } = describeError(e);
    return { code: exitCode, stdout, stderr: message };
  } finally {
    spy.mockRestore();
  }
}
