import { kernelModule } from './turn-kernel.ts';

/**
 * The win goal's sums over a goal table's rows (win-share.ts) in the kernel's SIMD dot product
 * (wasm/turn-kernel.ts: dotF64) instead of a scalar loop three times slower. The kernel's memory
 * holds a share curve's steps and room for one row's stretch of values, copied in per sum: the
 * rows come from the table (decoded, store/reach-store.ts reads them from its file), one kernel a
 * thread serves every table.
 */
export interface ShareKernel {
  /** room for a share curve's steps */
  readonly d: Float64Array;
  /** the curve whose steps `d` holds now */
  curve: unknown;
  /** sum over i < n of d[dFrom + i] * values[vFrom + i], n <= SHARE_STEPS */
  dot(dFrom: number, values: Float64Array, vFrom: number, n: number): number;
}

/** Steps of a share curve the kernel holds: one per final total, far above any game's (a Yahtzee sheet totals at most 1,575). */
export const SHARE_STEPS = 8192;

const PAGE = 65536;

interface ShareExports {
  dotF64(d: number, v: number, n: number): number;
}

export function createShareKernel(): ShareKernel {
  const dBytes = SHARE_STEPS * 8;
  const pages = Math.ceil((dBytes + SHARE_STEPS * 8) / PAGE);
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
  const x = new WebAssembly.Instance(kernelModule(), { env: { memory } }).exports as unknown as ShareExports;
  const d = new Float64Array(memory.buffer, 0, SHARE_STEPS);
  const stretch = new Float64Array(memory.buffer, dBytes, SHARE_STEPS);
  return {
    d,
    curve: undefined,
    dot: (dFrom, values, vFrom, n) => {
      if (n > SHARE_STEPS) throw new RangeError(`a sum over ${n} values, more than the kernel holds (${SHARE_STEPS})`);
      stretch.set(values.subarray(vFrom, vFrom + n));
      return x.dotF64(8 * dFrom, dBytes, n);
    },
  };
}
