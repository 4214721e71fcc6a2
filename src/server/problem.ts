import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isDicewiseError, RetryLaterError } from '../errors.ts';
import { DOCS_PATH, PROBLEMS, problemOf, problemSlug, problemType, type ProblemDetails } from '../problems.ts';
import type { TableProgress } from './table-entry.ts';

/**
 * RFC 9457 problem details: every error response of the API has this shape. `type` is a
 * relative link to the problem's entry on the docs page; `errors` names each offending field.
 */
export interface Problem extends ProblemDetails {
  /** 503 while a table is prepared: how far it is (an extension member) */
  progress?: TableProgress;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
export { DOCS_PATH, PROBLEMS, problemType };

/** Problems that do not come from a DicewiseError, by HTTP status. */
const HTTP_TITLES: Record<number, string> = {
  400: 'Bad request',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Payload too large',
  415: 'Unsupported media type',
  500: 'Internal error',
};

export function problemResponse(c: Context, problem: Problem, headers: Record<string, string> = {}): Response {
  return c.body(JSON.stringify(problem), problem.status as ContentfulStatusCode, { 'content-type': PROBLEM_CONTENT_TYPE, ...headers });
}

/** The problem for any thrown value; `internal` is true when it is a bug worth a stack trace in the log. */
export function toProblem(err: unknown, instance: string): { problem: Problem; headers: Record<string, string>; internal: boolean } {
  if (isDicewiseError(err)) {
    const headers: Record<string, string> = {};
    // The client may come back, and is told when.
    if (err instanceof RetryLaterError) headers['retry-after'] = String(err.retryAfterSeconds);
    const problem: Problem = problemOf(err, instance);
    const progress = (err as { progress?: TableProgress }).progress;
    if (progress !== undefined) problem.progress = { ...progress };
    return { problem, headers, internal: problem.status === 500 };
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
    ...Object.entries(PROBLEMS).map(([code, k]) => ({ slug: problemSlug(code), title: k.title, status: k.status })),
    { slug: 'http-404', title: 'Not found', status: 404 },
    { slug: 'http-405', title: 'Method not allowed', status: 405 },
  ];
}
