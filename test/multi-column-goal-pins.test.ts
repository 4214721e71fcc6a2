import { describe, expect, it } from 'vitest';
import { hintPins, reachPin, winPin, type HintPin, type MultiId, type PlayPin } from './support/multi-column-goal-pins.ts';

/**
 * The multi-column goals' play and advice, pinned: any change in how the goal model values a
 * turn (its spread, the opponent's law, the exact last three turns, the memos it keeps between
 * calls) changes a pinned hint or a seeded game. Update the pins only for an intended change of
 * play, never for a refactor. Hints: best option, its chance, the chance before the turn, the sum
 * of every option's chance, the number of options, `exact` and the steering, to 1e-12.
 */
type Row = [what: string, best: string, probability: number, before: number, sum: number, options: number, exact: boolean, steering: string];

const HINTS: Record<MultiId, Row[]> = {
  superpass: [
    ["1 left, reach", "{\"hold\":[6]}", 0.04809670781893003, 0.435127687525206, 0.6325445816186557, 49, true, "goal 3"],
    ["1 left, win, finished", "{\"hold\":[5,5]}", 0.13580246913580246, 0.4964245330345548, 1.477987825788751, 37, true, "goal 3"],
    ["1 left, win, in progress", "{\"score\":\"fourOfAKind\",\"column\":4}", 0, 0.3500192330910331, 0, 1, false, "goal 3"],
    ["2 left, reach", "{\"hold\":[1,1,6]}", 0.48563460237221295, 0.4754128305795778, 14.15007569010874, 37, true, "goal 3"],
    ["2 left, win, finished", "{\"hold\":[1]}", 0.3205664437413681, 0.5407976872408177, 5.22064688689575, 37, true, "goal 3"],
    ["2 left, win, in progress", "{\"score\":\"ones\",\"column\":2}", 0.03819089015360603, 0.48955267140619735, 0.03819089015360603, 1, false, "goal 3"],
    ["3 left, reach", "{\"hold\":[3,3,3]}", 0.5558536505365959, 0.5675630323090057, 12.458730542856582, 34, true, "goal 3"],
    ["3 left, win, finished", "{\"score\":\"twos\",\"column\":2}", 0.1433676261878546, 0.6111221361434109, 0.1433676261878546, 1, true, "goal 3"],
    ["3 left, win, in progress", "{\"hold\":[2]}", 0.4029259517862366, 0.5389065931044631, 18.15022052870104, 65, false, "goal 3"],
    ["4 left, reach", "{\"hold\":[4,4,4]}", 0.25863347863562136, 0.4041066595725409, 6.508942074721622, 34, false, "points 3"],
    ["4 left, win, finished", "{\"hold\":[6,6,6,6]}", 0.8950304105628819, 0.5628220597700213, 8.664633300408534, 16, false, "points 3"],
    ["4 left, win, in progress", "{\"hold\":[5,5]}", 0.36869955666790066, 0.4693497234468472, 11.553867581378423, 38, false, "points 3"],
    ["5 left, reach", "{\"score\":\"threes\",\"column\":2}", 0.04374973444482233, 0.3982657112239934, 0.04374973444482233, 1, false, "points 3"],
    ["5 left, win, finished", "{\"score\":\"ones\",\"column\":3}", 0.32163278095044634, 0.5487524571060727, 0.49838072257970556, 3, false, "points 3"],
    ["5 left, win, in progress", "{\"score\":\"ones\",\"column\":3}", 0.4017074169648377, 0.4868172190994194, 13.322839937022406, 39, false, "points 3"],
    ["7 left, reach", "{\"hold\":[4,4,5,5,6]}", 0.2649331913095453, 0.38853299970623634, 7.697459521237327, 37, false, "points 3"],
    ["7 left, win, finished", "{\"hold\":[5,5,6]}", 0.38029457650148324, 0.5200432212450694, 15.195251845659016, 50, false, "points 3"],
    ["7 left, win, in progress", "{\"hold\":[5,6,6]}", 0.4059566508190498, 0.471605938756453, 18.254516226893962, 50, false, "points 3"],
    ["15 left, reach", "{\"score\":\"smallStraight\",\"column\":1}", 0.44308960513597284, 0.45191232071861065, 1.4587768467351356, 4, false, "points 3"],
    ["15 left, win, finished", "{\"score\":\"fullHouse\",\"column\":4}", 0.46577255837565223, 0.5299470002551843, 1.2257899828037275, 3, false, "points 3"],
    ["15 left, win, in progress", "{\"hold\":[2,3]}", 0.4346448750527714, 0.4790990965633392, 15.45003277142318, 37, false, "points 3"],
  ],
  'triple-yahtzee': [
    ["1 left, reach", "{\"hold\":[5,6]}", 0.018518518518518517, 0.11533214499586966, 0.049639917695473254, 25, true, "goal 39"],
    ["1 left, win, finished", "{\"score\":\"chance\",\"column\":3}", 0, 0.41854891396301114, 0, 1, true, "goal 6"],
    ["1 left, win, in progress", "{\"hold\":[4,5]}", 0.5964169859930355, 0.7164409074001514, 8.57912786333422, 25, false, "goal 6"],
    ["2 left, reach", "{\"score\":\"largeStraight\",\"column\":1}", 0.04602864252569886, 0.348168656977668, 0.04602864252569886, 2, true, "goal 39"],
    ["2 left, win, finished", "{\"hold\":[2,4,5]}", 0.4057230906683745, 0.40326321863524517, 7.051241899335188, 26, true, "goal 6"],
    ["2 left, win, in progress", "{\"hold\":[4,4,4]}", 0.5721600184313802, 0.5612817613396046, 9.87663825149856, 18, false, "goal 6"],
    ["3 left, reach", "{\"score\":\"largeStraight\",\"column\":1}", 0.0899386491186391, 0.3061900297654536, 0.2698159473559173, 3, true, "goal 39"],
    ["3 left, win, finished", "{\"hold\":[5]}", 0.29706640712373417, 0.3514324239909114, 4.26750209017355, 19, true, "goal 6"],
    ["3 left, win, in progress", "{\"score\":\"largeStraight\",\"column\":1}", 0.44770777575416687, 0.5239459066797602, 1.192928482144581, 3, false, "goal 6"],
    ["4 left, reach", "{\"score\":\"largeStraight\",\"column\":1}", 0.16474789957866942, 0.24518317851723512, 0.5779771640071704, 4, false, "goal 39"],
    ["4 left, win, finished", "{\"hold\":[5,5,6]}", 0.2593305049348962, 0.2787387732546361, 5.049495432448772, 22, false, "goal 6"],
    ["4 left, win, in progress", "{\"hold\":[6,6]}", 0.48860750371046785, 0.4849061921707478, 9.983767436452306, 22, false, "goal 6"],
    ["5 left, reach", "{\"score\":\"chance\",\"column\":3}", 0.20758938291871099, 0.25101442029976223, 0.8846272228100763, 5, false, "goal 39"],
    ["5 left, win, finished", "{\"hold\":[5,5]}", 0.2575518007591757, 0.2759292685309388, 5.238309522319104, 23, false, "goal 6"],
    ["5 left, win, in progress", "{\"hold\":[5,5]}", 0.4554601651525128, 0.4868701218118358, 10.12982287885308, 23, false, "goal 6"],
    ["7 left, reach", "{\"hold\":[2,2]}", 0.2555302031395742, 0.27462987357786534, 5.878814851784611, 25, false, "goal 39"],
    ["7 left, win, finished", "{\"hold\":[4,4,4]}", 0.32902782655769824, 0.28636426086137456, 5.928458670011149, 23, false, "points 6"],
    ["7 left, win, in progress", "{\"hold\":[4,4]}", 0.4798515254170928, 0.48688874339782146, 14.254095567264041, 31, false, "points 6"],
    ["15 left, reach", "{\"hold\":[4,4]}", 0.3923845310027661, 0.4183745679850011, 12.481554421668198, 33, false, "goal 39"],
    ["15 left, win, finished", "{\"hold\":[5,5]}", 0.41375746283594084, 0.42332835326940954, 15.24092711374473, 39, false, "points 6"],
    ["15 left, win, in progress", "{\"score\":\"largeStraight\",\"column\":1}", 0.49418082190537926, 0.49195925444505356, 21.88975880202723, 47, false, "points 6"],
  ],
};

