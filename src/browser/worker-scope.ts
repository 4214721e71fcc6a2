/**
 * The few Web Worker and Cache API members the browser engine uses, typed here: the project's
 * `lib` (ES2023, Node's types, no DOM) declares none of them, and declaring them globally would
 * let Node code use them by mistake. Each module reaches them through these accessors only.
 */

export interface MessagePortLike {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (e: { data: unknown }) => void): void;
  addEventListener(type: 'error', listener: (e: { message?: string }) => void): void;
}

/** A dedicated worker's own scope: `self` inside it. */
export type WorkerSelf = MessagePortLike;

export interface WorkerHandle extends MessagePortLike {
  terminate(): void;
}

export interface CacheLike {
  match(request: string): Promise<Response | undefined>;
  put(request: string, response: Response): Promise<void>;
  delete(request: string): Promise<boolean>;
  keys(): Promise<readonly { url: string }[]>;
}

export interface CacheStorageLike {
  open(name: string): Promise<CacheLike>;
}

type Transferable = ArrayBuffer;

interface Globals {
  self?: WorkerSelf;
  Worker?: new (url: URL, options: { type: 'module'; name?: string }) => WorkerHandle;
  caches?: CacheStorageLike;
  navigator?: { hardwareConcurrency?: number };
  DecompressionStream?: new (format: 'gzip') => TransformStream<Uint8Array, Uint8Array>;
}

const g = globalThis as unknown as Globals;

export function workerSelf(): WorkerSelf {
  if (!g.self) throw new Error('not running in a worker');
  return g.self;
}

/** Starts a module worker from `url`: the bundle's other entry points sit beside this one. */
export function startWorker(url: URL, name: string): WorkerHandle {
  if (!g.Worker) throw new Error('this browser cannot start a worker from a worker');
  return new g.Worker(url, { type: 'module', name });
}

/** The Cache API, where the page's origin has one (secure contexts: https and localhost). */
export function cacheStorage(): CacheStorageLike | undefined {
  return g.caches;
}

export function hardwareConcurrency(): number {
  return g.navigator?.hardwareConcurrency ?? 1;
}

/** Gunzips a body in the browser's own decoder. */
export async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  if (!g.DecompressionStream) throw new Error('this browser has no DecompressionStream');
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new g.DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
