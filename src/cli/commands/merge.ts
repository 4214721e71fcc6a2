import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { formatProfile, mergeReviewShards, type ReviewShardReport } from '../../analysis/index.ts';
import { DicewiseError } from '../../errors.ts';
import {
  formatHeadToHead,
  formatReport,
  histogramSvg,
  mergeHeadToHeadShards,
  mergeSimulationShards,
  type HeadToHeadShardReport,
  type SimulationShardReport,
} from '../../simulate/index.ts';
import { writeFileAtomic } from '../../store/write-atomic.ts';
import { describeCommand } from '../command-descriptions.ts';

interface MergeFlags {
  json?: boolean;
  plot?: string;
}

const KINDS = ['simulate', 'head-to-head', 'analyse'] as const;
type Kind = (typeof KINDS)[number];

function invalidInput(message: string, field = 'file'): DicewiseError {
  return new DicewiseError('INVALID_INPUT', message, [{ field, message }]);
}

/** A shard report from its file, and which command made it. */
async function readShard(file: string): Promise<{ kind: Kind; report: { shard: unknown } }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw invalidInput(`cannot read ${file}: ${(e as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw invalidInput(`${file} is not JSON: ${(e as Error).message}`);
  }
  const shard = (value as { shard?: { kind?: unknown } } | null)?.shard;
  if (typeof shard !== 'object' || shard === null) {
    throw invalidInput(`${file} is not a shard report: merge reads what simulate --shard K/N --json and analyse --shard K/N --summary --json print`);
  }
  if (!KINDS.includes(shard.kind as Kind)) throw invalidInput(`${file}: shard.kind must be one of ${KINDS.join(', ')}, got ${JSON.stringify(shard.kind)}`, 'shard.kind');
  return { kind: shard.kind as Kind, report: value as { shard: unknown } };
}

export function registerMerge(program: Command): void {
  program
    .command('merge')
    .description(describeCommand('merge'))
    .argument('<files...>', 'the --json reports of every part of one run (simulate --shard K/N, analyse --shard K/N --summary), in any order')
    .option('--json', 'print the JSON report')
    .option('--plot <file.svg>', 'write an SVG histogram of the score distributions (solo simulations)')
    .addHelpText('after', '\nPrints the report of the whole run, as the run on one machine prints it. Exit status 1 when a merged review holds games that could not be analysed.')
    .action(async (files: string[], flags: MergeFlags) => {
      if (flags.plot !== undefined && !flags.plot.toLowerCase().endsWith('.svg')) {
        throw new DicewiseError('INVALID_OPTION', `--plot must name an .svg file, got ${JSON.stringify(flags.plot)}`, [{ field: 'plot', message: 'must name an .svg file' }]);
      }
      const shards = await Promise.all(files.map(readShard));
      const kind = shards[0].kind;
      const other = shards.findIndex((s) => s.kind !== kind);
      if (other >= 0) throw invalidInput(`${files[0]} is a part of a run of ${kind} and ${files[other]} of ${shards[other].kind}: merge the parts of one run`);
      if (flags.plot !== undefined && kind !== 'simulate') throw new DicewiseError('INVALID_OPTION', '--plot draws the score histograms of solo games', [{ field: 'plot', message: 'solo simulations only' }]);
      const reports = shards.map((s) => s.report);
      const footer = `${files.length} part${files.length === 1 ? '' : 's'} merged`;
      if (kind === 'simulate') {
        const report = mergeSimulationShards(reports as SimulationShardReport[], files);
        if (flags.plot !== undefined) await writeFileAtomic(flags.plot, histogramSvg(report));
        if (flags.json) {
          process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
          return;
        }
        process.stdout.write(formatReport(report));
        process.stdout.write(`\n${report.games} games × ${report.strategies.length} strategies: ${footer}\n`);
        if (flags.plot !== undefined) process.stdout.write(`histogram written to ${resolve(flags.plot)}\n`);
        return;
      }
      if (kind === 'head-to-head') {
        const report = mergeHeadToHeadShards(reports as HeadToHeadShardReport[], files);
        if (flags.json) {
          process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
          return;
        }
        process.stdout.write(formatHeadToHead(report));
        process.stdout.write(`\n${report.headToHead.games} games: ${footer}\n`);
        return;
      }
      const profile = mergeReviewShards(reports as ReviewShardReport[], files);
      process.stdout.write(flags.json ? `${JSON.stringify(profile, null, 2)}\n` : formatProfile(profile));
      if (profile.errors > 0) process.exitCode = 1;
    });
}
