import { countsToFaces, diceTables, keepFaceCounts } from '../dice/index.ts';
import type { Action } from '../position/index.ts';
import { FAMILIES, hasColumns, RULESETS, UPPER_COUNT, type Family, type RuleSetId } from '../rules/index.ts';
import { MISTAKE_BUCKETS, mistakeBucket, type MistakeBucket } from './mistakes.ts';
import type { ReviewedGoal } from './types.ts';
import { actionOf, DECISION_FIELDS, type PackedResult } from './packed-result.ts';

/**
 * A player profile: what a batch of reviewed games says about the player. Built from packed
 * results one game at a time into a tally of sums (constant size, apart from the recurring
 * mistakes, which are bounded), so a stream of any length fits; tallies of chunks merge, in input
 * order, to the same numbers whatever the threads.
 *
 * Kinds of decision: the hold after roll 1, the hold after roll 2, and the box choice (a turn's
 * scoring, whichever roll it came after: stopping too early counts here).
 *
 * By box: every decision of a turn is charged to the box that turn was scored in, so the boxes
 * (and the upper and lower sections) share out the whole loss: "the turns you put in the upper
 * section cost you 6 points a game".
 *
 * A recurring mistake is one kind of position met with the same wrong choice: the same rule set,
 * the same dice (as a multiset, faces sorted), the same rolls left, the same action chosen and the
 * same best action; the scorecard is left out, so the same slip made on different sheets counts as
 * one. The ten with the largest total loss among those made at least twice are reported.
 */

/** Distinct recurring-mistake keys a tally keeps; beyond it the cheapest half is dropped. */
export const RECURRING_CAP = 50_000;
/** Recurring mistakes a profile lists. */
export const RECURRING_TOP = 10;

export type DecisionKind = 'hold1' | 'hold2' | 'box';
const KINDS: readonly DecisionKind[] = ['hold1', 'hold2', 'box'];

/** The mergeable sums of a profile: plain data, cloned between threads as it is. */
export interface ProfileTally {
  games: number;
  errors: number;
  analysed: number;
  finished: number;
  decisions: number;
  /** final scores of finished games */
  scoreSum: number;
  startSum: number;
  lossSum: number;
  luckSum: number;
  luckSq: number;
  goal?: ReviewedGoal;
  /** per kind (KINDS order): decisions, mistakes, loss */
  kinds: number[];
  /** per bucket (MISTAKE_BUCKETS order): count, loss */
  buckets: number[];
  /** "ruleset|column|box" -> turns, loss, loss of the box choices alone */
  boxes: Map<string, number[]>;
  /** "ruleset|roll|dice|chosen|best" -> count, loss */
  recurring: Map<string, number[]>;
  /** recurring keys dropped to stay within RECURRING_CAP (0: the list is exact) */
  dropped: number;
  /** analysed games whose values are a model's estimates (`exact: false`), not an exact table's */
  estimated: number;
  /** "strategy|name" or "player|name" -> that group's own tally, where the games were tallied by group */
  groups?: Map<string, ProfileTally>;
  /** explained reviews: the games explained, and their loss by family of boxes (FAMILIES order) */
  explained?: number;
  families?: number[];
}

export function emptyTally(): ProfileTally {
  return {
    games: 0,
    errors: 0,
    analysed: 0,
    finished: 0,
    decisions: 0,
    scoreSum: 0,
    startSum: 0,
    lossSum: 0,
    luckSum: 0,
    luckSq: 0,
    kinds: new Array(KINDS.length * 3).fill(0),
    buckets: new Array(MISTAKE_BUCKETS.length * 2).fill(0),
    boxes: new Map(),
    recurring: new Map(),
    dropped: 0,
    estimated: 0,
  };
}

function bump(map: Map<string, number[]>, key: string, values: readonly number[]): void {
  const v = map.get(key);
  if (!v) map.set(key, values.slice());
  else for (let i = 0; i < values.length; i++) v[i] += values[i];
}

