import { aspectFamily, aspectLosses, evaluateTurnOutlook, holdOutlook, reasonsFor, scoreOutlook, yahtzeeBonusOf, type Outlook, type Reason, type TurnOutlook } from '../position/index.ts';
import { FAMILIES, type Family } from '../rules/index.ts';
import type { ColumnState, GameModel, OutlookTable } from '../solver/index.ts';
import { createEntryScratch, scoreEntry } from '../solver/score-entry.ts';
import { DECISION_FIELDS } from './packed-result.ts';

/**
 * The review's side of `explain`: every mistake's reasons (the aspects of the outlook where the
 * choice falls short of the best, as a hint's options have them) and each game's loss by family of
 * boxes (upper section and bonus, of a kind, straights, Yahtzee, chance), which the profile sums
 * into where a player's losses come from. A turn's outlooks are read only where it has a mistake.
 */
export interface MistakeExplainer {
  /** the outlook table of the model's rule set */
  table: OutlookTable;
  values: Float64Array;
}

/** What explaining adds to a packed game: per decision its reasons (null where it was no mistake), and the loss by family. */
export interface ExplainedGame {
  reasons: (Reason[] | null)[];
  /** per family, in FAMILIES order */
  familyLoss: number[];
}

/** A game being explained: its sheet as written so far (the outlook counts it) and what has been found. */
export interface GameExplanation extends ExplainedGame {
  boxes: (number | undefined)[];
  yahtzeeBonus: number;
}

export function startExplanation(model: GameModel): GameExplanation {
  return { reasons: [], familyLoss: FAMILIES.map(() => 0), boxes: model.rs.boxes.map(() => undefined), yahtzeeBonus: 0 };
}

const entry = createEntryScratch();

/** A packed action's outlook in this turn: a hold (keep index) before roll `roll` + 1, or a box (score code) for the roll `rollKeep`. */
function actionOutlook(model: GameModel, turn: TurnOutlook, col: ColumnState, code: number, roll: number, rollKeep: number): Outlook {
  if (code >= 0) return holdOutlook(turn, code, roll === 1 ? 2 : 1);
  const box = (-code - 1) & 63;
  if (!scoreEntry(model.c, col, rollKeep, box, entry)) throw new Error(`box ${box} cannot take roll ${rollKeep}`);
  return scoreOutlook(turn, box, entry.points, entry.upperBonus + entry.yahtzeeBonus);
}

/**
 * Explains the decisions of one turn, packed in `decisions` from `from` to `to` (the turn's holds
 * and its box, of the turn-start column `col`), before its box is written on the sheet.
 */
export function explainTurn(x: MistakeExplainer, model: GameModel, g: GameExplanation, col: ColumnState, decisions: Float64Array, from: number, to: number): void {
  let turn: TurnOutlook | undefined;
  for (let o = from; o < to; o += DECISION_FIELDS) {
    const loss = decisions[o + 7];
    if (!(loss > 0)) {
      g.reasons.push(null);
      continue;
    }
    turn ??= evaluateTurnOutlook(model.c, x.values, x.table, col, { boxes: g.boxes, upper: col.upper, yahtzeeBonus: g.yahtzeeBonus });
    const roll = decisions[o + 1];
    const rollKeep = decisions[o + 8];
    const best = actionOutlook(model, turn, col, decisions[o + 5], roll, rollKeep);
    const chosen = actionOutlook(model, turn, col, decisions[o + 3], roll, rollKeep);
    g.reasons.push(reasonsFor(best, chosen, loss));
    for (const a of aspectLosses(best, chosen)) g.familyLoss[FAMILY_INDEX.get(aspectFamily(model.rs, a.aspect))!] += a.loss;
  }
}

const FAMILY_INDEX = new Map<Family, number>(FAMILIES.map((f, i) => [f, i]));

/** Writes a turn's box on the explained sheet. */
export function writeBox(model: GameModel, g: GameExplanation, col: ColumnState, box: number, points: number, bonus: number): void {
  g.boxes[box] = points;
  g.yahtzeeBonus += yahtzeeBonusOf(model.rs, col, box, points, bonus);
}
