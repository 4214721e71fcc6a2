/**
 * How a goal table stores one state's row (reach-table.ts): the stretch of its lanes between
 * certain and hopeless, `lo` the first lane kept and `count` the lanes kept.
 *
 * `fixed` (what tables are built with): every value rounded to a multiple of 2^-bits, the one
 * error there is (at most 2^-(bits+1) per value, none added anywhere else). A row is a falling
 * curve Q[0..m-1] of such integers between 2^bits (certain) and 0: a reach row's P(s, n) itself,
 * a distribution row's tail P(points >= k) (its masses are the tail's steps, so they sum to 1
 * exactly and a sum of them, the chance of finishing below a total, carries one rounding, not
 * hundreds). The curve's second differences are small (it is smooth but for the boxes' steps):
 * they are stored zigzagged, in blocks of 8 with a 5-bit width per block. Yahtzee's reach rows
 * take 10-11 bits a value at 24 bits against float32's 32 (docs/tables.md).
 *
 *   row = varint lo | varint count | blocks: u5 width w, then up to 8 values of w bits (LSB first)
 *
 * `float64`: lo (u16), count (u16), 4 bytes of padding, then the values as float64: exact, for
 * checks (tests build their small tables so) and for a reader that needs the engine's own numbers.
 */

export type LaneEncoding = 'fixed' | 'float64';

/** Bytes past a fixed row's end that a decoder may read (and ignore): regions end with this much zero padding. */
export const ROW_PAD = 8;

const BLOCK = 8;

/** Appends rows to growing storage; each row's bytes are contiguous. */
export class RowWriter {
  bytes: Uint8Array;
  length = 0;

  constructor(initial = 1 << 16) {
    this.bytes = new Uint8Array(initial);
  }

