/**
 * Memory for a table that worker threads may write or read in place: a SharedArrayBuffer where
 * the platform has one (Node; a cross-origin-isolated page), else a plain ArrayBuffer. A browser
 * page that is not cross-origin isolated has no SharedArrayBuffer at all, and solves its tables in
 * one Web Worker (src/browser), where there is nothing to share: the values are the same bits.
 */
export function sharedBuffer(bytes: number): ArrayBufferLike {
  return typeof SharedArrayBuffer === 'function' ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
}
