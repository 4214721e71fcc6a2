import type { FittedNeural } from '../approx/neural-data.ts';

/**
 * The fitted neural corrections as the browser engine holds them. In the engine's bundle this
 * module stands for approx/data/neural.json (scripts/build-web-engine.mjs resolves that import
 * here), so that 1.4 MB of weights for every rule set is not part of the code: each multi-column
 * rule set's weights are a file of their own, fetched, checked and put here (`provideNeural`)
 * before its model is made. approx/neural-data.ts reads this object as it reads the JSON.
 */
const fitted: Record<string, FittedNeural> = {};

export default fitted;

export function provideNeural(id: string, fit: FittedNeural): void {
  fitted[id] = fit;
}

export function hasNeural(id: string): boolean {
  return Object.hasOwn(fitted, id);
}
