// The one way tests run the CLI: spawned (`kdiag`, `kdiagAsync`: the built bin/kdiag, with a minimal environment,
// as a user's shell would) where the process boundary is under test, in-process (`kdiagInProcess`) elsewhere.
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const BIN = resolve(ROOT, 'bin/kdiag.js');
export const fixture = (p: string): string => resolve(ROOT, 'fixtures', p);

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export function kdiag(args: string[], options: { input?: string | Buffer; env?: Record<string, string>; cwd?: string; timeoutMs?: number } = {}): Run {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    input: options.input ?? '',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', NO_COLOR: '1', HOME: process.env.HOME ?? '/tmp', ...options.env },
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 20_000,
    // spawnSync's default 1 MiB stops (SIGTERM) a child whose report is longer: analyze of every fixture is more.
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** Like `kdiag`, but does not block the event loop (for tests that serve HTTP from this process). */
export function kdiagAsync(args: string[], options: { env?: Record<string, string>; timeoutMs?: number } = {}): Promise<Run> {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', NO_COLOR: '1', HOME: process.env.HOME ?? '/tmp', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolveRun({ code: code ?? -1, stdout, stderr });
    });
  });
}

/**
 * Runs the CLI in this process through its exported `main(argv)`, with the environment, stdout and stderr of
 * a spawned run (the same minimal environment; output captured). For tests of what kdiag says and its exit
 * code, where the process boundary itself is not under test: no Node start, no bundle load, so it costs
 * milliseconds. Use the spawned `kdiag` for pipes, signals, stdin, the code cache, start-up and module
 * loading. Runs are serialised (process.env and the two streams are the process's own).
 */
export async function kdiagInProcess(args: string[], options: { env?: Record<string, string> } = {}): Promise<Run> {
  const previous = queue;
  let release!: () => void;
  queue = new Promise<void>((r) => (release = r));
  await previous;
  const savedEnv = process.env;
  const out = process.stdout.write;
  const err = process.stderr.write;
  let stdout = '';
  let stderr = '';
  try {
    const { main } = await loadMain();
    process.env = { PATH: savedEnv.PATH ?? '/usr/bin:/bin', NO_COLOR: '1', HOME: savedEnv.HOME ?? '/tmp', ...options.env };
    process.stdout.write = ((chunk: string | Uint8Array) => ((stdout += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')), true)) as typeof process.stdout.write;
    process.stderr.write = ((chunk: string | Uint8Array) => ((stderr += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')), true)) as typeof process.stderr.write;
    const code = await main([process.execPath, BIN, ...args]);
    return { code, stdout, stderr };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
    process.env = savedEnv;
    release();
  }
}

let queue: Promise<void> = Promise.resolve();
let mainModule: Promise<typeof import('../../src/cli/main.js')> | undefined;
function loadMain(): Promise<typeof import('../../src/cli/main.js')> {
  if (mainModule) return mainModule;
  // KDIAG_NO_MAIN: importing the CLI module must not run it on this process's argv (set only while it loads:
  // a spawned kdiag inherits this process's environment).
  const saved = process.env.KDIAG_NO_MAIN;
  process.env.KDIAG_NO_MAIN = '1';
  mainModule = import('../../src/cli/main.js').finally(() => {
    if (saved === undefined) delete process.env.KDIAG_NO_MAIN;
    else process.env.KDIAG_NO_MAIN = saved;
  });
  return mainModule;
}
