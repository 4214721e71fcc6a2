import type { FillRule, RuleSet } from '../rules/index.ts';
import { singleColumnFill, yahtzeeBoxIndex } from '../rules/index.ts';

/**
 * State of a single-column game at the start of a turn, packed into one integer:
 *
 *   index = ((filledMask * UPPER_SLOTS) + upper) * flags + flag
 *
 * - filledMask: bit i set = box i filled (13 or 15 boxes; upper boxes are bits 0..5).
 * - upper: upper-section total capped at the bonus threshold (63). Only whether the threshold
 *   is reached matters for the future, so 63 stands for "63 or more".
 * - flag: 1 when the Yahtzee box holds 50 (later Yahtzees earn the bonus); only where the
 *   rule set has a Yahtzee bonus, so flags is 2 there and 1 elsewhere.
 *
 * Columns filled in a fixed order (Superpass's top-down and bottom-up columns) reach only the
 * boxes.length + 1 prefix or suffix masks, so their layout numbers masks by slot (= boxes filled)
 * instead: index = ((slot * UPPER_SLOTS) + upper) * flags + flag. Every other layout uses the mask
 * itself as its slot, so the table lookups of the hot loop stay one multiply-add.
 *
 * Canonical upper totals: when even five of every open upper face cannot lift the total to 63,
 * the bonus is out of reach, and the future is the same as if it had already been earned
 * (bonuses are paid when the threshold is crossed). Both collapse to upper = 63, which cuts the
 * reachable state count by about two thirds. Only canonical states are solved; every lookup
 * canonicalises first.
 */
export const UPPER_SLOTS = 64;

export interface ColumnLayout {
  boxes: number;
  dice: number;
  threshold: number;
  flags: number;
  /** fill rule of the column (a multi-column rule set's own layout is 'any': it is never solved) */
  fill: FillRule;
  /** mask -> slot and slot -> mask for ordered columns (-1: unreachable mask); null where slot = mask */
  slotOfMask: Int32Array | null;
  maskOfSlot: Int32Array | null;
  size: number;
  yahtzeeBox: number;
  /** canonUpper[upperFilledMask * 64 + upper] -> canonical upper total */
  canonUpper: Uint8Array;
  /** reachableUpper[upperFilledMask * 64 + u] = 1 when raw total u (capped) can occur */
  reachableUpper: Uint8Array;
}

function columnLayout(rs: RuleSet): ColumnLayout {
  const boxes = rs.boxes.length;
  const dice = rs.dice;
  const threshold = rs.upperBonus.threshold;
  if (threshold >= UPPER_SLOTS) throw new Error(`upper threshold ${threshold} exceeds layout`);
  const flags = rs.yahtzeeBonus > 0 ? 2 : 1;
  const canonUpper = new Uint8Array(64 * UPPER_SLOTS);
  const reachableUpper = new Uint8Array(64 * UPPER_SLOTS);
  // Flags over the totals 0..threshold (capped): what the open upper boxes can still add, and
  // what the filled ones can have made. Plain arrays, not Sets: this runs once per process, cold,
  // on the way to a table build's first level.
  const gains = new Uint8Array(threshold + 1);
  const sums = new Uint8Array(threshold + 1);
  const step = new Uint8Array(threshold + 1);
  const addFaces = (flags: Uint8Array, um: number, open: boolean): void => {
    flags.fill(0);
    flags[0] = 1;
    for (let f = 1; f <= 6; f++) {
      if (((um & (1 << (f - 1))) === 0) !== open) continue;
      step.fill(0);
      for (let g = 0; g <= threshold; g++) {
        if (flags[g] === 0) continue;
        for (let c = 0; c <= dice; c++) step[Math.min(threshold, g + f * c)] = 1;
      }
      flags.set(step);
    }
  };
  for (let um = 0; um < 64; um++) {
    // The future depends on the upper total only through the smallest reachable addition that
    // meets the threshold.
    addFaces(gains, um, true);
    for (let u = 0; u < UPPER_SLOTS; u++) {
      let gain = -1;
      for (let g = Math.max(1, threshold - u); g <= threshold && u < threshold; g++) {
        if (gains[g] === 1) {
          gain = g;
          break;
        }
      }
      canonUpper[um * UPPER_SLOTS + u] = gain < 0 ? threshold : threshold - gain;
    }
    addFaces(sums, um, false);
    for (let t = 0; t <= threshold; t++) reachableUpper[um * UPPER_SLOTS + t] = sums[t];
  }
  const fill: FillRule = singleColumnFill(rs);
  const ordered = fill === 'top-down' || fill === 'bottom-up';
  let slotOfMask: Int32Array | null = null;
  let maskOfSlot: Int32Array | null = null;
  if (ordered) {
    slotOfMask = new Int32Array(1 << boxes).fill(-1);
    maskOfSlot = new Int32Array(boxes + 1);
    for (let n = 0; n <= boxes; n++) {
      const mask = fill === 'top-down' ? (1 << n) - 1 : ((1 << n) - 1) << (boxes - n);
      slotOfMask[mask] = n;
      maskOfSlot[n] = mask;
    }
  }
  return {
    boxes,
    dice,
    threshold,
    flags,
    fill,
    slotOfMask,
    maskOfSlot,
    size: (maskOfSlot ? maskOfSlot.length : 1 << boxes) * UPPER_SLOTS * flags,
    yahtzeeBox: yahtzeeBoxIndex(rs),
    canonUpper,
    reachableUpper,
  };
}

