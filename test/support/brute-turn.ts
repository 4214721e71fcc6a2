import type { RuleSet } from '../../src/rules/index.ts';
import { scoreBox, UPPER_COUNT, yahtzeeBoxIndex } from '../../src/rules/index.ts';
import type { GameModel, GameState } from '../../src/solver/index.ts';

/**
 * An independent evaluation of one turn of a single-column game, by brute force: every reroll
 * outcome enumerated die by die (6^k sequences, not the dice tables' multiset probabilities),
 * scoring by rules/scoring.ts, next-state values read from the model's table. It shares no code
 * with the turn engine, so agreement to 1e-9 checks the engine, the advisor and the table.
 */
export interface BruteTurn {
  /** every legal box for a roll: points + bonuses + value of the next state */
  scoreOptions(counts: readonly number[]): Map<string, number>;
  /** value of holding `keep` with `rollsLeft` (1 or 2) rerolls to come */
  holdValue(keep: readonly number[], rollsLeft: 1 | 2): number;
  /** value of the state at the start of the turn */
  stateValue(): number;
}

const key = (counts: readonly number[]) => counts.reduce((k, c) => k * 8 + c, 0);

/** Multisets of k dice with their probabilities, from all 6^k ordered outcomes. */
function outcomes(k: number): { counts: number[]; p: number }[] {
  const tally = new Map<string, { counts: number[]; n: number }>();
  const total = 6 ** k;
  for (let seq = 0; seq < total; seq++) {
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0, s = seq; i < k; i++, s = Math.floor(s / 6)) counts[s % 6]++;
    const e = tally.get(counts.join(''));
    if (e) e.n++;
    else tally.set(counts.join(''), { counts, n: 1 });
  }
  return [...tally.values()].map((e) => ({ counts: e.counts, p: e.n / total }));
}

// The same for every turn: enumerated once per process.
const outcomeCache = new Map<number, { counts: number[]; p: number }[]>();
const outcomesOf = (k: number) => {
  let o = outcomeCache.get(k);
  if (!o) outcomeCache.set(k, (o = outcomes(k)));
  return o;
};

function subMultisets(counts: readonly number[]): number[][] {
  let out: number[][] = [[]];
  for (let f = 0; f < 6; f++) {
    const next: number[][] = [];
    for (const partial of out) for (let c = 0; c <= counts[f]; c++) next.push([...partial, c]);
    out = next;
  }
  return out;
}

export function bruteTurn(model: GameModel, state: GameState): BruteTurn {
  const rs: RuleSet = model.rs;
  const n = rs.dice;
  const col = state.columns[0];
  const yBox = yahtzeeBoxIndex(rs);
  const optionCache = new Map<number, Map<string, number>>();
  const scoreOptions = (counts: readonly number[]) => {
    let m = optionCache.get(key(counts));
    if (m) return m;
    m = new Map();
    for (let b = 0; b < rs.boxes.length; b++) {
      if (col.mask & (1 << b)) continue;
      const r = scoreBox(rs, { filledMask: col.mask, yahtzeeHolds50: col.yahtzee50 }, counts, b);
      if (!r) continue;
      const isUpper = b < UPPER_COUNT;
      const t = rs.upperBonus.threshold;
      const upperBonus = isUpper && col.upper < t && col.upper + r.points >= t ? rs.upperBonus.points : 0;
      const next: GameState = {
        columns: [{ mask: col.mask | (1 << b), upper: col.upper + (isUpper ? r.points : 0), yahtzee50: col.yahtzee50 || (b === yBox && r.points === 50) }],
      };
      m.set(rs.boxes[b].id, r.points + upperBonus + r.yahtzeeBonus + model.value(next));
    }
    optionCache.set(key(counts), m);
    return m;
  };
  const bestScore = (counts: readonly number[]) => Math.max(...scoreOptions(counts).values());

  // rollValue[r][roll]: value of holding a full roll with r rerolls to come (0 = must score).
  const rollValues: Map<number, number>[] = [new Map(), new Map(), new Map()];
  const holdValues: Map<number, number>[] = [new Map(), new Map(), new Map()];
  const rollValue = (counts: readonly number[], r: number): number => {
    const k = key(counts);
    let v = rollValues[r].get(k);
    if (v !== undefined) return v;
    v = bestScore(counts);
    if (r > 0) for (const keep of subMultisets(counts)) v = Math.max(v, holdValue(keep, r as 1 | 2));
    rollValues[r].set(k, v);
    return v;
  };
  const holdValue = (keep: readonly number[], r: 1 | 2): number => {
    const k = key(keep);
    let v = holdValues[r].get(k);
    if (v !== undefined) return v;
    const held = keep.reduce((a, b) => a + b, 0);
    v = 0;
    for (const o of outcomesOf(n - held)) v += o.p * rollValue(keep.map((c, f) => c + o.counts[f]), r - 1);
    holdValues[r].set(k, v);
    return v;
  };
  return {
    scoreOptions,
    holdValue,
    stateValue: () => {
      let v = 0;
      for (const o of outcomesOf(n)) v += o.p * rollValue(o.counts, 2);
      return v;
    },
  };
}
