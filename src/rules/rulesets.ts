import { yahtzeeColumn, yatzyColumn } from './boxes.ts';
import { SOLVED_BY_MODEL, SOLVED_EXACTLY, SUB_GAME } from './capabilities.ts';
import type { RuleSet, RuleSetId } from './types.ts';

const YAHTZEE_BASE = {
  dice: 5,
  boxes: yahtzeeColumn(5),
  upperBonus: { threshold: 63, points: 35 },
  columns: [{ multiplier: 1, fill: 'any' }],
  zeroOnlyWhenNothingScores: false,
  capabilities: SOLVED_EXACTLY,
} as const;

const SUPERPASS_BASE = {
  dice: 6,
  boxes: yahtzeeColumn(6),
  upperBonus: { threshold: 63, points: 35 },
  yahtzeeBonus: 0,
  joker: 'none',
  zeroOnlyWhenNothingScores: true,
} as const;

const TRIPLE_COLUMNS = [
  { multiplier: 1, fill: 'any' },
  { multiplier: 2, fill: 'any' },
  { multiplier: 3, fill: 'any' },
] as const;

const SUPERPASS_COLUMNS = [
  { multiplier: 1, fill: 'top-down' },
  { multiplier: 1, fill: 'bottom-up' },
  { multiplier: 1, fill: 'first-roll-only' },
  { multiplier: 1, fill: 'any' },
] as const;

const DEFINITIONS = {
  yahtzee: {
    ...YAHTZEE_BASE,
    id: 'yahtzee',
    name: 'Yahtzee (official, forced Joker)',
    description: 'Hasbro rules: 13 boxes, +35 upper bonus at 63, +100 per extra Yahtzee, forced Joker.',
    yahtzeeBonus: 100,
    joker: 'forced',
    published: { mean: 254.5877287, sd: 59.6076, source: 'published exact optimum, forced Joker (docs/rules.md)' },
  },
  'yahtzee-free-joker': {
    ...YAHTZEE_BASE,
    id: 'yahtzee-free-joker',
    name: "Yahtzee (Verhoeff's free Joker)",
    description: 'As yahtzee, but any free box may be chosen; Joker scores need the Yahtzee and matching upper box filled.',
    yahtzeeBonus: 100,
    joker: 'free',
    published: { mean: 254.5896095, sd: 59.6114, source: 'Verhoeff (free-Joker convention)' },
  },
  'yahtzee-no-bonus': {
    ...YAHTZEE_BASE,
    id: 'yahtzee-no-bonus',
    name: 'Yahtzee without extra-Yahtzee bonus',
    description: 'As yahtzee with no Yahtzee bonus and no Joker.',
    yahtzeeBonus: 0,
    joker: 'none',
    published: { mean: 245.8707745, sd: 39.8201, source: 'published exact optimum (docs/rules.md)' },
  },
  yatzy: {
    id: 'yatzy',
    name: 'Yatzy (Scandinavian)',
    description: '15 boxes, +50 upper bonus at 63, no Yatzy bonus, no Joker.',
    dice: 5,
    boxes: yatzyColumn(),
    upperBonus: { threshold: 63, points: 50 },
    yahtzeeBonus: 0,
    joker: 'none',
    columns: [{ multiplier: 1, fill: 'any' }],
    zeroOnlyWhenNothingScores: false,
    capabilities: SOLVED_EXACTLY,
    published: { mean: 248.4399894, source: 'published exact optimum, corrected two-pairs scoring (docs/rules.md)' },
  },
  yahtsoos: {
    ...YAHTZEE_BASE,
    id: 'yahtsoos',
    name: 'YahtSooS (multiplayer Yahtzee)',
    description: 'As yahtzee, with +100 per extra Yahtzee while the Yahtzee box holds 50 and no Joker (our interpretation: docs/rules.md).',
    yahtzeeBonus: 100,
    joker: 'none',
    published: { mean: 253.9702412, source: 'published as "Yahtzee bonus without Joker" (docs/rules.md)' },
  },
  'triple-yahtzee': {
    ...YAHTZEE_BASE,
    id: 'triple-yahtzee',
    name: 'Triple Yahtzee',
    description: 'Three Yahtzee columns scored ×1, ×2, ×3; bonuses and forced Joker per column.',
    yahtzeeBonus: 100,
    joker: 'forced',
    columns: TRIPLE_COLUMNS,
    capabilities: SOLVED_BY_MODEL,
  },
  superpass: {
    ...SUPERPASS_BASE,
    id: 'superpass',
    name: 'Superpass',
    description: 'Six dice, four columns: top-down, bottom-up, first-roll-only, free; a zero only when nothing scores.',
    columns: SUPERPASS_COLUMNS,
    capabilities: SOLVED_BY_MODEL,
  },
  'superpass-ordered': {
    ...SUPERPASS_BASE,
    id: 'superpass-ordered',
    name: 'Superpass, ordered columns (sub-game)',
    description: "Superpass's columns 1 (top-down) and 2 (bottom-up) only: 26 boxes, solved exactly over its joint states to measure the models.",
    // Superpass's first two columns: the same column types, so the same column tables' rules.
    columns: SUPERPASS_COLUMNS.slice(0, 2),
    capabilities: SUB_GAME,
  },
  'triple-yahtzee-lower': {
    ...YAHTZEE_BASE,
    id: 'triple-yahtzee-lower',
    name: 'Triple Yahtzee, lower sections (sub-game)',
    description: "Triple Yahtzee's seven lower boxes per column only (×1, ×2, ×3; Yahtzee bonus and forced Joker per column, no upper step): 21 boxes, solved exactly over its joint states to measure the models.",
    yahtzeeBonus: 100,
    joker: 'forced',
    columns: TRIPLE_COLUMNS,
    closedBoxes: ['ones', 'twos', 'threes', 'fours', 'fives', 'sixes'],
    capabilities: SUB_GAME,
  },
} as const satisfies Record<RuleSetId, RuleSet>;