const BUCKET_INDEX = new Map<MistakeBucket, number>(MISTAKE_BUCKETS.map((b, i) => [b.name, i]));

/**
 * Adds one game (an error counts as a game with an error and nothing else); with `group`, also
 * to that group's own tally (groupKey), so that the games of two strategies or players are not
 * blended into one profile.
 */
export function tallyGame(t: ProfileTally, r: PackedResult, group?: string): void {
  if (group !== undefined) {
    t.groups ??= new Map();
    let g = t.groups.get(group);
    if (!g) t.groups.set(group, (g = emptyTally()));
    tallyGame(g, r);
  }
  t.games++;
  if ('error' in r) {
    t.errors++;
    return;
  }
  t.analysed++;
  if (r.goal) t.goal = r.goal;
  if (r.exact === false) t.estimated++;
  if (r.finished) {
    t.finished++;
    t.scoreSum += r.finalScore;
  }
  t.startSum += r.startValue;
  t.lossSum += r.totalLoss;
  t.luckSum += r.luck;
  if (r.familyLoss) addFamilies(t, 1, r.familyLoss);
  t.luckSq += r.luck * r.luck;
  const scale = r.goal ? 100 : 1;
  const d = r.decisions;
  t.decisions += d.length / DECISION_FIELDS;
  let turnLoss = 0;
  for (let o = 0; o < d.length; o += DECISION_FIELDS) {
    const roll = d[o + 1];
    const score = d[o + 2] === 1;
    const loss = d[o + 7];
    const k = score ? 2 : roll - 1;
    t.kinds[k * 3]++;
    t.kinds[k * 3 + 2] += loss;
    turnLoss += loss;
    if (loss > 0) {
      t.kinds[k * 3 + 1]++;
      const b = BUCKET_INDEX.get(mistakeBucket(loss * scale)!)!;
      t.buckets[b * 2]++;
      t.buckets[b * 2 + 1] += loss;
      bump(t.recurring, `${r.ruleset}|${roll}|${d[o + 8]}|${d[o + 3]}|${d[o + 5]}`, [1, loss]);
    }
    if (score) {
      const c = -d[o + 3] - 1;
      bump(t.boxes, `${r.ruleset}|${c >> 6}|${c & 63}`, [1, turnLoss, loss]);
      turnLoss = 0;
    }
  }
  if (t.recurring.size > RECURRING_CAP) prune(t);
}

/** Keeps the costlier half of the recurring keys (ties by key, so the result is the same on every run). */
function prune(t: ProfileTally): void {
  const kept = [...t.recurring].sort((a, b) => b[1][1] - a[1][1] || (a[0] < b[0] ? -1 : 1)).slice(0, RECURRING_CAP / 2);
  t.dropped += t.recurring.size - kept.length;
  t.recurring = new Map(kept);
}

function addFamilies(t: ProfileTally, games: number, loss: readonly number[]): void {
  t.explained = (t.explained ?? 0) + games;
  t.families ??= FAMILIES.map(() => 0);
  for (let i = 0; i < loss.length; i++) t.families[i] += loss[i];
}

/** Adds `part` (a later stretch of the same batch) into `into`. */
export function mergeTally(into: ProfileTally, part: ProfileTally): void {
  for (const k of ['games', 'errors', 'analysed', 'finished', 'decisions', 'scoreSum', 'startSum', 'lossSum', 'luckSum', 'luckSq', 'dropped', 'estimated'] as const) into[k] += part[k];
  if (part.goal) into.goal = part.goal;
  if (part.families) addFamilies(into, part.explained ?? 0, part.families);
  for (let i = 0; i < into.kinds.length; i++) into.kinds[i] += part.kinds[i];
  for (let i = 0; i < into.buckets.length; i++) into.buckets[i] += part.buckets[i];
  for (const [k, v] of part.boxes) bump(into.boxes, k, v);
  for (const [k, v] of part.recurring) bump(into.recurring, k, v);
  if (into.recurring.size > RECURRING_CAP) prune(into);
  for (const [k, g] of part.groups ?? []) {
    into.groups ??= new Map();
    const mine = into.groups.get(k);
    if (mine) mergeTally(mine, g);
    else into.groups.set(k, g);
  }
}

