// @ts-check
/**
 * The JSON shapes the page exchanges with the server (see GET /api/v1/openapi.json), as JSDoc
 * types so the browser code is type-checked (tsconfig.web.json) without a build step.
 */

/**
 * @typedef {{ id: string, label: string }} BoxInfo
 * @typedef {{ multiplier: number, fill: 'any' | 'top-down' | 'bottom-up' | 'first-roll-only' }} ColumnInfo
 * @typedef {'queued' | 'loading' | 'building' | 'ready' | 'failed' | 'not-served'} ModelStatus
 * @typedef {{
 *   id: string, name: string, description: string, dice: number, boxes: BoxInfo[], columns: ColumnInfo[],
 *   exact: boolean, maxOpponents: number, goals: ('points' | 'reach' | 'win')[], status: ModelStatus, startValue?: number,
 *   published?: { mean: number, sd?: number, source: string }
 * }} RuleSetInfo
 */

/**
 * What GET /web/rules.json adds: the points each box can hold and the bonuses.
 * @typedef {{
 *   upperBoxes: number, upperBonus: { threshold: number, points: number }, yahtzeeBonus: number,
 *   boxValues: Record<string, number[]>
 * }} RuleFacts
 * The rule set as the engine defines it (src/rules, served compiled under /web/lib/rules/).
 * @typedef {import('./lib/rules/types.js').RuleSet} Rules
 * @typedef {RuleSetInfo & { facts: RuleFacts, rules: Rules }} RuleSet
 */

/**
 * @typedef {{ hold: number[] }} HoldAction
 * @typedef {{ score: string, column?: number }} ScoreAction
 * @typedef {HoldAction | ScoreAction} Action
 * @typedef {{ action: Action, ev: number, loss: number, points?: number, bonus?: number, nearTie: boolean }} AdviceOption
 * @typedef {{
 *   ruleset: string, exact: boolean, score: number, stateValue: number, expectedFinalScore: number,
 *   dice?: number[], rollsLeft: number, options: AdviceOption[], best?: AdviceOption
 * }} Advice
 */

/**
 * A position as the hint API takes it; values the page cannot read as numbers are sent as typed,
 * so that the server names the field.
 * @typedef {Record<string, number | string>} ScorecardColumn
 * @typedef {{ scorecard: ScorecardColumn | ScorecardColumn[], yahtzeeBonus?: number | string | (number | string)[] } | { finalScore: number | string | undefined }} OpponentInput
 *   an opponent at the start of their next turn (their sheet shaped as a position's), or finished
 * @typedef {{ type: 'points' } | { type: 'reach', score: number | string | undefined } | { type: 'win', opponents: OpponentInput[] }} GoalInput
 * @typedef {{
 *   ruleset: string, scorecard?: ScorecardColumn | ScorecardColumn[], yahtzeeBonus?: number | string | (number | string)[],
 *   dice?: number[], rollsLeft?: number, goal?: GoalInput
 * }} PositionInput
 */

/**
 * Advice for the reach and win goals: options valued by the chance of finishing with at least
 * the target, or by the expected share of the stake against the opponents (a win 1, a tie for
 * first among k players 1/k), with each opponent's expected final total.
 * @typedef {{ type: 'points' } | { type: 'reach', score: number } | { type: 'win', opponents: OpponentInput[] }} Goal
 * @typedef {{ action: Action, probability: number, loss: number, points?: number, bonus?: number, nearTie: boolean }} ProbabilityOption
 * @typedef {{
 *   ruleset: string, exact: boolean, goal: Goal, score: number, probabilityBefore: number, probability: number,
 *   dice?: number[], rollsLeft: number, options: ProbabilityOption[], best?: ProbabilityOption,
 *   steering?: { by: 'goal' | 'points', horizon: number },
 *   calibration?: { games: number, seed: number, boxesOpen: number, turns: number }
 * }} ProbabilityAdvice
 * @typedef {ProbabilityAdvice & { opponents: { expectedFinalScore: number }[] }} WinAdvice
 * @typedef {{ ruleset: string, score: number, from: number, to: number, probabilities: number[] }} Odds
 */

