import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { RuleSetId } from '../../src/rules/index.ts';
import { createApp } from '../../src/server/app.ts';
import { silentLogger } from '../../src/server/logger.ts';
import { processTableBuild } from '../../src/server/table-builds.ts';
import { createTableRegistry } from '../../src/server/table-registry.ts';
import { diskSources } from '../../src/store/disk-sources.ts';
import type { TableSources } from '../../src/store/table-sources.ts';
import { TEST_TABLE_DIR } from './paths.ts';

/**
 * The real server for browser tests: the app a `dicewise serve` mounts (every route), over the test tables, on a
 * free port of 127.0.0.1. yatzy and yahtzee-free-joker are left out, so the page meets a rule set
 * the server does not serve.
 */
export const WEB_RULESETS: readonly RuleSetId[] = ['yahtzee', 'yahtzee-no-bonus', 'triple-yahtzee', 'superpass'];

export interface WebServer {
  url: string;
  close(): Promise<void>;
}

/**
 * `lanes`: where the reach tables (reach goals, win goals and odds) and points distributions (win
 * goals with opponents in progress) come from (default none: 503).
 */
export async function startWebServer(rulesets: readonly RuleSetId[] = WEB_RULESETS, lanes: Pick<TableSources, 'reach' | 'distribution'> = {}): Promise<WebServer> {
  const registry = createTableRegistry({ rulesets, sources: { values: diskSources(TEST_TABLE_DIR, { build: processTableBuild({ threads: 2, backgroundThreads: 2 }) }).values, ...lanes } });
  await registry.start();
  for (const id of rulesets) {
    const s = registry.state(id);
    if (s.status !== 'ready') throw new Error(`${id} did not load for the web server: ${s.error ?? s.status}`);
  }
  const app = createApp({ registry, logger: silentLogger });
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        const http = server as import('node:http').Server;
        http.closeAllConnections?.();
        http.close(() => resolve());
      }),
  };
}
