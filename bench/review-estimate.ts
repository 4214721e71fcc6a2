/**
 * How far a review by a multi-column rule set's best model (what rates Triple Yahtzee and Superpass
 * games, which have no exact table) is from the exact review, measured on the sub-games, where both
 * exist: games of a weaker strategy, recorded as users record them (`dicewise simulate --record`),
 * reviewed by the exact joint table and by the best model, decision by decision.
 *
 *   npm run build && npx tsx bench/review-estimate.ts [--games 300] [--seed 9] [--strategies decomposition,greedy]
 *
 * Tables from $DICEWISE_TABLES or ./tables (built first where missing, by the commands).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { analyseGames, type GameAnalysis } from '../src/analysis/index.ts';
import type { RuleSetId } from '../src/rules/index.ts';
import { loadModel, loadReviewModel } from '../src/store/model-loader.ts';

const { values: args } = parseArgs({
  options: {
    games: { type: 'string', default: '300' },
    seed: { type: 'string', default: '9' },
    strategies: { type: 'string', default: 'decomposition,greedy' },
    tables: { type: 'string', default: process.env.DICEWISE_TABLES ?? 'tables' },
  },
});
const SUB_GAMES: RuleSetId[] = ['superpass-ordered', 'triple-yahtzee-lower'];
const dir = mkdtempSync(join(tmpdir(), 'dicewise-review-estimate-'));
const sameAction = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Mean and the half-width of its 95% interval. */
function meanCi(xs: number[]): string {
  const m = xs.reduce((s, x) => s + x, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
  return `${m.toFixed(2)} ± ${((1.96 * sd) / Math.sqrt(xs.length)).toFixed(2)}`;
}

try {
  console.log('| sub-game | games of | exact loss a game | model\'s loss a game | model − exact, a game (SD) | decisions | same best choice | loss apart a decision | mistakes ≥ 1 found by both / exact / model |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const id of SUB_GAMES) {
    const exact = await loadReviewModel(args.tables, id);
    const model = await loadModel(args.tables, id);
    for (const strategy of args.strategies.split(',')) {
      const file = join(dir, `${id}-${strategy}.jsonl`);
      const sim = spawnSync(process.execPath, ['dist/bundle/main.js', 'simulate', '--ruleset', id, '--strategy', strategy, '--games', args.games, '--seed', args.seed, '--record', file, '--tables', args.tables], { encoding: 'utf8' });
      if (sim.status !== 0) throw new Error(sim.stderr);
      const records = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
      const [byExact, byModel] = [exact, model].map((m) => analyseGames(() => m, records) as GameAnalysis[]);
      let decisions = 0;
      let same = 0;
      let apart = 0;
      let [both, onlyExact, onlyModel] = [0, 0, 0];
      const gap: number[] = [];
      byExact.forEach((e, g) => {
        const m = byModel[g];
        gap.push(m.totalLoss - e.totalLoss);
        e.decisions.forEach((d, i) => {
          const md = m.decisions[i];
          decisions++;
          if (sameAction(d.best.action, md.best.action)) same++;
          apart += Math.abs(d.loss - md.loss);
          if (d.loss >= 1 && md.loss >= 1) both++;
          else if (d.loss >= 1) onlyExact++;
          else if (md.loss >= 1) onlyModel++;
        });
      });
      const sd = Math.sqrt(gap.reduce((s, x) => s + x * x, 0) / gap.length - (gap.reduce((s, x) => s + x, 0) / gap.length) ** 2);
      console.log(
        `| ${id} | ${strategy} | ${meanCi(byExact.map((a) => a.totalLoss))} | ${meanCi(byModel.map((a) => a.totalLoss))} | ${meanCi(gap)} (${sd.toFixed(2)}) | ${decisions} | ${((100 * same) / decisions).toFixed(1)}% | ${(apart / decisions).toFixed(3)} | ${both} / ${both + onlyExact} / ${both + onlyModel} |`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
