import { Packr } from 'msgpackr';
import { DicewiseError, invalidInput } from '../errors.ts';
import { fieldOf } from './field-path.ts';
import { checkLimits, type InputLimits } from './input-limits.ts';
import { decodePlainMsgpack } from './plain-msgpack.ts';

/**
 * Untrusted bytes to plain data and plain data to bytes, the same in the server's thread and in a
 * worker: JSON or MessagePack, within InputLimits, every failure a DicewiseError naming the field.
 */
export type Format = 'json' | 'msgpack';

// Plain maps (no msgpackr record extension), so any MessagePack client can read what we send.
const packr = new Packr({ useRecords: false });

/** V8's JSON errors quote the text around the fault: never send back more than a little of it. */
function clip(text: string, max = 120): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

export function decodePlain(bytes: Uint8Array, format: Format, limits: InputLimits): unknown {
  if (bytes.byteLength === 0) throw invalidInput([{ field: 'body', message: 'required' }]);
  if (format === 'msgpack') return decodePlainMsgpack(bytes, limits);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch (e) {
    throw invalidInput([{ field: 'body', message: `malformed JSON: ${clip((e as Error).message)}` }]);
  }
  checkLimits(value, limits);
  return value;
}

/** The bytes (or text) of a response body; a MessagePack body is a copy the caller may keep. */
export function encodePlain(data: unknown, format: Format): string | Uint8Array<ArrayBuffer> {
  // pack() returns a view into a buffer it goes on writing after; copying lets a cache keep
  // the bytes without pinning that buffer.
  return format === 'msgpack' ? new Uint8Array(packr.pack(data)) : JSON.stringify(data);
}

/** `body[key]`, which must be an array of at most `cap` items in an object: 400 naming the field, 413 over the cap. */
export function arrayField(body: unknown, key: string, cap: number): unknown[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidInput([{ field: 'body', message: 'Invalid input: expected object' }]);
  const items = (body as Record<string, unknown>)[key];
  if (!Array.isArray(items)) throw invalidInput([{ field: fieldOf([key]), message: 'Invalid input: expected array' }]);
  if (items.length > cap) {
    throw new DicewiseError('PAYLOAD_TOO_LARGE', `at most ${cap} ${key} per request, got ${items.length}`, [{ field: key, message: `at most ${cap} ${key}` }]);
  }
  return items;
}
