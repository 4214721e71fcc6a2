import { advise } from '../../advisor/index.ts';
import type { GoalModule } from '../goal-module.ts';

/** The most points: the expected-score model alone answers it (the default goal). */
export const pointsGoal: GoalModule<'points'> = {
  kind: 'points',
  tables: () => [],
  advise: (model, _tables, position, te) => advise(model, position, te),
  label: () => 'points',
  // Every strategy that plays for no other goal plays for points.
  playedBy: () => false,
};
