export * from './types.ts';
export * from './advise.ts';
export * from './turn-eval-cache.ts';
export * from './advise-goal.ts';
export * from './odds.ts';
