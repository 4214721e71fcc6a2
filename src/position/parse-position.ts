import type { Issue } from '../errors.ts';
import type { RuleSet, RuleSetId } from '../rules/index.ts';
import { DEFAULT_RULESET, isRuleSetId, possibleScores, RULESETS, UPPER_COUNT, yahtzeeBoxIndex } from '../rules/index.ts';
import type { ColumnState, GameState } from '../solver/index.ts';
import type { PositionInput } from './types.ts';
import { parseGoal, type Goal } from './goal.ts';

/** A validated position: the engine's state plus what the player sees. */
export interface Position {
  rs: RuleSet;
  state: GameState;
  /** the scorecard per column (box index -> points), as given */
  columns: (number | undefined)[][];
  /** extra-Yahtzee bonus points per column */
  yahtzeeBonus: number[];
  /** points on the sheet now, bonuses and multipliers included */
  score: number;
  /** sorted dice faces, or undefined at the start of a turn */
  dice?: number[];
  rollsLeft: 0 | 1 | 2;
  /** what the player plays for; points unless the input says otherwise */
  goal: Goal;
}

export type ParseResult = { ok: true; position: Position } | { ok: false; issues: Issue[] };

const possibleCache = new Map<string, Set<number>[]>();

/**
 * Every value a box can hold under the rule set: ordinary scores, Joker scores, forced zeros; in
 * `column` (0-based) where given, else in any column.
 */
