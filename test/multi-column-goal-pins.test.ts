import { describe, expect, it } from 'vitest';
import { hintPins, reachPin, winPin, type HintPin, type MultiId, type PlayPin } from './support/multi-column-goal-pins.ts';

/**
 * The multi-column goals' play and advice, pinned: any change in how the goal model values a
 * turn (its goal value, the opponent's law, the exact last three turns, the memos it keeps
 * between calls) changes a pinned hint or a seeded game. Update the pins only for an intended change of
 * play, never for a refactor. Hints: best option, its chance, the chance before the turn, the sum
 * of every option's chance, the number of options, `exact` and the steering, to 1e-12.
 */
type Row = [what: string, best: string, probability: number, before: number, sum: number, options: number, exact: boolean, steering: string];

const HINTS: Record<MultiId, Row[]> = {
  superpass: [
    ["1 left, reach", "{\"hold\":[6]}", 0.04809670781893003, 0.435127687525206, 0.6325445816186557, 49, true, "goal 52"],
    ["1 left, win, finished", "{\"hold\":[5,5]}", 0.13580246913580246, 0.4964245330345548, 1.477987825788751, 37, true, "goal 52"],
    ["1 left, win, in progress", "{\"score\":\"fourOfAKind\",\"column\":4}", 0, 0.3500192330910331, 0, 1, false, "goal 52"],
    ["2 left, reach", "{\"hold\":[1,1,6]}", 0.48563460237221295, 0.4754128305795778, 14.15007569010874, 37, true, "goal 52"],
    ["2 left, win, finished", "{\"hold\":[1]}", 0.3205664437413681, 0.5407976872408177, 5.22064688689575, 37, true, "goal 52"],
    ["2 left, win, in progress", "{\"score\":\"ones\",\"column\":2}", 0.03819089015360603, 0.48955267140619735, 0.03819089015360603, 1, false, "goal 52"],
    ["3 left, reach", "{\"hold\":[3,3,3]}", 0.5558536505365959, 0.5675630323090057, 12.458730542856582, 34, true, "goal 52"],
    ["3 left, win, finished", "{\"score\":\"twos\",\"column\":2}", 0.1433676261878546, 0.6111221361434109, 0.1433676261878546, 1, true, "goal 52"],
    ["3 left, win, in progress", "{\"hold\":[2]}", 0.4029259517862366, 0.5389065931044631, 18.15022052870104, 65, false, "goal 52"],
    ["4 left, reach", "{\"hold\":[4,4,4]}", 0.30549021382233216, 0.39101560663546586, 7.8962234306280275, 34, false, "goal 52"],
    ["4 left, win, finished", "{\"hold\":[6,6,6,6]}", 0.727944870876896, 0.4860145730143612, 7.408049024284681, 16, false, "goal 52"],
    ["4 left, win, in progress", "{\"hold\":[]}", 0.38342773828473864, 0.4873697716178477, 12.355355770178566, 38, false, "goal 52"],
    ["5 left, reach", "{\"score\":\"threes\",\"column\":2}", 0.08792534295656532, 0.45045934736375254, 0.08792534295656532, 1, false, "goal 52"],
    ["5 left, win, finished", "{\"score\":\"ones\",\"column\":3}", 0.4594054880540474, 0.5593003855753592, 0.6662641095799385, 3, false, "goal 52"],
    ["5 left, win, in progress", "{\"score\":\"ones\",\"column\":3}", 0.428145152030769, 0.508202355192749, 14.36212193829397, 39, false, "goal 52"],
    ["7 left, reach", "{\"hold\":[4,4,5,5,6]}", 0.3501436305283458, 0.47055751989046724, 10.298266257652571, 37, false, "goal 52"],
    ["7 left, win, finished", "{\"hold\":[5,5,6]}", 0.49029382443966363, 0.605102302478929, 19.45484903200172, 50, false, "goal 52"],
    ["7 left, win, in progress", "{\"hold\":[5,6,6]}", 0.4466773179790576, 0.4935287008684506, 20.354717211666788, 50, false, "goal 52"],
    ["15 left, reach", "{\"score\":\"smallStraight\",\"column\":1}", 0.49971913011311714, 0.5101195237001435, 1.6828380333308501, 4, false, "goal 52"],
    ["15 left, win, finished", "{\"score\":\"fullHouse\",\"column\":4}", 0.5298090590692001, 0.5818623719692501, 1.395258426510117, 3, false, "goal 52"],
    ["15 left, win, in progress", "{\"hold\":[2,3]}", 0.4702582599204914, 0.5143608990082735, 16.83457955201851, 37, false, "goal 52"],
  ],
  'triple-yahtzee': [
    ["1 left, reach", "{\"hold\":[5,6]}", 0.018518518518518517, 0.11533214499586966, 0.049639917695473254, 25, true, "goal 39"],
    ["1 left, win, finished", "{\"score\":\"chance\",\"column\":3}", 0, 0.41854891396301114, 0, 1, true, "goal 39"],
    ["1 left, win, in progress", "{\"hold\":[4,5]}", 0.5964169859930355, 0.7164409074001514, 8.57912786333422, 25, false, "goal 39"],
    ["2 left, reach", "{\"score\":\"largeStraight\",\"column\":1}", 0.04602864252569886, 0.348168656977668, 0.04602864252569886, 2, true, "goal 39"],
    ["2 left, win, finished", "{\"hold\":[2,4,5]}", 0.4057230906683745, 0.40326321863524517, 7.051241899335188, 26, true, "goal 39"],
    ["2 left, win, in progress", "{\"hold\":[4,4,4]}", 0.5721600184313802, 0.5612817613396046, 9.87663825149856, 18, false, "goal 39"],
    ["3 left, reach", "{\"score\":\"largeStraight\",\"column\":1}", 0.0899386491186391, 0.3061900297654536, 0.2698159473559173, 3, true, "goal 39"],
    ["3 left, win, finished", "{\"hold\":[5]}", 0.29706640712373417, 0.3514324239909114, 4.26750209017355, 19, true, "goal 39"],
    ["3 left, win, in progress", "{\"score\":\"largeStraight\",\"column\":1}", 0.44770777575416687, 0.5239459066797602, 1.192928482144581, 3, false, "goal 39"],
    ["4 left, reach", "{\"score\":\"ones\",\"column\":3}", 0.13957730041019714, 0.18340118129931937, 0.5378612826528033, 4, false, "goal 39"],
    ["4 left, win, finished", "{\"hold\":[5,5,6]}", 0.2021301549585625, 0.22250201309533163, 4.040777971415525, 22, false, "goal 39"],
    ["4 left, win, in progress", "{\"hold\":[6,6]}", 0.482831020208518, 0.4810526724015924, 9.915351848850174, 22, false, "goal 39"],
    ["5 left, reach", "{\"score\":\"chance\",\"column\":3}", 0.1806193393141805, 0.2044399895510096, 0.8667633386290506, 5, false, "goal 39"],
    ["5 left, win, finished", "{\"hold\":[5,5]}", 0.2049913260763283, 0.2140197036084938, 4.399771629572631, 23, false, "goal 39"],
    ["5 left, win, in progress", "{\"hold\":[5,5]}", 0.4429085143449581, 0.47288018548409416, 9.83254744646822, 23, false, "goal 39"],
    ["7 left, reach", "{\"hold\":[1,1]}", 0.25052948677011455, 0.2610684251604896, 5.940008319783885, 25, false, "goal 39"],
    ["7 left, win, finished", "{\"hold\":[4,4,4]}", 0.294583284615284, 0.2664881003580312, 5.760333411546956, 23, false, "goal 39"],
    ["7 left, win, in progress", "{\"hold\":[4,4]}", 0.4703797774951359, 0.47537038140028476, 13.908182422251503, 31, false, "goal 39"],
    ["15 left, reach", "{\"hold\":[4,4]}", 0.3647553274390791, 0.3844941594200575, 11.682402898833855, 33, false, "goal 39"],
    ["15 left, win, finished", "{\"hold\":[5,5]}", 0.382996954018466, 0.38959788146597646, 14.241298753073655, 39, false, "goal 39"],
    ["15 left, win, in progress", "{\"score\":\"largeStraight\",\"column\":1}", 0.49250318835527074, 0.4936632627072025, 21.99491302365571, 47, false, "goal 39"],
  ],
};

/** Seeded games (seed 1): the goal player's total, and the games that reached the target (reach) or its stake in half games (win, against best). */
const GAMES = 200;
const PLAY: Record<MultiId, { reach: PlayPin; win: PlayPin }> = {
  superpass: { reach: { total: 233_678, score: 54 }, win: { total: 237_414, score: 217 } },
  'triple-yahtzee': { reach: { total: 337_586, score: 29 }, win: { total: 358_853, score: 206 } },
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
