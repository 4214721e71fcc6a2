import type { Command } from 'commander';
import { describeCommand } from '../command-descriptions.ts';
import { DicewiseError } from '../../errors.ts';
import { GAME_VALUE_FACTS, type GameValueFacts } from '../../approx/measured.ts';
import { columnTypeOf, hasJointTable, isModelledRuleSetId, MODELLED_RULESET_IDS, ruleSetFingerprint, RULESETS, type RuleSetId } from '../../rules/index.ts';
import { compileRules, initialState, linearPrices, rollPricesOfTurns, searchRollPrices, SOLVER_VERSION, turnCount } from '../../solver/index.ts';
import { boundPath, encodePrices, readBound, writeBound, type BoundRecord } from '../../store/bound-store.ts';
import { JOINT_SUFFIX, readTable } from '../../store/table-store.ts';
import { boundRunner, createWorkerPool } from '../../../workers/pool.ts';
import { parsePositiveInt, parseRuleSet, tableDir } from '../options.ts';

/**
 * Subgradient steps by default: each solves every relaxed column exactly (Superpass: four column
 * types, two of them 524,288 states × 40 pass counts; Triple Yahtzee: one type at three
 * multipliers), sized so that the whole search stays within 15 minutes on 2 threads (README).
 */
export const DEFAULT_STEPS: Partial<Record<RuleSetId, number>> = { superpass: 5, 'triple-yahtzee': 6 };
export const DEFAULT_GAMES = 2000;
/** The search starts from the best turn-price slope β found so far (README): its step 0 is that bound, and steps only improve on it. */
export const START_BETA: Partial<Record<RuleSetId, number>> = { superpass: -0.05, 'triple-yahtzee': 0 };
const SEED = 1;
const THETA = 0.5;
const FLOOR = 0.001;

export const BOUND_METHOD =
  'Lagrangian relaxation of the one-fill-per-turn rule with roll prices λ_t(dice, first roll or reroll), paid back by the best one-turn play for the prices; prices by preconditioned Polyak subgradient steps from the best turn-price slope (src/solver/column-bound.ts, price-search.ts)';

export function registerBound(program: Command): void {
  program
    .command('bound')
    .description(describeCommand('bound'))
    .requiredOption('--ruleset <id>', `a multi-column rule set (${MODELLED_RULESET_IDS.join(', ')})`)
    .option('--json', 'print JSON')
    .option('--steps <n>', 'subgradient steps (default: superpass 5, triple-yahtzee 6)')
    .option('--games <n>', `relaxed games per column and step for the subgradient (default ${DEFAULT_GAMES})`)
    .option('--threads <n>', 'worker threads (default 2)')
    .option('--tables <dir>', 'where the computed bound is cached (default $DICEWISE_TABLES or ./tables)')
    .option('--fresh', 'compute again even where a cached bound with these parameters exists')
    .action(async (opts: { ruleset: string; json?: boolean; steps?: string; games?: string; threads?: string; tables?: string; fresh?: boolean }) => {
      const id = parseRuleSet(opts.ruleset);
      const facts = isModelledRuleSetId(id) ? GAME_VALUE_FACTS[id] : undefined;
      if (!facts) {
        throw new DicewiseError('INVALID_OPTION', `--ruleset ${id} is solved exactly: its optimum is its table's start value (dicewise tables info), no bound needed`, [
          { field: 'ruleset', message: 'not a multi-column rule set' },
        ]);
      }
      const steps = parsePositiveInt(opts.steps, 'steps') ?? DEFAULT_STEPS[id] ?? 5;
      const games = parsePositiveInt(opts.games, 'games') ?? DEFAULT_GAMES;
      const threads = parsePositiveInt(opts.threads, 'threads') ?? 2;
      const dir = tableDir(opts.tables);
      let record = opts.fresh ? undefined : await readBound(dir, id);
      if (record && (record.parameters.steps !== steps || record.parameters.games !== games)) record = undefined;
      const cached = record !== undefined;
      if (!record) record = await computeBound(id, facts, { steps, games, threads }, opts.json ? undefined : (line) => process.stderr.write(`${line}\n`));
      const file = cached ? boundPath(dir, id) : await writeBound(dir, record);
      // A sub-game's optimum is known: the bound is measured against it (built with `tables build`).
      const optimum = hasJointTable(RULESETS[id]) ? (await readTable(dir, RULESETS[id], JOINT_SUFFIX).catch(() => undefined))?.header.startValue : undefined;
      process.stdout.write(opts.json ? `${JSON.stringify(boundReport(record, facts, file, cached, optimum), null, 2)}\n` : boundText(record, facts, file, cached, optimum));
    });
}

