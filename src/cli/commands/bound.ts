import type { Command } from 'commander';
import { describeCommand } from '../command-descriptions.ts';
import { DicewiseError } from '../../errors.ts';
import { GAME_VALUE_FACTS, type GameValueFacts } from '../../approx/measured.ts';
import { columnTypeOf, hasJointTable, isModelledRuleSetId, MODELLED_RULESET_IDS, ruleSetFingerprint, RULESETS, type RuleSetId } from '../../rules/index.ts';
import { compileRules, initialState, linearPrices, rollPricesOfTurns, searchRollPrices, SOLVER_VERSION, turnCount, type ColumnJobRunner, type PriceSearchStep, type RollPrices } from '../../solver/index.ts';
import { COUPLED_GROUPS, coupledBoundWith, type ColumnTables, type CoupledGroup } from '../../approx/index.ts';
import { boundPath, encodePrices, methodOf, readBound, writeBound, type BoundMethodId, type BoundRecord, type CoupledBoundRun } from '../../store/bound-store.ts';
import { ensureModel, loadColumnTables } from '../../store/model-loader.ts';
import { JOINT_SUFFIX, readTable } from '../../store/table-store.ts';
import { boundRunner, createWorkerPool, type WorkerPool } from '../../../workers/pool.ts';
import { parsePositiveInt, parseRuleSet, tableDir } from '../options.ts';

/**
 * Subgradient steps by default: each solves every relaxed column exactly (Superpass: four column
 * types, two of them 524,288 states × 40 pass counts; Triple Yahtzee: one type at three
 * multipliers), sized so that the whole search stays within 15 minutes on 2 threads (docs/multi-column.md).
 */
export const DEFAULT_STEPS: Partial<Record<RuleSetId, number>> = { superpass: 5, 'triple-yahtzee': 6 };
export const DEFAULT_GAMES = 2000;
/** The search starts from the best turn-price slope β found so far (docs/multi-column.md): its step 0 is that bound, and steps only improve on it. */
export const START_BETA: Partial<Record<RuleSetId, number>> = { superpass: -0.05, 'triple-yahtzee': 0 };
export const BOUND_METHODS: readonly BoundMethodId[] = ['roll-prices', 'coupled', 'both'];
/**
 * Superpass: columns 1 and 2 coupled at the start slope's turn prices give 1342.1 in 332 s of
 * CPU, where the 5-step search gives 1363.1 in 1,505 s, and coupling at the search's best
 * roll prices gives more than at turn prices (docs/multi-column.md). Elsewhere no group is coupled.
 */
export const DEFAULT_METHOD: Partial<Record<RuleSetId, BoundMethodId>> = { superpass: 'coupled' };
const SEED = 1;
const THETA = 0.5;
const FLOOR = 0.001;

export const BOUND_METHOD =
  'Lagrangian relaxation of the one-fill-per-turn rule with roll prices λ_t(dice, first roll or reroll), paid back by the best one-turn play for the prices; prices by preconditioned Polyak subgradient steps from the best turn-price slope (src/solver/column-bound.ts, price-search.ts)';

export function coupledMethod(id: RuleSetId, g: CoupledGroup): string {
  const cols = (cs: readonly number[]) => cs.map((c) => c + 1).join(', ');
  const others = RULESETS[id].columns.flatMap((_, ci) => (g.columns.includes(ci) ? [] : [ci]));
  return `Lagrangian relaxation of the one-fill-per-turn rule with columns ${cols(g.columns)} coupled exactly (played jointly on one copy of the dice over ${g.group}'s joint states × passes left)${others.length > 0 ? ` and columns ${cols(others)} relaxed one by one` : ''}, paid back by the best one-turn play for the prices (src/approx/coupled-bound.ts)`;
}

export function parseBoundMethod(value: string | undefined, id: RuleSetId): BoundMethodId {
  if (value === undefined) return DEFAULT_METHOD[id] ?? 'roll-prices';
  if (!(BOUND_METHODS as readonly string[]).includes(value)) {
    throw new DicewiseError('INVALID_OPTION', `--method must be one of ${BOUND_METHODS.join(', ')}, got ${JSON.stringify(value)}`, [
      { field: 'method', message: `one of ${BOUND_METHODS.join(', ')}` },
    ]);
  }
  const method = value as BoundMethodId;
  if (method !== 'roll-prices' && !COUPLED_GROUPS[id]) {
    const with_ = Object.keys(COUPLED_GROUPS).join(', ');
    throw new DicewiseError('INVALID_OPTION', `--method ${method} couples columns exactly, which ${id} does not afford (rule sets that do: ${with_}); use --method roll-prices`, [
      { field: 'method', message: `no coupled columns for ${id}` },
    ]);
  }
  return method;
}

