import { diceTables } from '../dice/index.ts';
import { DicewiseError } from '../errors.ts';
import { FAMILIES, isRuleSetId, RULESETS, type RuleSet } from '../rules/index.ts';
import { orderShards, sameRun, shardRange, type Shard } from '../shard.ts';
import { VERSION } from '../version.ts';
import { DECISION_FIELDS, type PackedResult } from './packed-result.ts';
import { emptyTally, mergeTally, profileOf, tallyGame, type PlayerProfile, type ProfileTally } from './profile.ts';
import type { ReviewedGame } from './review-chunk.ts';

/**
 * A review split across machines (`analyse --shard K/N --summary --json`) and the merge of its
 * parts into the profile of the whole review. The whole review folds one tally per chunk of
 * `chunkSize` lines, in input order, and a chunk's tally sums its games in order; those are
 * floating-point sums, so the merge must add the same numbers in the same order. A part therefore
 * keeps the tally of each chunk that lies wholly inside it, and, for a chunk its range cuts, the
 * packed results of its games there (each with its profile group): the merge tallies a cut chunk's games afresh, in order, from
 * the parts that share it, and folds every chunk in input order, as the whole review does.
 */

/** Everything that makes two parts parts of the same review. */
export interface ReviewRun {
  /** the input's fingerprint (the CLI: SHA-256 of the file) */
  input: string;
  /** lines of JSON Lines input, or records of a JSON array: what the parts divide */
  lines: number;
  chunkSize: number;
  /** the reach target reviewed for, or null for points */
  reach: number | null;
  version: string;
}

/** A stretch of a part's lines that lies in one chunk: [from, to), whole when it is the chunk. */
export interface ChunkPiece {
  chunk: number;
  from: number;
  to: number;
  whole: boolean;
}

/** The pieces lines [from, to) of `total` fall into, chunks of `size` lines, in order. */
export function chunkPieces(from: number, to: number, total: number, size: number): ChunkPiece[] {
  const out: ChunkPiece[] = [];
  for (let at = from; at < to; ) {
    const chunk = Math.floor(at / size);
    const start = chunk * size;
    const end = Math.min(start + size, total);
    const pieceEnd = Math.min(end, to);
    out.push({ chunk, from: at, to: pieceEnd, whole: at === start && pieceEnd === end });
    at = pieceEnd;
  }
  return out;
}

/** What a part keeps of a piece: a whole chunk's tally, or a cut chunk's games as tallied. */
export type ReviewPiece = { tally: ProfileTally } | { games: ReviewedGame[] };

export interface ReviewShard extends Shard {
  kind: 'analyse';
  from: number;
  to: number;
  run: ReviewRun;
  /** one per piece of chunkPieces(from, to, lines, chunkSize), in order, as plain JSON (Maps and Float64Arrays spelt out) */
  pieces: unknown[];
}

export type ReviewShardReport = PlayerProfile & { shard: ReviewShard };

/** Maps as {"$map": entries} and Float64Arrays as {"$f64": numbers}: JSON that the merge reads back to the same values. */
function toPlain(v: unknown): unknown {
  if (v instanceof Map) return { $map: [...v].map(([k, x]) => [k, toPlain(x)]) };
  if (v instanceof Float64Array) return { $f64: Array.from(v) };
  if (Array.isArray(v)) return v.map(toPlain);
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toPlain(x)]));
  return v;
}

function fromPlain(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(fromPlain);
  if (typeof v !== 'object' || v === null) return v;
  const o = v as Record<string, unknown>;
  if (Array.isArray(o.$map)) return new Map((o.$map as unknown[]).map((e) => (Array.isArray(e) && e.length === 2 ? [e[0], fromPlain(e[1])] : [undefined, undefined])));
  if (Array.isArray(o.$f64)) return Float64Array.from(o.$f64 as number[]);
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, fromPlain(x)]));
}

/** A part's report: its own profile, and what the merge needs. */
export function reviewShardReport(shard: Shard, from: number, to: number, run: Omit<ReviewRun, 'version'>, pieces: readonly ReviewPiece[]): ReviewShardReport {
  // Written out first: merging hands a piece's group tallies to the part's, which later pieces add to.
  const plain = pieces.map(toPlain);
  const tally = emptyTally();
  for (const p of pieces) mergeTally(tally, 'tally' in p ? p.tally : tallyOf(p.games));
  return { ...profileOf(tally), shard: { kind: 'analyse', index: shard.index, count: shard.count, from, to, run: { ...run, version: VERSION }, pieces: plain } };
}

