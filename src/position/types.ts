import type { z } from 'zod';
import type { GameState } from '../solver/index.ts';
import type { GoalSchema, PositionSchema, ScorecardColumnSchema } from './schemas.ts';

/** A scorecard column as a player writes it: box id -> points written there. */
export type ScorecardColumn = z.infer<typeof ScorecardColumnSchema>;

/** A position as a player sees it (the public JSON shape of the hint API); each field's meaning is in POSITION_FIELDS. */
export type PositionInput = z.infer<typeof PositionSchema>;

export type { Action } from './readable-types.ts';

export type { OpponentInput } from './schemas.ts';

/** What a player plays for (docs/rules.md, "Goals"). */
export type Goal = z.infer<typeof GoalSchema>;

/** A validated opponent: finished with a total, or in progress at the start of a turn in `state` with `score` on the sheet. */
export type Opponent = { finalScore: number } | { state: GameState; score: number };
