import { DicewiseError, isDicewiseError, RetryLaterError } from '../errors.ts';
import type { RuleSetId } from '../rules/index.ts';
import { describeEstimate, type BuildEstimate } from '../solver/index.ts';
import { TABLE_NAMES, type TableKind } from '../store/table-sources.ts';

/**
 * One table of a registry (src/server/table-registry.ts) and what it tells a client: its state,
 * when to ask again, why it failed, how far its build is.
 */

export type TableStatus =
  /** a goal table nobody has asked for and none planned: loaded on first use */
  | 'absent'
  | 'queued'
  | 'loading'
  | 'building'
  | 'ready'
  | 'failed'
  /** a value table of a rule set this server was not asked to load */
  | 'not-served';

export interface TableState {
  status: TableStatus;
  /** building: fraction of states solved */
  progress?: number;
  /** building: seconds left at the rate so far, once it means something */
  etaSeconds?: number;
  /** queued, loading, building, or failed and retried: a guess at when to ask again */
  retryAfterSeconds?: number;
  error?: string;
}

/** How far the tables a request waits for are: the first one's build, and all of them together. */
export interface TableProgress {
  /** what is being built, e.g. `yahtzee reach table` */
  table: string;
  status: TableStatus;
  percent: number;
  etaSeconds?: number;
  /** tables before this request's in the build queue */
  queuedAhead: number;
}

/** A table that will be there soon: 503 with Retry-After and, while it is prepared, its progress (a problem extension member). */
export type NotReadyError = RetryLaterError & { progress?: TableProgress };

export function notReadyError(message: string, retryAfterSeconds: number, progress?: TableProgress): NotReadyError {
  const e: NotReadyError = new RetryLaterError('NOT_READY', message, retryAfterSeconds);
  if (progress) e.progress = progress;
  return e;
}

export interface Entry {
  kind: TableKind;
  id: RuleSetId;
  status: TableStatus;
  table?: unknown;
  error?: unknown;
  startedAt: number;
  estimate: BuildEstimate;
  loggedTenth: number;
  failures: number;
  retryAt?: number;
  /** served model or planned goal table: retried by itself after a failure */
  wanted: boolean;
  /** values: the model once its source has finished it (TableSource.finish), and that read while it runs */
  finished?: unknown;
  finishing?: Promise<unknown>;
  /** settles once the table is read, or its build queued */
  read: Promise<void>;
  done: Promise<void>;
}

export const keyOf = (kind: TableKind, id: RuleSetId) => `${id} ${kind}`;

export function newEntry(kind: TableKind, id: RuleSetId, wanted: boolean, now: number): Entry {
  return { kind, id, status: 'queued', startedAt: now, estimate: { fraction: 0, percent: 0 }, loggedTenth: 0, failures: 0, wanted, read: Promise.resolve(), done: Promise.resolve() };
}

/** What the table is called in messages: `yahtzee reach table`. */
export const tableName = (e: Entry) => `${e.id} ${TABLE_NAMES[e.kind].noun}`;

/** Seconds until a table is likely there, `running` being the build in progress; a guess, clamped. */
export function retryAfterSeconds(e: Entry, running: Entry | undefined, now: number): number {
  if (e.status === 'loading') return 2;
  if (e.status === 'building') return Math.min(600, e.estimate.etaSeconds ?? (e.kind === 'values' ? 20 : 30));
  if (e.status === 'failed' && e.retryAt !== undefined) return Math.max(1, Math.ceil((e.retryAt - now) / 1000));
  const ahead = running && running !== e ? retryAfterSeconds(running, undefined, now) : 0;
  return Math.min(600, Math.max(e.kind === 'values' ? 30 : 2, ahead));
}

/** The state /readyz and the log show; `retried`: failed tables are tried again by themselves. */
export function entryState(e: Entry | undefined, kind: TableKind, running: Entry | undefined, now: number, retried: boolean): TableState {
  if (!e) return { status: kind === 'values' ? 'not-served' : 'absent' };
  const s: TableState = { status: e.status };
  if (e.status === 'building') {
    s.progress = e.estimate.fraction;
    if (e.estimate.etaSeconds !== undefined) s.etaSeconds = e.estimate.etaSeconds;
  }
  if (e.status === 'queued' || e.status === 'loading' || e.status === 'building') s.retryAfterSeconds = retryAfterSeconds(e, running, now);
  if (e.status === 'failed') {
    s.error = e.error instanceof Error ? e.error.message : String(e.error);
    if (e.retryAt !== undefined && (retried || kind === 'values')) s.retryAfterSeconds = retryAfterSeconds(e, running, now);
  }
  return s;
}

/** The failure a client is told of: a refusal it can act on (not solved) as is, the server's table trouble as TABLE_MISSING. */
export function failureOf(e: Entry): DicewiseError {
  const err = e.error;
  if (isDicewiseError(err) && (err.code === 'NOT_SOLVED' || e.kind === 'values')) return err;
  const why = err instanceof Error ? err.message : String(err);
  if (e.kind === 'values') return new DicewiseError('TABLE_MISSING', `${e.id}: the model failed to load`, [{ field: 'ruleset', message: 'failed to load' }]);
  return new DicewiseError('TABLE_MISSING', `the ${tableName(e)} could not be loaded or built: ${why}`);
}

/**
 * 503 for a request waiting for `waiting` (none ready, none failed): the first one's state, or
 * while it waits behind another build, that build's progress, which is what there is to show.
 * `queuedAhead`: the first one's place in line, counting the build in progress.
 */
export function notReadyFor(waiting: readonly Entry[], running: Entry | undefined, queuedAt: number, now: number): NotReadyError {
  const first = waiting[0];
  const ahead = first.status === 'queued' ? queuedAt + (running ? 1 : 0) : 0;
  const shown = first.status === 'queued' && running && !waiting.includes(running) ? running : first;
  const progress: TableProgress = { table: tableName(shown), status: shown.status, percent: shown.status === 'building' ? shown.estimate.percent : 0, queuedAhead: Math.max(0, ahead) };
  if (shown.status === 'building' && shown.estimate.etaSeconds !== undefined) progress.etaSeconds = shown.estimate.etaSeconds;
  const what = (e: Entry) => (e.status === 'building' ? `being built (${describeEstimate(e.estimate)})` : e.status);
  let message = `the ${tableName(first)} is ${what(first)}`;
  if (shown !== first) message += `, waiting for the ${tableName(shown)}, ${what(shown)}`;
  if (waiting.length > 1) message += `; then ${waiting.slice(1).map((e) => `its ${TABLE_NAMES[e.kind].noun}`).join(' and ')}`;
  return notReadyError(`${message}; try again shortly`, retryAfterSeconds(first, running, now), progress);
}
