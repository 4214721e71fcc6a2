import { createRoute, z } from '@hono/zod-openapi';
import { advise, EXPLAIN_NOTES, explainAdvice, explainNote, type Advice } from '../../advisor/index.ts';
import { adviseGoal, goalTables, goalTablesNeeded } from '../../goals/index.ts';
import { parseEffort } from '../../approx/rollout.ts';
import { invalidInput } from '../../errors.ts';
import { parsePosition, positionError, type Position } from '../../position/index.ts';
import type { GameModel } from '../../solver/index.ts';
import type { ResolvedDeps, RouteModule } from '../app-deps.ts';
import { checkBody, decodeBytes, encodeData, mountBodyRoute, MSGPACK, requestFormat, responseFormat, sendData, sendEncoded } from '../body.ts';
import { requestKey, servedResponse } from '../hint-cache.ts';
import { HINT_PATH } from '../cached-hints.ts';
import { AdviceSchema, PositionSchema, ProbabilityAdviceSchema, problemContent } from '../schemas.ts';

const HintResponseSchema = z.union([AdviceSchema, ProbabilityAdviceSchema]);

export const hintRoute = createRoute({
  method: 'post',
  path: HINT_PATH,
  summary: 'Advice for a position',
  description:
    'Every legal action (holds with rerolls left, boxes to score in) with its expected value, best first. ' +
    'With `"goal": {"type": "reach", "score": T}` every option carries instead the chance of finishing with at least T (a ProbabilityAdvice); ' +
    'with `"goal": {"type": "win", "opponents": [{"scorecard": {…}, "yahtzeeBonus": 0}, {"finalScore": 241}]}` (1 to 7 opponents, in progress or finished, playing for points) ' +
    'it carries your expected share of the stake (a win alone 1, a k-way tie for first 1/k), and the advice gives each opponent\'s expected final total. ' +
    "The rule set's reach table (and, for opponents in progress, its points distribution table) is loaded, or built, on first use of the goal (503 with Retry-After meanwhile). " +
    'With `"explain": true` (exact single-column rule sets, points goal) the advice and every option carry their `outlook`, and every option but the best its `reasons`: see Outlook and Reason. ' +
    `Send JSON or MessagePack (Content-Type ${MSGPACK}); ask for MessagePack with Accept: ${MSGPACK}.`,
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: PositionSchema }, [MSGPACK]: { schema: PositionSchema } },
    },
  },
  responses: {
    200: {
      description: 'The advice: an Advice for the points goal, a ProbabilityAdvice for a reach goal',
      content: { 'application/json': { schema: HintResponseSchema }, [MSGPACK]: { schema: HintResponseSchema } },
    },
    400: problemContent(
      'The position or goal is malformed or impossible, or the target needs more points than the reach table holds (the message names the largest answerable); `errors` names each field',
    ),
    413: problemContent('The body is too large'),
    501: problemContent('The rule set has no model'),
    503: problemContent(
      "The rule set's table (or, for a reach goal, its reach table; with `explain`, its outlook table) is still loading or being built (see Retry-After), or this server does not serve it",
    ),
  },
});

const UTF8 = new TextEncoder();

/**
 * A points hint with `explain`: the outlook and the reasons where the rule set has an outlook table
 * (read, or built first, through the registry: NOT_READY meanwhile), else the advice with a note
 * saying why not. Not kept in the hint cache: its bodies are twenty times a plain hint's.
 */
async function explainedHint(deps: ResolvedDeps, model: GameModel, position: Position, raw: unknown, effort: number, signal: AbortSignal): Promise<unknown> {
  const note = explainNote(position);
  if (note !== undefined) {
    const advice =
      effort > 0
        ? (JSON.parse((await deps.admission.run(() => deps.batch.hint({ position: raw, effort, format: 'json' }), signal)) as string) as Advice)
        : advise(model, position, deps.turns.get(model, position.state));
    return { ...advice, explainNote: note };
  }
  const table = deps.registry.table('outlook', position.rs.id);
  const complete = await deps.registry.complete(model.rs.id);
  return explainAdvice(complete, table, position, advise(complete, position, deps.turns.get(model, position.state)));
}

export const registerHintRoute: RouteModule = (app, deps) => {
  mountBodyRoute(app, hintRoute, { maxBytes: deps.limits.hintBodyBytes }, async (c) => {
    const inFormat = requestFormat(c);
    const format = responseFormat(c);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const request = requestKey(bytes, inFormat, format);
    // A server answers these before hono (cached-hints.ts); here for the app alone (app.request()).
    const seen = servedResponse(deps.hints, deps.registry, request);
    if (seen !== undefined) return sendEncoded(c, seen, format);
    const raw = decodeBytes(c, bytes);
    // The position's checks first, worded as the CLI's; then what no position has (a misspelt field).
    const parsed = parsePosition(raw);
    if (!parsed.ok) throw positionError(parsed);
    checkBody(PositionSchema, raw);
    const { position } = parsed;
    const effort = parseEffort((raw as { effort?: unknown }).effort, position.rs);
    if (!effort.ok) throw invalidInput(effort.issues);
    if (effort.effort > 0 && position.goal.type !== 'points') throw invalidInput([{ field: 'effort', message: `applies to the points goal, not ${position.goal.type}` }]);
    const explain = (raw as { explain?: boolean }).explain === true;
    const model = deps.registry.get(position.rs.id);
    if (position.goal.type !== 'points') {
      // Every lane table the goal needs moves to the front of the build queue at once, not one by one.
      const lanes = deps.registry.tables(position.rs.id, goalTablesNeeded(position).filter((k): k is Exclude<typeof k, 'goal-model'> => k !== 'goal-model'));
      const tables = await goalTables(position, model, (kind) => lanes[kind]);
      const advice = adviseGoal(model, tables, position);
      return sendData(c, explain ? { ...advice, explainNote: EXPLAIN_NOTES.goal } : advice);
    }
    if (explain) return sendData(c, await explainedHint(deps, model, position, raw, effort.effort, c.req.raw.signal));
    let body = deps.hints.get(model, position, format, effort.effort);
    if (body === undefined) {
      // A hint with effort costs up to a quarter second of rollouts: it runs where batch work runs,
      // behind the same admission policy, so that the hints without effort never wait for it.
      body =
        effort.effort > 0
          ? ((await deps.admission.run(() => deps.batch.hint({ position: raw, effort: effort.effort, format }), c.req.raw.signal)) as string | Uint8Array<ArrayBuffer>)
          : encodeData(advise(await deps.registry.complete(model.rs.id), position, deps.turns.get(model, position.state)), format);
      // Kept as bytes: a cached body is then sent as it is, not measured and encoded to UTF-8 again for each response.
      if (typeof body === 'string') body = UTF8.encode(body) as Uint8Array<ArrayBuffer>;
    }
    deps.hints.set(model, position, format, body, effort.effort, request);
    return sendEncoded(c, body, format);
  });
};