/** Whose games a group holds: the records' strategy (absent: "" ), or a multiplayer record's player. */
export interface GroupOf {
  by: 'strategy' | 'player';
  name: string;
}

export function groupKey(g: GroupOf): string {
  return `${g.by}|${g.name}`;
}

/** One strategy's or player's games of a batch that holds several. */
export interface ProfileGroup extends GroupOf {
  profile: PlayerProfile;
}

export interface LossShare {
  loss: number;
  perGame: number;
}

export interface KindProfile extends LossShare {
  kind: DecisionKind;
  decisions: number;
  mistakes: number;
  perDecision: number;
}

export interface BoxProfile extends LossShare {
  ruleset: RuleSetId;
  box: string;
  /** 1-based, on multi-column rule sets only */
  column?: number;
  turns: number;
  /** the part of `loss` from the box choices alone (the rest is the holds of those turns) */
  boxChoiceLoss: number;
}

/** Where an explained batch's losses come from: one family of boxes (rules/families.ts). */
export interface FamilyProfile extends LossShare {
  family: Family;
  /** of the explained games' whole loss */
  share: number;
}

export interface RecurringMistake {
  ruleset: RuleSetId;
  /** rerolls that were left when the choice was made: 2 after roll 1, 0 after roll 3 */
  rollsLeft: number;
  dice: number[];
  chosen: Action;
  best: Action;
  count: number;
  loss: number;
  meanLoss: number;
}

export interface PlayerProfile {
  games: number;
  analysed: number;
  errors: number;
  finished: number;
  /** set for a reach or win review: losses and luck are probabilities (or shares), buckets in percentage points */
  goal?: ReviewedGoal;
  decisions: number;
  /** over finished games */
  meanFinalScore: number;
  meanStartValue: number;
  loss: { total: number; perGame: number; perDecision: number };
  luck: { mean: number; sd: number };
  byKind: KindProfile[];
  bySection: { upper: LossShare; lower: LossShare };
  byBox: BoxProfile[];
  mistakes: Record<MistakeBucket | 'total', { count: number; loss: number }>;
  recurring: RecurringMistake[];
  /** false when rare recurring keys had to be dropped to bound memory (the list may then miss some) */
  recurringExact: boolean;
  /** where some games were rated by a model (Triple Yahtzee, Superpass): how many; their values are estimates */
  estimated?: number;
  /** where the batch holds the games of more than one strategy or player: each one's own profile, in first-seen order */
  groups?: ProfileGroup[];
  /**
   * An explained review: where the losses of its explained games (`explained` of them: exact
   * single-column rule sets) come from, by family of boxes, largest first; per game of those
   */
  byFamily?: FamilyProfile[];
  explained?: number;
}

const per = (x: number, n: number) => (n > 0 ? x / n : 0);

function diceOf(id: RuleSetId, keep: number): number[] {
  return countsToFaces(keepFaceCounts(diceTables(RULESETS[id].dice), keep));
}

