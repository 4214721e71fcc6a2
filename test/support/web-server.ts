import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { RuleSetId } from '../../src/rules/index.ts';
import { createApp } from '../../src/server/app.ts';
import { silentLogger } from '../../src/server/logger.ts';
import { processTableBuild } from '../../src/server/table-builds.ts';
import { createTableRegistry } from '../../src/server/table-registry.ts';
import { diskSources } from '../../src/store/disk-sources.ts';
import type { TableSource, TableSources } from '../../src/store/table-sources.ts';
import type { OutlookTable } from '../../src/solver/index.ts';
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
 * The outlook tables (a hint's or a review's `explain`) the test run has built (TEST_OUTLOOK_RULESETS:
 * yahtzee's among them), read from the test tables; never built here, which would cost a browser
 * test some 10 s of CPU: a rule set without one answers that it cannot be had.
 */
function builtOutlooks(): TableSource<OutlookTable> {
  const disk = diskSources(TEST_TABLE_DIR, { build: processTableBuild({ threads: 2, backgroundThreads: 2 }) }).outlook;
  return { read: disk.read, build: (id) => Promise.reject(new Error(`the browser tests build no outlook table (${id}'s); test/support/paths.ts lists those the run builds`)) };
}

/**
 * `lanes`: where the reach tables (reach goals, win goals and odds) and points distributions (win
 * goals with opponents in progress) come from (default none: 503). Outlooks come from the test
 * tables (builtOutlooks).
 */
export async function startWebServer(rulesets: readonly RuleSetId[] = WEB_RULESETS, lanes: Pick<TableSources, 'reach' | 'distribution'> = {}): Promise<WebServer> {
  const registry = createTableRegistry({
    rulesets,
    sources: { values: diskSources(TEST_TABLE_DIR, { build: processTableBuild({ threads: 2, backgroundThreads: 2 }) }).values, outlook: builtOutlooks(), ...lanes },
  });
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
