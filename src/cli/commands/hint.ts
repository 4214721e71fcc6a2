import type { Command } from 'commander';
import { describeCommand } from '../command-descriptions.ts';
import { advise, explainAdvice, explainNote, type Advice, type ProbabilityAdvice } from '../../advisor/index.ts';
import { adviseGoal, goalTables } from '../../goals/index.ts';
import { effortRefiner, MAX_EFFORT, parseEffort } from '../../approx/rollout.ts';
import { DicewiseError, invalidInput } from '../../errors.ts';
import { parsePosition, positionError, type Position, type PositionInput } from '../../position/index.ts';
import type { ReasonLanguage } from '../../position/reason-text.ts';
import type { GameModel } from '../../solver/index.ts';
import { PLAYABLE_RULESETS } from '../../rules/index.ts';
import { ensureModel, ensureReachTable } from '../../store/model-loader.ts';
import { formatAdvice } from '../format-advice.ts';
import { formatExplanation } from '../format-explain.ts';
import { parseLanguage, parseRuleSet, tableDir } from '../options.ts';
import { progressBar } from '../progress.ts';

interface HintFlags {
  ruleset: string;
  scorecard?: string;
  dice?: string;
  rollsLeft?: string;
  yahtzeeBonus?: string;
  json?: boolean;
  tables?: string;
  reach?: string;
  opponent?: string[];
  opponentFinal?: string[];
  effort?: string;
  explain?: boolean;
  lang?: string;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

function badOption(field: string, message: string): DicewiseError {
  return new DicewiseError('INVALID_OPTION', `--${field} ${message}`, [{ field, message }]);
}

/** Numbers from "1,1,6,6,6"; anything else is left for parsePosition to name. */
function numberList(text: string): number[] {
  return text.split(',').map((s) => (s.trim() === '' ? Number.NaN : Number(s)));
}

/** The flags as the API's position JSON, so both are validated by parsePosition alike. */
export function hintInput(flags: HintFlags): PositionInput {
  const input: Record<string, unknown> = { ruleset: parseRuleSet(flags.ruleset) };
  if (flags.scorecard !== undefined) {
    try {
      input.scorecard = JSON.parse(flags.scorecard);
    } catch (e) {
      throw badOption('scorecard', `must be JSON such as '{"ones":3,"fullHouse":25}': ${(e as Error).message}`);
    }
  }
  if (flags.dice !== undefined) input.dice = numberList(flags.dice);
  if (flags.rollsLeft !== undefined) input.rollsLeft = Number(flags.rollsLeft);
  if (flags.yahtzeeBonus !== undefined) {
    const list = numberList(flags.yahtzeeBonus);
    input.yahtzeeBonus = list.length === 1 ? list[0] : list;
  }
  if (flags.reach !== undefined) input.goal = { type: 'reach', score: Number(flags.reach) };
  const opponents: unknown[] = [];
  for (const text of flags.opponent ?? []) {
    try {
      opponents.push(JSON.parse(text));
    } catch (e) {
      throw badOption('opponent', `must be JSON such as '{"scorecard":{"ones":3},"yahtzeeBonus":0}': ${(e as Error).message}`);
    }
  }
  for (const text of flags.opponentFinal ?? []) opponents.push({ finalScore: text.trim() === '' ? Number.NaN : Number(text) });
  if (opponents.length > 0) {
    if (flags.reach !== undefined) throw badOption('opponent', 'plays to win; it cannot be combined with --reach');
    input.goal = { type: 'win', opponents };
  }
  return input as PositionInput;
}

/** `--explain`: the advice with its outlooks and reasons (the outlook table built first where missing), or with the note saying why not. */
async function explained(dir: string, model: GameModel, position: Position, advice: Advice | ProbabilityAdvice, json: boolean, lang: ReasonLanguage): Promise<string> {
  const note = explainNote(position);
  if (note !== undefined) return json ? `${JSON.stringify({ ...advice, explainNote: note })}\n` : `${formatAdvice(advice)}\n${note}\n`;
  const bar = progressBar(`building ${position.rs.id} outlook table`, { lines: true });
  const table = await ensureReachTable(dir, position.rs.id, {
    kind: 'outlook',
    solver: async (threads) => (await import('../../../workers/pool.ts')).solverThreads(threads),
    onBuild: (id, reason) => process.stderr.write(`dicewise: no usable outlook table for ${id} (${reason}); building it now\n`),
    onProgress: (p) => bar.update(p.statesDone, p.statesTotal),
  });
  bar.stop();
  const out = explainAdvice(model, table, position, advice as Advice);
  return json ? `${JSON.stringify(out)}\n` : formatAdvice(out) + formatExplanation(out, lang);
}

export function registerHint(program: Command): void {
  program
    .command('hint')
    .description(describeCommand('hint'))
    .option('--ruleset <id>', `rule set (${PLAYABLE_RULESETS.join(', ')})`, 'yahtzee')
    .option('--scorecard <json>', 'boxes filled so far as JSON, e.g. \'{"ones":3}\' (an array of columns for multi-column rule sets)')
    .option('--dice <faces>', 'current dice, e.g. 1,1,6,6,6 (omit at the start of a turn)')
    .option('--rolls-left <n>', 'rerolls still allowed: 0, 1 or 2 (default 2)')
    .option('--yahtzee-bonus <points>', 'extra-Yahtzee bonus points so far (comma-separated per column)')
    .option('--reach <total>', 'play to finish with at least this total: options ranked by that probability')
    .option('--opponent <json>', 'play to win against this opponent\'s sheet (at the start of their next turn), e.g. \'{"scorecard":{"ones":3},"yahtzeeBonus":0}\'; repeatable', collect)
    .option('--opponent-final <total>', 'play to win against an opponent who finished with this total; repeatable', collect)
    .option('--effort <n>', `multi-column rule sets: 0 (default) the model alone, 1 to ${MAX_EFFORT} settle the closest options by rollouts (more CPU)`)
    .option('--explain', 'say why: the outlook box by box and, for every other option, what it gives up (exact single-column rule sets, points goal; builds the outlook table on first use)')
    .option('--lang <code>', 'with --explain: the language of the reasons (en, de, nl, fr; default en)')
    .option('--json', 'print the same JSON as the HTTP API')
    .option('--tables <dir>', 'table folder (default $DICEWISE_TABLES or ./tables)')
    .action(async (flags: HintFlags) => {
      const parsed = parsePosition(hintInput(flags));
      if (!parsed.ok) throw positionError(parsed);
      const { position } = parsed;
      const effort = parseEffort(flags.effort === undefined ? undefined : flags.effort.trim() === '' ? Number.NaN : Number(flags.effort), position.rs);
      if (!effort.ok) throw invalidInput(effort.issues);
      if (effort.effort > 0 && position.goal.type !== 'points') throw badOption('effort', `applies to the points goal, not ${position.goal.type}`);
      if (flags.lang !== undefined && !flags.explain) throw badOption('lang', 'words the reasons of --explain: add --explain');
      const lang = parseLanguage(flags.lang);
      const bar = progressBar(`building ${position.rs.id} table`, { lines: true });
      const model = await ensureModel(tableDir(flags.tables), position.rs.id, {
        // The pool module loads only when a table has to be built: a hint from a built table needs no threads.
        solver: async (threads) => (await import('../../../workers/pool.ts')).solverThreads(threads),
        onBuild: (id, reason) => process.stderr.write(`dicewise: no usable table for ${id} (${reason}); building it now\n`),
        onProgress: (p) => bar.update(p.statesDone, p.statesTotal),
      });
      bar.stop();
      const tables = await goalTables(position, model, async (kind) => {
        const name = kind === 'reach' ? 'reach table' : 'points distribution table';
        const laneBar = progressBar(`building ${position.rs.id} ${name}`, { lines: true });
        const table = await ensureReachTable(tableDir(flags.tables), position.rs.id, {
          kind,
          solver: async (threads) => (await import('../../../workers/pool.ts')).solverThreads(threads),
          onBuild: (id, reason) => process.stderr.write(`dicewise: no usable ${name} for ${id} (${reason}); building it now (minutes)\n`),
          onProgress: (p) => laneBar.update(p.statesDone, p.statesTotal),
        });
        laneBar.stop();
        return table;
      });
      const advice = effort.effort > 0 ? advise(model, position, undefined, effortRefiner(model, effort.effort)) : adviseGoal(model, tables, position);
      if (flags.explain) {
        process.stdout.write(await explained(tableDir(flags.tables), model, position, advice, flags.json === true, lang));
        return;
      }
      process.stdout.write(flags.json ? `${JSON.stringify(advice)}\n` : formatAdvice(advice));
    });
}
