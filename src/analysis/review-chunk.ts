import { isSolvedExactly, RULESETS, type RuleSetId } from '../rules/index.ts';
import type { GameModel, ReachTable } from '../solver/index.ts';
import { analyserFor } from './analyse-game.ts';
import { recordRuleSet } from './batch.ts';
import { batchRecords, type GameBatch } from './game-input.ts';
import { analyseMultiplayerPacked, formatMultiplayerReview, isMultiplayerRecord, type MultiplayerReview } from './multiplayer.ts';
import { gameError } from './types.ts';
import { analyseBatchPacked, type OutlookLookup, type ReviewGoal } from './review-batch.ts';
import type { ReasonLanguage } from '../position/index.ts';
import { formatGameResult } from './format-report.ts';
import { packedResultJson } from './packed-json.ts';
import { unpackResult, type PackedResult } from './packed-result.ts';
import { emptyTally, groupKey, tallyGame, type ProfileTally } from './profile.ts';

/**
 * One chunk of a streamed review, where it runs (a worker, or inline for a small batch): its
 * games in, their output text and the profile tally of the chunk out. The output is ready to
 * write: one JSON line per game, the readable reports (a blank line between games), or nothing (a profile only). Games are
 * numbered by line (JSON Lines) or by place (records), so "Game 12" is line 12 of the file.
 */
export type ReviewOutput = 'jsonl' | 'text' | 'none';

export type ReviewInput =
  /** JSON Lines text (whole lines); blank lines are skipped but counted */
  | { text: string | Uint8Array; firstLine: number }
  /** parsed records (a JSON array's elements); `first` is the number of the first */
  | { records: unknown[]; first: number };

export interface ReviewChunk {
  input: ReviewInput;
  output: ReviewOutput;
  /** also return the games the tally was made of, in tally order (a shard's part of a chunk, merge-review.ts) */
  keep?: boolean;
  /** an explained review's readable reports: the language of the mistakes' reasons (default en) */
  lang?: ReasonLanguage;
}

export interface ChunkReview {
  games: number;
  errors: number;
  /** text, or its UTF-8 bytes where it came from a worker (moved, not copied) */
  out: string | Uint8Array;
  tally: ProfileTally;
  /** with `keep`: every game tallied, in order, with its group */
  packed?: ReviewedGame[];
}

const decoder = new TextDecoder();

/** What a record says about whose game it is, as `dicewise simulate --record` writes it: the strategy and the game's index. */
export interface RecordTag {
  strategy?: string;
  game?: number;
}

export function tagOf(record: unknown): RecordTag {
  if (typeof record !== 'object' || record === null) return {};
  const { strategy, game } = record as { strategy?: unknown; game?: unknown };
  return { strategy: typeof strategy === 'string' ? strategy : undefined, game: Number.isInteger(game) ? (game as number) : undefined };
}

/** `"strategy"` and `"game"` among the keys before the first bracket: the record's own, as the recorder writes them first. */
const HEAD_STRATEGY = /^\{[^[\]{}]*"strategy":("(?:[^"\\]|\\.)*")/;
const HEAD_GAME = /^\{[^[\]{}]*"game":(\d+)[,}]/;

/**
 * A line's tag: read from the line's head where the recorder put it (no second parse of a long
 * line), else parsed where the line may carry one (a line that is not JSON has none: its error says why).
 */
function lineTag(line: string): RecordTag {
  if (!line.includes('"strategy"')) return {};
  const head = HEAD_STRATEGY.exec(line);
  if (head) {
    const game = HEAD_GAME.exec(line);
    return { strategy: JSON.parse(head[1]) as string, game: game ? Number(game[1]) : undefined };
  }
  try {
    return tagOf(JSON.parse(line));
  } catch {
    return {};
  }
}

/**
 * Adds a reviewed game to a profile tally, and to its group's: a solo record's strategy, each
 * player of a multiplayer record. A profile of two strategies' games blended describes neither.
 */
export function tallyReviewed(tally: ProfileTally, r: Reviewed, tag: RecordTag): void {
  for (const g of reviewedGames(r, tag)) tallyGame(tally, g.packed, g.group);
}

/** A game as the profile tallies it: a packed review, and the group (groupKey) whose profile it joins. */
export interface ReviewedGame {
  packed: PackedResult;
  group: string;
}

/** What tallyReviewed adds, in its order: a solo record's review in its strategy's group, a multiplayer record's each in its player's. */
export function reviewedGames(r: Reviewed, tag: RecordTag): ReviewedGame[] {
  if ('review' in r) return r.packed.map((packed, seat) => ({ packed, group: groupKey({ by: 'player', name: r.review.players[seat]?.name ?? String(seat + 1) }) }));
  return [{ packed: r, group: groupKey({ by: 'strategy', name: tag.strategy ?? '' }) }];
}

/** A game's name in the readable report: its line (or place), and the strategy and game index its record carries. */
function gameLabel(n: number, tag: RecordTag): string {
  if (tag.strategy === undefined) return `Game ${n}`;
  return `Game ${n}: ${tag.strategy}${tag.game === undefined ? '' : ` game ${tag.game}`}`;
}

