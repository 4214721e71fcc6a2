export * from './types.ts';
export * from './mistakes.ts';
export * from './game-input.ts';
export { readRecord, readTurn, type ReadTurn } from './read-record.ts';
export * from './packed-result.ts';
export * from './analyse-game.ts';
export * from './batch.ts';
export * from './format-report.ts';
export * from './chunked.ts';
