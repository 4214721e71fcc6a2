import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isDicewiseError, RetryLaterError, type ErrorCode, type Issue } from '../errors.ts';
import type { TableProgress } from './table-entry.ts';

/**
 * RFC 9457 problem details: every error response of the API has this shape. `type` is a
 * relative link to the problem's entry on the docs page; `errors` names each offending field.
 */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  errors: Issue[];
  /** 503 while a table is prepared: how far it is (an extension member) */
  progress?: TableProgress;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
export const DOCS_PATH = '/api/v1/docs';

interface ProblemKind {
  status: ContentfulStatusCode;
  title: string;
}

/** The one mapping from error codes to HTTP: the CLI has its own in cli/run.ts. */
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

/** Problems that do not come from a DicewiseError, by HTTP status. */
const HTTP_TITLES: Record<number, string> = {
  400: 'Bad request',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Payload too large',
  415: 'Unsupported media type',
  500: 'Internal error',
};

export function problemType(slug: string): string {
  return `${DOCS_PATH}#problem-${slug}`;
}

function slugOf(code: string): string {
  return code.toLowerCase().replaceAll('_', '-');
}

export function problemResponse(c: Context, problem: Problem, headers: Record<string, string> = {}): Response {
  return c.body(JSON.stringify(problem), problem.status as ContentfulStatusCode, { 'content-type': PROBLEM_CONTENT_TYPE, ...headers });
}

/** The problem for any thrown value; `internal` is true when it is a bug worth a stack trace in the log. */
export function toProblem(err: unknown, instance: string): { problem: Problem; headers: Record<string, string>; internal: boolean } {
  if (isDicewiseError(err)) {
    const kind = PROBLEMS[err.code] ?? PROBLEMS.INTERNAL;
    const headers: Record<string, string> = {};
    // The client may come back, and is told when.
    if (err instanceof RetryLaterError) headers['retry-after'] = String(err.retryAfterSeconds);
    const internal = kind.status === 500;
    const problem: Problem = {
      type: problemType(slugOf(err.code)),
      title: kind.title,
      status: kind.status,
      detail: internal ? 'internal error; see the server log' : err.message,
      instance,
      errors: internal ? [] : [...err.issues],
    };
    const progress = (err as { progress?: TableProgress }).progress;
    if (progress !== undefined) problem.progress = { ...progress };
    return { problem, headers, internal };
  }
  if (err instanceof HTTPException && err.status < 500) {
    const status = err.status;
    return {
      problem: {
        type: problemType(`http-${status}`),
        title: HTTP_TITLES[status] ?? 'Client error',
        status,
        detail: err.message || HTTP_TITLES[status] || 'client error',
        instance,
        errors: [],
      },
      headers: {},
      internal: false,
    };
  }
  return {
    problem: { type: problemType('internal'), title: 'Internal error', status: 500, detail: 'internal error; see the server log', instance, errors: [] },
    headers: {},
    internal: true,
  };
}

export function notFoundProblem(instance: string): Problem {
  return { type: problemType('http-404'), title: 'Not found', status: 404, detail: `no route for ${instance}`, instance, errors: [] };
}

/** Every problem type with its title and status, for the docs page. */
export function problemCatalogue(): { slug: string; title: string; status: number }[] {
  return [
    ...Object.entries(PROBLEMS).map(([code, k]) => ({ slug: slugOf(code), title: k.title, status: k.status })),
    { slug: 'http-404', title: 'Not found', status: 404 },
    { slug: 'http-405', title: 'Method not allowed', status: 405 },
  ];
}