async function computeBound(id: RuleSetId, facts: GameValueFacts, o: { steps: number; games: number; threads: number }, log?: (line: string) => void): Promise<BoundRecord> {
  const rs = RULESETS[id];
  const pool = createWorkerPool({ threads: o.threads });
  const wall0 = Date.now();
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  };
  const cpu0 = cpu();
  try {
    const startBeta = START_BETA[id] ?? 0;
    const parameters = { steps: o.steps, games: o.games, seed: SEED, theta: THETA, floor: FLOOR, target: facts.bestMean, startBeta };
    const turns = turnCount(rs);
    const rolls = compileRules(columnTypeOf(rs, 0).rs).dice.rollCount;
    const res = await searchRollPrices(rs, initialState(rs), {
      ...parameters,
      start: rollPricesOfTurns(linearPrices(turns, startBeta), rolls),
      run: boundRunner(pool),
      cpu,
      onStep: (s) => log?.(`${id}: step ${s.step + 1} of ${o.steps}: bound ${s.bound.toFixed(1)} (${s.cpuSeconds.toFixed(0)} s CPU)`),
    });
    const best = res.steps.find((s) => s.bound === res.bound)!;
    return {
      ruleset: id,
      fingerprint: ruleSetFingerprint(rs),
      solverVersion: SOLVER_VERSION,
      bound: res.bound,
      payback: best.payback,
      method: BOUND_METHOD,
      parameters,
      steps: res.steps,
      cpuSeconds: cpu() - cpu0,
      wallSeconds: (Date.now() - wall0) / 1000,
      threads: o.threads,
      computedAt: new Date().toISOString(),
      prices: encodePrices(res.best),
    };
  } finally {
    await pool.destroy();
  }
}

/** What `bound --json` prints: the interval, each end with where it comes from. */
export function boundReport(r: BoundRecord, facts: GameValueFacts, file: string, cached: boolean, optimum?: number) {
  return {
    ruleset: r.ruleset,
    ...(optimum !== undefined ? { optimum: { value: optimum, kind: 'exact optimum of the sub-game (its joint table)', boundGap: r.bound - optimum, bestLoss: facts.lossToOptimal } } : {}),
    lower: {
      value: facts.bestMean,
      halfWidth95: facts.bestHalfWidth,
      kind: 'measured mean of best play (a lower bound on the optimum only up to its confidence interval)',
      games: facts.games,
      seed: facts.seed,
      source: 'README "Multi-column games" (src/approx/measured.ts)',
    },
    upper: {
      value: r.bound,
      kind: 'proven upper bound on the optimal expected score',
      method: r.method,
      parameters: r.parameters,
      payback: r.payback,
      steps: r.steps.map((s) => ({ step: s.step, bound: s.bound, cpuSeconds: s.cpuSeconds })),
      cpuSeconds: r.cpuSeconds,
      wallSeconds: r.wallSeconds,
      threads: r.threads,
      computedAt: r.computedAt,
      cached,
      file,
    },
  };
}

export function boundText(r: BoundRecord, facts: GameValueFacts, file: string, cached: boolean, optimum?: number): string {
  const lo = facts.bestMean.toFixed(1);
  const p = r.parameters;
  const pct = (x: number, digits = 1) => `${((100 * x) / optimum!).toFixed(digits)}%`;
  const loss = facts.lossToOptimal;
  const head =
    optimum === undefined
      ? [`${r.ruleset}: optimal is between ${lo} and ${r.bound.toFixed(1)}`]
      : [
          `${r.ruleset}: optimal is ${optimum.toFixed(2)} (exact, its joint table); the bound says at most ${r.bound.toFixed(1)}, ${(r.bound - optimum).toFixed(1)} above it (${pct(r.bound - optimum)})`,
          ...(loss ? [`  best play loses ${loss.mean.toFixed(2)} (${loss.ci95[0].toFixed(2)} to ${loss.ci95[1].toFixed(2)}, 95%) points to optimal play on the same dice (${pct(loss.mean, 2)}), ${facts.games.toLocaleString('en-US')} games, seed ${facts.seed}`] : []),
        ];
  return [
    ...head,
    `  ${lo}: best play's measured mean, ± ${facts.bestHalfWidth.toFixed(1)} (95%), ${facts.games.toLocaleString('en-US')} games, seed ${facts.seed} (README; src/approx/measured.ts); a lower bound only as a measured mean`,
    `  ${r.bound.toFixed(1)}: proven upper bound. ${r.method}`,
    `    from turn prices β ${p.startBeta}, ${p.steps} steps, ${p.games} relaxed games per column and step, seed ${p.seed}, θ ${p.theta}, probability floor ${p.floor}, target ${p.target}: ${r.steps.map((s) => s.bound.toFixed(1)).join(', ')}`,
    `    ${r.wallSeconds.toFixed(0)} s on ${r.threads} threads (${r.cpuSeconds.toFixed(0)} s CPU), ${r.computedAt}; ${cached ? 'cached in' : 'written to'} ${file}`,
    '',
  ].join('\n');
}
