export * from './multiset.ts';
export * from './dice-tables.ts';
export * from './random.ts';
