// SIGINT and SIGTERM end a live command at once, quietly, with the codes a shell gives (130, 143), while it
// waits on an API server that never answers.
import { createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { spawnKdiag } from '../support/cli.js';

async function interrupted(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  const sockets: Socket[] = [];
  let connected!: () => void;
  const firstConnection = new Promise<void>((r) => (connected = r));
  const server = createServer((s) => {
    sockets.push(s);
    s.on('error', () => {});
    connected();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
  const child = spawnKdiag(['pod', 'api', '-s', url, '--request-timeout', '60s']);
  let stderr = '';
  child.stderr!.on('data', (c) => (stderr += c));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.on('close', (code, sig) => r({ code, signal: sig })));
  // kdiag is mid-request once the server has its connection.
  await firstConnection;
  child.kill(signal);
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  const result = await ended;
  clearTimeout(killer);
  for (const s of sockets) s.destroy();
  server.close();
  return { ...result, stderr };
}

describe('signals end a live command', () => {
  it('SIGINT (Ctrl-C): exit 130, nothing on stderr', async () => {
    expect(await interrupted('SIGINT')).toEqual({ code: 130, signal: null, stderr: '' });
  });
  it('SIGTERM: exit 143, nothing on stderr', async () => {
    expect(await interrupted('SIGTERM')).toEqual({ code: 143, signal: null, stderr: '' });
  });
});