/**
 * Advice with its reasons (POST /api/v1/hint with "explain": true; docs/explain.md): how the game
 * ends, box by box, under points play from the position and after each option, and for every
 * option but the best the aspects that cost its loss. `explainNote` where no outlook is given.
 * @typedef {import('./lib/position/readable-types.js').Outlook} Outlook
 * @typedef {import('./lib/position/readable-types.js').Reason} Reason
 * @typedef {import('./lib/rules/families.js').Family} Family
 * @typedef {AdviceOption & { outlook?: Outlook, reasons?: Reason[] }} ExplainedOption
 * @typedef {Omit<Advice, 'options' | 'best'> & { options: ExplainedOption[], best?: ExplainedOption, outlook?: Outlook, explainNote?: string }} ExplainedAdvice
 */

/**
 * @typedef {{ field: string, message: string }} Issue
 * @typedef {{ table: string, status: string, percent: number, etaSeconds?: number, queuedAhead: number }} TableProgress
 * @typedef {{ type: string, title: string, status: number, detail: string, instance?: string, errors?: Issue[], progress?: TableProgress }} Problem
 */

/**
 * The documented game record: dice after each roll, dice kept before each reroll, the box scored.
 * @typedef {{ rolls: number[][], holds: number[][], box: string, column?: number }} TurnRecord
 * @typedef {{ ruleset: string, turns: TurnRecord[] }} GameRecord
 */

/**
 * @typedef {{ action: Action, ev: number }} RatedAction
 * @typedef {{ turn: number, roll: number, kind: 'hold' | 'score', chosen: RatedAction, best: RatedAction, loss: number, reasons?: Reason[] }} Decision
 *   reasons: an explained review's mistakes, the aspects that cost the loss
 * @typedef {{
 *   ruleset: string, exact?: false, finished: boolean, finalScore: number, startValue: number, remainingValue: number,
 *   totalLoss: number, luck: number,
 *   mistakes: { slight: number, inaccuracy: number, mistake: number, blunder: number, total: number },
 *   turns: { turn: number, points: number }[], decisions: Decision[], lossByFamily?: Record<Family, number>
 * }} GameAnalysis
 *   lossByFamily: an explained review's loss by family of boxes (it adds up to totalLoss)
 * @typedef {{ error: { turn: number, roll: number, detail: string } }} GameError
 */

/**
 * The player profile of a batch (POST /api/v1/analyse with "summary": true; src/analysis/profile.ts).
 * @typedef {{ loss: number, perGame: number }} LossShare
 * @typedef {LossShare & { kind: 'hold1' | 'hold2' | 'box', decisions: number, mistakes: number, perDecision: number }} KindProfile
 * @typedef {LossShare & { ruleset: string, box: string, column?: number, turns: number, boxChoiceLoss: number }} BoxProfile
 * @typedef {{ ruleset: string, rollsLeft: number, dice: number[], chosen: Action, best: Action, count: number, loss: number, meanLoss: number }} RecurringMistake
 * @typedef {{
 *   games: number, analysed: number, errors: number, finished: number, decisions: number,
 *   meanFinalScore: number, meanStartValue: number,
 *   loss: { total: number, perGame: number, perDecision: number }, luck: { mean: number, sd: number },
 *   byKind: KindProfile[], bySection: { upper: LossShare, lower: LossShare }, byBox: BoxProfile[],
 *   mistakes: Record<'slight' | 'inaccuracy' | 'mistake' | 'blunder' | 'total', { count: number, loss: number }>,
 *   recurring: RecurringMistake[], recurringExact: boolean, estimated?: number,
 *   byFamily?: (LossShare & { family: Family, share: number })[], explained?: number,
 *   groups?: { by: 'strategy' | 'player', name: string, profile: PlayerProfile }[]
 * }} PlayerProfile
 */

export {};
