import { positiveInteger } from '../errors.ts';
import type { ChunkReview, ReviewChunk } from './review-chunk.ts';

/**
 * A streamed review: chunks go to `run` (a worker each) as they are read, at most `window` at a
 * time, and their reviews come out in input order. The input is pulled only while fewer than
 * `window` chunks are in flight, and the consumer pulls the reviews, so a slow writer holds back
 * the reader: memory stays at `window` chunks whatever the input's length. After a failed chunk
 * nothing more is read and the failure is thrown.
 */
export async function* reviewStream(chunks: AsyncIterable<ReviewChunk>, run: (chunk: ReviewChunk) => Promise<ChunkReview>, window: number): AsyncGenerator<ChunkReview> {
  positiveInteger('window', window);
  const source = chunks[Symbol.asyncIterator]();
  const queue: Promise<ChunkReview>[] = [];
  let ended = false;
  while (true) {
    while (!ended && queue.length < window) {
      const next = await source.next();
      if (next.done) ended = true;
      else {
        const p = run(next.value);
        // Awaited in turn below; until then a failure must not count as unhandled.
        p.catch(() => {});
        queue.push(p);
      }
    }
    const head = queue.shift();
    if (!head) return;
    yield await head;
  }
}
