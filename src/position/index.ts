export * from './types.ts';
export * from './parse-position.ts';
export * from './actions.ts';
export * from './goal.ts';
