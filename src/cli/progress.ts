import type CliProgress from 'cli-progress';
import { createRequire } from 'node:module';
import { buildEstimate, describeEstimate } from '../solver/index.ts';

/** cli-progress, loaded when a terminal is there to draw on (a build's lines need none of it). */
const cliProgress = (): typeof CliProgress => createRequire(import.meta.url)('cli-progress') as typeof CliProgress;

/**
 * A progress bar on a terminal. When stderr is not a TTY (logs, CI, pipes): nothing, or with
 * `lines` (table builds, minutes long) a line every 10% with the time left, e.g.
 * `yahtzee reach: 40%, about 2 min left`.
 */
export function progressBar(label: string, opts: { lines?: boolean } = {}): { update(done: number, total: number): void; stop(): void } {
  if (!process.stderr.isTTY) return opts.lines ? progressLines(label) : { update() {}, stop() {} };
  const { SingleBar, Presets } = cliProgress();
  const bar = new SingleBar({ format: `${label} [{bar}] {percentage}% | {value}/{total} | ETA {eta}s`, stream: process.stderr, hideCursor: true }, Presets.shades_classic);
  let started = false;
  return {
    update(done, total) {
      if (!started) {
        bar.start(total, 0);
        started = true;
      }
      bar.update(done);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

/**
 * A one-line counter for work of unknown size (a stream of games): done, rate and errors, and the
 * share of the input read when its size is known. Nothing when stderr is not a TTY.
 */
export function progressLine(label: string, unit: string): { update(done: number, errors: number, fraction?: number): void; stop(): void } {
  if (!process.stderr.isTTY) return { update() {}, stop() {} };
  const { SingleBar, Presets } = cliProgress();
  const bar = new SingleBar({ format: `${label} {done} ${unit} | {rate} ${unit}/s | {errors} errors{share}`, stream: process.stderr, hideCursor: true, fps: 5 }, Presets.shades_classic);
  const started = performance.now();
  let running = false;
  return {
    update(done, errors, fraction) {
      const rate = Math.round(done / Math.max(1e-3, (performance.now() - started) / 1000));
      const payload = { done, errors, rate, share: fraction === undefined ? '' : ` | ${(100 * fraction).toFixed(0)}% read` };
      if (!running) bar.start(1, 0, payload);
      else bar.update(0, payload);
      running = true;
    },
    stop() {
      if (running) bar.stop();
    },
  };
}

function progressLines(label: string): { update(done: number, total: number): void; stop(): void } {
  const started = performance.now();
  let tenth = 0;
  return {
    update(done, total) {
      const e = buildEstimate({ statesDone: done, statesTotal: total }, performance.now() - started);
      const now = Math.floor(e.fraction * 10);
      if (now <= tenth || now >= 10) return;
      tenth = now;
      process.stderr.write(`${label}: ${describeEstimate({ ...e, percent: now * 10 })}\n`);
    },
    stop() {},
  };
}
