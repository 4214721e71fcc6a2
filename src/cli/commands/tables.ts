import { statSync } from 'node:fs';
import type { Command } from 'commander';
import { describeCommand } from '../command-descriptions.ts';
import { GAME_VALUE_FACTS } from '../../approx/measured.ts';
import {
  columnTypes,
  isModelledRuleSetId,
  isRuleSetId,
  isSolvedByModel,
  isSolvedExactly,
  MODELLED_RULESET_IDS,
  PLAYABLE_RULESETS,
  RULESET_IDS,
  RULESETS,
  supportsTable,
  type RuleSetId,
} from '../../rules/index.ts';
import { DicewiseError } from '../../errors.ts';
import { buildModelTables, buildReachAndWrite } from '../../store/model-loader.ts';
import { describeEstimate } from '../../solver/index.ts';
import { buildsInProgress } from '../../store/build-lock.ts';
import { reachTablePath, readReachTable } from '../../store/reach-store.ts';
import { solverThreads } from '../../../workers/pool.ts';
import { listTables, needsBuild } from '../../store/table-store.ts';
import { methodOf, readBound, type BoundMethodId, type BoundRecord } from '../../store/bound-store.ts';
import { tableDir } from '../options.ts';
import { progressBar } from '../progress.ts';
import { resolveTablesBuildOptions, TABLES_BUILD_DEFAULTS, type ResolvedTablesBuildOptions, type TablesBuildFlags } from './tables-build-options.ts';

/** The goal tables --reach or --win asks for; one present, current and big enough is kept (the win goal's reach table is the reach goal's). */
async function buildGoalTables(o: ResolvedTablesBuildOptions): Promise<void> {
  for (const id of o.rulesets) {
    for (const kind of o.goalKinds) {
      const present = await readReachTable(o.tables, RULESETS[id], kind).catch((e: unknown) => {
        if (needsBuild(e)) return undefined;
        throw e;
      });
      if (present && present.table.cap >= o.cap) {
        process.stdout.write(`${id}: ${kind === 'reach' ? 'reach table' : 'points distribution'}, n <= ${present.table.cap}, already built and current -> ${reachTablePath(o.tables, id, kind)}\n`);
        continue;
      }
      const bar = progressBar(`${id} ${kind}`, { lines: true });
      const { built, file } = await buildReachAndWrite(o.tables, id, { threads: o.threads, solver: solverThreads, cap: o.cap, kind, onProgress: (p) => bar.update(p.statesDone, p.statesTotal) });
      bar.stop();
      const h = built.header;
      const bytes = statSync(file).size;
      const what =
        kind === 'reach'
          ? `reach table, n <= ${built.table.cap}, P(start, 250) ${h.startValue.toFixed(7)}`
          : `points distribution, k <= ${built.table.cap}, mean ${h.startValue.toFixed(7)}`;
      process.stdout.write(
        `${id}: ${what}  (${built.states} states, ` +
          `${built.table.data.values} values, ${(bytes / 2 ** 20).toFixed(1)} MiB on disk, ` +
          (built.convertedSeconds === undefined ? `${h.buildSeconds.toFixed(2)} s, ${h.threads} threads` : `converted from the older format in ${built.convertedSeconds.toFixed(2)} s`) +
          `) -> ${file}\n`,
      );
    }
  }
}

/** The outlook tables --outlook asks for (each box's expected points and chance of a zero under expected-score play). */
async function buildOutlookTables(o: ResolvedTablesBuildOptions): Promise<void> {
  for (const id of o.rulesets) {
    if (!supportsTable(RULESETS[id], 'outlook')) throw new DicewiseError('NOT_SOLVED', `${id} has no outlook table: it is exact for single-column rule sets only`, [{ field: 'ruleset', message: 'no outlook table' }]);
    const bar = progressBar(`${id} outlook`, { lines: true });
    const { built, file } = await buildReachAndWrite(o.tables, id, { threads: o.threads, solver: solverThreads, kind: 'outlook', onProgress: (p) => bar.update(p.statesDone, p.statesTotal) });
    bar.stop();
    const bytes = statSync(file).size;
    process.stdout.write(
      `${id}: outlook table, its lanes sum to ${built.header.startValue.toFixed(7)} at the start  (${built.states} states, ${built.table.values.length} values, ` +
        `${(bytes / 2 ** 20).toFixed(1)} MiB on disk, ${built.header.buildSeconds.toFixed(2)} s, ${built.header.threads} threads) -> ${file}\n`,
    );
  }
}

