import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's chromium package; CI installs it (.ci/run). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Whether the environment says it is CI (.ci/run sets CI; so do the usual CI services), as "1", "true" or anything but "0"/"false". */
export function inCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = env.CI?.trim().toLowerCase();
  return v !== undefined && v !== '' && v !== '0' && v !== 'false';
}

/**
 * Whether the browser tests skip: only on a developer's machine without chromium. In CI they run
 * whatever happens, so a missing chromium fails them loudly (launchChromium) instead of a green run
 * that tested no page.
 */
export function skipsBrowserTests(env: NodeJS.ProcessEnv = process.env, present = existsSync(CHROMIUM_PATH)): boolean {
  return !present && !inCi(env);
}

export const skipBrowserTests = skipsBrowserTests();

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(executablePath = CHROMIUM_PATH): Promise<Browser> {
  if (!existsSync(executablePath)) {
    return Promise.reject(new Error(`no chromium at ${executablePath}: the browser tests need Debian's chromium (apt-get install chromium, as .ci/run does); with CI set they fail without it rather than skip`));
  }
  return chromium.launch({ executablePath, args: ARGS });
}

/**
 * Opens the page at `url` in `page`, its script errors collected in `errors`, and waits until
 * the rule sets have loaded (the form is usable).
 */
export async function loadPage(page: Page, url: string, errors: string[]): Promise<Page> {
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page.waitForSelector('#ruleset:not([disabled])');
  return page;
}
