import { kernelModule } from './turn-kernel.ts';

/**
 * The win goal's sums over a reach table's values (win-share.ts) in the kernel's SIMD dot products
 * (wasm/turn-kernel.ts: dotF32, dotF64) instead of a scalar loop three times slower. The kernel's
 * memory holds a share curve's steps and room for one state's stretch of values, copied in per
 * sum: the table itself stays where it is, one copy in a process however many threads read it
 * (moving the whole table into each thread's kernel memory cost 517 MB a thread for yahtzee).
 */
export interface ShareKernel {
  /** room for a share curve's steps */
  readonly d: Float64Array;
  /** the curve whose steps `d` holds now */
  curve: unknown;
  /** sum over i < n of d[dFrom + i] * values[vFrom + i], n <= SHARE_STEPS */
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
  const float32 = values instanceof Float32Array;
  const width = values.BYTES_PER_ELEMENT;
  const pages = Math.ceil((dBytes + SHARE_STEPS * width) / PAGE);
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
  const x = new WebAssembly.Instance(kernelModule(), { env: { memory } }).exports as unknown as ShareExports;
  const d = new Float64Array(memory.buffer, 0, SHARE_STEPS);
  const stretch = float32 ? new Float32Array(memory.buffer, dBytes, SHARE_STEPS) : new Float64Array(memory.buffer, dBytes, SHARE_STEPS);
  const dot = float32 ? x.dotF32 : x.dotF64;
  return {
    d,
    curve: undefined,
    dot: (dFrom, vFrom, n) => {
      if (n > SHARE_STEPS) throw new RangeError(`a sum over ${n} values, more than the kernel holds (${SHARE_STEPS})`);
      stretch.set(values.subarray(vFrom, vFrom + n));
      return dot(8 * dFrom, dBytes, n);
    },
  };
}
