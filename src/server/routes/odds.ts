import { createRoute } from '@hono/zod-openapi';
import { MAX_ODDS_TARGETS, positionOdds } from '../../advisor/index.ts';
import { invalidInput } from '../../errors.ts';
import { parsePosition, positionError } from '../../position/index.ts';
import { supportsTable } from '../../rules/index.ts';
import type { RouteModule } from '../app-deps.ts';
import { checkBody, decodeBody, mountBodyRoute, MSGPACK, sendData } from '../body.ts';
import { OddsRequestSchema, OddsSchema, problemContent } from '../schemas.ts';

export const oddsRoute = createRoute({
  method: 'post',
  path: '/api/v1/odds',
  summary: 'Odds of a position: the best chance of each final total',
  description:
    'For every final total t from `from` to `to`, the best achievable P(final ≥ t) from this position, each t played for on its own ' +
    `(so the curve is the envelope of the reach goals, not the odds of one way of playing). At most ${MAX_ODDS_TARGETS} targets. ` +
    "Exact rule sets only; the rule set's reach table is loaded, or built, on first use (503 with Retry-After meanwhile). " +
    `Send JSON or MessagePack (Content-Type ${MSGPACK}); ask for MessagePack with Accept: ${MSGPACK}.`,
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: OddsRequestSchema }, [MSGPACK]: { schema: OddsRequestSchema } },
    },
  },
  responses: {
    200: { description: 'The odds curve', content: { 'application/json': { schema: OddsSchema }, [MSGPACK]: { schema: OddsSchema } } },
    400: problemContent('The position or range is malformed, the rule set has no exact tables, or a target is beyond what the reach table holds; `errors` names each field'),
    413: problemContent('The body is too large'),
    503: problemContent("The rule set's reach table is loading or being built (see Retry-After), or this server does not serve the rule set"),
  },
});

export const registerOddsRoute: RouteModule = (app, deps) => {
  mountBodyRoute(app, oddsRoute, { maxBytes: deps.limits.hintBodyBytes }, async (c) => {
    const raw = await decodeBody(c);
    // parsePosition reads only the position's own fields, so `from` and `to` pass through it unseen.
    const parsed = parsePosition(raw);
    if (!parsed.ok) throw positionError(parsed);
    const { from, to } = checkBody(OddsRequestSchema, raw);
    const { position } = parsed;
    const id = position.rs.id;
    if (!supportsTable(position.rs, 'reach')) {
      throw invalidInput([{ field: 'ruleset', message: `odds are answered for the exactly solved rule sets; ${id} is played by an approximate model` }]);
    }
    // Served here (and loaded): a rule set the operator left out gets no reach table built either.
    deps.registry.get(id);
    return sendData(c, positionOdds(deps.registry.table('reach', id), position, { from, to }));
  });
};
