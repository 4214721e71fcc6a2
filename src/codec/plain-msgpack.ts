import { limitError, tooDeep, tooLong, tooManyElements, type InputLimits } from './input-limits.ts';

/**
 * A MessagePack decoder for request bodies that knows only the plain types: maps with string
 * keys, arrays, strings, integers, floats, booleans and nil. Everything else (bin, every
 * extension type: msgpackr's records, structured clone references and cycles, Date, Set, RegExp,
 * typed arrays, BigInt) is refused, as are trailing bytes. Without references nothing decodes to
 * more than its bytes, and the limits are checked before anything is allocated, so the work is
 * linear in the body whatever it holds. (msgpackr decodes every extension it knows and has no
 * switch to refuse them; it still encodes our responses.)
 */

const utf8 = new TextDecoder('utf-8', { fatal: true });

class Reader {
  private pos = 0;
  private elements = 0;
  private readonly view: DataView;
  readonly path: PropertyKey[] = [];

  constructor(
    private readonly bytes: Uint8Array,
    private readonly limits: InputLimits,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private fail(message: string): never {
    throw limitError(this.path, message);
  }

  private need(n: number): number {
    const at = this.pos;
    if (at + n > this.bytes.byteLength) this.fail('MessagePack body ends early');
    this.pos += n;
    return at;
  }

  private count(n: number): void {
    // Every element takes at least one byte: a count beyond what is left is a lie, refused before any allocation.
    if (n > this.bytes.byteLength - this.pos) this.fail('MessagePack length larger than the body');
    this.elements += n;
    if (this.elements > this.limits.maxElements) throw tooManyElements(this.path, this.limits);
  }

  private str(n: number): string {
    if (n > this.limits.maxStringLength * 3) throw tooLong(this.path, this.limits);
    const at = this.need(n);
    let s: string;
    try {
      s = utf8.decode(this.bytes.subarray(at, at + n));
    } catch {
      this.fail('string is not valid UTF-8');
    }
    if (s.length > this.limits.maxStringLength) throw tooLong(this.path, this.limits);
    return s;
  }

  private array(n: number, depth: number): unknown[] {
    if (depth >= this.limits.maxDepth) throw tooDeep(this.path, this.limits);
    this.count(n);
    const out = new Array<unknown>(n);
    for (let i = 0; i < n; i++) {
      this.path.push(i);
      out[i] = this.value(depth + 1);
      this.path.pop();
    }
    return out;
  }

  private map(n: number, depth: number): Record<string, unknown> {
    if (depth >= this.limits.maxDepth) throw tooDeep(this.path, this.limits);
    this.count(n);
    const out: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      const key = this.key();
      this.path.push(key);
      // An own property, as JSON.parse makes it: assigning `__proto__` would set the prototype instead.
      Object.defineProperty(out, key, { value: this.value(depth + 1), enumerable: true, writable: true, configurable: true });
      this.path.pop();
    }
    return out;
  }

  private key(): string {
    const b = this.bytes[this.need(1)];
    if (b >= 0xa0 && b <= 0xbf) return this.str(b & 0x1f);
    const v = this.view;
    if (b === 0xd9) return this.str(v.getUint8(this.need(1)));
    if (b === 0xda) return this.str(v.getUint16(this.need(2)));
    if (b === 0xdb) return this.str(v.getUint32(this.need(4)));
    return this.fail('MessagePack map keys must be strings');
  }

  value(depth: number): unknown {
    const b = this.bytes[this.need(1)];
    if (b <= 0x7f) return b;
    if (b >= 0xe0) return b - 0x100;
    if (b <= 0x8f) return this.map(b & 0x0f, depth);
    if (b <= 0x9f) return this.array(b & 0x0f, depth);
    if (b <= 0xbf) return this.str(b & 0x1f);
    const v = this.view;
    switch (b) {
      case 0xc0: return null;
      case 0xc2: return false;
      case 0xc3: return true;
      case 0xca: return v.getFloat32(this.need(4));
      case 0xcb: return v.getFloat64(this.need(8));
      case 0xcc: return v.getUint8(this.need(1));
      case 0xcd: return v.getUint16(this.need(2));
      case 0xce: return v.getUint32(this.need(4));
      case 0xcf: return Number(v.getBigUint64(this.need(8)));
      case 0xd0: return v.getInt8(this.need(1));
      case 0xd1: return v.getInt16(this.need(2));
      case 0xd2: return v.getInt32(this.need(4));
      case 0xd3: return Number(v.getBigInt64(this.need(8)));
      case 0xd9: return this.str(v.getUint8(this.need(1)));
      case 0xda: return this.str(v.getUint16(this.need(2)));
      case 0xdb: return this.str(v.getUint32(this.need(4)));
      case 0xdc: return this.array(v.getUint16(this.need(2)), depth);
      case 0xdd: return this.array(v.getUint32(this.need(4)), depth);
      case 0xde: return this.map(v.getUint16(this.need(2)), depth);
      case 0xdf: return this.map(v.getUint32(this.need(4)), depth);
    }
    if (b >= 0xc4 && b <= 0xc6) this.fail('MessagePack binary data is not accepted');
    if (b === 0xc1) this.fail('MessagePack byte 0xc1 is never used');
    return this.fail(`MessagePack extension types are not accepted (type byte 0x${b.toString(16)})`);
  }

  end(): void {
    if (this.pos !== this.bytes.byteLength) this.fail(`${this.bytes.byteLength - this.pos} bytes after the MessagePack value`);
  }
}

/** The plain value a body holds, or a DicewiseError (400, or 413 past the element limit) naming where it broke. */
export function decodePlainMsgpack(bytes: Uint8Array, limits: InputLimits): unknown {
  const r = new Reader(bytes, limits);
  const value = r.value(0);
  r.end();
  return value;
}
