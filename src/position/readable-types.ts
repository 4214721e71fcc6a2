/**
 * The readable shapes that reasons are worded from: an action, an outlook, a reason. Types only,
 * importing nothing: reason-text.ts words them for the CLI and, served as
 * /web/lib/position/reason-text.js, for the page, which type-checks against them without the
 * engine (tsconfig.web.json). outlook.ts computes them; types.ts and outlook.ts re-export them.
 */

/** A readable action: dice to hold (sorted faces) or a box to score in. */
export type Action = { hold: number[] } | { score: string; column?: number };

export interface BoxOutlook {
  /** points the box will finally hold (a filled box: its points) */
  expected: number;
  /** chance that it ends at 0 (a filled box: 0 or 1) */
  probabilityZero: number;
}

/**
 * The outlook of a position or an option, readable: what each box will finally hold under
 * expected-score play from here, the chance it ends at 0, the chance of the upper bonus and the
 * Yahtzee bonus points still to come, each counting what the sheet already holds. Its expected
 * values add up to the sheet's points plus the option's expected points still to come
 * (outlook.ts `outlookTotal`). The lanes it is read from are solver/outlook.ts's.
 */
export interface Outlook {
  /** by box id, in the rule set's order */
  boxes: Record<string, BoxOutlook>;
  /** where the rule set has one: the chance it is earned (1 once earned) and its expected points */
  upperBonus?: { probability: number; expected: number };
  /** where the rule set has one: the Yahtzee bonus points expected in all, those on the sheet included */
  yahtzeeBonus?: { expected: number };
}

/** One part of an outlook: a box, or a bonus. */
export type Aspect = { aspect: 'box'; box: string } | { aspect: 'upperBonus' } | { aspect: 'yahtzeeBonus' };

/**
 * Why an option falls short of the best, one aspect of the outlook: `loss` is the expected points
 * it costs there (best − option; the losses of every aspect add up to the option's loss), with the
 * chance that moved most with it: a box's expected points and chance of a zero, the upper bonus's
 * chance, the Yahtzee bonus's expected points.
 */
export type Reason =
  | { aspect: 'box'; box: string; loss: number; expected: { best: number; option: number }; probabilityZero: { best: number; option: number } }
  | { aspect: 'upperBonus'; loss: number; probability: { best: number; option: number } }
  | { aspect: 'yahtzeeBonus'; loss: number; expected: { best: number; option: number } };
