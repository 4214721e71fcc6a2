import { z } from 'zod';
import { advise } from '../advisor/index.ts';
import { reviewRecords, unpackResult } from '../analysis/index.ts';
import { zodIssues } from '../codec/zod-issues.ts';
import { DicewiseError, invalidInput } from '../errors.ts';
import { describeRuleSet, parsePosition, positionError } from '../position/index.ts';
import { POSITION_FIELDS } from '../position/schemas.ts';
import { columnTypes, isRuleSetId, isSolvedByModel, isSolvedExactly, RULESET_IDS, RULESETS, type RuleSetId } from '../rules/index.ts';
import { createTurnCaches, exactColumnModel, initialState, type GameModel } from '../solver/index.ts';
import { provideNeural } from './neural-slot.ts';
import type { HintOptions, ReadyOptions, TableRecord } from './protocol.ts';
import type { TableSupply } from './table-supply.ts';

/**
 * The browser engine's answers, as the server gives them: a points hint is the body of
 * `POST /api/v1/hint` (the same checks, messages and advice: advisor/advise.ts over the same
 * tables), a review the entry of `POST /api/v1/analyse` for one game. Models are made on first use
 * from the tables the supply brings (table-supply.ts) and kept for the session; a rule set's turns
 * are cached as the server caches them.
 */

/** Rule sets the engine plays: those a server serves by default (the sub-games need their joint tables, and a server). */
export const BROWSER_RULESETS: readonly RuleSetId[] = RULESET_IDS.filter((id) => RULESETS[id].capabilities.servedByDefault);

/** The server's check of a hint body's fields (server/schemas.ts PositionSchema): a misspelt field is an error, not ignored. */
const HintBodySchema = z.strictObject({ ...POSITION_FIELDS, effort: z.unknown().optional() });

/** Turns kept per model, as a server keeps them (server/app-deps.ts SERVER_TURN_CACHE_ENTRIES). */
const TURN_CACHE_ENTRIES = 256;

/** The multi-column models, loaded when first needed: a page that plays Yahtzee does not load them and their fitted data. */
const approx = () => import('../approx/index.ts');

export interface RuleSetReady {
  ruleset: RuleSetId;
  /** the model's expected final score from the empty sheet */
  startValue: number;
  exact: boolean;
  tables: TableRecord[];
}

export interface EngineSession {
  hint(position: unknown, options?: HintOptions): Promise<unknown>;
  review(record: unknown): Promise<unknown>;
  ready(ruleset: unknown, options?: ReadyOptions): Promise<RuleSetReady>;
  /** GET /api/v1/rulesets as the engine can answer it: every rule set, those it plays `ready` once loaded, goals `points` */
  rulesets(): { rulesets: unknown[] };
  tables(): TableRecord[];
}

function notPlayed(id: string): DicewiseError {
  return new DicewiseError('NOT_SOLVED', `${id} is not played by the browser engine: it plays ${BROWSER_RULESETS.join(', ')}; ask a Dicewise server`);
}

