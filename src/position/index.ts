export * from './types.ts';
export * from './parse-position.ts';
export { possibleBoxValues } from './parse-column.ts';
export * from './actions.ts';
export * from './goal.ts';
export { maxFinalScore } from './opponents.ts';
export * from './schemas.ts';
export * from './outlook.ts';
export * from './reason-text.ts';
