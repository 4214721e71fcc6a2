import type { Command } from 'commander';
import { describeCommand } from '../command-descriptions.ts';
import {
  ANALYSIS_CHUNK,
  batchRuleSets,
  chunkPieces,
  emptyTally,
  formatBatchSummary,
  formatProfile,
  isMultiplayerRecord,
  mergeTally,
  parseGameLine,
  profileOf,
  reviewChunk,
  reviewShardReport,
  reviewStream,
  type ChunkReview,
  type MultiplayerTables,
  type ReviewChunk,
  type ReviewInput,
  type ReviewPiece,
} from '../../analysis/index.ts';
import { isSolvedExactly, RULESETS, supportsTable, type RuleSetId } from '../../rules/index.ts';
import { reviewGoal } from '../../goals/index.ts';
import { readOutlookTable, readReachTable } from '../../store/reach-store.ts';
import { DicewiseError } from '../../errors.ts';
import { ensureReachTable, loadModel, loadReviewModel, readReviewTables } from '../../store/model-loader.ts';
import { sharedTableReader } from '../../store/table-store.ts';
import { sharedLanes, type LaneTables, type SharedLanes } from '../../simulate/index.ts';
import type { ReviewTask } from '../../../workers/messages.ts';
import { createWorkerPool, reviewRunner, solverThreads } from '../../../workers/pool.ts';
import { openGameSource, type GameSource } from '../game-source.ts';
import { resolveAnalyseCommandOptions, type AnalyseFlags, type ResolvedAnalyseCommandOptions } from './analyse-options.ts';
import { progressBar, progressLine } from '../progress.ts';
import { shardJson } from '../shard-json.ts';

/** JavaScript heap of each review thread, MB: about twice what a chunk of 200 games keeps live. */
const REVIEW_HEAP_MB = 48;

/** Writes to stdout, waiting when its buffer is full: a slow reader of the output slows the review, not memory. */
function write(text: string | Uint8Array): Promise<void> | undefined {
  if (text.length === 0 || process.stdout.write(text)) return undefined;
  return new Promise((resolve) => process.stdout.once('drain', resolve));
}

/** A chunk's records (its lines parsed here once): what tables its review needs. */
function recordsOf(input: ReviewInput): unknown[] {
  if ('records' in input) return input.records;
  const text = typeof input.text === 'string' ? input.text : Buffer.from(input.text).toString('utf8');
  return text.split('\n').filter((l) => l.trim() !== '').map(parseGameLine);
}

/**
 * Reads once, into shared memory, the tables the review threads will rate the first chunks'
 * games from: each rule set's value (or joint) table, and opens both goal tables for multiplayer
 * records (`lanes` holds the reach tables of a reach review already). Each thread would otherwise
 * read its own value tables and check its own goal tables (a pass over 60-280 MB each). A table
 * that cannot be read here is left to the threads, whose error names it; rule sets first met in
 * later chunks are read by each thread.
 */
async function readShared(dir: string, records: readonly unknown[], lanes: Partial<Record<RuleSetId, LaneTables>>): Promise<() => Pick<ReviewTask, 'tables' | 'lanes'>> {
  const read = sharedTableReader();
  const multiplayer = new Set(batchRuleSets(records.filter(isMultiplayerRecord)));
  for (const id of batchRuleSets(records)) {
    await readReviewTables(dir, id, read).catch(() => undefined);
    if (!multiplayer.has(id) || !isSolvedExactly(RULESETS[id])) continue;
    for (const kind of ['reach', 'distribution'] as const) {
      if (lanes[id]?.[kind]) continue;
      const table = await readReachTable(dir, RULESETS[id], kind).then((r) => r.table, () => undefined);
      if (table) lanes[id] = { ...lanes[id], [kind]: table };
    }
  }
  const tables = read.loaded();
  const shared: Partial<Record<RuleSetId, SharedLanes>> = {};
  for (const [id, t] of Object.entries(lanes) as [RuleSetId, LaneTables][]) shared[id] = sharedLanes(t);
  return () => ({ tables, lanes: shared });
}

/**
 * Output as the chunks come: per-game text, JSON Lines, or JSON Lines made into one array (commas
 * between games, brackets around); the profile's tally grows chunk by chunk, in input order.
 */
