import { createApp, type AppDeps, type DicewiseApp } from '../../src/server/app.ts';
import { memoryLogger } from '../../src/server/logger.ts';
import type { RuleSetId } from '../../src/rules/index.ts';
import type { LaneKind, LaneTableOf } from '../../src/solver/index.ts';
import { staticRegistry, type TableRegistry } from '../../src/server/table-registry.ts';
import { testModel } from './models.ts';

/** Served by the test app; yatzy is left out on purpose, to test a rule set the server does not load. */
export const APP_RULESETS = ['yahtzee', 'yahtzee-free-joker', 'yahtzee-no-bonus'] as const;

/** Goal and outlook tables of a test app, by kind and rule set. */
export type TestLanes = { [K in LaneKind]?: Partial<Record<RuleSetId, LaneTableOf[K]>> };

/** An app over the test tables of APP_RULESETS (and `lanes`' goal tables), with a logger that records. */
export async function testApp(
  extra: Partial<AppDeps> & { lanes?: TestLanes } = {},
): Promise<{ app: DicewiseApp; logger: ReturnType<typeof memoryLogger>; registry: TableRegistry }> {
  const models = await Promise.all(APP_RULESETS.map((id) => testModel(id)));
  const logger = memoryLogger();
  const { lanes, ...deps } = extra;
  const registry = deps.registry ?? (await staticRegistry(models, lanes));
  const app = createApp({ logger, ...deps, registry });
  return { app, logger, registry };
}

export function postJson(app: DicewiseApp, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return Promise.resolve(
    app.request(path, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } }),
  );
}
