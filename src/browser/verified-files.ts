import { DicewiseError } from '../errors.ts';
import { cacheStorage, gunzip, type CacheLike } from './worker-scope.ts';

/**
 * Files the browser engine fetches (table payloads, neural weights) and the tables it solves, kept
 * in the Cache API. A fetched file is named by its content (`<…>.<16 hex of its SHA-256>.<ext>`)
 * and checked against the full SHA-256 it was listed with before use, whether it came from the
 * network or the cache: a damaged or stale copy is dropped and fetched again, never used.
 */

/** The Cache API cache that holds tables and weights, apart from the service worker's copy of the page (its own caches). */
export const TABLE_CACHE = 'dicewise-tables';

/** A file as a manifest lists it. */
export interface FileRef {
  url: string;
  /** SHA-256 (hex) of the file's content after any gzip is undone */
  sha256: string;
  /** the URL of every version of this file up to its content's name: the versions before it are dropped once it is kept */
  versions?: string;
}

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A body that may still be gzip (a static host serves .gz files as they are; a server may have undone it already). */
async function unwrap(bytes: Uint8Array): Promise<Uint8Array> {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzip(bytes) : bytes;
}

let opened: Promise<CacheLike | undefined> | undefined;

/** The table cache, or undefined where the page has no Cache API (an insecure origin) or it is refused. */
export function tableCache(): Promise<CacheLike | undefined> {
  opened ??= (cacheStorage()?.open(TABLE_CACHE) ?? Promise.resolve(undefined)).catch(() => undefined);
  return opened;
}

async function cachedBytes(cache: CacheLike | undefined, url: string): Promise<Uint8Array | undefined> {
  const hit = await cache?.match(url).catch(() => undefined);
  return hit ? new Uint8Array(await hit.arrayBuffer()) : undefined;
}

/**
 * A listed file's content, checked: from the cache where a good copy is there, else fetched (and
 * then cached as fetched). `onBytes` hears of the bytes fetched. Throws TABLE_MISSING where it
 * cannot be fetched, TABLE_CORRUPT where what came is not the file listed.
 */
export async function verifiedFile(ref: FileRef, onBytes?: (bytes: number) => void): Promise<{ content: Uint8Array; fetched: number }> {
  const cache = await tableCache();
  const kept = await cachedBytes(cache, ref.url);
  if (kept) {
    const content = await unwrap(kept);
    if ((await sha256Hex(content)) === ref.sha256) return { content, fetched: 0 };
    await cache?.delete(ref.url).catch(() => false);
  }
  let res: Response;
  try {
    res = await fetch(ref.url);
  } catch (e) {
    throw new DicewiseError('TABLE_MISSING', `${ref.url} could not be fetched (${e instanceof Error ? e.message : String(e)})`);
  }
  if (!res.ok) throw new DicewiseError('TABLE_MISSING', `${ref.url} answered ${res.status}`);
  const body = new Uint8Array(await res.arrayBuffer());
  onBytes?.(body.byteLength);
  const content = await unwrap(body);
  if ((await sha256Hex(content)) !== ref.sha256) throw new DicewiseError('TABLE_CORRUPT', `${ref.url} is not the file listed (SHA-256 mismatch)`);
  await cache?.put(ref.url, new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': 'application/octet-stream' } })).catch(() => undefined);
  if (cache && ref.versions) await dropOthers(cache, ref.versions, ref.url);
  return { content, fetched: body.byteLength };
}

/** Drops the cached entries under `prefix` but `keep`: the versions of a file or table before the one kept now. */
async function dropOthers(cache: CacheLike, prefix: string, keep: string): Promise<void> {
  try {
    for (const old of await cache.keys()) if (old.url.startsWith(prefix) && old.url !== keep) await cache.delete(old.url);
  } catch {
    // Left for the next time.
  }
}

/**
 * A JSON index that changes between versions (not content-named): the network's copy where it
 * answers, else the last one kept; undefined where neither is there.
 */
export async function freshJson(url: string): Promise<unknown> {
  const cache = await tableCache();
  try {
    // Revalidated, not taken from the HTTP cache: a new version lists new tables.
    const res = await fetch(url, { cache: 'no-cache' } as RequestInit);
    if (res.ok) {
      const text = await res.text();
      const value = JSON.parse(text) as unknown;
      await cache?.put(url, new Response(text, { headers: { 'content-type': 'application/json' } })).catch(() => undefined);
      return value;
    }
  } catch {
    // Offline, or the answer was not JSON: the copy kept last time, if any.
  }
  const kept = await cachedBytes(cache, url);
  if (!kept) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(kept)) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A table this browser solved, read back from the cache: `key` names its rule set's playing
 * definition and the solver version, so a table of other rules or another solver is never read.
 * Checked against the SHA-256 kept with it.
 */
export async function keptTable(key: string): Promise<{ values: Float64Array; sha256: string } | undefined> {
  const cache = await tableCache();
  const hit = await cache?.match(key).catch(() => undefined);
  if (!hit) return undefined;
  const want = hit.headers.get('x-sha256');
  const bytes = new Uint8Array(await hit.arrayBuffer());
  if (!want || bytes.byteLength % 8 !== 0 || (await sha256Hex(bytes)) !== want) {
    await cache?.delete(key).catch(() => false);
    return undefined;
  }
  return { values: new Float64Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 8), sha256: want };
}

/** Keeps a solved table for the next visit, in place of any other version of it (`prefix`: its key up to the version). */
export async function keepTable(key: string, prefix: string, values: Float64Array, sha256: string): Promise<void> {
  const cache = await tableCache();
  if (!cache) return;
  await dropOthers(cache, prefix, key);
  try {
    const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
    await cache.put(key, new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': 'application/octet-stream', 'x-sha256': sha256 } }));
  } catch {
    // Storage full or refused: the table is solved again next time.
  }
}
