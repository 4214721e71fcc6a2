import { createRoute, type z } from '@hono/zod-openapi';
import { RULESET_IDS, RULESETS } from '../../rules/index.ts';
import { describeRuleSet } from '../../position/index.ts';
import { initialState } from '../../solver/index.ts';
import { GOALS, supportsGoal } from '../../goals/index.ts';
import type { RouteModule } from '../app-deps.ts';
import { RuleSetListSchema, type RuleSetInfoSchema } from '../schemas.ts';

export const rulesetsRoute = createRoute({
  method: 'get',
  path: '/api/v1/rulesets',
  summary: 'Every rule set',
  description: 'Boxes, dice, columns, whether it is solved exactly, and its optimal expected score where this server has its model.',
  responses: { 200: { description: 'The rule sets', content: { 'application/json': { schema: RuleSetListSchema } } } },
});

export const registerRuleSetsRoute: RouteModule = (app, deps) => {
  app.openapi(rulesetsRoute, (c) => {
    const rulesets = RULESET_IDS.map((id): z.infer<typeof RuleSetInfoSchema> => {
      const rs = RULESETS[id];
      const { status } = deps.registry.state(id);
      return describeRuleSet(rs, {
        goals: GOALS.filter((g) => supportsGoal(rs, g.kind)).map((g) => g.kind),
        status: status as Exclude<typeof status, 'absent'>,
        startValue: status === 'ready' ? deps.registry.get(id).value(initialState(rs)) : undefined,
      });
    });
    return c.json({ rulesets }, 200);
  });
};
