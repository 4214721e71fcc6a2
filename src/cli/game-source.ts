import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { DicewiseError, invalidInput } from '../errors.ts';
import type { ReviewInput } from '../analysis/index.ts';
import { shardRange, type Shard } from '../shard.ts';

/**
 * The games of `dicewise analyse` as chunks, read as they are needed. JSON Lines are cut at line
 * ends into chunks of `size` lines and never parsed here (the workers parse them); only a JSON
 * array, a single game object, or text whose first line is not JSON is read whole, as before:
 * such input is one JSON value that no line boundary splits.
 */
export interface GameSource {
  chunks: AsyncIterable<ReviewInput>;
  /** bytes of the file (undefined for stdin), and bytes read so far: for a progress line */
  bytes?: number;
  read(): number;
  /**
   * With a shard: the lines (JSON Lines) or records (a JSON array) of the whole input, the part
   * [from, to) of them that the chunks hold, and the input's SHA-256, which every part shares.
   */
  shard?: { from: number; to: number; total: number; input: string };
}

const NEWLINE = 0x0a;

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;
}

/** The input as a stream of buffers: a file, or stdin for "-" or no file (not a terminal: nobody types a batch). */
async function open(file: string | undefined): Promise<{ stream: AsyncIterable<Buffer>; bytes?: number }> {
  if (file !== undefined && file !== '-') {
    let bytes: number;
    try {
      const s = await stat(file);
      if (!s.isFile()) throw new Error('not a file');
      bytes = s.size;
    } catch (e) {
      throw new DicewiseError('INVALID_INPUT', `cannot read ${file}: ${(e as Error).message}`, [{ field: 'file', message: 'unreadable' }]);
    }
    return { stream: createReadStream(file, { highWaterMark: 1 << 20 }), bytes };
  }
  if (process.stdin.isTTY) {
    throw new DicewiseError('INVALID_INPUT', 'no games: give a file, or pipe JSON Lines into stdin', [{ field: 'file', message: 'required' }]);
  }
  return { stream: process.stdin };
}

/** Lines as the chunks count them (a last line without its newline counts), and the SHA-256 of the bytes. */
async function countLines(file: string): Promise<{ lines: number; sha256: string }> {
  const hash = createHash('sha256');
  let newlines = 0;
  let last = NEWLINE;
  for await (const b of createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    hash.update(b);
    for (let at = b.indexOf(NEWLINE); at >= 0; at = b.indexOf(NEWLINE, at + 1)) newlines++;
    if (b.length > 0) last = b[b.length - 1];
  }
  return { lines: newlines + (last === NEWLINE ? 0 : 1), sha256: hash.digest('hex') };
}

/**
 * The input's games in chunks of `size`; with `shard`, only that part of the lines (or records),
 * cut where the whole input's chunks are cut and at the part's ends, and numbered as in the whole.
 */
