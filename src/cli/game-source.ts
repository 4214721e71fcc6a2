import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { DicewiseError, invalidInput } from '../errors.ts';
import type { ReviewInput } from '../analysis/index.ts';

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

export async function openGameSource(file: string | undefined, size: number): Promise<GameSource> {
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
    if (records) return { chunks: recordChunks(records, size), bytes, read: () => read };
    return { chunks: lineChunks([Buffer.from(text)], undefined, size), bytes, read: () => read };
  }
  return { chunks: lineChunks([start], ended ? undefined : pull, size), bytes, read: () => read };
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

async function* recordChunks(records: unknown[], size: number): AsyncGenerator<ReviewInput> {
  for (let i = 0; i < records.length; i += size) yield { records: records.slice(i, i + size), first: i + 1 };
}

/** Cuts the bytes after every `size`-th line end; the last chunk is whatever follows the last cut. */
async function* lineChunks(start: Buffer[], pull: (() => Promise<Buffer | undefined>) | undefined, size: number): AsyncGenerator<ReviewInput> {
  let pending: Buffer[] = [];
  let lines = 0;
  let firstLine = 1;
  function* cut(b: Buffer): Generator<ReviewInput> {
    let from = 0;
    for (let at = b.indexOf(NEWLINE); at >= 0; at = b.indexOf(NEWLINE, at + 1)) {
      if (++lines < size) continue;
      pending.push(b.subarray(from, at + 1));
      yield { text: Buffer.concat(pending), firstLine };
      pending = [];
      firstLine += size;
      lines = 0;
      from = at + 1;
    }
    if (from < b.length) pending.push(b.subarray(from));
  }
  for (const b of start) yield* cut(b);
  for (let b = pull ? await pull() : undefined; b; b = await pull!()) yield* cut(b);
  if (pending.length > 0) yield { text: Buffer.concat(pending), firstLine };
}
