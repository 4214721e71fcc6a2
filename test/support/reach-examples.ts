import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ProbabilityAdvice } from '../../src/advisor/index.ts';
import { adviseGoal } from '../../src/goals/index.ts';
import { parsePosition } from '../../src/position/index.ts';
import type { GameModel, ReachTable } from '../../src/solver/index.ts';

/** One line of test/fixtures/reach-yahtzee.jsonl: a position, its goal and an independent solver's answer. */
export interface ReachExample {
  position: Record<string, unknown>;
  goal: { type: 'reach'; score: number };
  expected: { sheetScore: number; probabilityBefore: number; options: { action: { hold?: number[]; score?: string }; probability: number }[] };
}

export const EXAMPLES_FILE = fileURLToPath(new URL('../fixtures/reach-yahtzee.jsonl', import.meta.url));

export function readReachExamples(file = EXAMPLES_FILE): ReachExample[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as ReachExample);
}

const key = (a: { hold?: number[]; score?: string }) => (a.hold ? `hold ${a.hold.join(',')}` : `score ${a.score}`);

/** The largest difference between Dicewise's advice and the example, over every option and the totals; throws on a missing option. */
export function compareExample(model: GameModel, reach: ReachTable, ex: ReachExample): number {
  const parsed = parsePosition({ ...ex.position, goal: ex.goal });
  if (!parsed.ok) throw new Error(`example position rejected: ${JSON.stringify(parsed.issues)}`);
  const advice = adviseGoal(model, { reach }, parsed.position) as ProbabilityAdvice;
  let worst = Math.abs(advice.score - ex.expected.sheetScore) + Math.abs(advice.probabilityBefore - ex.expected.probabilityBefore);
  const ours = new Map(advice.options.map((o) => [key(o.action), o.probability]));
  if (ours.size !== ex.expected.options.length) throw new Error(`${ours.size} options, the example has ${ex.expected.options.length}`);
  for (const o of ex.expected.options) {
    const p = ours.get(key(o.action));
    if (p === undefined) throw new Error(`no option ${key(o.action)}`);
    worst = Math.max(worst, Math.abs(p - o.probability));
  }
  return worst;
}
