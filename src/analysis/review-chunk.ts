import type { RuleSetId } from '../rules/index.ts';
import type { GameModel } from '../solver/index.ts';
import { analyseBatchPacked, type ReviewGoal } from './chunked.ts';
import { formatGameResult } from './format-report.ts';
import { packedResultJson } from './packed-json.ts';
import { unpackResult } from './packed-result.ts';
import { emptyTally, tallyGame, type ProfileTally } from './profile.ts';

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
}

export interface ChunkReview {
  games: number;
  errors: number;
  /** text, or its UTF-8 bytes where it came from a worker (moved, not copied) */
  out: string | Uint8Array;
  tally: ProfileTally;
}

const decoder = new TextDecoder();

export async function reviewChunk(modelFor: (id: RuleSetId) => Promise<GameModel | string>, chunk: ReviewChunk, goal?: ReviewGoal): Promise<ChunkReview> {
  const { input, output } = chunk;
  let numbers: number[];
  let results;
  if ('records' in input) {
    numbers = input.records.map((_, i) => input.first + i);
    results = await analyseBatchPacked(modelFor, { records: input.records }, goal);
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
    results = await analyseBatchPacked(modelFor, { lines }, goal);
  }
  const tally = emptyTally();
  let out = '';
  for (let i = 0; i < results.length; i++) {
    const r = results[i];
    tallyGame(tally, r);
    if (output === 'jsonl') out += `${packedResultJson(r)}\n`;
    else if (output === 'text') out += `${i > 0 ? '\n' : ''}${formatGameResult(unpackResult(r), numbers[i] - 1)}\n`;
  }
  return { games: tally.games, errors: tally.errors, out, tally };
}
