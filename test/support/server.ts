import { createApp, type AppDeps, type DicewiseApp } from '../../src/server/app.ts';
import { memoryLogger } from '../../src/server/logger.ts';
import { staticRegistry } from '../../src/server/model-registry.ts';
import { testModel } from './models.ts';

/** Served by the test app; yatzy is left out on purpose, to test a rule set the server does not load. */
export const APP_RULESETS = ['yahtzee', 'yahtzee-free-joker', 'yahtzee-no-bonus'] as const;

/** An app over the test tables of APP_RULESETS, with a logger that records. */
export async function testApp(extra: Partial<AppDeps> = {}): Promise<{ app: DicewiseApp; logger: ReturnType<typeof memoryLogger> }> {
  const models = await Promise.all(APP_RULESETS.map((id) => testModel(id)));
  const logger = memoryLogger();
  const app = createApp({ registry: await staticRegistry(models), logger, ...extra });
  return { app, logger };
}

export function postJson(app: DicewiseApp, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return Promise.resolve(
    app.request(path, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } }),
  );
}
