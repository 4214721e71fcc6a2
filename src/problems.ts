import type { DicewiseError, ErrorCode, Issue } from './errors.ts';

/**
 * The one mapping from error codes to RFC 9457 problem details (the CLI has its own messages in
 * cli/run.ts): the server answers with these (server/problem.ts), and so does the engine a browser
 * runs (src/browser), whose answers stand in for the server's.
 */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  errors: Issue[];
}

export interface ProblemKind {
  status: number;
  title: string;
}

export const PROBLEMS: Readonly<Record<ErrorCode, ProblemKind>> = {
  INVALID_INPUT: { status: 400, title: 'Invalid input' },
  INVALID_OPTION: { status: 400, title: 'Invalid option' },
  UNKNOWN_RULESET: { status: 400, title: 'Unknown rule set' },
  ILLEGAL_MOVE: { status: 400, title: 'Illegal move' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'Payload too large' },
  // The rule set is valid but has no model yet: the server cannot do this (yet), the client did nothing wrong.
  NOT_SOLVED: { status: 501, title: 'Rule set not solved' },
  TABLE_MISSING: { status: 503, title: 'Strategy table unavailable' },
  TABLE_STALE: { status: 503, title: 'Strategy table out of date' },
  TABLE_CORRUPT: { status: 503, title: 'Strategy table damaged' },
  NOT_READY: { status: 503, title: 'Not ready' },
  OVERLOADED: { status: 503, title: 'Too busy' },
  DEADLINE_EXCEEDED: { status: 503, title: 'Deadline exceeded' },
  // The client has gone: nobody reads this answer, but the log does.
  CANCELLED: { status: 503, title: 'Cancelled' },
  INTERNAL: { status: 500, title: 'Internal error' },
};

export const DOCS_PATH = '/api/v1/docs';

export function problemType(slug: string): string {
  return `${DOCS_PATH}#problem-${slug}`;
}

export function problemSlug(code: string): string {
  return code.toLowerCase().replaceAll('_', '-');
}

/** The problem for a DicewiseError; an internal one says only that (its message is for the log). */
export function problemOf(err: DicewiseError, instance: string): ProblemDetails {
  const kind = PROBLEMS[err.code] ?? PROBLEMS.INTERNAL;
  const internal = kind.status === 500;
  return {
    type: problemType(problemSlug(err.code)),
    title: kind.title,
    status: kind.status,
    detail: internal ? 'internal error; see the server log' : err.message,
    instance,
    errors: internal ? [] : [...err.issues],
  };
}
