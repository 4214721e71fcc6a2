/**
 * The one error type of Dicewise. Every failure a user can cause or meet carries a code;
 * the server maps codes to HTTP problem responses and the CLI to messages, each in one place.
 */
export type ErrorCode =
  | 'INVALID_INPUT'
  | 'INVALID_OPTION'
  | 'UNKNOWN_RULESET'
  | 'ILLEGAL_MOVE'
  | 'TABLE_MISSING'
  | 'TABLE_STALE'
  | 'TABLE_CORRUPT'
  | 'NOT_SOLVED'
  | 'PAYLOAD_TOO_LARGE'
  | 'NOT_READY'
  /** the server has no room for more batch work now */
  | 'OVERLOADED'
  /** work ran past its deadline, or its client went away, and was stopped */
  | 'DEADLINE_EXCEEDED'
  | 'CANCELLED'
  | 'INTERNAL';

export interface Issue {
  /** Dotted path of the offending field, e.g. `scorecard.threes` or `dice[2]`. */
  field: string;
  message: string;
}

export class DicewiseError extends Error {
  readonly code: ErrorCode;
  readonly issues: readonly Issue[];

  constructor(code: ErrorCode, message: string, issues: readonly Issue[] = []) {
    super(message);
    this.name = 'DicewiseError';
    this.code = code;
    this.issues = issues;
  }
}

/** The failures that pass: the server is not ready, too busy, or the work ran past its deadline. */
export type RetryCode = 'NOT_READY' | 'OVERLOADED' | 'DEADLINE_EXCEEDED';

/** A failure the client may retry, and when: the server answers 503 with Retry-After. */
export class RetryLaterError extends DicewiseError {
  readonly retryAfterSeconds: number;

  constructor(code: RetryCode, message: string, retryAfterSeconds: number) {
    super(code, message);
    this.name = 'RetryLaterError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The error for input that fails its checks; `code` UNKNOWN_RULESET where the rule set named is none. */
export function invalidInput(issues: readonly Issue[], code: 'INVALID_INPUT' | 'UNKNOWN_RULESET' = 'INVALID_INPUT'): DicewiseError {
  const text = issues.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; ');
  return new DicewiseError(code, text || 'invalid input', issues);
}

/**
 * `value` where it is a positive integer, else the INVALID_OPTION error naming the option:
 * `threads must be a positive integer, got 0`. `name` is the option as the user wrote it (`--threads`),
 * `shown` the value as given (a flag's text).
 */
export function positiveInteger(field: string, value: number, name: string = field, shown: string = String(value)): number {
  if (Number.isInteger(value) && value >= 1) return value;
  throw new DicewiseError('INVALID_OPTION', `${name} must be a positive integer, got ${shown}`, [{ field, message: 'must be a positive integer' }]);
}

export function isDicewiseError(e: unknown): e is DicewiseError {
  return e instanceof DicewiseError;
}
