import { spawn } from 'node:child_process';

export interface KdiagRun {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** Text a tool hands back at most; a larger report is cut with a line that says so. */
const MAX_OUTPUT = 2 * 1024 * 1024;

/**
 * Runs kdiag itself for one tool call: the same kubeconfig handling, deadlines, redaction and exit codes as the
 * command line, and nothing it prints can reach the protocol stream (the child's stdout is a pipe of its own).
 */
export function runKdiag(args: string[], deadlineMs: number, signal?: AbortSignal): Promise<KdiagRun> {
  const [cmd, ...pre] = selfCommand();
  return new Promise((resolve) => {
    const child = spawn(cmd!, [...pre, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', KDIAG_MCP_CHILD: '1' } });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    let timedOut = false;
    const take = (into: Buffer[]) => (b: Buffer) => {
      size += b.length;
      if (size <= MAX_OUTPUT) into.push(b);
    };
    child.stdout.on('data', take(out));
    child.stderr.on('data', take(err));
    const kill = () => child.kill('SIGKILL');
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, deadlineMs);
    signal?.addEventListener('abort', kill, { once: true });
    child.on('close', (code) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', kill);
      const cut = size > MAX_OUTPUT ? `\n[kdiag: output cut at ${MAX_OUTPUT} bytes]` : '';
      resolve({ code, stdout: Buffer.concat(out).toString('utf8') + cut, stderr: Buffer.concat(err).toString('utf8'), timedOut });
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      resolve({ code: null, stdout: '', stderr: `kdiag: cannot start kdiag: ${e.message}`, timedOut: false });
    });
  });
}

/** How this process was started: the single executable alone, or Node and the launcher script. */
function selfCommand(): string[] {
  const sea = process.getBuiltinModule?.('node:sea') as { isSea?: () => boolean } | undefined;
  if (sea?.isSea?.()) return [process.execPath];
  return [process.execPath, process.argv[1] ?? 'kdiag'];
}
