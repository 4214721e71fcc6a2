import { reachIndexBytes } from './reach-table.ts';

/**
 * A finished outlook table (outlook.ts says what a state's lanes hold): every turn-start state's
 * lanes, every lane kept, as float64, in one array read whole.
 *
 * Not a goal table (reach-table.ts): its lanes are points and chances side by side, not a curve
 * between certain and hopeless, and they must sum to the expected score to 1e-9, which the goal
 * tables' fixed point (a step of 2^-22, lane-codec.ts) would not keep. Read whole, since a hint's
 * turn reads the lanes of every state its entries lead to: 36 MB of lanes for yahtzee, 106 MB for
 * yatzy (docs/tables.md), read when an explanation is first asked for.
 *
 *   lanes of state s = values[offset[s] .. offset[s + 1]): outlookWidth of its filled boxes for a
 *   state, none for a slot that is no state
 *
 * Its arrays are over SharedArrayBuffers where it was built or read for worker threads: a message
 * carries the table itself, shared, not copied.
 */
export interface OutlookTable {
  readonly kind: 'outlook';
  /** slots + 1 entries (column-layout.ts size) */
  readonly offset: Uint32Array;
  readonly values: Float64Array;
}

/** A table's file payload: the offsets (Uint32, padded to 8 bytes), then the lanes (float64), as parts. */
export function outlookPayloadParts(t: OutlookTable): Uint8Array[] {
  const o = t.offset;
  const index = new Uint8Array(reachIndexBytes(o.length - 1));
  index.set(new Uint8Array(o.buffer, o.byteOffset, o.byteLength));
  return [index, new Uint8Array(t.values.buffer, t.values.byteOffset, t.values.byteLength)];
}

/**
 * The inverse of `outlookPayloadParts` (read as one payload); null where the sizes or the offsets
 * do not hold together. `shared`: the arrays over SharedArrayBuffers (views of the payload where
 * it was read into one, 8-byte aligned), so that one copy in a process serves all its threads.
 */
export function decodeOutlookPayload(payload: Uint8Array, slots: number, values: number, shared = false): OutlookTable | null {
  const indexBytes = reachIndexBytes(slots);
  if (payload.byteLength !== indexBytes + values * 8) return null;
  let offset: Uint32Array;
  let lanes: Float64Array;
  const at = payload.byteOffset;
  if (shared && payload.buffer instanceof SharedArrayBuffer && at % 8 === 0) {
    // The file was read into shared memory: views over it, no second copy.
    offset = new Uint32Array(payload.buffer, at, slots + 1);
    lanes = new Float64Array(payload.buffer, at + indexBytes, values);
    return checked({ kind: 'outlook', offset, values: lanes });
  }
  // Copies into aligned buffers: a Buffer from the file system may start at any offset.
  const buffer = (bytes: number) => (shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
  offset = new Uint32Array(buffer(4 * (slots + 1)));
  new Uint8Array(offset.buffer).set(payload.subarray(0, 4 * (slots + 1)));
  lanes = new Float64Array(buffer(Math.max(8, values * 8)), 0, values);
  new Uint8Array(lanes.buffer, 0, values * 8).set(payload.subarray(indexBytes));
  return checked({ kind: 'outlook', offset, values: lanes });
}

/** The table where its offsets rise from 0 to its lanes' number, else null: refused rather than misread. */
function checked(t: OutlookTable): OutlookTable | null {
  const o = t.offset;
  if (o[0] !== 0 || o[o.length - 1] !== t.values.length) return null;
  for (let i = 1; i < o.length; i++) if (o[i] < o[i - 1]) return null;
  return t;
}

/** Bytes an outlook table holds in memory: its lanes and its offsets. */
export function outlookTableBytes(t: OutlookTable): number {
  return t.values.byteLength + t.offset.byteLength;
}
