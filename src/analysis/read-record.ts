import { z } from 'zod';
import type { DiceTables } from '../dice/index.ts';
import { isSubMultiset } from '../dice/index.ts';
import { keepOfFaces } from '../position/index.ts';
import { DEFAULT_RULESET, isRuleSetId, unknownRuleSetMessage, type RuleSet, type RuleSetId } from '../rules/index.ts';
import { UnreadableGame } from './game-input.ts';
import { gameError, type GameError } from './types.ts';

/**
 * Reading a game record: zod checks the shape (arrays of numbers, a box name), then the turn is
 * checked in the order it was played (roll 1, hold 1, roll 2, ...) so the error names the first
 * illegal thing that happened. Errors are values: the batch goes on with the next game.
 */
const Dice = z.array(z.number());

const RecordShape = z.object({
  ruleset: z.string().optional(),
  turns: z.array(z.unknown()),
});

const TurnShape = z.object({
  rolls: z.array(Dice),
  holds: z.array(Dice).optional(),
  box: z.string(),
  column: z.number().optional(),
});

/** A turn in engine terms: keep indices of every roll and hold, 0-based column and box. */
export interface ReadTurn {
  rolls: number[];
  holds: number[];
  column: number;
  box: number;
}

function isDiceList(x: unknown): boolean {
  if (!Array.isArray(x)) return false;
  for (const dice of x) {
    if (!Array.isArray(dice)) return false;
    for (const d of dice) if (typeof d !== 'number') return false;
  }
  return true;
}

/**
 * The shape zod checks, tested by hand: a batch reads millions of turns, and zod's copy of each
 * is most of the garbage of a review. Only a turn that fails here goes to zod, for its message.
 */
function isTurnShape(raw: unknown): raw is z.infer<typeof TurnShape> {
  if (typeof raw !== 'object' || raw === null) return false;
  const t = raw as { rolls?: unknown; holds?: unknown; box?: unknown; column?: unknown };
  return isDiceList(t.rolls) && (t.holds === undefined || isDiceList(t.holds)) && typeof t.box === 'string' && (t.column === undefined || typeof t.column === 'number');
}

/** The record's rule set and its (not yet read) turns. */
export function readRecord(input: unknown): { id: RuleSetId; turns: unknown[] } | GameError {
  if (input instanceof UnreadableGame) return gameError(0, 0, input.detail);
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return gameError(0, 0, 'a game record must be a JSON object with "turns"');
  }
  const fast = input as { ruleset?: unknown; turns?: unknown };
  if (Array.isArray(fast.turns) && (fast.ruleset === undefined || typeof fast.ruleset === 'string')) {
    const id = fast.ruleset ?? DEFAULT_RULESET;
    if (isRuleSetId(id)) return { id, turns: fast.turns };
  }
  const parsed = RecordShape.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return gameError(0, 0, `${issue.path.join('.') || 'record'}: ${issue.message}`);
  }
  const id = parsed.data.ruleset ?? DEFAULT_RULESET;
  if (!isRuleSetId(id)) return gameError(0, 0, unknownRuleSetMessage(id));
  return { id, turns: parsed.data.turns };
}

function faceList(faces: readonly number[]): string {
  return `[${faces.join(' ')}]`;
}

function pathText(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('');
}

/** The roll a shape issue belongs to: dice and holds name their index, the box the last roll (ties keep zod's key order). */
function issueRoll(path: readonly PropertyKey[], raw: unknown): number {
  if (path.length === 0) return 0;
  if ((path[0] === 'rolls' || path[0] === 'holds') && typeof path[1] === 'number') return path[1] + 1;
  if (path[0] === 'rolls' || path[0] === 'holds') return 1;
  const rolls = (raw as { rolls?: unknown }).rolls;
  return Array.isArray(rolls) ? Math.max(1, rolls.length) : 1;
}

/** The dice of one roll or hold, or the reason they are not dice. */
function readDice(t: DiceTables, faces: readonly number[]): number | string {
  for (const f of faces) if (!Number.isInteger(f) || f < 1 || f > 6) return `${f} is not a die face (1 to 6)`;
  return keepOfFaces(t, faces);
}

/** Checks one turn's dice, holds and box name in playing order; the state-dependent box checks come later. */
export function readTurn(rs: RuleSet, t: DiceTables, raw: unknown, turn: number): ReadTurn | GameError {
  const parsed = isTurnShape(raw) ? { success: true as const, data: raw } : TurnShape.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues
      .map((i) => ({ i, roll: issueRoll(i.path, raw) }))
      .reduce((a, b) => (b.roll < a.roll ? b : a));
    return gameError(turn, issue.roll, `${pathText(issue.i.path) || 'turn'}: ${issue.i.message}`);
  }
  const { rolls, box, column } = parsed.data;
  const holds = parsed.data.holds ?? [];
  if (rolls.length === 0) return gameError(turn, 1, 'a turn needs 1 to 3 rolls, got none');
  if (rolls.length > 3) return gameError(turn, 4, `a turn has at most 3 rolls, got ${rolls.length}`);
  const out: ReadTurn = { rolls: [], holds: [], column: 0, box: -1 };
  for (let i = 0; i < rolls.length; i++) {
    const roll = i + 1;
    if (rolls[i].length !== rs.dice) return gameError(turn, roll, `roll ${roll} has ${rolls[i].length} dice; ${rs.id} uses ${rs.dice}`);
    const rollKeep = readDice(t, rolls[i]);
    if (typeof rollKeep === 'string') return gameError(turn, roll, `roll ${roll}: ${rollKeep}`);
    const rollCounts = t.keepCounts.subarray(rollKeep * 6, rollKeep * 6 + 6);
    if (i > 0) {
      const held = out.holds[i - 1];
      if (!isSubMultiset(t.keepCounts.subarray(held * 6, held * 6 + 6), rollCounts)) {
        return gameError(turn, roll, `roll ${roll} ${faceList(rolls[i])} does not keep the held dice ${faceList(holds[i - 1])}`);
      }
    }
    out.rolls.push(rollKeep);
    if (i === rolls.length - 1) break;
    if (i >= holds.length) return gameError(turn, roll, `no hold recorded before roll ${roll + 1} (holds needs one entry per reroll)`);
    const holdKeep = readDice(t, holds[i]);
    if (typeof holdKeep === 'string') return gameError(turn, roll, `hold ${roll}: ${holdKeep}`);
    if (holdKeep < 0 || !isSubMultiset(t.keepCounts.subarray(holdKeep * 6, holdKeep * 6 + 6), rollCounts)) {
      return gameError(turn, roll, `hold ${faceList(holds[i])} is not in roll ${roll} ${faceList(rolls[i])}`);
    }
    out.holds.push(holdKeep);
  }
  const last = rolls.length;
  if (holds.length > last - 1) {
    return gameError(turn, last, `${holds.length} holds for ${last} rolls: a hold after the last roll has no reroll to keep dice for`);
  }
  out.box = rs.boxes.findIndex((b) => b.id === box);
  if (out.box < 0) return gameError(turn, last, `unknown box ${JSON.stringify(box)}; ${rs.id} has ${rs.boxes.map((b) => b.id).join(', ')}`);
  const columns = rs.columns.length;
  if (column === undefined) {
    if (columns > 1) return gameError(turn, last, `column is required: ${rs.id} has ${columns} columns (1 to ${columns})`);
  } else if (!Number.isInteger(column) || column < 1 || column > columns) {
    return gameError(turn, last, `column ${column} does not exist; ${rs.id} has ${columns === 1 ? 'one column' : `columns 1 to ${columns}`}`);
  } else out.column = column - 1;
  return out;
}
