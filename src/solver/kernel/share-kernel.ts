import { kernelModule } from './turn-kernel.ts';

/**
 * A reach table's values moved into a WebAssembly memory of their own, beside room for a share
 * curve's steps, so the win goal's sums over them (win-share.ts) run in the kernel's SIMD dot
 * products (wasm/turn-kernel.ts: dotF32, dotF64) instead of a scalar loop three times slower.
 */
export interface ShareKernel {
  /** the table's values, now in kernel memory */
  readonly values: Float32Array | Float64Array;
  /** room for a share curve's steps */
  readonly d: Float64Array;
  /** the curve whose steps `d` holds now */
  curve: unknown;
  /** sum over i < n of d[dFrom + i] * values[vFrom + i] */
  dot(dFrom: number, vFrom: number, n: number): number;
}

/** Steps of a share curve the kernel holds: one per final total, far above any game's (a Yahtzee sheet totals at most 1,575). */
export const SHARE_STEPS = 8192;

const PAGE = 65536;

interface ShareExports {
  dotF32(d: number, v: number, n: number): number;
  dotF64(d: number, v: number, n: number): number;
}

export function createShareKernel(values: Float32Array | Float64Array): ShareKernel {
  const dBytes = SHARE_STEPS * 8;
  const pages = Math.ceil((dBytes + values.byteLength) / PAGE);
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
  const x = new WebAssembly.Instance(kernelModule(), { env: { memory } }).exports as unknown as ShareExports;
  const d = new Float64Array(memory.buffer, 0, SHARE_STEPS);
  const float32 = values instanceof Float32Array;
  const moved = float32 ? new Float32Array(memory.buffer, dBytes, values.length) : new Float64Array(memory.buffer, dBytes, values.length);
  moved.set(values);
  const width = moved.BYTES_PER_ELEMENT;
  const dot = float32 ? x.dotF32 : x.dotF64;
  return {
    values: moved,
    d,
    curve: undefined,
    dot: (dFrom, vFrom, n) => dot(8 * dFrom, dBytes + width * vFrom, n),
  };
}
