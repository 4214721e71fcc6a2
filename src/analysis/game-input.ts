import { invalidInput } from '../errors.ts';

/**
 * Turning text into game records, without I/O: the CLI reads the text, the workers parse the
 * lines. A line that is not JSON becomes an `UnreadableGame`, which the analysis reports as that
 * game's error, so one bad line never costs the rest of a batch.
 */
export class UnreadableGame {
  constructor(readonly detail: string) {}
}

/** The batch as found in the text: parsed records (a JSON array or one object) or raw JSON lines. */
export type GameBatch = { records: unknown[] } | { lines: string[] };

export function batchSize(batch: GameBatch): number {
  return 'records' in batch ? batch.records.length : batch.lines.length;
}

/**
 * A JSON array of games, a single game object, or JSON Lines (one game per non-blank line).
 * Lines stay unparsed so that workers can parse them in parallel. Throws INVALID_INPUT only for
 * text that starts as a JSON array but is not one: there no line boundary tells games apart.
 */
export function splitGameText(text: string): GameBatch {
  const trimmed = text.trim();
  if (trimmed === '') return { records: [] };
  if (trimmed[0] === '[') {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (e) {
      throw invalidInput([{ field: '', message: `the input starts as a JSON array but is not valid JSON: ${(e as Error).message}` }]);
    }
    return { records: value as unknown[] };
  }
  // One game pretty-printed over several lines is valid JSON as a whole but not line by line;
  // JSON Lines with two or more games fails this parse right after its first line.
  if (trimmed[0] === '{') {
    try {
      return { records: [JSON.parse(trimmed)] };
    } catch {
      // not one object: JSON Lines, where each bad line is reported on its own
    }
  }
  return { lines: trimmed.split('\n').filter((line) => line.trim() !== '') };
}

/** One JSON line as a record, or an `UnreadableGame` saying why it is not one. */
export function parseGameLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch (e) {
    return new UnreadableGame(`not valid JSON: ${(e as Error).message}`);
  }
}

export function batchRecords(batch: GameBatch): unknown[] {
  return 'records' in batch ? batch.records : batch.lines.map(parseGameLine);
}
