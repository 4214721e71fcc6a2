import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { DicewiseError, invalidInput } from '../errors.ts';
import { zodIssues } from '../codec/zod-issues.ts';
import { DEFAULT_INPUT_LIMITS, type InputLimits } from '../codec/input-limits.ts';
import { decodePlain, encodePlain, type Format } from '../codec/plain-data.ts';

/**
 * Request bodies in and response bodies out, for every route that takes a body: JSON or
 * MessagePack, size-capped, validated by a zod schema, every failure a DicewiseError that the
 * one onError turns into a problem naming the field.
 */
export const MSGPACK = 'application/msgpack';
const MSGPACK_TYPES = new Set([MSGPACK, 'application/x-msgpack', 'application/vnd.msgpack']);
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json$/;


function badBody(field: string, message: string): DicewiseError {
  return invalidInput([{ field, message }]);
}

function tooLarge(maxBytes: number): DicewiseError {
  return new DicewiseError('PAYLOAD_TOO_LARGE', `request body is larger than ${maxBytes} bytes`, [
    { field: 'body', message: `at most ${maxBytes} bytes` },
  ]);
}

/**
 * Caps a route's body: 413 problem naming `body`, before anything is parsed. A declared
 * Content-Length is checked from the header alone; hono's bodyLimit (which counts a streamed
 * body) runs only without one, because touching `request.body` makes @hono/node-server build a
 * full web Request and stream for every request, which cost more than the whole hint.
 */
export function limitBody(maxBytes: number): MiddlewareHandler {
  const streamed = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw tooLarge(maxBytes);
    },
  });
  return async (c, next) => {
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return streamed(c, next);
    if (Number(length) > maxBytes) throw tooLarge(maxBytes);
    await next();
  };
}

/** Checks a decoded body against a schema; the schema's output on success. */
export function checkBody<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw invalidInput(zodIssues(parsed.error.issues));
  return parsed.data;
}

/** A body's format by its Content-Type header: JSON or MessagePack, undefined for anything else. */
export function formatOfContentType(header: string | undefined): Format | undefined {
  const mediaType = header?.split(';')[0].trim().toLowerCase() ?? '';
  if (JSON_TYPE.test(mediaType)) return 'json';
  if (MSGPACK_TYPES.has(mediaType)) return 'msgpack';
  return undefined;
}

/** The body's format by its Content-Type: JSON or MessagePack, anything else a 400 naming `content-type`. */
export function requestFormat(c: Context): Format {
  const header = c.req.header('content-type');
  const format = formatOfContentType(header);
  if (format) return format;
  throw badBody('content-type', `must be application/json or ${MSGPACK}${header ? `, got ${JSON.stringify(header.slice(0, 100))}` : ''}`);
}

/**
 * Decodes the body by its Content-Type (JSON or MessagePack) into plain data within `limits`,
 * without validating its shape.
 */
export async function decodeBody(c: Context, limits: InputLimits = DEFAULT_INPUT_LIMITS): Promise<unknown> {
  return decodeBytes(c, new Uint8Array(await c.req.arrayBuffer()), limits);
}

/** Decodes a body already read (a route that looks at its bytes first), in the request's format. */
export function decodeBytes(c: Context, bytes: Uint8Array, limits: InputLimits = DEFAULT_INPUT_LIMITS): unknown {
  return decodePlain(bytes, requestFormat(c), limits);
}

/** Decodes and validates a body; the schema's output on success. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S, limits: InputLimits = DEFAULT_INPUT_LIMITS): Promise<z.output<S>> {
  return checkBody(schema, await decodeBody(c, limits));
}

export type { Format };

/** MessagePack when an Accept header asks for it, else JSON. */
export function formatOfAccept(accept: string | undefined): Format {
  if (accept) for (const t of MSGPACK_TYPES) if (accept.includes(t)) return 'msgpack';
  return 'json';
}

/** MessagePack when the client's Accept header asks for it, else JSON. */
export function responseFormat(c: Context): Format {
  return formatOfAccept(c.req.header('accept'));
}

/** The Content-Type of a response body in `format`. */
export function contentTypeOf(format: Format): string {
  return format === 'msgpack' ? MSGPACK : 'application/json';
}

/** The response body bytes (or text); a MessagePack body is a copy the caller may keep. */
export const encodeData = encodePlain;

export function sendEncoded(c: Context, body: string | Uint8Array<ArrayBuffer>, format: Format, status: ContentfulStatusCode = 200): Response {
  return c.body(body, status, { 'content-type': contentTypeOf(format) });
}

/** JSON, or MessagePack when the client's Accept header asks for it. */
export function sendData(c: Context, data: unknown, status: ContentfulStatusCode = 200): Response {
  const format = responseFormat(c);
  return sendEncoded(c, encodeData(data, format), format, status);
}

export interface BodyRouteLimits {
  maxBytes: number;
  /** limits on the decoded body; default DEFAULT_INPUT_LIMITS (the handler passes the same to decodeBody) */
  input?: InputLimits;
}

/**
 * Mounts a route that takes a body: its OpenAPI description comes from the route's zod schemas,
 * its handlers run behind the size cap and decode through readBody. (`app.openapi()` would
 * validate JSON bodies only and answer a bad Content-Type with its own 415, not our problem.)
 */
export function mountBodyRoute(app: OpenAPIHono, route: RouteConfig, limits: BodyRouteLimits, handler: Handler): void {
  app.openAPIRegistry.registerPath(route);
  app.on(route.method.toUpperCase(), route.path.replaceAll(/\{(\w+)\}/g, ':$1'), limitBody(limits.maxBytes), handler);
}
