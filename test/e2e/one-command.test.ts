// The command line is built with only the command the arguments start with (the others cost start-up time
// and are not read then): that command's help, its errors and its parse must be what the whole program gives.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Command } from 'commander';
import { kdiagInProcess } from '../support/cli.js';

process.env.KDIAG_NO_MAIN = '1';
const { buildProgram, COMMAND_NAMES } = await import('../../src/cli/main.js');
delete process.env.KDIAG_NO_MAIN;

const run = async (): Promise<void> => {};
const sub = (program: Command, name: string): Command => program.commands.find((c) => c.name() === name)!;

/** What commander writes to stderr for `args` (its one usage line, in kdiag's style), with the error's code. */
async function parseError(program: Command, args: string[]): Promise<{ code: string | undefined; stderr: string }> {
  let stderr = '';
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  try {
    await program.parseAsync(['node', 'kdiag', ...args]);
    return { code: undefined, stderr };
  } catch (err) {
    return { code: (err as { code?: string }).code, stderr };
  } finally {
    spy.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('a program of one command', () => {
  it('the names are every command of the whole program, in its order', () => {
    expect(buildProgram(run).commands.map((c) => c.name())).toEqual(COMMAND_NAMES);
  });

  it.each(COMMAND_NAMES.filter((n) => n !== 'completion'))('%s: only it is built, and its help is the same', (name) => {
    const one = buildProgram(run, 'kdiag', 'en', name);
    expect(one.commands.map((c) => c.name())).toEqual([name]);
    expect(sub(one, name).helpInformation()).toBe(sub(buildProgram(run), name).helpInformation());
    expect(sub(buildProgram(run, 'kdiag', 'zh-TW', name), name).helpInformation()).toBe(sub(buildProgram(run, 'kdiag', 'zh-TW'), name).helpInformation());
  });

  it.each([
    ['an unknown option, with its suggestion', ['scan', '--failng-only']],
    ['a missing argument', ['explain']],
    ['an option without its value', ['analyze', '-o']],
    ['an unknown command (every command is built for it)', ['scna']],
  ])('%s: the same error as the whole program', async (_what, args) => {
    const whole = await parseError(buildProgram(run), args);
    const one = await parseError(buildProgram(run, 'kdiag', 'en', args[0]), args);
    expect(whole.code).toMatch(/^commander\./);
    expect(one).toEqual(whole);
  });

  it('completion and anything that is not a command get every command (completion scripts list them all)', () => {
    for (const first of ['completion', 'help', '--help', 'scna', undefined]) expect(buildProgram(run, 'kdiag', 'en', first).commands).toHaveLength(COMMAND_NAMES.length);
  });

  it('as the CLI runs it: `kdiag scan --help` and `kdiag --help`', async () => {
    const scanHelp = await kdiagInProcess(['scan', '--help']);
    expect(scanHelp.code).toBe(0);
    expect(scanHelp.stdout).toContain('Usage: kdiag scan [options]');
    const help = await kdiagInProcess(['--help']);
    for (const name of COMMAND_NAMES) expect(help.stdout).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
  });
});