export async function openGameSource(file: string | undefined, size: number, shard?: Shard): Promise<GameSource> {
  let counted: { lines: number; sha256: string } | undefined;
  if (shard) {
    if (file === undefined || file === '-') {
      throw new DicewiseError('INVALID_OPTION', '--shard reads the input twice (once to count the lines it divides): give a file, not stdin', [{ field: 'shard', message: 'needs a file' }]);
    }
    await open(file);
    counted = await countLines(file);
  }
  const part = (total: number) => {
    if (!counted || !shard) return undefined;
    const [from, to] = shardRange(total, shard);
    return { from, to, total, input: counted.sha256 };
  };
  const { stream, bytes } = await open(file);
  const it = stream[Symbol.asyncIterator]();
  let read = 0;
  const pull = async (): Promise<Buffer | undefined> => {
    const r = await it.next();
    if (r.done) return undefined;
    read += (r.value as Buffer).length;
    return r.value as Buffer;
  };
  // Look at the start: up to the end of the first line that holds anything.
  const head: Buffer[] = [];
  let first = -1;
  let lineEnd = -1;
  let ended = false;
  while (lineEnd < 0) {
    const b = await pull();
    if (!b) {
      ended = true;
      break;
    }
    const offset = head.reduce((s, x) => s + x.length, 0);
    head.push(b);
    for (let i = 0; i < b.length && first < 0; i++) if (!isSpace(b[i])) first = offset + i;
    if (first >= 0) {
      const all = head.length === 1 ? b : Buffer.concat(head);
      lineEnd = all.indexOf(NEWLINE, first);
    }
  }
  const start = Buffer.concat(head);
  const firstLine = first < 0 ? '' : start.subarray(first, lineEnd < 0 ? start.length : lineEnd).toString('utf8');
  if (first >= 0 && (start[first] === 0x5b || !parses(firstLine))) {
    // One JSON value (an array, or a game spread over lines): the whole text is needed.
    const parts: Buffer[] = [start];
    for (let b = ended ? undefined : await pull(); b; b = await pull()) parts.push(b);
    const text = Buffer.concat(parts).toString('utf8');
    const records = wholeValue(text);
    if (records) {
      const range = part(records.length);
      return { chunks: recordChunks(records, size, range), bytes, read: () => read, ...(range ? { shard: range } : {}) };
    }
    const range = part(counted?.lines ?? 0);
    return { chunks: lineChunks([Buffer.from(text)], undefined, size, range), bytes, read: () => read, ...(range ? { shard: range } : {}) };
  }
  const range = part(counted?.lines ?? 0);
  return { chunks: lineChunks([start], ended ? undefined : pull, size, range), bytes, read: () => read, ...(range ? { shard: range } : {}) };
}

function parses(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

/** A JSON array's elements, or a single object; undefined when the text is neither (JSON Lines with a bad first line). */
function wholeValue(text: string): unknown[] | undefined {
  const trimmed = text.trim();
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (e) {
    if (trimmed[0] === '[') throw invalidInput([{ field: '', message: `the input starts as a JSON array but is not valid JSON: ${(e as Error).message}` }]);
    return undefined;
  }
  return Array.isArray(value) ? value : [value];
}

/** Records [from, to) (all by default) cut at every multiple of `size` and at the range's ends. */
async function* recordChunks(records: unknown[], size: number, range?: { from: number; to: number }): AsyncGenerator<ReviewInput> {
  const to = range?.to ?? records.length;
  for (let i = range?.from ?? 0; i < to; ) {
    const end = Math.min(to, (Math.floor(i / size) + 1) * size);
    yield { records: records.slice(i, end), first: i + 1 };
    i = end;
  }
}

/**
 * Cuts the bytes after every `size`-th line end; the last chunk is whatever follows the last cut.
 * With a range of lines [from, to), cuts at its ends too and yields only the pieces inside it,
 * reading no further than its end.
 */
async function* lineChunks(start: Buffer[], pull: (() => Promise<Buffer | undefined>) | undefined, size: number, range?: { from: number; to: number }): AsyncGenerator<ReviewInput> {
  const first = range?.from ?? 0;
  const last = range?.to ?? Infinity;
  let pending: Buffer[] = [];
  // lines ended so far, the first line of `pending`, and the line count of the next cut
  let lines = 0;
  let pieceStart = 0;
  const cutAfter = () => (lines < first ? first : Math.min(last, (Math.floor(lines / size) + 1) * size));
  let next = cutAfter();
  let done = first >= last;
  function* cut(b: Buffer): Generator<ReviewInput> {
    let from = 0;
    for (let at = b.indexOf(NEWLINE); at >= 0 && !done; at = b.indexOf(NEWLINE, at + 1)) {
      if (++lines < next) continue;
      if (pieceStart >= first) {
        pending.push(b.subarray(from, at + 1));
        yield { text: Buffer.concat(pending), firstLine: pieceStart + 1 };
      }
      pending = [];
      pieceStart = lines;
      from = at + 1;
      done = lines >= last;
      next = cutAfter();
    }
    if (!done && pieceStart >= first && from < b.length) pending.push(b.subarray(from));
  }
  for (const b of start) yield* cut(b);
  for (let b = pull && !done ? await pull() : undefined; b; b = done ? undefined : await pull!()) yield* cut(b);
  if (!done && pending.length > 0) yield { text: Buffer.concat(pending), firstLine: pieceStart + 1 };
}
