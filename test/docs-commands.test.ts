import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../bench/support/free-port.ts';
import { COMMANDS } from '../src/cli/command-list.ts';
import { BUILT_IS_CURRENT, ROOT } from './support/cli.ts';
import { TEST_TABLE_DIR } from './support/paths.ts';

/*
 * Every command the README and docs/*.md show runs as written on a fresh clone.
 *
 * Extracted: every line of a ```sh block (a line ending in `\` joined with the next); the `$ …`
 * line that opens a plain ``` block, the rest of which is that command's output; and every inline
 * code span that starts with `dicewise`, `npx` or `npm` (checked, never run).
 *
 * Checked, every one: a `dicewise …` call (also `npx dicewise …`, `npm run dicewise -- …`) names a
 * command of the CLI (and a `tables` subcommand) and only flags that command defines, read from the
 * CLI's own commander definitions; `npx tsx bench|fit|test/support/X.ts` names a script whose own
 * options (its parseArgs names, or a flag literally in its source) hold every flag used;
 * `npm run X` names a script of package.json.
 *
 * Run, the short ones (the rule): a ```sh line runs when it calls `dicewise` and each of its
 * `dicewise` calls is none of
 *   - `serve` (runs until stopped), `tables build` (writes tables: the test tables are the setup's),
 *     `bound` (minutes);
 *   - `simulate` of more than 2,000 games (100 on a multi-column rule set), or without `--games`
 *     (10,000 by default);
 *   - a goal on a single-column rule set, whose reach and distribution tables take minutes and the
 *     test tables lack: `odds`, `--reach`, `--opponent`, `--target`, a `reach:T` or `win` strategy;
 *     `--opponent-final` alone runs in the end game (a `--scorecard` with at most 4 boxes open),
 *     which needs no goal table;
 *   - `triple-yahtzee-lower`, whose joint table takes minutes.
 * Multi-column goals run: they read the column tables. A line that is not a `dicewise` call (npm,
 * npx, parallel, …) is only checked; `curl` lines are sent, by fetch as curl sends them, to a
 * `dicewise serve` the test starts, unless they ask for a goal or odds of a single-column rule set.
 * Lines run with bash (`-o pipefail`), in page order, in a fresh folder per page, with `dicewise`
 * on the PATH (the compiled bundle where dist/ is current, else the sources) and DICEWISE_TABLES on
 * a folder of links to the test tables, so that nothing a command writes reaches them. A ```js block
 * whose first line is `// NAME.js: …` is written to NAME.js in that folder first. Each must exit 0;
 * an output block's lines, but for `...` and `…`, must appear in its command's output in order.
 *
 * And every relative link of README.md and docs/ resolves, anchors included (GitHub's heading ids),
 * the README's map links every page of docs/, and no page names a path outside the clone.
 */

const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)].sort();
const MULTI_COLUMN = new Set(['triple-yahtzee', 'superpass', 'superpass-ordered', 'triple-yahtzee-lower']);
const BOXES: Record<string, number> = { yatzy: 15 };
const SHORT_GAMES = 2_000;
const SHORT_MULTI_GAMES = 100;
const END_GAME_BOXES = 4;

// ---------------------------------------------------------------------------------------------
// Reading the pages

interface Block {
  lang: string;
  lines: string[];
  /** 1-based line of the page where the block's first line is */
  line: number;
}

function blocks(text: string): Block[] {
  const out: Block[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)/.exec(lines[i]);
    if (!open) continue;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !lines[j].startsWith('```')) body.push(lines[j++]);
    out.push({ lang: open[1], lines: body, line: i + 2 });
    i = j;
  }
  return out;
}

/** The page with its fenced blocks blanked (lines kept, so that line numbers hold), for inline spans, links and headings. */
function prose(text: string): string {
  let inside = false;
  return text
    .split('\n')
    .map((l) => {
      const fence = l.startsWith('```');
      if (fence) inside = !inside;
      return fence || inside ? '' : l;
    })
    .join('\n');
}

/** Lines joined where one ends in a backslash. */
function joinContinued(lines: string[]): { text: string; offset: number }[] {
  const out: { text: string; offset: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let text = lines[i];
    while (text.endsWith('\\') && i + 1 < lines.length) text = `${text.slice(0, -1)} ${lines[++i].trim()}`;
    out.push({ text, offset: start });
  }
  return out;
}

