import { isSolvedByModel, isSolvedExactly, RULESETS, supportsTable, type RuleSet, type RuleSetId } from '../rules/index.ts';
import type { GameModel, OutlookTable } from '../solver/index.ts';
import { analyserFor, explainingAnalyser, type Analyser } from './analyse-game.ts';
import { analyseGamesPacked, batchRuleSets } from './batch.ts';
import { batchRecords, type GameBatch } from './game-input.ts';
import type { PackedResult } from './packed-result.ts';

/**
 * Parses and analyses one batch with models loaded on demand (a worker's table folder). A table
 * that cannot be loaded fails the whole batch with its code; a rule set the lookup answers with
 * text (a server that does not serve it) makes that text each such game's error; a bad record is
 * only its own error.
 */
export async function analyseBatchPacked(
  modelFor: (id: RuleSetId) => Promise<GameModel | string>,
  batch: GameBatch,
  goal?: ReviewGoal,
  outlookFor?: OutlookLookup,
): Promise<PackedResult[]> {
  const records = batchRecords(batch);
  const loaded = new Map<RuleSetId, GameModel | string>();
  const ids = batchRuleSets(records);
  for (const id of ids) {
    const rs = RULESETS[id];
    // Reviews rate against an exact model where there is one: a single-column table, or a
    // sub-game's joint table. The full multi-column games are rated by their best model, and
    // the review says its values are estimates. Both for points only: no goal tables over
    // joint states are built, and the goal models' play is not strong enough to rate by.
    if (isSolvedExactly(rs)) loaded.set(id, await modelFor(id));
    else if (isSolvedByModel(rs)) loaded.set(id, goal ? `${id}: its games are reviewed for points only` : await modelFor(id));
  }
  if (!goal && outlookFor) {
    // An explained review: its exact single-column rule sets' games with their mistakes' reasons, the others' as they are.
    const explaining = new Map<RuleSetId, Analyser>();
    for (const [id, model] of loaded) if (typeof model !== 'string' && supportsTable(model.rs, 'outlook')) explaining.set(id, explainingAnalyser(model, await outlookFor(id)));
    return analyseGamesPacked((id) => loaded.get(id), records, (model) => explaining.get(model.rs.id) ?? analyserFor(model));
  }
  if (!goal) return analyseGamesPacked((id) => loaded.get(id), records);
  // A review for a goal: one analyser per rule set, with the tables the goal loads for it.
  const analysers = new Map<RuleSetId, Analyser>();
  for (const id of ids) if (isSolvedExactly(RULESETS[id])) analysers.set(id, await goal.analyser(RULESETS[id]));
  return analyseGamesPacked((id) => loaded.get(id), records, (model) => analysers.get(model.rs.id)!);
}

/** The outlook table of an exact single-column rule set, for a review that explains its mistakes (points only). */
export type OutlookLookup = (id: RuleSetId) => Promise<OutlookTable>;

/** A review for a goal other than points (the goal's module makes it: src/goals, `review`): the analyser that rates a rule set's games for it. */
export interface ReviewGoal {
  analyser(rs: RuleSet): Promise<Analyser>;
}
