import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Tables built once per checkout for the test suite; rebuilt when stale (fingerprint, solver version). */
export const TEST_TABLE_DIR = join(fileURLToPath(new URL('../../', import.meta.url)), 'node_modules', '.cache', 'dicewise-test-tables');

/** Rule sets whose tables every test run may use: all five exact ones (values and moments, once per checkout). */
export const TEST_RULESETS = ['yahtzee', 'yahtzee-free-joker', 'yahtzee-no-bonus', 'yatzy', 'yahtsoos'] as const;

/** Multi-column rule sets whose column tables the test run builds (Superpass: about 10 s of CPU once; superpass-ordered's joint table about 1 s). */
export const TEST_COLUMN_RULESETS = ['triple-yahtzee', 'superpass', 'superpass-ordered'] as const;
