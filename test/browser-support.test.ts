import { describe, expect, it } from 'vitest';
import { inCi, launchChromium, skipsBrowserTests } from './support/browser.ts';

/** The browser tests skip on a developer's machine without chromium, and never in CI: there a missing browser fails them. */
describe('browser test support', () => {
  it('reads CI as the CI services set it', () => {
    for (const v of ['1', 'true', 'TRUE', 'yes']) expect(inCi({ CI: v }), v).toBe(true);
    for (const v of [undefined, '', '0', 'false', 'False']) expect(inCi({ CI: v }), String(v)).toBe(false);
  });

  it('skips only where chromium is absent outside CI', () => {
    expect(skipsBrowserTests({}, false)).toBe(true);
    expect(skipsBrowserTests({}, true)).toBe(false);
    expect(skipsBrowserTests({ CI: 'true' }, false)).toBe(false);
    expect(skipsBrowserTests({ CI: 'true' }, true)).toBe(false);
  });

  it('fails loudly, naming the missing browser, when chromium is absent', async () => {
    await expect(launchChromium('/nonexistent/chromium')).rejects.toThrow(/no chromium at \/nonexistent\/chromium.*apt-get install chromium/);
  });
});
