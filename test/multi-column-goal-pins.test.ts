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
    ["4 left, reach", "{\"hold\":[4,4,4]}", 0.3301313504134869, 0.4563086071717927, 7.8156992060200405, 34, false, "goal 52"],
    ["4 left, win, finished", "{\"hold\":[6,6,6,6]}", 0.8621981397253162, 0.591366248409198, 8.668108287423854, 16, false, "goal 52"],
    ["4 left, win, in progress", "{\"hold\":[]}", 0.38983392400919825, 0.5000802342679099, 12.465746188587534, 38, false, "goal 52"],
    ["5 left, reach", "{\"score\":\"threes\",\"column\":2}", 0.057928461871336, 0.5216534228662767, 0.057928461871336, 1, false, "goal 52"],
    ["5 left, win, finished", "{\"score\":\"ones\",\"column\":3}", 0.5337331041840582, 0.66238482661985, 0.6791453129188096, 3, false, "goal 52"],
    ["5 left, win, in progress", "{\"score\":\"ones\",\"column\":3}", 0.4466908027154983, 0.5318588237239694, 14.912938572847821, 39, false, "goal 52"],
    ["7 left, reach", "{\"hold\":[4,4,5,5,6]}", 0.38030979694144307, 0.5258259250360189, 10.8274138694945, 37, false, "goal 52"],
    ["7 left, win, finished", "{\"hold\":[5,5,6]}", 0.5490591916071317, 0.6785777999004596, 21.388225202687707, 50, false, "goal 52"],
    ["7 left, win, in progress", "{\"hold\":[5,6,6]}", 0.46758511797614666, 0.519676238195147, 21.164803501673475, 50, false, "goal 52"],
    ["15 left, reach", "{\"score\":\"smallStraight\",\"column\":1}", 0.5449670085070606, 0.5558126485409102, 1.843018706129288, 4, false, "goal 52"],
    ["15 left, win, finished", "{\"score\":\"fullHouse\",\"column\":4}", 0.5762243947941302, 0.6293924664290577, 1.5233989604219849, 3, false, "goal 52"],
    ["15 left, win, in progress", "{\"hold\":[2,3]}", 0.5055332549679422, 0.555262652928187, 18.06125101852235, 37, false, "goal 52"],
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
    ["4 left, reach", "{\"score\":\"ones\",\"column\":3}", 0.15469824599671114, 0.22166670693463686, 0.5888141705759418, 4, false, "goal 39"],
    ["4 left, win, finished", "{\"hold\":[5,5,6]}", 0.25119223445872546, 0.28361989463166504, 4.893005952293337, 22, false, "goal 39"],
    ["4 left, win, in progress", "{\"hold\":[6,6]}", 0.48665281675602207, 0.48476823656243584, 9.95781779113106, 22, false, "goal 39"],
    ["5 left, reach", "{\"score\":\"chance\",\"column\":3}", 0.21453636442000193, 0.2527040304973729, 1.0155989442499165, 5, false, "goal 39"],
    ["5 left, win, finished", "{\"hold\":[5,5]}", 0.25359543605158513, 0.26823048124617727, 5.327272789649845, 23, false, "goal 39"],
    ["5 left, win, in progress", "{\"hold\":[5,5]}", 0.46062801130104997, 0.4925727325603168, 10.215075245896092, 23, false, "goal 39"],
    ["7 left, reach", "{\"hold\":[1,1]}", 0.29970796021083507, 0.3156972281781525, 7.004977998510464, 25, false, "goal 39"],
    ["7 left, win, finished", "{\"hold\":[4,4,4]}", 0.3665796380404867, 0.3239284944582852, 6.891139553865433, 23, false, "goal 39"],
    ["7 left, win, in progress", "{\"hold\":[4,4]}", 0.49036618321479564, 0.49566441600998074, 14.483737086003117, 31, false, "goal 39"],
    ["15 left, reach", "{\"hold\":[4,4]}", 0.4427438293539084, 0.46933836616166197, 14.126675536078045, 33, false, "goal 39"],
    ["15 left, win, finished", "{\"hold\":[5,5]}", 0.46733232126610413, 0.47616192280377084, 17.28525101923295, 39, false, "goal 39"],
    ["15 left, win, in progress", "{\"score\":\"largeStraight\",\"column\":1}", 0.5167559554472937, 0.5180246824057048, 23.022934933890294, 47, false, "goal 39"],
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
