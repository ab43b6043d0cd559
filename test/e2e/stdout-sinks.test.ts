// Where stdout leads, as a user's shell sets it up: a pipe (`kdiag … | less`), a file (`> out.txt`),
// /dev/null. The launcher's process writes the report there by write(2), without building Node's stream for
// it (on a pipe a socket: node:net and the stream machinery), while that cannot block: always to a file, to
// a pipe for its first page; the rest goes through Node's stream (src/cli/terminal.ts). Node's spawn gives a
// child a socket, not a pipe, so these runs go through bash. Each report is compared with the same run
// through a socket (kdiag()), which takes Node's stream as before.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, fixture, kdiag } from '../support/cli.js';
import { BUILTINS_HOOK } from './support/load-recorder.js';

const dir = mkdtempSync(join(tmpdir(), 'kdiag-stdout-sinks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SMALL = fixture('examples/shop.yaml');
/** A dump whose report fits in a pipe's first page. */
const ONE = fixture('real/admission-failed-create.yaml');
const REAL = fixture('real');

const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
const kdiagLine = (args: string[], nodeArgs: string[] = []): string => [process.execPath, ...nodeArgs, BIN, ...args].map(q).join(' ');

/** Runs a bash line whose $KDIAG is kdiag with `args`; its own stdout and stderr, and kdiag's exit code when the line echoes it to fd 3. */
function shell(line: string, env: Record<string, string> = {}): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync('bash', ['-c', line], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: dir, NO_COLOR: '1', ...env }, maxBuffer: 64 << 20, timeout: 60_000 });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

describe('a report into a shell pipe, a file or /dev/null', () => {
  const cases: Array<[string, string[]]> = [
    ['analyze of a one-Pod dump (text, under a pipe\'s first page)', ['analyze', ONE]],
    ['analyze small.yaml (text, past it)', ['analyze', SMALL]],
    ['pod -f small.yaml -o json', ['pod', 'api-7d9f5c6b8-x2k4p', '-f', SMALL, '-o', 'json']],
    ['analyze fixtures/real -o json (past a pipe\'s first page)', ['analyze', REAL, '-o', 'json']],
    ['--help', ['--help']],
  ];
  for (const [name, args] of cases) {
    it(`${name}: the same bytes as through Node's stream, by pipe and by file`, () => {
      const socket = kdiag(args);
      const piped = shell(`${kdiagLine(args)} | cat`);
      expect(piped.stderr).toBe('');
      expect(piped.stdout).toBe(socket.stdout);
      const file = join(dir, `out-${process.hrtime.bigint()}.txt`);
      const filed = shell(`${kdiagLine(args)} > ${q(file)}; echo $? >&2`);
      expect(filed.stderr.trim()).toBe(String(socket.code));
      expect(readFileSync(file, 'utf8')).toBe(socket.stdout);
    });
  }

  it('a report under a pipe\'s first page, into a pipe, loads no node:net (near miss: through Node\'s spawn, a socket, it does)', () => {
    expect(kdiag(['analyze', ONE]).stdout.length).toBeLessThan(4096);
    const out = join(dir, 'builtins-pipe.txt');
    const piped = shell(`${kdiagLine(['analyze', ONE], ['-r', BUILTINS_HOOK])} | cat > /dev/null`, { KDIAG_BUILTINS: out });
    expect(piped.stderr).toBe('');
    const loaded = readFileSync(out, 'utf8').split('\n');
    expect(loaded).toContain('NativeModule vm');
    expect(loaded).not.toContain('NativeModule net');
    const viaSocket = join(dir, 'builtins-socket.txt');
    kdiag(['analyze', ONE], { nodeArgs: ['-r', BUILTINS_HOOK], env: { KDIAG_BUILTINS: viaSocket } });
    expect(readFileSync(viaSocket, 'utf8').split('\n')).toContain('NativeModule net');
  });

  it('a large report to a reader slower than kdiag arrives whole and in order', () => {
    const socket = kdiag(['analyze', REAL, '-o', 'json']);
    expect(socket.stdout.length).toBeGreaterThan(64 * 1024); // more than a pipe's buffer
    const slow = shell(`${kdiagLine(['analyze', REAL, '-o', 'json'])} | (sleep 0.5; cat)`);
    expect(slow.stdout).toBe(socket.stdout);
  });
});

describe('a reader gone before kdiag writes (`kdiag … | true`): exit 0, nothing on stderr', () => {
  for (const [name, args] of [['a small report', ['analyze', ONE]], ['a larger one', ['analyze', SMALL]], ['a large one', ['analyze', REAL, '-o', 'json']]] as const) {
    it(name, () => {
      // `true` has exited (and closed the pipe's read end) before kdiag starts.
      const r = shell(`exec 3>&1; { sleep 0.3; ${kdiagLine([...args])} 2>&3; echo "exit $?" >&3; } | true`);
      expect(r.stdout).toBe('exit 0\n');
    });
  }
});

describe('a stdout kdiag cannot write: one line naming the error, exit 2, never a stack trace', () => {
  const oneLine = (stderr: string, code: string): void => {
    expect(stderr).toBe(`kdiag: cannot write the report to stdout (${code})\n`);
  };
  it('a full disk (/dev/full), a small and a large report', () => {
    for (const args of [['analyze', ONE], ['analyze', REAL, '-o', 'json']]) {
      const r = shell(`${kdiagLine(args)} > /dev/full; echo "exit $?" >&2`);
      oneLine(r.stderr.replace(/exit \d+\n$/, ''), 'ENOSPC');
      expect(r.stderr).toMatch(/exit 2\n$/);
    }
  });
  it('a file open for reading only (written by write(2) first, then by Node\'s stream)', () => {
    const r = shell(`${kdiagLine(['analyze', SMALL])} 1< ${q(SMALL)}; echo "exit $?" >&2`);
    oneLine(r.stderr.replace(/exit \d+\n$/, ''), 'EBADF');
    expect(r.stderr).toMatch(/exit 2\n$/);
  });
  it('in the report\'s language', () => {
    const r = shell(`${kdiagLine(['analyze', SMALL, '--lang', 'zh-TW'])} > /dev/full; echo "exit $?" >&2`);
    expect(r.stderr).toBe('kdiag：無法將報告寫入標準輸出（ENOSPC）\nexit 2\n');
  });
});
