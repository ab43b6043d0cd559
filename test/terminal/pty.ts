// Runs the built kdiag in a real pseudo-terminal (python3's pty module: Node has none of its own) and says
// how it ended. Without python3 the tests that need it are skipped and say so.
import { spawn, spawnSync } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { BIN, ROOT } from '../support/cli.js';

export const HAS_PYTHON = spawnSync('python3', ['-c', 'import pty'], { stdio: 'ignore' }).status === 0;
const DRIVER = resolve(import.meta.dirname, 'pty-driver.py');

export interface PtyRun {
  /** false: still running at the deadline (then killed). */
  exited: boolean;
  code: number | null;
  signal: number | null;
  /** Everything written to the terminal, in bytes; `output` holds its first MiB. */
  bytes: number;
  output: string;
  seconds: number;
}

export interface PtyOptions {
  /** The width the terminal reports (0: unknown, as `script` without a terminal, `docker run -t`). */
  cols: number;
  /** "first-output": the terminal goes away as soon as the command has written to it. */
  close?: 'never' | 'first-output';
  deadlineSeconds?: number;
  /** A shell line run instead of kdiag itself; "$KDIAG" stands for the kdiag command. */
  shell?: string;
}

export function runInPty(args: string[], options: PtyOptions): Promise<PtyRun> {
  const kdiag = [process.execPath, BIN, ...args];
  const quoted = kdiag.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const argv = options.shell ? ['sh', '-c', options.shell.replace('$KDIAG', quoted)] : kdiag;
  const spec = { cols: options.cols, close: options.close ?? 'never', deadline: options.deadlineSeconds ?? 10, argv };
  return new Promise((done, fail) => {
    const child = spawn('python3', [DRIVER, JSON.stringify(spec)], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', TERM: 'xterm-256color', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('error', fail);
    child.on('close', () => {
      try {
        done(JSON.parse(out) as PtyRun);
      } catch (err) {
        fail(err);
      }
    });
  });
}

/** A TCP server on loopback that accepts connections and never answers (an API server that hangs). */
export async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((s) => {
    sockets.add(s);
    s.on('error', () => {});
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