function outputWriter(flags: ResolvedAnalyseCommandOptions): { chunk(r: ChunkReview, first: boolean): Promise<void> | undefined; end(): string } {
  let any = false;
  return {
    chunk(r, first) {
      if (flags.json && !flags.summary) {
        if (r.out.length === 0) return undefined;
        const text = typeof r.out === 'string' ? r.out : Buffer.from(r.out.buffer, r.out.byteOffset, r.out.length).toString('utf8');
        const body = text.slice(0, -1).replaceAll('\n', ',\n');
        const head = any ? ',\n' : '[\n';
        any = true;
        return write(head + body);
      }
      // Readable reports are separated by a blank line: the very first game has none before it.
      if (!first && r.out.length > 0 && !flags.jsonl && !flags.summary) process.stdout.write('\n');
      return write(r.out);
    },
    end() {
      if (flags.json && !flags.summary) return any ? '\n]\n' : '[]\n';
      return '';
    },
  };
}

/** A multiplayer record's tables, read from the folder (their message says how to build them when missing). */
function winTablesIn(tables: string): MultiplayerTables {
  return async (id) => {
    const rs = RULESETS[id];
    const [model, reach, distribution] = await Promise.all([loadModel(tables, id, { moments: false }), readReachTable(tables, rs), readReachTable(tables, rs, 'distribution')]);
    return { model, reach: reach.table, distribution: distribution.table };
  };
}

/** Reach tables opened (built first where missing) here, once: every thread rates from them (their index shared, their rows read from the file). */
async function loadReachLanes(tables: string, records: readonly unknown[]): Promise<Partial<Record<RuleSetId, LaneTables>>> {
  const lanes: Partial<Record<RuleSetId, LaneTables>> = {};
  for (const id of batchRuleSets(records)) {
    if (!isSolvedExactly(RULESETS[id])) continue;
    const bar = progressBar(`building ${id} reach table`, { lines: true });
    const table = await ensureReachTable(tables, id, {
      solver: solverThreads,
      onBuild: (rid, reason) => process.stderr.write(`dicewise: no usable reach table for ${rid} (${reason}); building it now (minutes)\n`),
      onProgress: (p) => bar.update(p.statesDone, p.statesTotal),
    });
    lanes[id] = { reach: table };
    bar.stop();
  }
  return lanes;
}

/** Outlook tables read (built first where missing) here, once, into shared memory: every mistake is explained from them. */
async function loadOutlookLanes(tables: string, records: readonly unknown[], lanes: Partial<Record<RuleSetId, LaneTables>>): Promise<void> {
  for (const id of batchRuleSets(records)) {
    if (!supportsTable(RULESETS[id], 'outlook')) continue;
    const bar = progressBar(`building ${id} outlook table`, { lines: true });
    const table = await ensureReachTable(tables, id, {
      kind: 'outlook',
      solver: solverThreads,
      onBuild: (rid, why) => process.stderr.write(`dicewise: no usable outlook table for ${rid} (${why}); building it now\n`),
      onProgress: (p) => bar.update(p.statesDone, p.statesTotal),
    });
    lanes[id] = { ...lanes[id], outlook: table };
    bar.stop();
  }
}

/** The end of the output: the profile (or a part's report for dicewise merge), or the closing of the per-game output. */
async function writeEnd(o: ResolvedAnalyseCommandOptions, source: GameSource, tally: ReturnType<typeof emptyTally>, pieces: ReviewPiece[], end: string): Promise<void> {
  const profile = profileOf(tally);
  const part = source.shard;
  const shard = o.shard;
  const note = part && shard ? `part ${shard.index} of ${shard.count}: lines ${part.from + 1} to ${part.to} of ${part.total}; merge the parts' --summary --json reports with dicewise merge\n` : '';
  if (o.summary && o.json && part && shard) {
    await write(shardJson(reviewShardReport(shard, part.from, part.to, { input: part.input, lines: part.total, chunkSize: ANALYSIS_CHUNK, reach: o.reach ?? null }, pieces)));
  } else if (o.summary) await write(o.json ? `${JSON.stringify(profile, null, 2)}\n` : formatProfile(profile, o.explain?.lang) + note);
  else await write(end + (o.output === 'text' && tally.games > 1 ? `\n${formatBatchSummary(profile, o.explain?.lang)}\n` : ''));
}