/** Seeded games (seed 1): the goal player's total, and the games that reached the target (reach) or its stake in half games (win, against best). */
const GAMES = 200;
const PLAY: Record<MultiId, { reach: PlayPin; win: PlayPin }> = {
  superpass: { reach: { total: 238_087, score: 44 }, win: { total: 237_307, score: 201 } },
  'triple-yahtzee': { reach: { total: 352_366, score: 23 }, win: { total: 372_026, score: 206 } },
};

function expectPinned(got: HintPin, row: Row): void {
  const [what, best, probability, before, sum, options, exact, steering] = row;
  expect(got.what).toBe(what);
  expect({ best: got.best, options: got.options, exact: got.exact, steering: got.steering }, what).toEqual({ best, options, exact, steering });
  expect(got.probability, `${what}: probability`).toBeCloseTo(probability, 12);
  expect(got.before, `${what}: before`).toBeCloseTo(before, 12);
  expect(got.sum, `${what}: sum`).toBeCloseTo(sum, 12);
}

describe.each(['superpass', 'triple-yahtzee'] as const)('%s goals, pinned', (id) => {
  it('reach and win hints (targets, finished opponents, opponents in progress; 1 to 15 boxes left) keep their answers', async () => {
    const pins = await hintPins(id);
    expect(pins).toHaveLength(HINTS[id].length);
    pins.forEach((p, i) => expectPinned(p, HINTS[id][i]));
  });

  it(`reach:T over ${GAMES} seeded games keeps its total and the games that reach T`, async () => {
    expect(await reachPin(id, GAMES)).toEqual(PLAY[id].reach);
  });

  it(`win against best over ${GAMES} seeded games keeps its total and its stake`, async () => {
    expect(await winPin(id, GAMES)).toEqual(PLAY[id].win);
  });
});