const layouts = new WeakMap<RuleSet, ColumnLayout>();

/**
 * `columnLayout(rs)`, made once per rule set object: a table build lists its levels' states from
 * it before the rules are compiled (so that its helper threads start sooner), and the compiled
 * rules take the same one.
 */
export function layoutOf(rs: RuleSet): ColumnLayout {
  let L = layouts.get(rs);
  if (!L) {
    L = columnLayout(rs);
    layouts.set(rs, L);
  }
  return L;
}

export function stateIndex(L: ColumnLayout, mask: number, upper: number, flag: number): number {
  const u = L.canonUpper[(mask & 63) * UPPER_SLOTS + upper];
  const slot = L.slotOfMask === null ? mask : L.slotOfMask[mask];
  return (slot * UPPER_SLOTS + u) * L.flags + flag;
}

/** The table slot of a column as the engine sees it: upper total capped at the threshold, the 50 flag where the layout tracks it. */
export function columnStateIndex(L: ColumnLayout, col: { mask: number; upper: number; yahtzee50: boolean }): number {
  return stateIndex(L, col.mask, Math.min(L.threshold, col.upper), col.yahtzee50 && L.flags === 2 ? 1 : 0);
}

export function decodeState(L: ColumnLayout, index: number): { mask: number; upper: number; flag: number } {
  const flag = index % L.flags;
  const rest = (index - flag) / L.flags;
  const slot = Math.floor(rest / UPPER_SLOTS);
  return { mask: L.maskOfSlot === null ? slot : L.maskOfSlot[slot], upper: rest % UPPER_SLOTS, flag };
}

/** Boxes filled in a mask. */
export function popcount(x: number): number {
  let c = 0;
  for (; x; x &= x - 1) c++;
  return c;
}

/** Per layout: the filled masks of each level, and per upper mask the canonical upper totals it reaches, ascending. */
interface LevelIndex {
  masks: Int32Array[];
  uppers: Int32Array[];
}

const levelIndexes = new WeakMap<ColumnLayout, LevelIndex>();

function levelIndex(L: ColumnLayout): LevelIndex {
  let index = levelIndexes.get(L);
  if (!index) {
    // Masks by boxes filled, in ascending order: a counting sort
    // (typed arrays and plain loops: this runs once per process, cold, before the first level).
    let all = L.maskOfSlot;
    if (all === null) {
      all = new Int32Array(1 << L.boxes);
      for (let m = 0; m < all.length; m++) all[m] = m;
    }
    const count = new Int32Array(L.boxes + 1);
    for (let k = 0; k < all.length; k++) count[popcount(all[k])]++;
    const masks = Array.from(count, (n) => new Int32Array(n));
    count.fill(0);
    for (let k = 0; k < all.length; k++) {
      const level = popcount(all[k]);
      masks[level][count[level]++] = all[k];
    }
    const uppers: Int32Array[] = [];
    const seen = new Uint8Array(UPPER_SLOTS);
    for (let um = 0; um < 64; um++) {
      seen.fill(0);
      let n = 0;
      for (let u = 0; u < UPPER_SLOTS; u++) {
        const canon = L.canonUpper[um * UPPER_SLOTS + u];
        if (L.reachableUpper[um * UPPER_SLOTS + u] && seen[canon] === 0) {
          seen[canon] = 1;
          n++;
        }
      }
      const us = new Int32Array(n);
      for (let u = 0, i = 0; u < UPPER_SLOTS; u++) if (seen[u] === 1) us[i++] = u;
      uppers.push(us);
    }
    index = { masks, uppers };
    levelIndexes.set(L, index);
  }
  return index;
}

/**
 * Canonical reachable states with `level` boxes filled, in index order. Which canonical upper
 * totals a state reaches depends on its filled upper boxes alone, and the masks of each level
 * are listed once per layout: a table build lists every level on its main thread while its
 * threads start, in code not yet compiled, and walking every mask per level took 30–40 ms there.
 */
export function statesAtLevel(L: ColumnLayout, level: number): Int32Array {
  const yBit = L.yahtzeeBox >= 0 ? 1 << L.yahtzeeBox : 0;
  const { masks: byLevel, uppers } = levelIndex(L);
  const masks = byLevel[level] ?? new Int32Array(0);
  const F = L.flags;
  let n = 0;
  for (let k = 0; k < masks.length; k++) n += uppers[masks[k] & 63].length * (F === 2 && (masks[k] & yBit) !== 0 ? 2 : 1);
  const out = new Int32Array(n);
  let i = 0;
  for (let k = 0; k < masks.length; k++) {
    const mask = masks[k];
    const slot = L.slotOfMask === null ? mask : L.slotOfMask[mask];
    const flagCount = F === 2 && (mask & yBit) !== 0 ? 2 : 1;
    const us = uppers[mask & 63];
    for (let j = 0; j < us.length; j++) {
      const at = (slot * UPPER_SLOTS + us[j]) * F;
      out[i++] = at;
      if (flagCount === 2) out[i++] = at + 1;
    }
  }
  return out;
}