export function registerBound(program: Command): void {
  program
    .command('bound')
    .description(describeCommand('bound'))
    .requiredOption('--ruleset <id>', `a multi-column rule set (${MODELLED_RULESET_IDS.join(', ')})`)
    .option('--json', 'print JSON')
    .option('--method <m>', `${BOUND_METHODS.join(', ')}: the roll-price search over every column relaxed, columns coupled exactly (superpass: 1 and 2) at the start slope's turn prices, or both, the coupled bound also at the search's best prices (default: superpass coupled, else roll-prices)`)
    .option('--steps <n>', 'subgradient steps of the roll-price search (default: superpass 5, triple-yahtzee 6)')
    .option('--games <n>', `relaxed games per column and step for the subgradient (default ${DEFAULT_GAMES})`)
    .option('--threads <n>', 'worker threads (default 2)')
    .option('--tables <dir>', 'where the computed bound is cached, and the coupled columns\' tables are (default $DICEWISE_TABLES or ./tables)')
    .option('--fresh', 'compute again even where a cached bound with these parameters exists')
    .action(async (opts: { ruleset: string; json?: boolean; method?: string; steps?: string; games?: string; threads?: string; tables?: string; fresh?: boolean }) => {
      const id = parseRuleSet(opts.ruleset);
      const facts = isModelledRuleSetId(id) ? GAME_VALUE_FACTS[id] : undefined;
      if (!facts) {
        throw new DicewiseError('INVALID_OPTION', `--ruleset ${id} is solved exactly: its optimum is its table's start value (dicewise tables info), no bound needed`, [
          { field: 'ruleset', message: 'not a multi-column rule set' },
        ]);
      }
      const { method, steps, games } = boundParameters(id, opts);
      const threads = parsePositiveInt(opts.threads, 'threads') ?? 2;
      const dir = tableDir(opts.tables);
      const log = opts.json ? undefined : (line: string) => process.stderr.write(`${line}\n`);
      let record = opts.fresh ? undefined : await readBound(dir, id);
      if (record && !reusable(record, { method, steps, games, startBeta: START_BETA[id] ?? 0 })) {
        log?.(`${boundPath(dir, id)} holds a bound of other parameters (${describeParameters(record)}): computing this one (${describeParameters({ parameters: { method, steps, games } })})`);
        record = undefined;
      }
      const cached = record !== undefined;
      if (!record) record = await computeBound(id, facts, { method, steps, games, threads, tables: dir }, log);
      const file = cached ? boundPath(dir, id) : await writeBound(dir, record);
      // A sub-game's optimum is known: the bound is measured against it (built with `tables build`).
      const optimum = hasJointTable(RULESETS[id]) ? (await readTable(dir, RULESETS[id], JOINT_SUFFIX).catch(() => undefined))?.header.startValue : undefined;
      process.stdout.write(opts.json ? `${JSON.stringify(boundReport(record, facts, file, cached, optimum), null, 2)}\n` : boundText(record, facts, file, cached, optimum));
    });
}

/** --method, --steps and --games as the command runs them; steps and games are 0 where no search runs. */
export function boundParameters(id: RuleSetId, opts: { method?: string; steps?: string; games?: string }): { method: BoundMethodId; steps: number; games: number } {
  const method = parseBoundMethod(opts.method, id);
  if (method === 'coupled') {
    for (const field of ['steps', 'games'] as const) {
      if (opts[field] !== undefined) {
        throw new DicewiseError('INVALID_OPTION', `--${field} sets the roll-price search, which --method coupled${opts.method ? '' : ` (${id}'s default)`} does not run: add --method roll-prices or both`, [
          { field, message: 'only with --method roll-prices or both' },
        ]);
      }
    }
    return { method, steps: 0, games: 0 };
  }
  return { method, steps: parsePositiveInt(opts.steps, 'steps') ?? DEFAULT_STEPS[id] ?? 5, games: parsePositiveInt(opts.games, 'games') ?? DEFAULT_GAMES };
}

