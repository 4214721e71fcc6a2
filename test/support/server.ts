import { createApp, type AppDeps, type DicewiseApp } from '../../src/server/app.ts';
import { memoryLogger } from '../../src/server/logger.ts';
import { staticRegistry } from '../../src/server/model-registry.ts';
import { testModel } from './models.ts';
import { TEST_RULESETS } from './paths.ts';

/** An app over the test tables (yahtzee, yahtzee-free-joker, yahtzee-no-bonus) with a logger that records. */
export async function testApp(extra: Partial<AppDeps> = {}): Promise<{ app: DicewiseApp; logger: ReturnType<typeof memoryLogger> }> {
  const models = await Promise.all(TEST_RULESETS.map((id) => testModel(id)));
  const logger = memoryLogger();
  const app = createApp({ registry: await staticRegistry(models), logger, ...extra });
  return { app, logger };
}

export function postJson(app: DicewiseApp, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return Promise.resolve(
    app.request(path, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } }),
  );
}
