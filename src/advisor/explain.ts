import { evaluateTurnOutlook, holdOutlook, keepOfFaces, outlookSheet, reasonsFor, scoreOutlook, startOutlook, type Outlook, type Position, type Reason } from '../position/index.ts';
import { supportsTable } from '../rules/index.ts';
import type { GameModel, OutlookTable } from '../solver/index.ts';
import type { Advice, AdviceOption } from './types.ts';

/**
 * Advice that says why: the outlook of the position and of every option (outlook.ts in solver/
 * and position/), and for each option other than the best the aspects that account for its loss.
 * The position's outlook is its best option's (at the start of a turn, the turn's); an option's is
 * what taking it and then playing on for points leads to. Exact single-column rule sets only,
 * for points play: what `explainNote` says otherwise.
 */
export interface ExplainedOption extends AdviceOption {
  outlook: Outlook;
  /** options other than the best: the aspects that cost its loss, largest first, covering at least 80% of it */
  reasons?: Reason[];
}

export interface ExplainedAdvice extends Advice {
  options: ExplainedOption[];
  best?: ExplainedOption;
  /** the position's outlook under the advised play: its best option's, or at the start of a turn the turn's */
  outlook: Outlook;
}

/** What a hint with `explain` says where it gives no outlook. */
export const EXPLAIN_NOTES = {
  multiColumn:
    'No outlook for a multi-column rule set: its model values the columns together, with fitted corrections, and the exact tables of its columns tell how each column fares played alone, which the game never does; an outlook read from them would not be an honest estimate of any column.',
  goal: 'The outlook and the reasons are given for points play: under a reach or win goal the play depends on the points still needed and on the opponents, and an outlook of that play would need a table for every target. Ask without the goal for the points outlook.',
} as const;

/** Why a position gets no outlook, or undefined where it does (an exact single-column rule set, points play). */
export function explainNote(position: Position): string | undefined {
  if (!supportsTable(position.rs, 'outlook')) return EXPLAIN_NOTES.multiColumn;
  if (position.goal.type !== 'points') return EXPLAIN_NOTES.goal;
  return undefined;
}

/**
 * `advice` (advise's, for `position` by `model`) with its outlooks and reasons, from the rule
 * set's outlook table: one run of the turn engine over the position's outlook lanes.
 */
export function explainAdvice(model: GameModel, table: OutlookTable, position: Position, advice: Advice): ExplainedAdvice {
  const values = model.table;
  if (!values || !model.exact) throw new Error(`explainAdvice needs an exact single-column model, not ${model.rs.id}'s`);
  const rs = model.rs;
  const sheet = outlookSheet(rs, position.columns[0], position.yahtzeeBonus[0]);
  const turn = evaluateTurnOutlook(model.c, values, table, position.state.columns[0], sheet);
  if (!position.dice) return { ...advice, options: [], outlook: startOutlook(turn) } as ExplainedAdvice;
  const rollsLeft = position.rollsLeft;
  const outlooks = advice.options.map((o): Outlook => {
    if ('hold' in o.action) return holdOutlook(turn, keepOfFaces(model.c.dice, o.action.hold), rollsLeft === 2 ? 2 : 1);
    const id = o.action.score;
    return scoreOutlook(turn, rs.boxes.findIndex((b) => b.id === id), o.points ?? 0, o.bonus ?? 0);
  });
  const best = outlooks[0];
  const options = advice.options.map((o, i): ExplainedOption => (i === 0 ? { ...o, outlook: best } : { ...o, outlook: outlooks[i], reasons: reasonsFor(best, outlooks[i], o.loss) }));
  // Spread: the advice's keys keep their order (best is replaced where it stands), the outlook comes last.
  const out = { ...advice, options, outlook: best } as ExplainedAdvice;
  if (options.length) out.best = options[0];
  return out;
}
