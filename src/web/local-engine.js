// @ts-check
import { engine } from './engine.js';

/**
 * The page's use of the engine in the browser (engine.js): each rule set's tables got in once
 * (solved here, downloaded or read back from the Cache API), which rule sets it can answer at
 * once, and how far the one being got in is, for the page's notice. api.js decides when the engine
 * answers; this module only drives it.
 *
 * Hints are asked with `sd: false`: the page never shows the final score's standard deviation,
 * and an exact rule set's moments table, which only that needs, takes several times the value
 * table's time to solve.
 *
 * @typedef {import('./engine.js').EngineReady} EngineReady
 * @typedef {import('./engine.js').EngineProgress} EngineProgress
 * @typedef {import('./types.js').Advice} Advice
 * @typedef {import('./types.js').GameAnalysis} GameAnalysis
 * @typedef {import('./types.js').GameError} GameError
 * @typedef {import('./types.js').RuleSetInfo} RuleSetInfo
 * @typedef {{ ruleset: string, state: 'preparing' | 'ready' | 'failed', percent: number }} Preparation
 *   percent: how far the table being got in is (0 to 100)
 */

/** @type {Map<string, Promise<EngineReady>>} */
const preparing = new Map();
/** @type {Set<string>} rule sets whose tables are in: the engine answers them at once */
const ready = new Set();
/** @type {Set<(p: Preparation) => void>} */
const listeners = new Set();

/** @param {Preparation} p */
function tell(p) {
  for (const fn of listeners) fn(p);
}

/**
 * Gets a rule set's tables in, once (a failure is forgotten, so asking again retries it).
 * @param {string} id
 * @returns {Promise<EngineReady>}
 */
export function prepare(id) {
  let p = preparing.get(id);
  if (!p) {
    tell({ ruleset: id, state: 'preparing', percent: 0 });
    /** @param {EngineProgress} e */
    const onProgress = (e) => tell({ ruleset: id, state: 'preparing', percent: e.total > 0 ? Math.floor((100 * e.done) / e.total) : 0 });
    p = engine().ready(id, { sd: false, onProgress });
    preparing.set(id, p);
    p.then(
      () => {
        ready.add(id);
        tell({ ruleset: id, state: 'ready', percent: 100 });
      },
      () => {
        preparing.delete(id);
        tell({ ruleset: id, state: 'failed', percent: 0 });
      },
    );
  }
  return p;
}

/**
 * Whether the engine has the rule set's tables in, and so answers at once.
 * @param {string} id
 */
export function engineReady(id) {
  return ready.has(id);
}

/**
 * Calls `fn` as rule sets' tables are got in, until the returned function is called.
 * @param {(p: Preparation) => void} fn
 */
export function onPreparation(fn) {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

/**
 * The points hint for a position, as POST /api/v1/hint answers it (without finalScoreSd until the
 * moments table is in, which the page does not get). Rejects with an EngineError.
 * @param {import('./types.js').PositionInput} position
 * @returns {Promise<Advice>}
 */
export async function engineHint(position) {
  await prepare(position.ruleset);
  return engine().hint(position, { sd: false });
}

/**
 * The review of one game, as POST /api/v1/analyse gives it. Rejects with an EngineError.
 * @param {import('./types.js').GameRecord} record
 * @returns {Promise<GameAnalysis | GameError>}
 */
export async function engineReview(record) {
  await prepare(record.ruleset);
  return engine().review(record);
}

/**
 * The rule sets the engine plays, as GET /api/v1/rulesets lists them, each `ready`: the engine
 * gets a rule set's tables in on its first use, so every one it plays can be chosen.
 * @returns {Promise<RuleSetInfo[]>}
 */
export async function engineRuleSets() {
  const { rulesets } = await engine().rulesets();
  return rulesets.filter((r) => r.status !== 'not-served').map((r) => ({ ...r, status: 'ready' }));
}