/** Each rule set's value tables (a multi-column one's column types, the exact tables its columns share), each built once. */
async function buildValueTables(o: ResolvedTablesBuildOptions): Promise<void> {
  const done = new Set<RuleSetId>();
  for (const id of o.rulesets) {
    if (done.has(id)) continue;
    const bar = progressBar(id, { lines: true });
    const tables = await buildModelTables(o.tables, id, { threads: o.threads, solver: solverThreads, moments: o.moments, onProgress: (p) => bar.update(p.statesDone, p.statesTotal) });
    bar.stop();
    for (const { id: built, built: t, file } of tables) {
      done.add(built);
      const h = t.header;
      // A multi-column rule set's start value is the decomposition's: Σ multiplier × column value; a sub-game's joint table holds its optimum.
      const what = h.layout.kind === 'joint' ? 'exact joint table, optimum' : isSolvedExactly(RULESETS[built]) ? 'start value' : 'column tables, decomposition start value';
      process.stdout.write(`${built}: ${what} ${h.startValue.toFixed(7)}  (${t.states} states, ${h.buildSeconds.toFixed(2)} s, ${h.threads} threads) -> ${file}\n`);
    }
    if (isSolvedByModel(RULESETS[id]) && !tables.some((t) => t.id === id)) {
      const from = [...new Set(columnTypes(RULESETS[id]).flatMap((t) => (t.sameAs ? [t.sameAs] : [])))];
      process.stdout.write(`${id}: plays its columns from the ${from.join(', ')} table${tables.length === 0 ? ', already built and current' : ''}\n`);
    }
    done.add(id);
  }
}

function registerTablesBuild(tables: Command): void {
  tables
    .command('build')
    .description('solve a rule set exactly (multi-column: each column type on its own) and write its table')
    .option('--ruleset <id>', `rule set (${PLAYABLE_RULESETS.join(', ')})`)
    .option('--all', 'build the tables of every rule set served by default (the sub-games, whose joint tables take minutes, by --ruleset)')
    .option('--threads <n>', 'worker threads (default: all cores)')
    .option('--tables <dir>', 'table folder (default $DICEWISE_TABLES or ./tables)')
    .option('--moments', "also build the moments table (the final score's standard deviation in hints)")
    .option('--reach', 'build reach tables (probability of scoring at least n more points) instead')
    .option('--win', 'build what the win goal needs instead: the reach table and the points distribution of expected-score play (how opponents finish); one already built and current is kept')
    .option('--cap <n>', `with --reach or --win: exact for every n up to this (default ${TABLES_BUILD_DEFAULTS.cap})`)
    .option('--outlook', "build the outlook table instead: each box's expected points and chance of a zero under expected-score play (hint and analyse --explain)")
    .action(async (flags: TablesBuildFlags) => {
      const o = resolveTablesBuildOptions(flags, process.env);
      await (o.outlook ? buildOutlookTables(o) : o.goalKinds.length > 0 ? buildGoalTables(o) : buildValueTables(o));
    });
}

export function registerTables(program: Command): void {
  const tables = program.command('tables').description(describeCommand('tables'));
  registerTablesBuild(tables);

  tables
    .command('info')
    .description('list built tables with their value and whether they match this version')
    .option('--tables <dir>', 'table folder (default $DICEWISE_TABLES or ./tables)')
    .option('--json', 'print JSON')
    .action(async (opts: { tables?: string; json?: boolean }) => {
      const dir = tableDir(opts.tables);
      const infos = await listTables(dir);
      const bounds: Partial<Record<RuleSetId, BoundRecord>> = {};
      for (const id of RULESET_IDS) {
        const b = isModelledRuleSetId(id) ? await readBound(dir, id) : undefined;
        if (b) bounds[id] = b;
      }
      const games = multiColumnGames(infos.filter((i) => i.status === 'ok'), bounds);
      const building = await buildsInProgress(dir);
      if (opts.json) {
        // The same list as ever; a multi-column table's entry also says what its start value is and what is known of the game.
        const json = infos.map((i) => {
          const g = games.find((x) => x.ruleset === i.ruleset);
          return g && i.kind === 'values' ? { ...i, startValueIs: 'each column played alone: Σ multiplier × column value', game: g } : i;
        });
        // Builds in progress (any process) come after the tables, each with its percent and seconds left.
        const out = [...json, ...building.map((b) => ({ building: b.name, startedAt: b.startedAt, percent: b.estimate.percent, etaSeconds: b.estimate.etaSeconds }))];
        process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
        return;
      }
      for (const b of building) process.stdout.write(`${`${b.name} (building)`.padEnd(30)} ${describeEstimate(b.estimate)}, since ${b.startedAt}\n`);
      if (infos.length === 0) {
        process.stdout.write(`no tables in ${dir}; build them with: dicewise tables build --all\n`);
        return;
      }
      for (const i of infos) {
        const h = i.header;
        // Each kind's header value: the start value, the final score's SD, or P(final >= 250) from the start.
        // A multi-column rule set's table holds its column types: its header value is Σ multiplier × column value, not the game's.
        const multi = isRuleSetId(i.ruleset) && isSolvedByModel(RULESETS[i.ruleset]);
        const label = { values: multi ? 'columns alone' : 'value', moments: 'SD', reach: 'P(250)', distribution: 'mean', outlook: 'total', joint: 'optimum' }[i.kind];
        const value = h ? `${label} ${h.startValue.toFixed(i.kind === 'moments' ? 4 : 7)}` : '-';
        const fp = h ? h.fingerprint : '-';
        // A goal or outlook table is built by its own flag (an older goal table's is converted there, in seconds).
        const flag = { reach: ' --reach', distribution: ' --win', outlook: ' --outlook' }[i.kind as string] ?? '';
        const status = i.status === 'ok' ? 'ok' : `${i.status.toUpperCase()}: ${i.detail ?? ''} (rebuild: dicewise tables build --ruleset ${i.ruleset}${flag})`;
        process.stdout.write(
          `${`${i.ruleset}${i.kind === 'values' ? (multi ? ' (columns)' : '') : ` (${i.kind})`}`.padEnd(30)} ${value.padStart(18)}  fingerprint ${fp}  ${(i.bytes / 2 ** 20).toFixed(1)} MiB  ${status}\n`,
        );
      }
      for (const g of games) process.stdout.write(`${gameValueLine(g)}\n`);
    });
}

