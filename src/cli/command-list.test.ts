import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { COMMANDS, registerCommands } from './command-list.ts';

async function programFor(...args: string[]): Promise<Command> {
  const program = new Command();
  await registerCommands(program, ['node', 'dicewise', ...args]);
  return program;
}

const optionsOf = (p: Command, name: string) => p.commands.find((c) => c.name() === name)!.options.map((o) => o.long);

describe('lazy commands', () => {
  it('lists every command, in order, with its description, and loads none for the overview', async () => {
    const p = await programFor('--help');
    expect(p.commands.map((c) => [c.name(), c.description()])).toEqual(COMMANDS.map((c) => [c.name, c.description]));
    for (const c of COMMANDS) expect(optionsOf(p, c.name)).toEqual([]);
  });

  it('loads the command that runs, and the one `help` asks about, in full', async () => {
    const hint = await programFor('hint', '--dice', '1,2,3,4,5');
    expect(optionsOf(hint, 'hint')).toContain('--dice');
    expect(optionsOf(hint, 'simulate')).toEqual([]);
    const help = await programFor('help', 'simulate');
    expect(optionsOf(help, 'simulate')).toContain('--strategy');
    expect(optionsOf(help, 'hint')).toEqual([]);
  });
});
