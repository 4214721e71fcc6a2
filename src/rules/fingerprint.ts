import { createHash } from 'node:crypto';
import { playingDefinition } from './playing-definition.ts';
import type { RuleSet } from './types.ts';

/** A short hash of everything in a rule set that affects play; descriptions, published values and capabilities excluded. */
export function ruleSetFingerprint(rs: RuleSet): string {
  return createHash('sha256').update(playingDefinition(rs)).digest('hex').slice(0, 16);
}
