import { createHash } from 'node:crypto';
import { pack } from 'msgpackr/pack';
import type { BuiltReachTable } from '../../src/solver/index.ts';

/**
 * A goal table file as Dicewise wrote them before goal tables were encoded row by row (format 1):
 * per state slot lo and count as Uint16 (each part padded to 8 bytes), then every kept value as
 * float32, behind the same framing and header (the layout then said `valueBytes`). Made from a
 * float64 build, whose rows are what that format kept.
 */
export function legacyLaneFile(built: BuiltReachTable): Uint8Array {
  const t = built.table;
  const slots = t.slots;
  const part = Math.ceil((slots * 2) / 8) * 8;
  const lo = new Uint16Array(part / 2);
  const count = new Uint16Array(part / 2);
  const values: number[] = [];
  for (let s = 0; s < slots; s++) {
    const row = t.row(s);
    lo[s] = row.lo;
    count[s] = row.values.length;
    values.push(...row.values);
  }
  const payload = new Uint8Array(2 * part + 4 * values.length);
  payload.set(new Uint8Array(lo.buffer), 0);
  payload.set(new Uint8Array(count.buffer), part);
  payload.set(new Uint8Array(Float32Array.from(values).buffer), 2 * part);
  const layout = { kind: t.kind, cap: t.cap, entries: slots, values: values.length, valueBytes: 4 };
  const header = { ...built.header, layout, format: 1, payloadBytes: payload.byteLength, checksum: createHash('sha256').update(payload).digest('hex') };
  const head = pack(header);
  const start = Math.ceil((8 + head.byteLength) / 8) * 8;
  const out = new Uint8Array(start + payload.byteLength);
  out.set(Buffer.from('DWT1', 'ascii'), 0);
  new DataView(out.buffer).setUint32(4, head.byteLength, true);
  out.set(head, 8);
  out.set(payload, start);
  return out;
}
