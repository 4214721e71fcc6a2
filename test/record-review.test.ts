import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { advise } from '../src/advisor/index.ts';
import { ANALYSIS_CHUNK, analysePacked, analyserFor, emptyTally, groupKey, mergeTally, profileOf, profileResults, tallyGame, type GameAnalysis, type GameResult, type PlayerProfile } from '../src/analysis/index.ts';
import { facesToCounts } from '../src/dice/index.ts';
import { parsePosition, type Action } from '../src/position/index.ts';
import { RULESETS, upperBonusFor, UPPER_COUNT } from '../src/rules/index.ts';
import { initialState, scoreOptions, TIE_EPSILON, type GameState } from '../src/solver/index.ts';
import { testModel } from './support/models.ts';
import { CLI, ROOT } from './support/cli.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';


interface Recorded {
  ruleset: 'yahtzee';
  strategy: string;
  seed: number;
  game: number;
  score: number;
  turns: { rolls: number[][]; holds: number[][]; box: string }[];
}

/** `dicewise simulate ... --record -` piped into `dicewise analyse ...`: both outputs and exit codes. */
function pipe(simulateArgs: string[], analyseArgs: string[]): Promise<{ records: string; reviews: string; codes: (number | null)[] }> {
  return new Promise((resolve, reject) => {
    const opts = { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] as ('ignore' | 'pipe')[] };
    const sim = spawn(process.execPath, [...CLI, 'simulate', '--tables', TEST_TABLE_DIR, '--record', '-', ...simulateArgs], opts);
    const ana = spawn(process.execPath, [...CLI, 'analyse', '--tables', TEST_TABLE_DIR, ...analyseArgs], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let records = '';
    let reviews = '';
    let errors = '';
    sim.stdout!.on('data', (b: Buffer) => (records += b.toString()));
    sim.stdout!.pipe(ana.stdin);
    ana.stdout.on('data', (b: Buffer) => (reviews += b.toString()));
    sim.stderr!.on('data', (b: Buffer) => (errors += b.toString()));
    ana.stderr.on('data', (b: Buffer) => (errors += b.toString()));
    const codes: (number | null)[] = [];
    const done = (code: number | null) => {
      codes.push(code);
      if (codes.length === 2) (codes.some((c) => c !== 0) ? reject(new Error(`exit ${codes}: ${errors}`)) : resolve({ records, reviews, codes }));
    };
    sim.on('close', done);
    ana.on('close', done);
  });
}

const sameAction = (a: Action, b: Action) => JSON.stringify(a) === JSON.stringify(b);