function tallyOf(games: readonly ReviewedGame[]): ProfileTally {
  const t = emptyTally();
  for (const g of games) tallyGame(t, g.packed, g.group);
  return t;
}

class Bad extends Error {}

function check(ok: boolean, message: string): void {
  if (!ok) throw new Bad(message);
}

const finite = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const count = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0;

function numbers(v: unknown, length: number, what: string): void {
  check(Array.isArray(v) && v.length === length && v.every(finite), `${what} must be ${length} numbers`);
}

/** An action code of a decision (packed-result.ts): a keep index, or −(1 + column × 64 + box). */
function isAction(rs: RuleSet, code: number): boolean {
  if (!Number.isInteger(code)) return false;
  if (code >= 0) return code < diceTables(rs.dice).keepCount;
  const c = -code - 1;
  return c >> 6 < rs.columns.length && (c & 63) < rs.boxes.length;
}

function ruleSetOf(id: unknown): RuleSet {
  check(typeof id === 'string' && isRuleSetId(id), `names no rule set: ${JSON.stringify(id)}`);
  return RULESETS[id as keyof typeof RULESETS];
}

const GROUP = /^(strategy|player)\|/;

/** A tally read back from a part, checked as far as profileOf relies on it. */
function checkTally(v: unknown): ProfileTally {
  check(typeof v === 'object' && v !== null, 'tally must be an object');
  const t = v as ProfileTally;
  const empty = emptyTally();
  // Parts written before estimates were counted have none.
  t.estimated ??= 0;
  for (const k of ['games', 'errors', 'analysed', 'finished', 'decisions', 'dropped', 'estimated'] as const) check(count(t[k]), `tally.${k} must be a count`);
  for (const k of ['scoreSum', 'startSum', 'lossSum', 'luckSum', 'luckSq'] as const) check(finite(t[k]), `tally.${k} must be a number`);
  numbers(t.kinds, empty.kinds.length, 'tally.kinds');
  numbers(t.buckets, empty.buckets.length, 'tally.buckets');
  // Explained reviews only.
  if (t.families !== undefined) {
    numbers(t.families, FAMILIES.length, 'tally.families');
    check(count(t.explained), 'tally.explained must be a count');
  }
  check(t.boxes instanceof Map && t.recurring instanceof Map, 'tally.boxes and tally.recurring must be maps');
  for (const [key, values] of t.boxes) {
    const [id, col, box] = String(key).split('|');
    const rs = ruleSetOf(id);
    check(/^\d+$/.test(col ?? '') && /^\d+$/.test(box ?? '') && Number(col) < rs.columns.length && Number(box) < rs.boxes.length, `tally.boxes has no such box: ${key}`);
    numbers(values, 3, `tally.boxes ${key}`);
  }
  for (const [key, values] of t.recurring) {
    const [id, roll, dice, chosen, best] = String(key).split('|');
    const rs = ruleSetOf(id);
    const ok = ['1', '2', '3'].includes(roll) && isAction(rs, Number(chosen)) && isAction(rs, Number(best)) && Number.isInteger(Number(dice)) && Number(dice) >= 0 && Number(dice) < diceTables(rs.dice).keepCount;
    check(ok, `tally.recurring has no such decision: ${key}`);
    numbers(values, 2, `tally.recurring ${key}`);
  }
  if (t.groups !== undefined) {
    check(t.groups instanceof Map, 'tally.groups must be a map');
    for (const [key, g] of t.groups) {
      check(GROUP.test(String(key)), `tally.groups has no such group: ${key}`);
      checkTally(g);
    }
  }
  return t;
}

/** A cut chunk's game read back from a part: its group and its packed result, checked as far as tallyGame and profileOf rely on them. */
function checkGame(v: unknown): ReviewedGame {
  check(typeof v === 'object' && v !== null && typeof (v as ReviewedGame).group === 'string' && GROUP.test((v as ReviewedGame).group), 'a game must name its group');
  return { packed: checkPacked((v as ReviewedGame).packed), group: (v as ReviewedGame).group };
}

