import type { IncomingMessage, RequestListener } from 'node:http';
import type { ResolvedDeps } from './app-deps.ts';
import { contentTypeOf, formatOfAccept, formatOfContentType } from './body.ts';
import { MAX_REQUEST_KEY_BYTES, requestKey, servedResponse } from './hint-cache.ts';
import { recordRequest } from './record-request.ts';

/** The hint route's path (routes/hint.ts declares it for the app and its OpenAPI document). */
export const HINT_PATH = '/api/v1/hint';

/**
 * Hints asked again, answered before hono: a POST to the hint route whose body, byte for byte and
 * in the same formats, was answered 200 before (the hint cache's requests, hint-cache.ts) gets
 * that response from here, counted and logged as every request is, without a web Request, a
 * route dispatch or a Response object. Under load those took a fifth of the server's thread per
 * cached hint. Everything else, and a body of unknown or too great a length, goes to `next` (the
 * app's listener) as it came; a body read here and not answered goes on with it as `rawBody`,
 * which @hono/node-server reads instead of the stream.
 */
export function answerCachedHints(deps: Pick<ResolvedDeps, 'hints' | 'registry' | 'metrics' | 'logger' | 'limits'>, next: RequestListener): RequestListener {
  const maxBytes = Math.min(MAX_REQUEST_KEY_BYTES, deps.limits.hintBodyBytes);
  return (req, res) => {
    const length = req.headers['content-length'];
    const inFormat = formatOfContentType(req.headers['content-type']);
    if (req.method !== 'POST' || req.url !== HINT_PATH || length === undefined || req.headers['transfer-encoding'] !== undefined || !(Number(length) <= maxBytes) || !inFormat) {
      next(req, res);
      return;
    }
    const started = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A client gone before its body ended: nobody to answer.
    req.on('error', () => {});
    req.on('end', () => {
      const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      const format = formatOfAccept(req.headers.accept);
      const seen = servedResponse(deps.hints, deps.registry, requestKey(body, inFormat, format));
      if (seen === undefined) {
        (req as IncomingMessage & { rawBody?: Buffer }).rawBody = body;
        next(req, res);
        return;
      }
      res.writeHead(200, { 'content-type': contentTypeOf(format), 'content-length': typeof seen === 'string' ? Buffer.byteLength(seen) : seen.byteLength });
      res.end(seen);
      recordRequest(deps, 'POST', HINT_PATH, HINT_PATH, 200, performance.now() - started);
    });
  };
}