/** The readable profile of a tally. */
export function profileOf(t: ProfileTally): PlayerProfile {
  const n = t.analysed;
  const share = (loss: number): LossShare => ({ loss, perGame: per(loss, n) });
  const byKind = KINDS.map((kind, i) => {
    const [decisions, mistakes, loss] = t.kinds.slice(i * 3, i * 3 + 3);
    return { kind, decisions, mistakes, loss, perGame: per(loss, n), perDecision: per(loss, decisions) };
  });
  const byBox: (BoxProfile & { order: number })[] = [...t.boxes].map(([key, [turns, loss, boxChoiceLoss]]) => {
    const [ruleset, col, box] = key.split('|') as [RuleSetId, string, string];
    const rs = RULESETS[ruleset];
    const c = Number(col);
    const b = Number(box);
    const p: BoxProfile & { order: number } = { order: c * 64 + b, ruleset, box: rs.boxes[b].id, turns, loss, perGame: per(loss, n), boxChoiceLoss };
    if (hasColumns(rs)) p.column = c + 1;
    return p;
  });
  byBox.sort((a, b) => (a.ruleset < b.ruleset ? -1 : a.ruleset > b.ruleset ? 1 : a.order - b.order));
  let upper = 0;
  let lower = 0;
  for (const b of byBox) {
    if (b.order % 64 < UPPER_COUNT) upper += b.loss;
    else lower += b.loss;
  }
  const mistakes = {} as PlayerProfile['mistakes'];
  let count = 0;
  let loss = 0;
  MISTAKE_BUCKETS.forEach((b, i) => {
    mistakes[b.name] = { count: t.buckets[i * 2], loss: t.buckets[i * 2 + 1] };
    count += t.buckets[i * 2];
    loss += t.buckets[i * 2 + 1];
  });
  mistakes.total = { count, loss };
  const recurring = [...t.recurring]
    .filter(([, [c]]) => c >= 2)
    .sort((a, b) => b[1][1] - a[1][1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, RECURRING_TOP)
    .map(([key, [c, l]]): RecurringMistake => {
      const [ruleset, roll, dice, chosen, best] = key.split('|');
      const id = ruleset as RuleSetId;
      const rs = RULESETS[id];
      return { ruleset: id, rollsLeft: 3 - Number(roll), dice: diceOf(id, Number(dice)), chosen: actionOf(rs, Number(chosen)), best: actionOf(rs, Number(best)), count: c, loss: l, meanLoss: l / c };
    });
  const meanLuck = per(t.luckSum, n);
  const profile: PlayerProfile = {
    games: t.games,
    analysed: n,
    errors: t.errors,
    finished: t.finished,
    decisions: t.decisions,
    meanFinalScore: per(t.scoreSum, t.finished),
    meanStartValue: per(t.startSum, n),
    loss: { total: t.lossSum, perGame: per(t.lossSum, n), perDecision: per(t.lossSum, t.decisions) },
    luck: { mean: meanLuck, sd: Math.sqrt(Math.max(0, per(t.luckSq, n) - meanLuck * meanLuck)) },
    byKind,
    bySection: { upper: share(upper), lower: share(lower) },
    byBox: byBox.map(({ order: _order, ...b }) => b),
    mistakes,
    recurring,
    recurringExact: t.dropped === 0,
  };
  if (t.estimated > 0) profile.estimated = t.estimated;
  if (t.families && t.explained) {
    const all = t.families.reduce((a, b) => a + b, 0);
    const explained = t.explained;
    profile.explained = explained;
    profile.byFamily = FAMILIES.map((family, i) => ({ family, loss: t.families![i], perGame: per(t.families![i], explained), share: per(t.families![i], all) })).sort((a, b) => b.loss - a.loss);
  }
  if (t.groups && t.groups.size > 1) {
    profile.groups = [...t.groups].map(([key, g]) => {
      const at = key.indexOf('|');
      return { by: key.slice(0, at) as GroupOf['by'], name: key.slice(at + 1), profile: profileOf(g) };
    });
  }
  if (!t.goal) return profile;
  const { games, ...rest } = profile;
  return { games, goal: t.goal, ...rest };
}

/** The profile of a list of results, as one chunk: for small batches and tests. */
export function profileResults(results: readonly PackedResult[]): PlayerProfile {
  const t = emptyTally();
  for (const r of results) tallyGame(t, r);
  return profileOf(t);
}