export const RULESETS: Readonly<Record<RuleSetId, RuleSet>> = DEFINITIONS;

/**
 * The rule sets played by a model, as a type: the fitted data of approx/ is a `Record` over it,
 * so a new multi-column rule set without its spreads, corrections, horizons or measurement is a
 * type error rather than a silent fallback.
 */
export type ModelledRuleSetId = { [K in RuleSetId]: (typeof DEFINITIONS)[K]['capabilities']['solved'] extends 'model' ? K : never }[RuleSetId];

export const RULESET_IDS = Object.keys(RULESETS) as RuleSetId[];
export const DEFAULT_RULESET: RuleSetId = 'yahtzee';

/** Most played first: YahtSooS is what the multiplayer advisor is for, the variants of Yahtzee and Yatzy follow. */
const PLAY_RANK: readonly RuleSetId[] = ['yahtzee', 'yahtsoos', 'yahtzee-free-joker', 'yahtzee-no-bonus', 'yatzy', 'triple-yahtzee', 'superpass', 'superpass-ordered', 'triple-yahtzee-lower'];

function playRank(id: RuleSetId): number {
  const i = PLAY_RANK.indexOf(id);
  return i < 0 ? PLAY_RANK.length : i;
}

const exactFirst = (id: RuleSetId): number => (RULESETS[id].capabilities.solved === 'exact' ? 0 : 1);

/**
 * Every rule set the program plays: the exactly solved ones and the multi-column ones played by
 * an approximate model over their column tables. The one list of what the server serves by
 * default, what the simulator plays, and what help and error messages name: the exact ones first
 * (most played first), then the modelled ones, whose column tables take the longest to build.
 */
export const PLAYABLE_RULESETS: readonly RuleSetId[] = [...RULESET_IDS].sort((a, b) => exactFirst(a) - exactFirst(b) || playRank(a) - playRank(b));

/** What `dicewise serve` loads and builds unless `--rulesets` says otherwise: every playable rule set but the sub-games. */
export const DEFAULT_SERVED_RULESETS: readonly RuleSetId[] = PLAYABLE_RULESETS.filter((id) => RULESETS[id].capabilities.servedByDefault);

/** The exactly solved rule sets, most played first: the ones with reach and points distribution tables. */
export const EXACT_RULESETS: readonly RuleSetId[] = PLAYABLE_RULESETS.filter((id) => RULESETS[id].capabilities.solved === 'exact');

/** The rule sets played by a model, in list order. */
export const MODELLED_RULESET_IDS = RULESET_IDS.filter((id) => RULESETS[id].capabilities.solved === 'model') as ModelledRuleSetId[];

export function isModelledRuleSetId(id: RuleSetId): id is ModelledRuleSetId {
  return RULESETS[id].capabilities.solved === 'model';
}

/** A list of rule set ids for a message: "a, b or c". */
export function listRuleSets(ids: readonly string[], last = 'or'): string {
  return ids.length < 2 ? ids.join('') : `${ids.slice(0, -1).join(', ')} ${last} ${ids[ids.length - 1]}`;
}

export function isRuleSetId(id: string): id is RuleSetId {
  return Object.prototype.hasOwnProperty.call(RULESETS, id);
}

/** What a player is told for a rule set id that is none: the one wording, wherever an id is read. */
export function unknownRuleSetMessage(id: unknown): string {
  return `unknown rule set ${JSON.stringify(id)}; known: ${RULESET_IDS.join(', ')}`;
}