/** Shell words, quotes removed; unquoted |, &&, ;, and redirections are words of their own; an unquoted # ends the line. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let w = '';
  let has = false;
  const end = () => {
    if (has) words.push(w);
    w = '';
    has = false;
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === "'") {
      const j = line.indexOf("'", i + 1);
      w += line.slice(i + 1, j < 0 ? undefined : j);
      has = true;
      i = j < 0 ? line.length : j;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) w += line[j] === '\\' && j + 1 < line.length ? line[++j] : line[j];
      has = true;
      i = j;
    } else if (c === '\\' && i + 1 < line.length) {
      w += line[++i];
      has = true;
    } else if (/\s/.test(c)) end();
    else if (c === '#' && !has) break;
    else if (c === '|' || c === ';' || c === '>' || c === '<' || (c === '&' && line[i + 1] === '&')) {
      end();
      if (c === '&' || (c === '|' && line[i + 1] === '|')) i++;
      words.push(c === '&' ? '&&' : c);
    } else {
      w += c;
      has = true;
    }
  }
  end();
  return words;
}

/** The simple commands of a line: split at | && ; with redirections and their targets dropped. */
function simpleCommands(line: string): string[][] {
  const out: string[][] = [[]];
  const words = shellWords(line);
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === '|' || w === '&&' || w === ';') out.push([]);
    else if (w === '>' || w === '<') i++;
    else if (/^\d$/.test(w) && (words[i + 1] === '>' || words[i + 1] === '<')) continue;
    else out[out.length - 1].push(w);
  }
  return out.filter((c) => c.length > 0);
}

