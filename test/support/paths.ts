import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Tables built once per checkout for the test suite; rebuilt when stale (fingerprint, solver version). */
export const TEST_TABLE_DIR = join(fileURLToPath(new URL('../../', import.meta.url)), 'node_modules', '.cache', 'dicewise-test-tables');

/** Rule sets whose tables every test run may use: all five exact ones (value tables, once per checkout). */
export const TEST_RULESETS = ['yahtzee', 'yahtzee-free-joker', 'yahtzee-no-bonus', 'yatzy', 'yahtsoos'] as const;

/**
 * Rule sets whose moments tables the test run builds too: those with a published standard
 * deviation (docs/rules.md), which the points distribution and the SD in advice are checked against.
 * Yatzy's and Yahtsoos' would double the setup's time for one check, made on their last levels instead.
 */
export const TEST_MOMENTS_RULESETS: readonly string[] = ['yahtzee', 'yahtzee-free-joker', 'yahtzee-no-bonus'];

/**
 * Rule sets whose outlook tables (what a hint's `explain` reads) the test run builds too: the one
 * with Verhoeff's published outlook, and the default one the API and CLI tests ask about (about
 * 10 s of CPU each, once per checkout). The others are checked on their last levels.
 */
export const TEST_OUTLOOK_RULESETS = ['yahtzee', 'yahtzee-free-joker'] as const;

/** Multi-column rule sets whose column tables the test run builds (Superpass: about 10 s of CPU once; superpass-ordered's joint table about 1 s). */
export const TEST_COLUMN_RULESETS = ['triple-yahtzee', 'superpass', 'superpass-ordered'] as const;