function checkPacked(v: unknown): PackedResult {
  check(typeof v === 'object' && v !== null, 'a result must be an object');
  if ('error' in (v as object)) return v as PackedResult;
  const p = v as Extract<PackedResult, { decisions: Float64Array }>;
  const rs = ruleSetOf(p.ruleset);
  check(typeof p.finished === 'boolean', 'a result\'s finished must be true or false');
  for (const k of ['finalScore', 'startValue', 'totalLoss', 'luck'] as const) check(finite(p[k]), `a result's ${k} must be a number`);
  const d = p.decisions;
  check(d instanceof Float64Array && d.length % DECISION_FIELDS === 0 && d.every(Number.isFinite), 'a result\'s decisions must be packed numbers');
  for (let o = 0; o < d.length; o += DECISION_FIELDS) {
    check([1, 2, 3].includes(d[o + 1]) && (d[o + 2] === 0 || d[o + 2] === 1), 'a decision\'s roll or kind is out of range');
    check(isAction(rs, d[o + 3]) && isAction(rs, d[o + 5]) && count(d[o + 8]) && d[o + 8] < diceTables(rs.dice).keepCount, 'a decision names an action or dice that do not exist');
    check(d[o + 2] === 0 || d[o + 3] < 0, 'a box choice must name a box');
  }
  if (p.familyLoss !== undefined) numbers(p.familyLoss, FAMILIES.length, 'a result\'s familyLoss');
  return p;
}

function runOf(name: string, s: ReviewShard): ReviewRun {
  const fail = (field: string, message: string) => new DicewiseError('INVALID_INPUT', `${name}: shard.${field} ${message}`, [{ field: `shard.${field}`, message }]);
  const run = s.run as Partial<ReviewRun> | undefined;
  if (typeof run !== 'object' || run === null) throw fail('run', 'is missing');
  if (typeof run.input !== 'string') throw fail('run.input', 'must be the input\'s fingerprint');
  if (!count(run.lines)) throw fail('run.lines', 'must be a count of lines');
  if (!Number.isInteger(run.chunkSize) || run.chunkSize! < 1) throw fail('run.chunkSize', 'must be a positive integer');
  if (run.reach !== null && !count(run.reach)) throw fail('run.reach', 'must be a total or null');
  const [from, to] = shardRange(run.lines!, s);
  if (s.from !== from || s.to !== to) throw fail('from', `and to must be ${from} and ${to} for part ${s.index} of ${s.count} of ${run.lines} lines`);
  if (!Array.isArray(s.pieces)) throw fail('pieces', 'must be a list');
  return run as ReviewRun;
}

/**
 * The profile of the whole review from the reports of all its parts (any order; each part once).
 * `names` name the reports in errors (their files).
 */
export function mergeReviewShards(reports: readonly ReviewShardReport[], names: readonly string[]): PlayerProfile {
  const runs = reports.map((r, i) => runOf(names[i], r.shard));
  sameRun(
    runs.map((r) => ({ ...r })),
    names,
  );
  const byShard = new Map(reports.map((r, i) => [r.shard, names[i]]));
  const parts = orderShards(
    reports.map((r) => ({ shard: r.shard })),
    names,
  ).map((p) => p.shard);
  const { lines, chunkSize } = runs[0];
  const whole = emptyTally();
  let cut: { chunk: number; tally: ProfileTally } | undefined;
  const flush = () => {
    if (cut) mergeTally(whole, cut.tally);
    cut = undefined;
  };
  for (const part of parts) {
    const name = byShard.get(part)!;
    const expected = chunkPieces(part.from, part.to, lines, chunkSize);
    if (part.pieces.length !== expected.length) {
      throw new DicewiseError('INVALID_INPUT', `${name}: shard.pieces must hold ${expected.length} pieces for lines ${part.from} to ${part.to}, not ${part.pieces.length}`, [
        { field: 'shard.pieces', message: `${expected.length} pieces` },
      ]);
    }
    expected.forEach((piece, i) => {
      try {
        const p = fromPlain(part.pieces[i]) as Record<string, unknown>;
        check(typeof p === 'object' && p !== null, 'must be an object');
        if (piece.whole) {
          check('tally' in p, `must hold the tally of chunk ${piece.chunk}, which lies wholly in this part`);
          flush();
          mergeTally(whole, checkTally(p.tally));
          return;
        }
        check(Array.isArray(p.games), `must hold the games of lines ${piece.from} to ${piece.to}, a cut chunk`);
        const games = (p.games as unknown[]).map(checkGame);
        if (cut?.chunk !== piece.chunk) {
          flush();
          cut = { chunk: piece.chunk, tally: emptyTally() };
        }
        for (const g of games) tallyGame(cut!.tally, g.packed, g.group);
      } catch (e) {
        if (!(e instanceof Bad)) throw e;
        const message = `pieces[${i}]: ${e.message}`;
        throw new DicewiseError('INVALID_INPUT', `${name}: shard.${message}`, [{ field: `shard.pieces[${i}]`, message: e.message }]);
      }
    });
  }
  flush();
  return profileOf(whole);
}
