export * from './types.ts';
export * from './advise.ts';
export * from './advise-goal.ts';
export * from './odds.ts';

export * from './win-calibration.ts';
export * from './explain.ts';
