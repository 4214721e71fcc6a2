import { createRoute } from '@hono/zod-openapi';
import { throwIfStopped } from '../admission.ts';
import type { RouteModule } from '../app-deps.ts';
import { decodeBody, mountBodyRoute, MSGPACK, sendData } from '../body.ts';
import { batchProblems, problemContent } from '../schemas.ts';
import { MAX_REQUEST_GAMES, readSimulateRequest, SimulateRequestSchema, SimulationReportSchema, simulateRequest } from '../simulate-request.ts';

/**
 * POST /api/v1/simulate: a strategy comparison on common random numbers, at most
 * MAX_REQUEST_GAMES games per request (about 2 CPU seconds per strategy), in chunks of 250 games
 * on the batch workers behind the admission policy. Bigger runs belong to `dicewise simulate`.
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
    200: { description: 'The strategy report', content: { 'application/json': { schema: SimulationReportSchema }, [MSGPACK]: { schema: SimulationReportSchema } } },
    400: problemContent('An invalid request field'),
    413: problemContent(`More than ${MAX_REQUEST_GAMES} games`),
    ...batchProblems("The rule set's table is still loading or being built"),
  },
});

export const registerSimulateRoute: RouteModule = (app, deps) => {
  mountBodyRoute(app, simulateRoute, { maxBytes: SIMULATE_BODY_BYTES }, async (c) => {
    const body = await decodeBody(c);
    // Refuse a bad request or a rule set still loading (503) before taking a slot.
    deps.registry.get(readSimulateRequest(body).ruleset);
    const report = await deps.admission.run(
      (signal) =>
        simulateRequest(body, {
          concurrency: deps.batch.concurrency,
          runner: (task) => {
            throwIfStopped(signal);
            return deps.batch.simulate(task);
          },
        }),
      c.req.raw.signal,
    );
    return sendData(c, report);
  });
};