export function createEngineSession(supply: TableSupply): EngineSession {
  const turns = createTurnCaches({ entries: TURN_CACHE_ENTRIES });
  const models = new Map<RuleSetId, Promise<GameModel>>();
  const loaded = new Map<RuleSetId, GameModel>();
  const complete = new Map<RuleSetId, Promise<GameModel>>();

  /** The model that plays `id`: an exact rule set's over its value table, a multi-column one's best model (neural correction). */
  function modelOf(id: RuleSetId): Promise<GameModel> {
    let p = models.get(id);
    if (!p) {
      const rs = RULESETS[id];
      p = (async () => {
        if (isSolvedExactly(rs)) return exactColumnModel(rs, await supply.values(id));
        if (!isSolvedByModel(rs)) throw notPlayed(id);
        // The weights first: the model reads them when it is made (approx/neural-data.ts, neural-slot.ts here).
        const [fit, tables, { bestModel }] = await Promise.all([supply.neural(id), supply.columnTables(id), approx()]);
        if (fit) provideNeural(id, fit);
        return bestModel(rs, tables);
      })();
      models.set(id, p);
      p.then(
        (m) => loaded.set(id, m),
        () => models.delete(id),
      );
    }
    return p;
  }

  /** The model with every table its advice reads: an exact rule set's moments table too (the final score's SD), as the server's. */
  function completeModel(id: RuleSetId): Promise<GameModel> {
    let p = complete.get(id);
    if (!p) {
      p = (async () => {
        const model = await modelOf(id);
        if (isSolvedExactly(model.rs) && !model.moments) model.moments = await supply.moments(id);
        return model;
      })();
      complete.set(id, p);
      p.catch(() => complete.delete(id));
    }
    return p;
  }

  function played(id: unknown): RuleSetId {
    if (typeof id !== 'string' || !isRuleSetId(id)) throw invalidInput([{ field: 'ruleset', message: `unknown rule set ${JSON.stringify(id)}` }], 'UNKNOWN_RULESET');
    if (!BROWSER_RULESETS.includes(id)) throw notPlayed(id);
    return id;
  }

  return {
    async hint(raw, options = {}) {
      // The route's checks in its order (server/routes/hint.ts): the position's, the body's fields, the effort.
      const parsed = parsePosition(raw);
      if (!parsed.ok) throw positionError(parsed);
      const shape = HintBodySchema.safeParse(raw);
      if (!shape.success) throw invalidInput(zodIssues(shape.error.issues));
      const { position } = parsed;
      const effortIn = (raw as { effort?: unknown }).effort;
      const { parseEffort, effortRefiner } = effortIn === undefined ? { parseEffort: undefined, effortRefiner: undefined } : await import('../approx/rollout.ts');
      const effort = parseEffort ? parseEffort(effortIn, position.rs) : ({ ok: true, effort: 0 } as const);
      if (!effort.ok) throw invalidInput(effort.issues);
      if (effort.effort > 0 && position.goal.type !== 'points') throw invalidInput([{ field: 'effort', message: `applies to the points goal, not ${position.goal.type}` }]);
      if (position.goal.type !== 'points') {
        throw new DicewiseError('NOT_SOLVED', `the ${position.goal.type} goal needs a Dicewise server: the engine in this page advises for points`, [{ field: 'goal', message: 'only points offline' }]);
      }
      const id = played(position.rs.id);
      const model = options.sd === false ? await modelOf(id) : await completeModel(id);
      if (effort.effort > 0 && effortRefiner) return advise(model, position, undefined, effortRefiner(model, effort.effort));
      return advise(model, position, turns.get(model, position.state));
    },

    async review(record) {
      const [r] = await reviewRecords(
        async (id) => (BROWSER_RULESETS.includes(id) ? modelOf(id) : notPlayed(id).message),
        { records: [record] },
        undefined,
        undefined,
      );
      return 'review' in r ? r.review : unpackResult(r);
    },

    async ready(ruleset, options = {}) {
      const id = played(ruleset);
      const model = options.sd === false ? await modelOf(id) : await completeModel(id);
      return { ruleset: id, startValue: model.value(initialState(model.rs)), exact: model.exact, tables: supply.records().filter((t) => t.ruleset === id || usedBy(id, t.ruleset)) };
    },

    rulesets() {
      const rulesets = RULESET_IDS.map((id) => {
        const model = loaded.get(id);
        const status = !BROWSER_RULESETS.includes(id) ? 'not-served' : model ? 'ready' : 'queued';
        return describeRuleSet(RULESETS[id], { goals: ['points'], status, startValue: model?.value(initialState(model.rs)) });
      });
      return { rulesets };
    },

    tables: () => supply.records(),
  };
}

/** Whether rule set `id` plays from `other`'s tables (Triple Yahtzee from yahtzee's value table). */
function usedBy(id: RuleSetId, other: string): boolean {
  return columnTypes(RULESETS[id]).some((t) => t.sameAs === other);
}
