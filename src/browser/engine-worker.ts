import { isDicewiseError } from '../errors.ts';
import { problemOf, type ProblemDetails } from '../problems.ts';
import { columnTypes, isRuleSetId, RULESETS } from '../rules/index.ts';
import { WEB_BUILD } from './build-info.ts';
import { createEngineSession } from './engine-session.ts';
import type { EngineReply, EngineRequest } from './protocol.ts';
import { createTableSupply } from './table-supply.ts';
import { workerSelf } from './worker-scope.ts';

/**
 * The browser engine's Web Worker (src/web/engine.js starts it): requests in, the engine's answers
 * out, each failure as the problem the server would answer (`instance` the route it stands in for).
 * Tables are solved in workers of their own (solve-worker.ts), so this thread answers hints for
 * one rule set while another's tables are solved.
 */
const self = workerSelf();

/** Which request is being answered, for a table's progress: every request waiting on a rule set hears of it. */
const waiting = new Map<number, string | undefined>();

const supply = createTableSupply({
  base: new URL(import.meta.url),
  onProgress: (e) => {
    for (const [id, ruleset] of waiting) if (hears(ruleset, e.ruleset)) self.postMessage({ id, progress: e } satisfies EngineReply);
  },
});
const session = createEngineSession(supply);

/** Whether a request about `ruleset` (any, where undefined) waits on `table`'s rule set's tables: its own, or those its columns play (Triple Yahtzee's yahtzee table). */
function hears(ruleset: string | undefined, table: string): boolean {
  if (ruleset === undefined || ruleset === table) return true;
  return isRuleSetId(ruleset) && columnTypes(RULESETS[ruleset]).some((t) => t.sameAs === table);
}

const INSTANCES: Record<EngineRequest['op'], string> = {
  hint: '/api/v1/hint',
  review: '/api/v1/analyse',
  ready: '/api/v1/rulesets',
  rulesets: '/api/v1/rulesets',
  status: '/api/v1/rulesets',
};

function problem(err: unknown, instance: string): ProblemDetails {
  if (isDicewiseError(err)) return problemOf(err, instance);
  // Not the server's "see the log": here the message is the only trace a page gets.
  return { type: '/api/v1/docs#problem-internal', title: 'Internal error', status: 500, detail: err instanceof Error ? err.message : String(err), instance, errors: [] };
}

function rulesetOf(req: EngineRequest): string | undefined {
  if (req.op === 'ready') return typeof req.ruleset === 'string' ? req.ruleset : undefined;
  if (req.op === 'hint') return ((req.position as { ruleset?: unknown } | null)?.ruleset as string | undefined) ?? 'yahtzee';
  return undefined;
}

async function answer(req: EngineRequest): Promise<unknown> {
  switch (req.op) {
    case 'hint':
      return session.hint(req.position, req.options);
    case 'review':
      return session.review(req.record);
    case 'ready':
      return session.ready(req.ruleset, req.options);
    case 'rulesets':
      return session.rulesets();
    case 'status':
      return { neural: WEB_BUILD.neural, tables: session.tables() };
  }
}

self.addEventListener('message', (e) => {
  const req = e.data as EngineRequest;
  waiting.set(req.id, rulesetOf(req));
  answer(req).then(
    (result) => self.postMessage({ id: req.id, ok: true, result } satisfies EngineReply),
    (err: unknown) => self.postMessage({ id: req.id, ok: false, problem: problem(err, INSTANCES[req.op] ?? '') } satisfies EngineReply),
  ).finally(() => waiting.delete(req.id));
});