export function possibleBoxValues(rs: RuleSet, column?: number): Set<number>[] {
  const key = `${rs.id}#${column ?? 'any'}`;
  let sets = possibleCache.get(key);
  if (!sets) {
    // Superpass: an entry after a reroll in the first-roll-only column scores 0 in any box. In the
    // other columns a 0 is only written where nothing scores, which the box's own scores already
    // include: chance, which always scores 6 or more, can never hold 0 there.
    const anyZero = rs.columns.some((c, i) => c.fill === 'first-roll-only' && (column === undefined || column === i));
    sets = rs.boxes.map((b) => {
      const s = possibleScores(b.pattern, rs.dice);
      if (rs.joker !== 'none' && b.jokerPoints !== undefined) s.add(b.jokerPoints);
      if (anyZero) s.add(0);
      return s;
    });
    possibleCache.set(key, sets);
  }
  return sets;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Column state and sheet total of one column; pushes issues for impossible entries. */
function parseColumn(rs: RuleSet, ci: number, raw: unknown, path: string, bonusRaw: unknown, bonusPath: string, issues: Issue[]) {
  const values: (number | undefined)[] = rs.boxes.map(() => undefined);
  const col: ColumnState = { mask: 0, upper: 0, yahtzee50: false };
  if (!isObject(raw)) {
    issues.push({ field: path, message: 'must be an object mapping box ids to points' });
    return { col, values, total: 0, bonus: 0 };
  }
  const possible = possibleBoxValues(rs, ci);
  for (const [key, v] of Object.entries(raw)) {
    const b = rs.boxes.findIndex((box) => box.id === key);
    const field = `${path}.${key}`;
    if (b < 0) {
      issues.push({ field, message: `unknown box; ${rs.id} has ${rs.boxes.map((x) => x.id).join(', ')}` });
      continue;
    }
    if (v === null || v === undefined) continue;
    if (typeof v !== 'number' || !Number.isInteger(v)) {
      issues.push({ field, message: 'must be an integer number of points' });
      continue;
    }
    if (!possible[b].has(v)) {
      const list = [...possible[b]].sort((x, y) => x - y);
      issues.push({ field, message: `${v} cannot be scored in ${key}; possible: ${list.join(', ')}` });
      continue;
    }
    values[b] = v;
    col.mask |= 1 << b;
    if (b < UPPER_COUNT) col.upper += v;
  }
  const y = yahtzeeBoxIndex(rs);
  col.yahtzee50 = y >= 0 && values[y] === 50;
  let bonus = 0;
  if (bonusRaw !== undefined) {
    if (typeof bonusRaw !== 'number' || !Number.isInteger(bonusRaw) || bonusRaw < 0) {
      issues.push({ field: bonusPath, message: 'must be a non-negative integer' });
    } else if (bonusRaw > 0) {
      const per = rs.yahtzeeBonus;
      let filled = 0;
      for (let m = col.mask; m; m &= m - 1) filled++;
      if (per === 0) issues.push({ field: bonusPath, message: `${rs.id} has no Yahtzee bonus` });
      else if (!col.yahtzee50) issues.push({ field: bonusPath, message: 'a Yahtzee bonus needs 50 in the yahtzee box' });
      else if (bonusRaw % per !== 0) issues.push({ field: bonusPath, message: `must be a multiple of ${per}` });
      else if (bonusRaw / per > filled - 1) {
        issues.push({ field: bonusPath, message: `${bonusRaw / per} bonus Yahtzees need at least as many boxes filled after the Yahtzee box` });
      } else bonus = bonusRaw;
    }
  }
  let total = bonus;
  for (const v of values) total += v ?? 0;
  if (col.upper >= rs.upperBonus.threshold) total += rs.upperBonus.points;
  return { col, values, total, bonus };
}

function checkFillOrder(rs: RuleSet, ci: number, mask: number, path: string, issues: Issue[]): void {
  const B = rs.boxes.length;
  const fill = rs.columns[ci].fill;
  if (fill !== 'top-down' && fill !== 'bottom-up') return;
  const n = popcount(mask);
  const expected = fill === 'top-down' ? (1 << n) - 1 : ((1 << n) - 1) << (B - n);
  if (mask !== expected) {
    issues.push({ field: path, message: `column ${ci + 1} is filled ${fill === 'top-down' ? 'top to bottom' : 'bottom to top'}; its filled boxes must be the ${fill === 'top-down' ? 'first' : 'last'} ${n}` });
  }
}

function popcount(x: number): number {
  let c = 0;
  for (; x; x &= x - 1) c++;
  return c;
}

/**
 * Validates a position and converts it to the engine's state. Returns every problem found, each
 * naming its field, instead of throwing: the API, the CLI and the web page all report them as is.
 */
export function parsePosition(input: unknown): ParseResult {
  const issues: Issue[] = [];
  if (!isObject(input)) return { ok: false, issues: [{ field: '', message: 'position must be a JSON object' }] };
  const p = input as PositionInput & Record<string, unknown>;
  const id = p.ruleset ?? DEFAULT_RULESET;
  if (typeof id !== 'string' || !isRuleSetId(id)) {
    return { ok: false, issues: [{ field: 'ruleset', message: `unknown rule set ${JSON.stringify(id)}; known: ${Object.keys(RULESETS).join(', ')}` }] };
  }
  const rs = RULESETS[id as RuleSetId];
  const multi = rs.columns.length > 1;
  const rawCard = p.scorecard ?? (multi ? rs.columns.map(() => ({})) : {});
  let cards: unknown[];
  let bonuses: unknown[];
  if (multi) {
    if (!Array.isArray(rawCard) || rawCard.length !== rs.columns.length) {
      return { ok: false, issues: [{ field: 'scorecard', message: `${rs.id} needs an array of ${rs.columns.length} column objects` }] };
    }
    cards = rawCard;
    const rb = p.yahtzeeBonus ?? rs.columns.map(() => 0);
    if (!Array.isArray(rb) || rb.length !== rs.columns.length) {
      return { ok: false, issues: [{ field: 'yahtzeeBonus', message: `${rs.id} needs an array of ${rs.columns.length} numbers` }] };
    }
    bonuses = rb;
  } else {
    cards = [Array.isArray(rawCard) && rawCard.length === 1 ? rawCard[0] : rawCard];
    bonuses = [Array.isArray(p.yahtzeeBonus) && p.yahtzeeBonus.length === 1 ? p.yahtzeeBonus[0] : p.yahtzeeBonus];
  }
  const parsed = cards.map((card, ci) => {
    const path = multi ? `scorecard[${ci}]` : 'scorecard';
    const bonusPath = multi ? `yahtzeeBonus[${ci}]` : 'yahtzeeBonus';
    const r = parseColumn(rs, ci, card, path, bonuses[ci], bonusPath, issues);
    checkFillOrder(rs, ci, r.col.mask, path, issues);
    return r;
  });
  const full = (1 << rs.boxes.length) - 1;
  if (issues.length === 0 && parsed.every((r) => r.col.mask === full)) {
    issues.push({ field: 'scorecard', message: 'every box is filled: the game is over' });
  }
  let dice: number[] | undefined;
  if (p.dice !== undefined) {
    if (!Array.isArray(p.dice)) issues.push({ field: 'dice', message: `must be an array of ${rs.dice} faces` });
    else if (p.dice.length !== rs.dice) issues.push({ field: 'dice', message: `${rs.id} uses ${rs.dice} dice, got ${p.dice.length}` });
    else {
      p.dice.forEach((d, i) => {
        if (typeof d !== 'number' || !Number.isInteger(d) || d < 1 || d > 6) issues.push({ field: `dice[${i}]`, message: 'must be a face 1 to 6' });
      });
      dice = [...(p.dice as number[])].sort((a, b) => a - b);
    }
  }
  let rollsLeft: 0 | 1 | 2 = 2;
  if (p.rollsLeft !== undefined) {
    if (p.rollsLeft !== 0 && p.rollsLeft !== 1 && p.rollsLeft !== 2) issues.push({ field: 'rollsLeft', message: 'must be 0, 1 or 2' });
    else if (p.dice === undefined && p.rollsLeft !== 2) issues.push({ field: 'rollsLeft', message: 'needs dice: without dice the position is the start of a turn' });
    else rollsLeft = p.rollsLeft;
  }
  const goal = parseGoal(p.goal, issues);
  if (issues.length > 0) return { ok: false, issues };
  const score = parsed.reduce((s, r, ci) => s + rs.columns[ci].multiplier * r.total, 0);
  return {
    ok: true,
    position: {
      rs,
      state: { columns: parsed.map((r) => r.col) },
      columns: parsed.map((r) => r.values),
      yahtzeeBonus: parsed.map((r) => r.bonus),
      score,
      dice,
      rollsLeft,
      goal,
    },
  };
}
