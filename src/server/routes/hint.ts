import { createRoute } from '@hono/zod-openapi';
import { advise } from '../../advisor/index.ts';
import { invalidInput } from '../../errors.ts';
import { parsePosition } from '../../position/index.ts';
import type { RouteModule } from '../app.ts';
import { checkBody, decodeBody, encodeData, mountBodyRoute, MSGPACK, responseFormat, sendEncoded } from '../body.ts';
import { AdviceSchema, PositionSchema, problemContent } from '../schemas.ts';

export const hintRoute = createRoute({
  method: 'post',
  path: '/api/v1/hint',
  summary: 'Advice for a position',
  description:
    'Every legal action (holds with rerolls left, boxes to score in) with its expected value, best first. ' +
    `Send JSON or MessagePack (Content-Type ${MSGPACK}); ask for MessagePack with Accept: ${MSGPACK}.`,
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: PositionSchema }, [MSGPACK]: { schema: PositionSchema } },
    },
  },
  responses: {
    200: { description: 'The advice', content: { 'application/json': { schema: AdviceSchema }, [MSGPACK]: { schema: AdviceSchema } } },
    400: problemContent('The position is malformed or impossible; `errors` names each field'),
    413: problemContent('The body is too large'),
    501: problemContent('The rule set has no model'),
    503: problemContent("The rule set's table is still loading or being built (see Retry-After), or this server does not serve it"),
  },
});

export const registerHintRoute: RouteModule = (app, deps) => {
  mountBodyRoute(app, hintRoute, deps.limits.hintBodyBytes, async (c) => {
    const raw = await decodeBody(c);
    checkBody(PositionSchema, raw);
    // parsePosition reads the decoded body itself: zod's copy would drop a `__proto__` key silently.
    const parsed = parsePosition(raw);
    if (!parsed.ok) throw invalidInput(parsed.issues);
    const { position } = parsed;
    const model = deps.registry.get(position.rs.id);
    const format = responseFormat(c);
    let body = deps.hints.get(model, position, format);
    if (body === undefined) {
      body = encodeData(advise(model, position, deps.turns.get(model, position.state)), format);
      deps.hints.set(model, position, format, body);
    }
    return sendEncoded(c, body, format);
  });
};
