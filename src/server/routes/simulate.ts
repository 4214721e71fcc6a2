import { createRoute, z } from '@hono/zod-openapi';
import { createInlineRunner, MAX_REQUEST_GAMES, SimulateRequestSchema, simulateRequest } from '../../simulate/index.ts';
import type { RouteModule } from '../app.ts';
import { decodeBody, mountBodyRoute, MSGPACK, sendData } from '../body.ts';
import { problemContent } from '../schemas.ts';

/**
 * POST /api/v1/simulate: a strategy comparison on common random numbers, at most
 * MAX_REQUEST_GAMES games per request (about 2 CPU seconds per strategy); runs in-process on the
 * server's loaded models, yielding to the event loop between chunks. Bigger runs belong to
 * `dicewise simulate`, which uses worker threads.
 */
export const SIMULATE_BODY_BYTES = 4096;

const simulateRoute = createRoute({
  method: 'post',
  path: '/api/v1/simulate',
  summary: 'Compare strategies over seeded games',
  description:
    `Plays \`games\` seeded games per strategy (at most ${MAX_REQUEST_GAMES}); every strategy sees the same dice for game i. ` +
    'Returns per-strategy statistics and paired differences with 95% confidence intervals.',
  request: {
    body: { required: true, content: { 'application/json': { schema: SimulateRequestSchema }, [MSGPACK]: { schema: SimulateRequestSchema } } },
  },
  responses: {
    200: { description: 'The strategy report', content: { 'application/json': { schema: z.any() }, [MSGPACK]: { schema: z.any() } } },
    400: problemContent('An invalid request field'),
    413: problemContent(`More than ${MAX_REQUEST_GAMES} games`),
    503: problemContent("The rule set's table is still loading or being built; see Retry-After"),
  },
});

export const registerSimulateRoute: RouteModule = (app, deps) => {
  const runner = createInlineRunner({ model: (id) => deps.registry.get(id) });
  mountBodyRoute(app, simulateRoute, SIMULATE_BODY_BYTES, async (c) => sendData(c, await simulateRequest(await decodeBody(c), { runner })));
};
