import type { RuleSet } from '../rules/index.ts';
import { closedMask, columnTypeOf } from '../rules/index.ts';
import { columnStateIndex, decodeState, statesAtLevel, UPPER_SLOTS, type ColumnLayout } from './column-layout.ts';
import { compileRules } from './compiled-rules.ts';
import type { GameState } from './game-state.ts';

/**
 * The joint turn-start states of a multi-column game small enough to solve exactly (the
 * sub-games of docs/rules.md), packed into one integer in mixed radix:
 *
 *   index = Σ_c rank_c × stride_c,   stride_c = Π_{c' < c} ranks_{c'}
 *
 * where rank_c numbers column c's canonical reachable states in its column type's layout
 * (column-layout.ts), level by level, the finished column last. A column filled in a fixed order
 * has a few hundred states, so two of them make about 10^5 joint states; free columns of 13
 * boxes have 10^5 each, which is why only sub-games are solved this way.
 */
export interface JointLayout {
  rs: RuleSet;
  columns: JointColumn[];
  size: number;
  /** boxes of the whole game: the levels run from 0 to boxes */
  boxes: number;
}

export interface JointColumn {
  layout: ColumnLayout;
  stride: number;
  /** rank of each index of the column type's layout; -1 where the state is not canonical or not reachable */
  rankOf: Int32Array;
  /** column layout index of each rank (the finished column: its first full-mask index) */
  indexOf: Int32Array;
  /** boxes filled at each rank */
  levelOf: Uint8Array;
  /** ranks by boxes filled */
  byLevel: Int32Array[];
}

/** Largest joint table built: 2^26 values (512 MiB of doubles) is beyond any sub-game's need. */
export const MAX_JOINT_STATES = 1 << 26;

export function jointLayout(rs: RuleSet): JointLayout {
  let stride = 1;
  const start = closedMask(rs);
  const columns = rs.columns.map((_, c) => {
    const col = jointColumn(compileRules(columnTypeOf(rs, c).rs).layout, stride, start);
    stride *= col.indexOf.length;
    return col;
  });
  if (stride > MAX_JOINT_STATES) throw new Error(`${rs.id}: ${stride} joint states, more than the ${MAX_JOINT_STATES} a joint table holds`);
  return { rs, columns, size: stride, boxes: rs.columns.length * rs.boxes.length };
}

/** Column states reachable from `start`: every mask holding the boxes the rule set does not play. */
function jointColumn(L: ColumnLayout, stride: number, start: number): JointColumn {
  const rankOf = new Int32Array(L.size).fill(-1);
  const indexOf: number[] = [];
  const levelOf: number[] = [];
  const byLevel: Int32Array[] = [];
  for (let level = 0; level < L.boxes; level++) {
    const ranks: number[] = [];
    for (const index of statesAtLevel(L, level)) {
      if ((decodeState(L, index).mask & start) !== start) continue;
      rankOf[index] = indexOf.length;
      ranks.push(indexOf.length);
      indexOf.push(index);
      levelOf.push(level);
    }
    byLevel.push(Int32Array.from(ranks));
  }
  // A finished column is worth nothing more whatever its upper total and flag: one rank for all.
  const full = (1 << L.boxes) - 1;
  const fullRank = indexOf.length;
  for (let u = 0; u < UPPER_SLOTS; u++) {
    for (let flag = 0; flag < L.flags; flag++) {
      const index = columnStateIndex(L, { mask: full, upper: u, yahtzee50: flag === 1 });
      if (rankOf[index] < 0) rankOf[index] = fullRank;
      if (u === 0 && flag === 0) indexOf.push(index);
    }
  }
  levelOf.push(L.boxes);
  byLevel.push(Int32Array.of(fullRank));
  return { layout: L, stride, rankOf, indexOf: Int32Array.from(indexOf), levelOf: Uint8Array.from(levelOf), byLevel };
}

/** Joint index of a game state; -1 where a column's state is not one the layout holds. */
export function jointIndex(J: JointLayout, state: GameState): number {
  return jointIndexOfColumns(
    J,
    state.columns.map((col, c) => columnStateIndex(J.columns[c].layout, col)),
  );
}

/** Joint index from each column's index in its column type's layout (canonical or not). */
export function jointIndexOfColumns(J: JointLayout, columnIndex: ArrayLike<number>): number {
  let index = 0;
  for (let c = 0; c < J.columns.length; c++) {
    const col = J.columns[c];
    const rank = col.rankOf[columnIndex[c]];
    if (rank < 0) return -1;
    index += rank * col.stride;
  }
  return index;
}

/** The game state at a joint index (canonical upper totals). */
export function jointState(J: JointLayout, index: number): GameState {
  return {
    columns: J.columns.map((col) => {
      const rank = Math.floor(index / col.stride) % col.indexOf.length;
      const { mask, upper, flag } = decodeState(col.layout, col.indexOf[rank]);
      return { mask, upper, yahtzee50: flag === 1 };
    }),
  };
}

/** Joint indices with `level` boxes filled in all, ascending. */
export function jointStatesAtLevel(J: JointLayout, level: number): Int32Array {
  const out: number[] = [];
  const walk = (c: number, left: number, base: number): void => {
    if (c < 0) {
      if (left === 0) out.push(base);
      return;
    }
    const col = J.columns[c];
    for (let l = 0; l <= Math.min(left, col.layout.boxes); l++) {
      for (const rank of col.byLevel[l]) walk(c - 1, left - l, base + rank * col.stride);
    }
  };
  walk(J.columns.length - 1, level, 0);
  return Int32Array.from(out).sort();
}