/** Whether a cached record was computed as asked: the same method and start slope and, where it searches, the same steps and games. */
export function reusable(r: Pick<BoundRecord, 'parameters'>, asked: { method: BoundMethodId; steps: number; games: number; startBeta: number }): boolean {
  const p = r.parameters;
  return methodOf(r) === asked.method && p.startBeta === asked.startBeta && p.steps === asked.steps && p.games === asked.games;
}

function describeParameters(r: { parameters: { method?: BoundMethodId; steps: number; games: number } }): string {
  const m = methodOf(r);
  return `--method ${m}${m === 'coupled' ? '' : `, ${r.parameters.steps} steps, ${r.parameters.games} games`}`;
}

export interface BoundOptions {
  method: BoundMethodId;
  steps: number;
  games: number;
  threads: number;
  /** where the coupled group's column tables are (built there when missing) */
  tables: string;
}

/**
 * The bounds `method` asks for, each valid, and the least of them: the coupled bound at the start
 * slope's turn prices, the roll-price search, and (both) the coupled bound at the search's best
 * prices where the search improved on its start. The relaxed columns go to the worker pool; the
 * coupled group is solved in this thread beside them.
 */
export async function computeBound(id: RuleSetId, facts: GameValueFacts, o: BoundOptions, log?: (line: string) => void): Promise<BoundRecord> {
  const rs = RULESETS[id];
  // Threads start with the first relaxed column (a group coupled whole has none).
  let pool: WorkerPool | undefined;
  const run: ColumnJobRunner = async (tasks) => (tasks.length === 0 ? [] : boundRunner((pool ??= createWorkerPool({ threads: o.threads })))(tasks));
  const wall0 = Date.now();
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  };
  const cpu0 = cpu();
  try {
    const startBeta = START_BETA[id] ?? 0;
    const parameters = { method: o.method, steps: o.steps, games: o.games, seed: SEED, theta: THETA, floor: FLOOR, target: facts.linearMean, startBeta };
    const turns = turnCount(rs);
    const rolls = compileRules(columnTypeOf(rs, 0).rs).dice.rollCount;
    const start = rollPricesOfTurns(linearPrices(turns, startBeta), rolls);
    const g = COUPLED_GROUPS[id];
    const coupled: CoupledBoundRun[] = [];
    const candidates: { bound: number; from: NonNullable<BoundRecord['from']>; prices: RollPrices; payback: number }[] = [];
    const tables = g && o.method !== 'roll-prices' ? await groupTables(o.tables, g, log) : undefined;
    const couple = async (prices: RollPrices, at: 'turn' | 'search') => {
      const c0 = cpu();
      const w0 = Date.now();
      const parts = await coupledBoundWith(rs, RULESETS[g!.group], g!.columns, tables!, prices, run);
      const r: CoupledBoundRun = {
        prices: at,
        group: { ruleset: g!.group, columns: g!.columns.map((c) => c + 1) },
        bound: parts.bound,
        payback: parts.payback,
        groupValue: parts.group,
        others: parts.others,
        cpuSeconds: cpu() - c0,
        wallSeconds: (Date.now() - w0) / 1000,
      };
      coupled.push(r);
      candidates.push({ bound: r.bound, from: { method: 'coupled', prices: at }, prices, payback: r.payback });
      log?.(`${id}: ${coupledRunText(r, startBeta)}`);
    };
    if (tables) await couple(start, 'turn');
    let steps: PriceSearchStep[] = [];
    if (o.method !== 'coupled') {
      const res = await searchRollPrices(rs, initialState(rs), {
        ...parameters,
        start,
        run,
        cpu,
        onStep: (s) => log?.(`${id}: step ${s.step + 1} of ${o.steps}: bound ${s.bound.toFixed(1)} (${s.cpuSeconds.toFixed(0)} s CPU)`),
      });
      steps = res.steps;
      const best = res.steps.find((s) => s.bound === res.bound)!;
      candidates.push({ bound: res.bound, from: { method: 'roll-prices', prices: best.step === 0 ? 'turn' : 'search' }, prices: res.best, payback: best.payback });
      // At the start prices the coupled bound is already computed.
      if (tables && best.step > 0) await couple(res.best, 'search');
    }
    const best = candidates.reduce((a, b) => (b.bound < a.bound ? b : a));
    return {
      ruleset: id,
      fingerprint: ruleSetFingerprint(rs),
      solverVersion: SOLVER_VERSION,
      bound: best.bound,
      payback: best.payback,
      method: best.from.method === 'coupled' ? coupledMethod(id, g!) : BOUND_METHOD,
      parameters,
      from: best.from,
      steps,
      ...(coupled.length > 0 ? { coupled } : {}),
      cpuSeconds: cpu() - cpu0,
      wallSeconds: (Date.now() - wall0) / 1000,
      threads: o.threads,
      computedAt: new Date().toISOString(),
      prices: encodePrices(best.prices),
    };
  } finally {
    await pool?.destroy();
  }
}