/** What `tables info` says of a multi-column game whose column tables are listed. */
export interface MultiColumnGameInfo {
  ruleset: RuleSetId;
  /** the table files its columns are played from */
  columnTables: string[];
  bestMean: number;
  bestHalfWidth: number;
  games: number;
  seed: number;
  /** proven upper bound on the optimal expected score */
  upperBound: number;
  /** a sub-game's exact optimum, from its joint table where that is built */
  optimum?: number;
  /** where it comes from: `dicewise bound`'s cached result, else the turn-price figure of docs/multi-column.md */
  upperBoundSource: string;
  /** how the bound was computed, where `dicewise bound` computed it */
  boundMethod?: {
    /** `dicewise bound --method`, and which of its bounds is the least */
    id: BoundMethodId;
    from: NonNullable<BoundRecord['from']>;
    method: string;
    steps: number;
    games: number;
    seed: number;
    startBeta: number;
    cpuSeconds: number;
    computedAt: string;
  };
}

/**
 * A multi-column table's start value is each column played on its own (Σ multiplier × column
 * value): a user reading `tables info` expects the game's expected score, which no table holds.
 * Each multi-column game whose column tables are all listed gets its own line with what is known
 * of it: best play's measured mean and an upper bound on the optimum (approx/measured.ts).
 */
export function multiColumnGames(infos: readonly { ruleset: string; kind: string; header?: { startValue: number } }[], bounds: Partial<Record<RuleSetId, BoundRecord>> = {}): MultiColumnGameInfo[] {
  const built = new Set(infos.filter((i) => i.kind === 'values').map((i) => i.ruleset));
  const out: MultiColumnGameInfo[] = [];
  for (const id of MODELLED_RULESET_IDS) {
    const facts = GAME_VALUE_FACTS[id];
    const columnTables = [...new Set(columnTypes(RULESETS[id]).map((t) => t.sameAs ?? id))];
    if (!columnTables.every((t) => built.has(t))) continue;
    const b = bounds[id];
    const optimum = infos.find((i) => i.ruleset === id && i.kind === 'joint')?.header?.startValue;
    out.push({
      ruleset: id,
      columnTables,
      ...facts,
      ...(optimum !== undefined ? { optimum } : {}),
      ...(b
        ? {
            upperBound: b.bound,
            upperBoundSource: `dicewise bound --method ${methodOf(b)}, from ${(b.from ?? { method: 'roll-prices' }).method}, ${b.cpuSeconds.toFixed(0)} s CPU (${b.ruleset}.bound.json)`,
            boundMethod: {
              id: methodOf(b),
              from: b.from ?? { method: 'roll-prices', prices: 'search' },
              method: b.method,
              steps: b.parameters.steps,
              games: b.parameters.games,
              seed: b.parameters.seed,
              startBeta: b.parameters.startBeta,
              cpuSeconds: b.cpuSeconds,
              computedAt: b.computedAt,
            },
          }
        : { upperBoundSource: 'dicewise bound, docs/multi-column.md "How far from optimal" (run it to compute it here)' }),
    });
  }
  return out;
}

export function gameValueLine(g: MultiColumnGameInfo): string {
  const mean = `best play ${g.bestMean.toFixed(1)} ± ${g.bestHalfWidth.toFixed(1)}`;
  const optimum = g.optimum !== undefined ? `the optimum is ${g.optimum.toFixed(1)} (exact joint table), the bound ${g.upperBound.toFixed(1)}` : `the optimum is unknown, at most ${g.upperBound.toFixed(1)}`;
  return `${`${g.ruleset} (game)`.padEnd(30)} ${mean.padStart(18)}  measured over ${g.games.toLocaleString('en-US')} games (seed ${g.seed}); ${optimum} (${g.upperBoundSource}); columns from ${g.columnTables.join(', ')}`;
}