/** A command's `dicewise` arguments, where it is a `dicewise` call. */
function dicewiseArgs(cmd: string[]): string[] | undefined {
  if (cmd[0] === 'dicewise') return cmd.slice(1);
  if (cmd[0] === 'npx' && cmd[1] === 'dicewise') return cmd.slice(2);
  if (cmd[0] === 'npm' && cmd[1] === 'run' && cmd[2] === 'dicewise') return cmd.slice(cmd[3] === '--' ? 4 : 3);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// What the CLI and the scripts accept

interface CliCommand {
  flags: Set<string>;
  sub: Map<string, CliCommand>;
}

function describeCommand(c: Command): CliCommand {
  const flags = new Set<string>(['--help', '-h']);
  for (const o of c.options) for (const f of [o.long, o.short]) if (f) flags.add(f);
  const sub = new Map<string, CliCommand>();
  for (const s of c.commands) for (const name of [s.name(), ...s.aliases()]) sub.set(name, describeCommand(s));
  return { flags, sub };
}

let cli: CliCommand;

async function loadCli(): Promise<CliCommand> {
  const program = new Command().name('dicewise').version('0');
  for (const c of COMMANDS) (await c.load())(program);
  return describeCommand(program);
}

/** Problems with a `dicewise` call's command and flags. */
function checkDicewise(args: string[]): string[] {
  const words = args.filter((a) => !a.startsWith('-'));
  const name = words[0];
  if (name === undefined) return args.every((a) => cli.flags.has(a.split('=')[0])) ? [] : [`unknown flag in dicewise ${args.join(' ')}`];
  // A placeholder (COMMAND, …) stands for any command.
  if (!/^[a-z]+$/.test(name)) return [];
  let cmd = cli.sub.get(name);
  if (!cmd) return [`no command ${name}`];
  if (cmd.sub.size > 0 && words[1] !== undefined && /^[a-z]+$/.test(words[1])) {
    const sub = cmd.sub.get(words[1]);
    if (!sub) return [`no command ${name} ${words[1]}`];
    cmd = sub;
  }
  return args.filter((a) => a.startsWith('-') && a !== '-' && !cmd.flags.has(a.split('=')[0])).map((f) => `dicewise ${name}: no flag ${f}`);
}

const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

/** Problems with an `npx tsx SCRIPT` or `npm run X` call; undefined where the command is neither. */
function checkScript(cmd: string[]): string[] | undefined {
  if (cmd[0] === 'npm' && cmd[1] === 'run' && cmd[2] !== 'dicewise') return cmd[2] in PACKAGE.scripts ? [] : [`no npm script ${cmd[2]}`];
  if (cmd[0] !== 'npx' || cmd[1] !== 'tsx') return undefined;
  // A placeholder (bench/…) stands for any script.
  if (/…|\.\.\./.test(cmd[2])) return [];
  const file = join(ROOT, cmd[2]);
  if (!existsSync(file)) return [`no script ${cmd[2]}`];
  const source = readFileSync(file, 'utf8');
  const options = new Set([...source.matchAll(/'?([a-zA-Z][\w-]*)'?\s*:\s*\{\s*type:\s*'(?:string|boolean)'/g)].map((m) => m[1]));
  return cmd
    .slice(3)
    .filter((a) => a.startsWith('--'))
    .map((a) => a.slice(2).split('=')[0])
    .filter((f) => !options.has(f) && !source.includes(`'--${f}'`))
    .map((f) => `${cmd[2]}: no option --${f}`);
}

// ---------------------------------------------------------------------------------------------
// The rule: which dicewise calls are short

function flagValue(args: string[], flag: string): string | undefined {
  const i = args.findIndex((a) => a === flag || a.startsWith(`${flag}=`));
  if (i < 0) return undefined;
  return args[i].includes('=') ? args[i].slice(flag.length + 1) : args[i + 1];
}

/** Why a `dicewise` call is not run, or undefined where it is short. */
function whyNotRun(args: string[]): string | undefined {
  const words = args.filter((a) => !a.startsWith('-'));
  const [name, sub] = words;
  const ruleset = flagValue(args, '--ruleset') ?? 'yahtzee';
  const multi = MULTI_COLUMN.has(ruleset);
  if (name === 'serve') return 'starts a server';
  if (name === 'tables' && sub === 'build') return 'builds tables';
  if (name === 'bound') return 'computes a bound (minutes)';
  if (ruleset === 'triple-yahtzee-lower') return 'its joint table takes minutes';
  if (name === 'odds') return 'needs a reach table';
  if (name === 'simulate') {
    const games = Number(flagValue(args, '--games') ?? 10_000);
    if (games > (multi ? SHORT_MULTI_GAMES : SHORT_GAMES)) return `plays ${games} games`;
    const strategies = (flagValue(args, '--strategy') ?? '').split(',');
    if (!multi && (args.includes('--target') || strategies.some((s) => s.startsWith('reach:') || s === 'win'))) return 'plays a goal: needs goal tables';
  }
  if (name === 'analyse' && args.includes('--reach')) return 'a review for a goal: needs a reach table';
  if (name === 'hint' && !multi) {
    if (args.includes('--reach') || args.includes('--opponent')) return 'a goal: needs goal tables';
    if (args.includes('--opponent-final')) {
      let filled = 0;
      try {
        filled = Object.keys(JSON.parse(flagValue(args, '--scorecard') ?? '{}') as object).length;
      } catch {
        return 'a scorecard the rule cannot read';
      }
      if ((BOXES[ruleset] ?? 13) - filled > END_GAME_BOXES) return 'a win before the end game: needs goal tables';
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Running

interface Run {
  what: string;
  code: number | null;
  stdout: string;
  stderr: string;
}

let work: string;
let env: NodeJS.ProcessEnv;

function runLine(line: string, cwd: string): Promise<Run> {
  return new Promise((done) => {
    const child = spawn('bash', ['-o', 'pipefail', '-c', line], { cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => done({ what: line, code, stdout, stderr }));
  });
}

let server: ChildProcess | undefined;
let serverUrl: Promise<string> | undefined;

/** `dicewise serve` on a free port over the test tables, for the pages' curl examples. */
async function startServer(): Promise<string> {
  const port = await freePort();
  server = spawn('dicewise', ['serve', '--port', String(port), '--host', '127.0.0.1', '--rulesets', 'yahtzee', '--goal-tables', 'none'], { env, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let t = Date.now(); Date.now() - t < 60_000; await new Promise((r) => setTimeout(r, 200))) {
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return url;
  }
  throw new Error('dicewise serve did not become ready in 60 s');
}

interface CurlRequest {
  url: string;
  init: RequestInit;
}

/** A curl command as curl would send it (-s, -H, -d, -X and the URL); throws on anything else. */
function curlRequest(cmd: string[], base: string): CurlRequest {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  let method: string | undefined;
  let url: string | undefined;
  for (let i = 1; i < cmd.length; i++) {
    const a = cmd[i];
    if (a === '-s') continue;
    else if (a === '-H') {
      const [k, ...v] = cmd[++i].split(':');
      headers[k.trim()] = v.join(':').trim();
    } else if (a === '-d') body = cmd[++i];
    else if (a === '-X') method = cmd[++i];
    else if (!a.startsWith('-') && url === undefined) url = a;
    else throw new Error(`the docs test cannot send curl's ${a}`);
  }
  if (url === undefined || !/^(https?:\/\/)?localhost:8080\//.test(url)) throw new Error(`curl to ${url}: the examples use localhost:8080`);
  return { url: url.replace(/^(https?:\/\/)?localhost:8080/, base), init: { method: method ?? (body === undefined ? 'GET' : 'POST'), headers, body } };
}

/** Why a curl example is not sent: goals and odds of single-column rule sets need goal tables. */
function curlNotSent(req: CurlRequest): string | undefined {
  const body = typeof req.init.body === 'string' ? (JSON.parse(req.init.body) as { ruleset?: string; goal?: { type: string } }) : {};
  const exact = !MULTI_COLUMN.has(body.ruleset ?? 'yahtzee');
  if (exact && req.url.endsWith('/api/v1/odds')) return 'odds need a reach table';
  if (exact && body.goal !== undefined && body.goal.type !== 'points') return 'a goal needs goal tables';
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// One page: its checks and its runs

interface PageResult {
  problems: string[];
  ran: number;
}

async function checkPage(page: string): Promise<PageResult> {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const problems: string[] = [];
  const at = (line: number, what: string) => `${page}:${line}: ${what}`;
  const check = (line: number, cmdLine: string) => {
    for (const cmd of simpleCommands(cmdLine)) {
      const args = dicewiseArgs(cmd);
      for (const p of args ? checkDicewise(args) : (checkScript(cmd) ?? [])) problems.push(at(line, p));
    }
  };
  // Inline spans: checked only.
  const lines = prose(text).split('\n');
  lines.forEach((l, i) => {
    for (const m of l.matchAll(/`((?:dicewise|npx|npm) [^`]+)`/g)) check(i + 1, m[1]);
  });

  const cwd = join(work, page.replace(/[/.]/g, '-'));
  mkdirSync(cwd);
  const ran = new Map<string, Run>();
  const run = async (line: number, cmdLine: string): Promise<Run> => {
    let r = ran.get(cmdLine);
    if (!r) ran.set(cmdLine, (r = await runLine(cmdLine, cwd)));
    if (r.code !== 0) problems.push(at(line, `\`${cmdLine}\` exited ${r.code}: ${r.stderr.trim().split('\n').slice(-3).join(' / ')}`));
    return r;
  };
  // Only `dicewise` itself runs: `npx dicewise` and `npm run dicewise` need the clone as their folder.
  const short = (cmdLine: string): boolean => simpleCommands(cmdLine).every((c) => c[0] === 'dicewise' && whyNotRun(c.slice(1)) === undefined);

  const all = blocks(text);
  for (const [k, b] of all.entries()) {
    if (b.lang === 'js' && /^\/\/ [\w-]+\.m?js: /.test(b.lines[0] ?? '')) {
      writeFileSync(join(cwd, b.lines[0].slice(3, b.lines[0].indexOf(':'))), `${b.lines.join('\n')}\n`);
    } else if (b.lang === 'sh') {
      for (const { text: l, offset } of joinContinued(b.lines)) {
        const line = b.line + offset;
        check(line, l);
        const cmds = simpleCommands(l);
        if (cmds.length === 1 && cmds[0][0] === 'curl') {
          const req = curlRequest(cmds[0], await (serverUrl ??= startServer()));
          if (curlNotSent(req) !== undefined) continue;
          const res = await fetch(req.url, req.init);
          const answer = await res.text();
          // The block after a curl example may show the problem it answers.
          const shown = /"status":(\d{3})/.exec(all[k + 1]?.lang === 'json' ? all[k + 1].lines.join('') : '');
          const expected = shown ? Number(shown[1]) : undefined;
          if (expected !== undefined ? res.status !== expected : !res.ok) problems.push(at(line, `${req.init.method} ${req.url}: ${res.status} ${answer.slice(0, 300)}`));
          if (!/json/.test(res.headers.get('content-type') ?? '')) problems.push(at(line, `${req.url}: not JSON`));
        } else if (short(l)) await run(line, l);
      }
    } else if (b.lang === '' && b.lines[0]?.startsWith('$ ')) {
      const joined = joinContinued(b.lines);
      const cmdLine = joined[0].text.slice(2);
      check(b.line, cmdLine);
      if (!short(cmdLine)) continue;
      const r = await run(b.line, cmdLine);
      const out = r.stdout.split('\n').map((s) => s.trimEnd());
      let pos = 0;
      for (const { text: want, offset } of joined.slice(1)) {
        const w = want.trimEnd();
        if (w.trim() === '...' || w.trim() === '…') continue;
        const found = out.indexOf(w, pos);
        if (found < 0) {
          problems.push(at(b.line + offset, `\`${cmdLine}\` does not print, here or after the line before: ${w}`));
          break;
        }
        pos = found + 1;
      }
    }
  }
  return { problems, ran: ran.size };
}

// ---------------------------------------------------------------------------------------------
// Links

/** GitHub's id for a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingIds(text: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  for (const m of prose(text).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = m[1]
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n === 0 ? base : `${base}-${n}`);
  }
  return ids;
}

function linkProblems(page: string): string[] {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const problems: string[] = [];
  for (const m of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1];
    if (/^[a-z]+:/.test(target)) continue;
    const [path, anchor] = target.split('#');
    const file = path === '' ? join(ROOT, page) : resolve(dirname(join(ROOT, page)), path);
    if (relative(ROOT, file).startsWith('..')) problems.push(`${page}: ${target} is outside the clone`);
    else if (!existsSync(file)) problems.push(`${page}: ${target} does not exist`);
    else if (anchor !== undefined && file.endsWith('.md') && !headingIds(readFileSync(file, 'utf8')).has(anchor)) problems.push(`${page}: ${target}: no such heading`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  cli = await loadCli();
  work = mkdtempSync(join(tmpdir(), 'dicewise-docs-'));
  const bin = join(work, 'bin');
  const tables = join(work, 'tables');
  mkdirSync(bin);
  mkdirSync(tables);
  for (const f of readdirSync(TEST_TABLE_DIR)) symlinkSync(join(TEST_TABLE_DIR, f), join(tables, f));
  const entry = BUILT_IS_CURRENT ? [join(ROOT, 'dist/bundle/main.js')] : ['--import', createRequire(import.meta.url).resolve('tsx'), join(ROOT, 'src/cli/main.ts')];
  writeFileSync(join(bin, 'dicewise'), `#!/bin/sh\nexec "${process.execPath}" ${entry.map((a) => `"${a}"`).join(' ')} "$@"\n`);
  chmodSync(join(bin, 'dicewise'), 0o755);
  env = { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}`, DICEWISE_TABLES: tables };
});

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    const late = setTimeout(() => server!.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(late);
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the commands shown in README.md and docs/', () => {
  it('the rule runs the short commands and keeps the long ones for checking only', () => {
    expect(whyNotRun(['hint', '--dice', '1,2,3,4,5'])).toBeUndefined();
    expect(whyNotRun(['simulate', '--games', '2000'])).toBeUndefined();
    expect(whyNotRun(['simulate'])).toBe('plays 10000 games');
    expect(whyNotRun(['simulate', '--ruleset', 'superpass', '--games', '200'])).toBe('plays 200 games');
    expect(whyNotRun(['hint', '--reach', '300'])).toBeDefined();
    expect(whyNotRun(['hint', '--ruleset', 'superpass', '--reach', '1251'])).toBeUndefined();
    expect(whyNotRun(['hint', '--opponent-final', '240', '--scorecard', '{"ones":3}'])).toBeDefined();
    const nine = JSON.stringify(Object.fromEntries(['ones', 'twos', 'threes', 'fours', 'fives', 'sixes', 'chance', 'yahtzee', 'fullHouse'].map((b, i) => [b, i])));
    expect(whyNotRun(['hint', '--opponent-final', '240', '--scorecard', nine])).toBeUndefined();
    expect(whyNotRun(['tables', 'info'])).toBeUndefined();
    expect(whyNotRun(['tables', 'build', '--ruleset', 'yahtzee'])).toBe('builds tables');
  });

  it('the flag check finds a flag the command does not define', () => {
    expect(checkDicewise(['hint', '--dice', '1,2,3,4,5'])).toEqual([]);
    expect(checkDicewise(['hint', '--die', '1,2,3,4,5'])).toEqual(['dicewise hint: no flag --die']);
    expect(checkDicewise(['tables', 'info', '--json'])).toEqual([]);
    expect(checkDicewise(['tables', 'info', '--moments'])).toEqual(['dicewise tables: no flag --moments']);
    expect(checkDicewise(['hints'])).toEqual(['no command hints']);
    expect(checkScript(['npx', 'tsx', 'bench/end-game.ts', '--open', '2', '--solve-only'])).toEqual([]);
    expect(checkScript(['npx', 'tsx', 'bench/end-game.ts', '--opened', '2'])).toEqual(['bench/end-game.ts: no option --opened']);
  });

  it.concurrent.each(PAGES)('%s: every command is real, and the short ones run as written', { timeout: 120_000 }, async (page) => {
    const { problems } = await checkPage(page);
    expect(problems).toEqual([]);
  });

  it('every relative link resolves, and the README maps every page of docs/', () => {
    const problems = PAGES.flatMap(linkProblems);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const page of PAGES.filter((p) => p.startsWith('docs/'))) if (!readme.includes(`](${page})`)) problems.push(`README.md does not link ${page}`);
    for (const page of PAGES) if (/\.\.\/shared|\/work\//.test(readFileSync(join(ROOT, page), 'utf8'))) problems.push(`${page} names a path outside the clone`);
    expect(problems).toEqual([]);
  });
});
