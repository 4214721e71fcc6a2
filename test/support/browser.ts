import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's chromium package; CI installs it (.ci/run), and browser tests skip where it is absent. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const hasChromium = existsSync(CHROMIUM_PATH);

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

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
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
