import { DEFAULT_RULESET, isRuleSetId, isSolvedExactly, RULESETS, type RuleSetId } from '../rules/index.ts';
import type { GameModel } from '../solver/index.ts';
import { analysePacked, analyserFor, type Analyser } from './analyse-game.ts';
import { unpackResult, type PackedResult } from './packed-result.ts';
import { readRecord } from './read-record.ts';
import { gameError, type GameResult } from './types.ts';

/**
 * The model to analyse a rule set's games with; where there is none, undefined (a default
 * reason is given) or the reason as text, which becomes each such game's error.
 */
export type ModelLookup = (id: RuleSetId) => GameModel | string | undefined;

/** Games per chunk of a batch: large enough to amortise a worker round trip, small enough for progress. */
export const ANALYSIS_CHUNK = 200;

/** The rule set a record names (default yahtzee), or undefined where the record cannot say. */
export function recordRuleSet(record: unknown): RuleSetId | undefined {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return undefined;
  const id = (record as { ruleset?: unknown }).ruleset ?? DEFAULT_RULESET;
  return typeof id === 'string' && isRuleSetId(id) ? id : undefined;
}

/** Rule sets a batch needs models for, so a worker can load them before analysing. */
export function batchRuleSets(records: readonly unknown[]): RuleSetId[] {
  const ids = new Set<RuleSetId>();
  for (const r of records) {
    const id = recordRuleSet(r);
    if (id) ids.add(id);
  }
  return [...ids];
}

function noModel(id: RuleSetId): string {
  return isSolvedExactly(RULESETS[id]) ? `no strategy table is loaded for ${id}` : `no model is loaded for ${id}`;
}

/**
 * Analyses every record, in order, with decisions packed (see packed-result.ts); a bad record is
 * its own error and the others go on.
 */
export function analyseGamesPacked(modelFor: ModelLookup, records: readonly unknown[], analyserOf: (model: GameModel) => Analyser = analyserFor): PackedResult[] {
  return records.map((record) => {
    const id = recordRuleSet(record);
    if (id === undefined) {
      const head = readRecord(record);
      return 'error' in head ? head : gameError(0, 0, 'unreadable game record');
    }
    const model = modelFor(id);
    if (model === undefined || typeof model === 'string') return gameError(0, 0, model ?? noModel(id));
    return analysePacked(analyserOf(model), record);
  });
}

/** Analyses every record, in order; a bad record is its own error and the others go on. */
export function analyseGames(modelFor: ModelLookup, records: readonly unknown[]): GameResult[] {
  return analyseGamesPacked(modelFor, records).map(unpackResult);
}
