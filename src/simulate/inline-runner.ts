import { DicewiseError } from '../errors.ts';
import { RULESETS, type RuleSet, type RuleSetId } from '../rules/index.ts';
import type { GameModel, GoalKind, ReachTable, ThresholdModel } from '../solver/index.ts';
import { JsonLinesRecorder } from './game-recorder.ts';
import { createPlayer } from './play-game.ts';
import { runChunk, emptyChunk } from './run-chunk.ts';
import { runHeadToHead } from './head-to-head.ts';
import { seatStrategies } from './head-to-head-run.ts';
import { createBuiltinStrategy, GOAL_PLAYS, isBuiltinStrategy, modelKindOf, STRATEGY_NAMES, type ModelKind } from './strategies/index.ts';
import type { Strategy } from './strategy.ts';
import type { ChunkRunner, SimulateTask } from './task.ts';
import { asStrategy } from './user-strategy.ts';

export interface InlineRunnerDeps {
  /** the model `loadModel` serves for a rule set: exact for one column, the corrected model for several */
  model?: (id: RuleSetId) => Promise<GameModel> | GameModel;
  /** the other models of a multi-column rule set: linear, decomposition, greedy, a sub-game's exact one (store/model-loader.ts loadApproxModel) */
  approxModel?: (id: RuleSetId, kind: Exclude<ModelKind, 'best'>) => Promise<GameModel> | GameModel;
  /** imports a strategy module and resolves with its default export; without it, only built-ins play */
  importModule?: (spec: string) => Promise<unknown>;
  /** the reach table (or the points distribution) of an exact rule set, for `reach:T` and `win` strategies */
  reachTable?: (id: RuleSetId, kind: GoalKind) => Promise<ReachTable> | ReachTable;
  /** a fresh goal model over a multi-column rule set's best model (approx/multi-column-models.ts goalModel), for `reach:T` and `win` there */
  goalModel?: (rs: RuleSet, tables: NonNullable<GameModel['columnTables']>) => ThresholdModel | Promise<ThresholdModel>;
}

/**
 * Runs tasks on this thread. Strategies (with their turn caches) and models are created once and
 * reused by every later task with the same rule set: worker threads run one of these each, so a
 * thread loads its table once. Strategies are kept per (rule set, strategy, cache size), so runs
 * comparing different sets of strategies share them.
 */
export function createInlineRunner(deps: InlineRunnerDeps = {}): ChunkRunner {
  const models = new Map<string, Promise<GameModel>>();
  /** by rule set, strategy and cache size: the strategy, and the id of the shared memo space it plays over */
  const strategies = new Map<string, { memo: number | undefined; strategy: Promise<Strategy> }>();

  const modelOf = (id: RuleSetId, kind: ModelKind, spec: string): Promise<GameModel> => {
    const key = `${id}\u0000${kind}`;
    let m = models.get(key);
    if (!m) {
      const source = kind === 'best' ? deps.model && (() => deps.model!(id)) : deps.approxModel && (() => deps.approxModel!(id, kind));
      if (!source) return Promise.reject(new DicewiseError('NOT_READY', `no model source: the ${spec} strategy cannot play ${id} here`));
      m = Promise.resolve().then(source);
      models.set(key, m);
      m.catch(() => models.delete(key));
    }
    return m;
  };

  const reachTables = new Map<string, Promise<ReachTable>>();
  const reachOf = (id: RuleSetId, kind: GoalKind = 'reach'): Promise<ReachTable> => {
    const key = `${id}\u0000${kind}`;
    let t = reachTables.get(key);
    if (!t) {
      const source = deps.reachTable;
      if (!source) return Promise.reject(new DicewiseError('NOT_READY', `no reach tables here: reach and win strategies cannot play ${id}`));
      t = Promise.resolve().then(() => source(id, kind));
      reachTables.set(key, t);
      t.catch(() => reachTables.delete(key));
    }
    return t;
  };

  const create = async (task: SimulateTask, spec: string): Promise<Strategy> => {
    const rs = RULESETS[task.ruleset];
    const goal = GOAL_PLAYS.find((p) => p.plays(spec));
    if (goal) {
      return goal.create({
        rs,
        spec,
        strategy: (name) => strategyOf(task, name),
        lane: (kind) => reachOf(task.ruleset, kind),
        goalModel: async () => {
          if (!deps.goalModel) throw new DicewiseError('NOT_READY', `no goal models here: ${spec} cannot play ${rs.id}`);
          // The run's own `best` model; the play's fallback is that strategy itself, so where goal play keeps to best play the two share one memo of decisions.
          const best = await modelOf(task.ruleset, 'best', spec);
          if (!best.columnTables) throw new DicewiseError('NOT_READY', `the ${rs.id} model has no column tables: ${spec} cannot play it`);
          return deps.goalModel(rs, best.columnTables);
        },
      });
    }
    if (isBuiltinStrategy(spec)) {
      const kind = modelKindOf(spec, rs);
      const model = kind ? await modelOf(task.ruleset, kind, spec) : undefined;
      return createBuiltinStrategy(spec, { rs, model, cacheEntries: task.cacheEntries, memo: task.memos?.[spec] });
    }
    if (!deps.importModule) {
      throw new DicewiseError('INVALID_INPUT', `unknown strategy ${JSON.stringify(spec)}; use ${STRATEGY_NAMES}`, [
        { field: 'strategies', message: `unknown strategy ${spec}` },
      ]);
    }
    return asStrategy(await deps.importModule(spec), spec, rs);
  };

  // A task of a run with a shared memo space replaces the strategy kept from another run (and
  // with it that run's space): a thread keeps one memo per strategy, as without spaces.
  const strategyOf = (task: SimulateTask, spec: string): Promise<Strategy> => {
    const key = JSON.stringify([task.ruleset, spec, task.cacheEntries]);
    const memo = task.memos?.[spec]?.id;
    let s = strategies.get(key);
    if (!s || s.memo !== memo) {
      const made = { memo, strategy: create(task, spec) };
      strategies.set(key, made);
      made.strategy.catch(() => strategies.get(key) === made && strategies.delete(key));
      s = made;
    }
    return s.strategy;
  };

  return async (task) => {
    const rs = RULESETS[task.ruleset];
    const list = await Promise.all(task.strategies.map((spec) => strategyOf(task, spec)));
    // Give the event loop a turn between chunks: a server running games inline keeps answering.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (task.players !== undefined) {
      const slots = seatStrategies(list, task.players).map((s) => createPlayer(rs, s));
      const headToHead = runHeadToHead(rs, slots, task.seed, task.from, task.to);
      return { ...emptyChunk(0, 0, task.from, task.to), names: list.map((s) => s.name), headToHead };
    }
    const players = list.map((s) => createPlayer(rs, s));
    const recorder = task.record ? new JsonLinesRecorder(rs, players[0].ctx.tables) : undefined;
    const result = runChunk(rs, players, task.seed, task.from, task.to, recorder);
    const names = list.map((s) => s.name);
    return recorder ? { ...result, names, records: recorder.take().text } : { ...result, names };
  };
}
