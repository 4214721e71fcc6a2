import { DicewiseError } from '../errors.ts';
import { RULESETS, type RuleSetId } from '../rules/index.ts';
import type { GameModel } from '../solver/index.ts';
import { createPlayer, type Player } from './play-game.ts';
import { runChunk } from './run-chunk.ts';
import { createBuiltinStrategy, isBuiltinStrategy, needsModel } from './strategies/index.ts';
import type { Strategy } from './strategy.ts';
import type { ChunkRunner, SimulateTask } from './task.ts';
import { asStrategy } from './user-strategy.ts';

export interface InlineRunnerDeps {
  /** the exact model of a rule set (only asked for when `optimal` plays) */
  model?: (id: RuleSetId) => Promise<GameModel> | GameModel;
  /** imports a strategy module and resolves with its default export; without it, only built-ins play */
  importModule?: (spec: string) => Promise<unknown>;
}

/**
 * Runs tasks on this thread. Strategies (with their turn caches) and models are created once and
 * reused by every later task with the same rule set and strategies: worker threads run one of
 * these each, so a thread loads its table once.
 */
export function createInlineRunner(deps: InlineRunnerDeps = {}): ChunkRunner {
  const models = new Map<RuleSetId, Promise<GameModel>>();
  const playerSets = new Map<string, Promise<Player[]>>();

  const modelOf = (id: RuleSetId): Promise<GameModel> => {
    let m = models.get(id);
    if (!m) {
      if (!deps.model) throw new DicewiseError('NOT_READY', `no model source: the optimal strategy cannot play ${id} here`);
      m = Promise.resolve(deps.model(id));
      models.set(id, m);
    }
    return m;
  };

  const strategyOf = async (task: SimulateTask, spec: string): Promise<Strategy> => {
    const rs = RULESETS[task.ruleset];
    if (isBuiltinStrategy(spec)) {
      const model = needsModel(spec) ? await modelOf(task.ruleset) : undefined;
      return createBuiltinStrategy(spec, { rs, model, cacheEntries: task.cacheEntries });
    }
    if (!deps.importModule) {
      throw new DicewiseError('INVALID_INPUT', `unknown strategy ${JSON.stringify(spec)}; built-in: optimal, greedy, heuristic, random`, [
        { field: 'strategies', message: `unknown strategy ${spec}` },
      ]);
    }
    return asStrategy(await deps.importModule(spec), spec, rs);
  };

  return async (task) => {
    const key = JSON.stringify([task.ruleset, task.strategies, task.cacheEntries]);
    let players = playerSets.get(key);
    if (!players) {
      const rs = RULESETS[task.ruleset];
      players = Promise.all(task.strategies.map((s) => strategyOf(task, s))).then((list) => list.map((s) => createPlayer(rs, s)));
      playerSets.set(key, players);
      players.catch(() => playerSets.delete(key));
    }
    const list = await players;
    const result = runChunk(RULESETS[task.ruleset], list, task.seed, task.from, task.to);
    return { ...result, names: list.map((p) => p.strategy.name) };
  };
}
