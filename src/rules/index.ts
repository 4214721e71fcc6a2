export * from './types.ts';
export * from './patterns.ts';
export * from './scoring.ts';
export * from './rulesets.ts';
export { ruleSetFingerprint } from './fingerprint.ts';
export { playingDefinition } from './playing-definition.ts';
export * from './column-types.ts';
export * from './capabilities.ts';
export * from './families.ts';