/** A multiplayer record's tables: the points model and the reach and points-distribution tables of its rule set. */
export type MultiplayerTables = (id: RuleSetId) => Promise<{ model: GameModel; reach: ReachTable; distribution: ReachTable }>;

/** A game's review: packed (solo), or a multiplayer record's with each player's points review packed. */
export type Reviewed = PackedResult | { review: MultiplayerReview; packed: PackedResult[] };

export async function reviewChunk(
  modelFor: (id: RuleSetId) => Promise<GameModel | string>,
  chunk: ReviewChunk,
  goal?: ReviewGoal,
  multiplayerFor?: MultiplayerTables,
  outlookFor?: OutlookLookup,
): Promise<ChunkReview> {
  const { input, output } = chunk;
  let numbers: number[];
  let tags: RecordTag[];
  let results: Reviewed[];
  if ('records' in input) {
    numbers = input.records.map((_, i) => input.first + i);
    tags = input.records.map(tagOf);
    results = await reviewRecords(modelFor, { records: input.records }, goal, multiplayerFor, outlookFor);
  } else {
    const text = typeof input.text === 'string' ? input.text : decoder.decode(input.text);
    const lines: string[] = [];
    numbers = [];
    let at = 0;
    for (let i = input.firstLine; at < text.length; i++) {
      let end = text.indexOf('\n', at);
      if (end < 0) end = text.length;
      const line = text.slice(at, end);
      at = end + 1;
      if (line.trim() === '') continue;
      lines.push(line);
      numbers.push(i);
    }
    tags = lines.map(lineTag);
    results = await reviewRecords(modelFor, { lines }, goal, multiplayerFor, outlookFor);
  }
  const tally = emptyTally();
  const kept: ReviewedGame[] | undefined = chunk.keep ? [] : undefined;
  let out = '';
  for (let i = 0; i < results.length; i++) {
    const r = results[i];
    tallyReviewed(tally, r, tags[i]);
    kept?.push(...reviewedGames(r, tags[i]));
    if ('review' in r) {
      if (output === 'jsonl') out += `${JSON.stringify(r.review)}\n`;
      else if (output === 'text') out += `${i > 0 ? '\n' : ''}${formatMultiplayerReview(r.review, gameLabel(numbers[i], tags[i]))}\n`;
      continue;
    }
    if (output === 'jsonl') out += `${packedResultJson(r)}\n`;
    else if (output === 'text') out += `${i > 0 ? '\n' : ''}${formatGameResult(unpackResult(r), numbers[i] - 1, gameLabel(numbers[i], tags[i]), chunk.lang)}\n`;
  }
  return kept ? { games: tally.games, errors: tally.errors, out, tally, packed: kept } : { games: tally.games, errors: tally.errors, out, tally };
}

/**
 * Solo records through the batch analysis as they are; multiplayer records (several players'
 * turns, multiplayer.ts) picked out and reviewed with their win tables, in input order. Lines are
 * parsed here only when one may hold a multiplayer record.
 */
export async function reviewRecords(
  modelFor: (id: RuleSetId) => Promise<GameModel | string>,
  batch: GameBatch,
  goal: ReviewGoal | undefined,
  multiplayerFor: MultiplayerTables | undefined,
  outlookFor?: OutlookLookup,
): Promise<Reviewed[]> {
  const maybe = 'records' in batch ? batch.records.some(isMultiplayerRecord) : batch.lines.some((l) => l.includes('"players"'));
  if (!maybe) return analyseBatchPacked(modelFor, batch, goal, outlookFor);
  const records = batchRecords(batch);
  const solo = records.filter((r) => !isMultiplayerRecord(r));
  const soloResults = await analyseBatchPacked(modelFor, { records: solo }, goal, outlookFor);
  let next = 0;
  const out: Reviewed[] = [];
  for (const record of records) {
    if (!isMultiplayerRecord(record)) {
      out.push(soloResults[next++]);
      continue;
    }
    if (goal) {
      out.push(gameError(0, 0, 'a multiplayer record is reviewed in points and in share of the stake, not for a reach target'));
      continue;
    }
    const id = recordRuleSet(record);
    if (!id || !multiplayerFor) {
      out.push(gameError(0, 0, id ? 'multiplayer records are not reviewed here' : 'unknown rule set'));
      continue;
    }
    if (!isSolvedExactly(RULESETS[id])) {
      // Its share of the stake is rated against the exact reach and points-distribution tables, which a multi-column rule set has not.
      out.push(gameError(0, 0, `${id}: a multiplayer record is reviewed where the rule set is solved exactly (its share of the stake needs the exact win tables); review each player's turns as a solo record`));
      continue;
    }
    try {
      const t = await multiplayerFor(id);
      out.push(analyseMultiplayerPacked(analyserFor(t.model), t.reach, t.distribution, record));
    } catch (e) {
      out.push(gameError(0, 0, e instanceof Error ? e.message : String(e)));
    }
  }
  return out;
}
