import { commonDice, goalModel, playModelGame, servedGoalModel } from '../../src/approx/index.ts';
import type { ProbabilityAdvice } from '../../src/advisor/index.ts';
import { mulberry32 } from '../../src/dice/index.ts';
import { adviseGoal } from '../../src/goals/index.ts';
import type { Goal, Position } from '../../src/position/index.ts';
import { RULESETS } from '../../src/rules/index.ts';
import { createInlineRunner, playHeadToHead, simulate } from '../../src/simulate/index.ts';
import { boxCount, filledCount, type GameState } from '../../src/solver/index.ts';
import { testModel } from './models.ts';

/**
 * What pins the multi-column goals' play and advice (test/multi-column-goal-pins.test.ts): the
 * hints of a fixed set of positions, and seeded reach and win games, computed the same way
 * wherever the pins are checked or written.
 */
export type MultiId = 'superpass' | 'triple-yahtzee';

export const TARGETS: Record<MultiId, number> = { superpass: 1251, 'triple-yahtzee': 2350 };

/** Boxes left of the pinned hints: the exact last three turns, the spread's turns just before them, and two far from the end. */
const LEFT = [1, 2, 3, 4, 5, 7, 15];

/** One pinned hint: what its advice says, the best option and a checksum of every option's chance. */
export interface HintPin {
  what: string;
  best: string;
  probability: number;
  before: number;
  sum: number;
  options: number;
  exact: boolean;
  steering: string;
}

/**
 * Per boxes left in LEFT, a position of best play's own games (seed 31) with random dice and
 * rerolls (seed 7), asked three goals: a target near what best play expects from there, an
 * opponent finished near it, and an opponent in progress (another game's position, as many boxes
 * left, their score shifted to make the game close).
 */
export async function hintPins(id: MultiId): Promise<HintPin[]> {
  const rs = RULESETS[id];
  const model = await testModel(id);
  const tables = { goal: servedGoalModel(model) };
  const total = boxCount(rs);
  const turns = new Map<number, { state: GameState; score: number }[]>();
  for (let g = 0; g < 6; g++) {
    playModelGame(model, commonDice(31, g), (state, score) => {
      const left = total - filledCount(state);
      if (!turns.has(left)) turns.set(left, []);
      turns.get(left)!.push({ state, score });
    });
  }
  const rng = mulberry32(7);
  const pins: HintPin[] = [];
  for (const left of LEFT) {
    const [us, them] = turns.get(left)!;
    const expected = us.score + Math.round(model.value(us.state));
    const goals: [string, Goal, Position['opponents']][] = [
      ['reach', { type: 'reach', score: expected + 5 }, undefined],
      ['win, finished', { type: 'win', opponents: [{ finalScore: expected - 3 }] }, [{ finalScore: expected - 3 }]],
      ['win, in progress', { type: 'win', opponents: [{ finalScore: 0 }] }, [{ state: them.state, score: expected - Math.round(model.value(them.state)) + 2 }]],
    ];
    for (const [kind, goal, opponents] of goals) {
      const dice = Array.from({ length: rs.dice }, () => 1 + Math.floor(rng() * 6)).sort((a, b) => a - b);
      const position: Position = {
        rs,
        state: us.state,
        columns: rs.columns.map(() => rs.boxes.map(() => undefined)),
        yahtzeeBonus: rs.columns.map(() => 0),
        score: us.score,
        dice,
        rollsLeft: Math.floor(rng() * 3) as 0 | 1 | 2,
        goal,
        opponents,
      };
      const a = adviseGoal(model, tables, position) as ProbabilityAdvice;
      pins.push({
        what: `${left} left, ${kind}`,
        best: JSON.stringify(a.best?.action),
        probability: a.probability,
        before: a.probabilityBefore,
        sum: a.options.reduce((s, o) => s + o.probability, 0),
        options: a.options.length,
        exact: a.exact,
        steering: `${a.steering?.by} ${a.steering?.horizon}`,
      });
    }
  }
  return pins;
}

export interface PlayPin {
  /** the sum of the goal player's final totals */
  total: number;
  /** reach: games that reached the target; win: the goal player's stake, in half games */
  score: number;
}

const inline = createInlineRunner({ model: (id) => testModel(id), goalModel });

/** `reach:T` over `games` seeded games (seed 1) alone: its total and the games that reached T. */
export async function reachPin(id: MultiId, games: number): Promise<PlayPin> {
  const target = TARGETS[id];
  const data = await simulate({ ruleset: id, strategies: [`reach:${target}`], games, seed: 1, runner: inline });
  const scores = data.scores[0];
  return { total: scores.reduce((a, b) => a + b, 0), score: scores.filter((s) => s >= target).length };
}

/** `win` against `best`, two players, `games` seeded games (seed 1): its total and its stake in half games (slot 0 plays `win`). */
export async function winPin(id: MultiId, games: number): Promise<PlayPin> {
  const data = await playHeadToHead({ ruleset: id, strategies: ['win', 'best'], players: 2, games, seed: 1, runner: inline });
  let total = 0;
  let half = 0;
  for (let g = 0; g < data.games; g++) {
    total += data.scores[2 * g];
    half += Math.round(2 * data.shares[2 * g]);
  }
  return { total, score: half };
}