  /** Room for `n` more bytes. */
  reserve(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + n) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  varint(v: number): void {
    this.reserve(5);
    while (v >= 0x80) {
      this.bytes[this.length++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.bytes[this.length++] = v;
  }

}

/** A block's zigzagged values, reused by every row written. */
const BLOCK_SCRATCH = new Int32Array(BLOCK);

function widthOf(v: number): number {
  return v === 0 ? 0 : 32 - Math.clz32(v);
}

/**
 * Appends a fixed row: `lo`, `count`, then the curve q[0..m-1] (integers in [0, 2^bits]) as
 * second differences from Q[-1] = 2^bits with a first difference of 0 before it.
 */
export function writeFixedRow(w: RowWriter, lo: number, count: number, q: Int32Array, m: number, bits: number): void {
  w.varint(lo);
  w.varint(count);
  // Widths are at most bits + 3 (zigzag of a second difference in [-2^(bits+1), 2^(bits+1)]): the row's bytes fit in this.
  w.reserve(Math.ceil(((bits + 3) * m + 5 * Math.ceil(m / BLOCK)) / 8) + 1);
  const out = w.bytes;
  let at = w.length;
  // A bit writer in locals, as the reader's: fewer than 8 bits wait in acc, so 24 more fit its 32.
  let acc = 0;
  let held = 0;
  const z = BLOCK_SCRATCH;
  let prevQ = 2 ** bits;
  let prevD = 0;
  for (let i = 0; i < m; i += BLOCK) {
    const n = Math.min(BLOCK, m - i);
    let most = 0;
    for (let j = 0; j < n; j++) {
      const d = prevQ - q[i + j];
      const e = d - prevD;
      const zz = e >= 0 ? 2 * e : -2 * e - 1;
      z[j] = zz;
      most |= zz;
      prevQ = q[i + j];
      prevD = d;
    }
    const width = widthOf(most);
    acc |= width << held;
    held += 5;
    if (held >= 8) {
      out[at++] = acc & 0xff;
      acc >>>= 8;
      held -= 8;
    }
    // Above 24 bits (a cliff of more than 2^22 steps, rare) a value goes in two parts.
    const low = width > 24 ? 16 : width;
    const lowMask = (1 << low) - 1;
    for (let j = 0; j < n; j++) {
      acc |= (z[j] & lowMask) << held;
      held += low;
      while (held >= 8) {
        out[at++] = acc & 0xff;
        acc >>>= 8;
        held -= 8;
      }
      if (low < width) {
        acc |= (z[j] >>> 16) << held;
        held += width - 16;
        while (held >= 8) {
          out[at++] = acc & 0xff;
          acc >>>= 8;
          held -= 8;
        }
      }
    }
  }
  if (held > 0) out[at++] = acc & 0xff;
  w.length = at;
}

/** Appends a float64 row: lo, count and the values as they are. */
export function writeFloat64Row(w: RowWriter, lo: number, values: Float64Array): void {
  w.reserve(8 + values.length * 8);
  const at = w.length;
  const view = new DataView(w.bytes.buffer, w.bytes.byteOffset);
  view.setUint16(at, lo, true);
  view.setUint16(at + 2, values.length, true);
  view.setUint32(at + 4, 0, true);
  for (let i = 0; i < values.length; i++) view.setFloat64(at + 8 + 8 * i, values[i], true);
  w.length += 8 + values.length * 8;
}

/** A decoded row: values of lanes lo .. lo + values.length - 1. */
export interface LaneRow {
  lo: number;
  values: Float64Array;
}

/**
 * Decodes a fixed row starting at `bytes[at]` (with ROW_PAD readable bytes past its end). `tail`:
 * the row is a distribution's, whose curve holds count - 1 values and whose masses are its steps.
 */
export function readFixedRow(bytes: Uint8Array, at: number, bits: number, tail: boolean): LaneRow {
  let p = at;
  let lo = 0;
  for (let shift = 0; ; shift += 7) {
    const b = bytes[p++];
    lo |= (b & 0x7f) << shift;
    if (b < 0x80) break;
  }
  let count = 0;
  for (let shift = 0; ; shift += 7) {
    const b = bytes[p++];
    count |= (b & 0x7f) << shift;
    if (b < 0x80) break;
  }
  const values = new Float64Array(count);
  const m = tail ? Math.max(0, count - 1) : count;
  const S = 1 << bits;
  const scale = 1 / S;
  // A bit reader in locals (this loop decodes every row a hint reads): `acc` holds `n` unread
  // bits, least significant first, never more than 32 (widths above 24 are read in two parts). All of q, d and the second differences fit an int32 (|d| <= 2^bits <= 2^24).
  let acc = 0;
  let n = 0;
  let q = S;
  let d = 0;
  for (let i = 0; i < m; i += BLOCK) {
    while (n < 5) {
      acc |= bytes[p++] << n;
      n += 8;
    }
    const width = acc & 31;
    acc >>>= 5;
    n -= 5;
    const end = Math.min(m, i + BLOCK);
    if (width === 0) {
      for (let j = i; j < end; j++) {
        q -= d;
        values[j] = (tail ? d : q) * scale;
      }
      continue;
    }
    if (width > 24) {
      // Rare (a cliff of more than 2^22 steps): in two reads.
      for (let j = i; j < end; j++) {
        while (n < 16) {
          acc |= bytes[p++] << n;
          n += 8;
        }
        let z = acc & 0xffff;
        acc >>>= 16;
        n -= 16;
        while (n < width - 16) {
          acc |= bytes[p++] << n;
          n += 8;
        }
        z |= (acc & ((1 << (width - 16)) - 1)) << 16;
        acc >>>= width - 16;
        n -= width - 16;
        d += (z >>> 1) ^ -(z & 1);
        q -= d;
        values[j] = (tail ? d : q) * scale;
      }
      continue;
    }
    const mask = (1 << width) - 1;
    for (let j = i; j < end; j++) {
      while (n < width) {
        acc |= bytes[p++] << n;
        n += 8;
      }
      const z = acc & mask;
      acc >>>= width;
      n -= width;
      d += (z >>> 1) ^ -(z & 1);
      q -= d;
      values[j] = (tail ? d : q) * scale;
    }
  }
  if (tail && count > 0) values[count - 1] = q * scale;
  return { lo, values };
}

/** A float64 row's lo, count and values; the values a view of `bytes` where it is 8-byte aligned there. */
export function readFloat64Row(bytes: Uint8Array, at: number): LaneRow {
  const view = new DataView(bytes.buffer, bytes.byteOffset + at);
  const lo = view.getUint16(0, true);
  const count = view.getUint16(2, true);
  const start = bytes.byteOffset + at + 8;
  if (start % 8 === 0) return { lo, values: new Float64Array(bytes.buffer, start, count) };
  const values = new Float64Array(count);
  for (let i = 0; i < count; i++) values[i] = view.getFloat64(8 + 8 * i, true);
  return { lo, values };
}