async function runAnalyse(file: string | undefined, o: ResolvedAnalyseCommandOptions): Promise<void> {
  const { tables, output } = o;
  const source = await openGameSource(file, ANALYSIS_CHUNK, o.shard);
  const inputs = source.chunks[Symbol.asyncIterator]();
  // A part keeps each whole chunk's tally and a cut chunk's results (merge-review.ts), in input order.
  const expected = source.shard ? chunkPieces(source.shard.from, source.shard.to, source.shard.total, ANALYSIS_CHUNK) : undefined;
  const pieces: ReviewPiece[] = [];
  let made = 0;
  // The part was cut by a first reading of the file; a second that finds other lines means it changed in between.
  const changed = () => new DicewiseError('INVALID_INPUT', `${file} changed while it was read: its lines no longer match the count --shard divided`, [{ field: 'file', message: 'changed while read' }]);
  const chunkOf = (input: ReviewInput): ReviewChunk => {
    if (!expected) return o.explain ? { input, output, lang: o.explain.lang } : { input, output };
    const piece = expected[made++];
    const start = 'records' in input ? input.first - 1 : input.firstLine - 1;
    if (piece?.from !== start) throw changed();
    return piece.whole ? { input, output } : { input, output, keep: true };
  };
  // Starting workers and loading a table in each costs about a second: one chunk runs here.
  const head: ReviewChunk[] = [];
  for (let i = 0; i < 2; i++) {
    const next = await inputs.next();
    if (next.done) break;
    head.push(chunkOf(next.value));
  }
  const headRecords = head.flatMap((c) => recordsOf(c.input));
  const lanes = o.reach !== undefined && head.length > 0 ? await loadReachLanes(tables, headRecords) : {};
  if (o.explain && head.length > 0) await loadOutlookLanes(tables, headRecords, lanes);
  const outlookFor = o.explain ? async (id: RuleSetId) => lanes[id]?.outlook ?? (await readOutlookTable(tables, RULESETS[id])).table : undefined;
  const goal = o.reach === undefined ? undefined : reviewGoal({ type: 'reach', score: o.reach }, async (id, kind) => lanes[id]?.[kind] ?? (await readReachTable(tables, RULESETS[id], kind)).table);
  const out = outputWriter(o);
  const tally = emptyTally();
  const progress = progressLine('analyse', 'games');
  let first = true;
  const take = async (r: ChunkReview) => {
    await out.chunk(r, first);
    first = false;
    // A copy: merging hands the chunk's group tallies to the batch's, which later chunks add to.
    if (expected) pieces.push(r.packed ? { games: r.packed } : { tally: structuredClone(r.tally) });
    mergeTally(tally, r.tally);
    progress.update(tally.games, tally.errors, source.bytes ? source.read() / source.bytes : undefined);
  };
  if (head.length <= 1) {
    if (head.length === 1) await take(await reviewChunk((id) => loadReviewModel(tables, id), head[0], goal, winTablesIn(tables), outlookFor));
  } else {
    // A chunk's garbage (records, results, text) is a few MB: a small heap per thread keeps the whole process flat.
    const pool = createWorkerPool({ threads: o.threads, tables, heapMb: REVIEW_HEAP_MB });
    const shared = await readShared(tables, headRecords, lanes);
    async function* chunks(): AsyncGenerator<ReviewChunk> {
      yield* head;
      for (let next = await inputs.next(); !next.done; next = await inputs.next()) yield chunkOf(next.value);
    }
    try {
      for await (const r of reviewStream(chunks(), reviewRunner(pool, o.reach, shared, o.explain !== undefined), o.threads * 2)) await take(r);
    } finally {
      progress.stop();
      await pool.destroy();
    }
  }
  progress.stop();
  if (expected && made !== expected.length) throw changed();
  await writeEnd(o, source, tally, pieces, out.end());
  if (tally.errors > 0) process.exitCode = 1;
}

export function registerAnalyse(program: Command): void {
  program
    .command('analyse')
    .alias('analyze')
    .description(describeCommand('analyse'))
    .argument('[file]', 'games as JSON Lines (read as they come), or a JSON array; "-" or none reads stdin')
    .option('--jsonl', 'print one JSON line per game, in input order, as the results come (memory stays bounded whatever the input)')
    .option('--json', 'print one JSON array of results in input order (with --summary: the profile as JSON)')
    .option('--summary', 'print the player profile of the whole batch instead of each game: loss by kind of decision and by box, mistakes by size, luck, the costliest recurring mistakes')
    .option('--reach <total>', 'review for the chance of finishing with at least this total: values and losses are probabilities')
    .option('--threads <n>', `worker threads for batches over ${ANALYSIS_CHUNK} games (default: all cores)`)
    .option('--shard <K/N>', 'review only part K of N equal parts of the file\'s lines, numbered as in the whole file; with --summary --json, a report that dicewise merge combines with the other parts\' into the whole profile')
    .option('--explain', 'name the aspects of each mistake (what it cost in which box or bonus) and where the losses come from (exact single-column rule sets, points review; builds the outlook table on first use)')
    .option('--lang <code>', 'with --explain: the language of the reasons and families (en, de, nl, fr; default en)')
    .option('--tables <dir>', 'table folder (default $DICEWISE_TABLES or ./tables)')
    .addHelpText('after', '\nExit status 1 when some game could not be analysed (its entry says why); the others are still reported.')
    .action(async (file: string | undefined, flags: AnalyseFlags) => {
      await runAnalyse(file, resolveAnalyseCommandOptions(flags, process.env));
    });
}