/** The coupled group's column tables, built first where missing (a small sub-game: seconds). */
async function groupTables(dir: string, g: CoupledGroup, log?: (line: string) => void): Promise<ColumnTables> {
  await ensureModel(dir, g.group, { onBuild: (id, why) => log?.(`building ${id}'s column tables in ${dir} (${why})`) });
  return loadColumnTables(dir, RULESETS[g.group]);
}

function coupledRunText(r: CoupledBoundRun, startBeta: number): string {
  const at = r.prices === 'turn' ? `turn prices β ${startBeta}` : "the search's best roll prices";
  const others = r.others.length > 0 ? `, relaxed columns ${r.others.map((w) => w.toFixed(1)).join(', ')}` : '';
  return `columns ${r.group.columns.join(', ')} coupled (${r.group.ruleset}) at ${at}: bound ${r.bound.toFixed(1)} (group W ${r.groupValue.toFixed(1)}${others}, payback ${r.payback.toFixed(1)}), ${r.cpuSeconds.toFixed(0)} s CPU, ${r.wallSeconds.toFixed(0)} s`;
}

function fromText(r: BoundRecord): string {
  const from = r.from ?? { method: 'roll-prices', prices: 'search' };
  const at = from.prices === 'turn' ? `turn prices β ${r.parameters.startBeta}` : "the search's best roll prices";
  return from.method === 'coupled' ? `columns ${r.coupled?.[0]?.group.columns.join(', ') ?? ''} coupled exactly at ${at}` : `the roll-price search (every column relaxed), at ${at}`;
}

/** What `bound --json` prints: the interval, each end with where it comes from. */
export function boundReport(r: BoundRecord, facts: GameValueFacts, file: string, cached: boolean, optimum?: number) {
  const from = r.from ?? { method: 'roll-prices', prices: 'search' };
  return {
    ruleset: r.ruleset,
    ...(optimum !== undefined ? { optimum: { value: optimum, kind: 'exact optimum of the sub-game (its joint table)', boundGap: r.bound - optimum, bestLoss: facts.lossToOptimal } } : {}),
    lower: {
      value: facts.bestMean,
      halfWidth95: facts.bestHalfWidth,
      kind: 'measured mean of best play (a lower bound on the optimum only up to its confidence interval)',
      games: facts.games,
      seed: facts.seed,
      source: 'docs/multi-column.md "How good the play is" (src/approx/measured.ts)',
    },
    upper: {
      value: r.bound,
      kind: 'proven upper bound on the optimal expected score',
      method: r.method,
      from,
      parameters: { ...r.parameters, method: methodOf(r) },
      payback: r.payback,
      steps: r.steps.map((s) => ({ step: s.step, bound: s.bound, cpuSeconds: s.cpuSeconds })),
      coupled: r.coupled ?? [],
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
    `  ${lo}: best play's measured mean, ± ${facts.bestHalfWidth.toFixed(1)} (95%), ${facts.games.toLocaleString('en-US')} games, seed ${facts.seed} (docs/multi-column.md; src/approx/measured.ts); a lower bound only as a measured mean`,
    `  ${r.bound.toFixed(1)}: proven upper bound (--method ${methodOf(r)}; the least of the bounds below, each valid), from ${fromText(r)}. ${r.method}`,
    ...(r.coupled ?? []).map((c) => `    ${coupledRunText(c, p.startBeta)}`),
    ...(r.steps.length > 0
      ? [
          `    roll-price search from turn prices β ${p.startBeta}, ${p.steps} steps, ${p.games} relaxed games per column and step, seed ${p.seed}, θ ${p.theta}, probability floor ${p.floor}, target ${p.target}: ${r.steps.map((s) => s.bound.toFixed(1)).join(', ')} (${r.steps.reduce((a, s) => a + s.cpuSeconds, 0).toFixed(0)} s CPU)`,
        ]
      : []),
    `    ${r.wallSeconds.toFixed(0)} s on ${r.threads} threads (${r.cpuSeconds.toFixed(0)} s CPU), ${r.computedAt}; ${cached ? 'cached in' : 'written to'} ${file}`,
    '',
  ].join('\n');
}