describe('simulate --record | analyse --jsonl', () => {
  let records: Recorded[];
  let reviews: GameResult[];
  let jsonl: string;
  beforeAll(async () => {
    const out = await pipe(['--strategy', 'optimal,greedy', '--games', '12', '--seed', '9', '--threads', '2'], ['--jsonl', '--threads', '2']);
    records = out.records.trim().split('\n').map((l) => JSON.parse(l) as Recorded);
    jsonl = out.reviews;
    reviews = out.reviews.trim().split('\n').map((l) => JSON.parse(l) as GameResult);
  }, 120_000);

  it('records every game of every strategy in game order, with its seed, and reviews each in input order', () => {
    expect(records.map((r) => `${r.game}:${r.strategy}:${r.seed}`)).toEqual(Array.from({ length: 12 }, (_, g) => [`${g}:optimal:9`, `${g}:greedy:9`]).flat());
    expect(reviews).toHaveLength(records.length);
    for (let i = 0; i < records.length; i++) {
      const r = reviews[i] as GameAnalysis;
      expect(r.finished).toBe(true);
      expect(r.finalScore).toBe(records[i].score);
    }
  });

  it('every optimal game reviews with zero loss', () => {
    const optimal = reviews.filter((_, i) => records[i].strategy === 'optimal') as GameAnalysis[];
    expect(optimal).toHaveLength(12);
    for (const r of optimal) {
      expect(r.totalLoss).toBe(0);
      expect(r.mistakes.total).toBe(0);
      for (const d of r.decisions) expect(d.loss).toBe(0);
    }
  });

  it("a greedy game's losses are the advisor's losses of each decision, from the tables", async () => {
    const model = await testModel('yahtzee');
    const rs = RULESETS.yahtzee;
    let lossy = 0;
    for (let i = 0; i < records.length; i++) {
      if (records[i].strategy !== 'greedy') continue;
      const review = reviews[i] as GameAnalysis;
      let state: GameState = initialState(rs);
      const scorecard: Record<string, number> = {};
      let yahtzeeBonus = 0;
      let d = 0;
      records[i].turns.forEach((turn, t) => {
        const decide = (dice: number[], roll: number, chosen: Action) => {
          const parsed = parsePosition({ ruleset: 'yahtzee', scorecard, yahtzeeBonus, dice, rollsLeft: 3 - roll });
          if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
          const advice = advise(model, parsed.position);
          const option = advice.options.find((o) => sameAction(o.action, chosen))!;
          const got = review.decisions[d++];
          expect([got.turn, got.roll, got.chosen.action]).toEqual([t + 1, roll, chosen]);
          if (option.loss <= TIE_EPSILON) expect(got.loss).toBe(0);
          else {
            expect(got.loss).toBeCloseTo(option.loss, 9);
            expect(got.best.ev).toBeCloseTo(advice.options[0].ev, 9);
            lossy++;
          }
        };
        turn.holds.forEach((hold, h) => decide(turn.rolls[h], h + 1, { hold }));
        const last = turn.rolls.length;
        decide(turn.rolls[last - 1], last, { score: turn.box });
        const box = rs.boxes.findIndex((b) => b.id === turn.box);
        const o = scoreOptions(rs, state, facesToCounts(turn.rolls[last - 1]), last === 1).find((x) => x.box === box)!;
        const upper = box < UPPER_COUNT ? upperBonusFor(rs, state.columns[0].upper, o.points) : 0;
        yahtzeeBonus += o.bonus - upper;
        scorecard[turn.box] = o.points;
        state = o.next;
      });
      expect(d).toBe(review.decisions.length);
    }
    // Greedy play is far from optimal: the comparison covered many real mistakes.
    expect(lossy).toBeGreaterThan(50);
  });

  it('--summary --json over more than one chunk is the profile of the same games, identical on one thread and two', async () => {
    const model = await testModel('yahtzee');
    const args = ['--strategy', 'heuristic,greedy', '--games', '130', '--seed', '4'];
    const one = await pipe([...args, '--threads', '1'], ['--summary', '--json', '--threads', '1']);
    const two = await pipe([...args, '--threads', '2'], ['--summary', '--json', '--threads', '2']);
    expect(one.records).toBe(two.records);
    expect(two.reviews).toBe(one.reviews);
    const games = one.records.trim().split('\n').map((l) => JSON.parse(l) as unknown);
    expect(games).toHaveLength(260);
    const packed = games.map((r) => analysePacked(analyserFor(model), r));
    const profile = JSON.parse(one.reviews) as PlayerProfile;
    // The CLI sums each chunk of ANALYSIS_CHUNK games, then the chunks in input order (each strategy's games apart too): the same sums here.
    const tally = emptyTally();
    for (let i = 0; i < packed.length; i += ANALYSIS_CHUNK) {
      const part = emptyTally();
      packed.slice(i, i + ANALYSIS_CHUNK).forEach((r, j) => tallyGame(part, r, groupKey({ by: 'strategy', name: (games[i + j] as { strategy: string }).strategy })));
      mergeTally(tally, part);
    }
    expect(profile).toEqual(JSON.parse(JSON.stringify(profileOf(tally))));
    expect(profile.groups?.map((g) => [g.name, g.profile.games])).toEqual([['heuristic', 130], ['greedy', 130]]);
    expect(profile.loss.total).toBeCloseTo(profileResults(packed).loss.total, 9);
    expect(profile.games).toBe(260);
    const total = packed.reduce((s, r) => s + ('error' in r ? 0 : r.totalLoss), 0);
    expect(profile.loss.total).toBeCloseTo(total, 9);
    expect(jsonl.split('\n')).toHaveLength(records.length + 1);
  }, 120_000);
});
