// A large JSON report written into a pipe whose reader is slower than kdiag (`kdiag analyze … -o json | jq`)
// must wait for the reader, not queue the whole report in kdiag's memory. A real reader child holds the
// pipe's other end without reading; once kdiag has gone idle (it either waits for 'drain' or has queued
// everything), the reader drains the pipe. A probe loaded with --import records the most bytes ever
// queued on kdiag's stdout (written, not yet taken by the pipe): with backpressure one piece, without it
// the whole report.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, spawnKdiag } from '../support/cli.js';

// Bytes handed to stdout whose write has not completed (not yet taken by the kernel's pipe buffer).
const PROBE = `
let pending = 0;
let most = 0;
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  const n = Buffer.byteLength(chunk);
  pending += n;
  most = Math.max(most, pending);
  const cb = typeof rest[rest.length - 1] === 'function' ? rest.pop() : undefined;
  return write(chunk, ...rest, (err) => {
    pending -= n;
    cb?.(err);
  });
};
process.on('exit', () => process.stderr.write('probe most-queued ' + most + '\\n'));
`;
// The reader: holds the pipe unread until told (over IPC), then counts every byte to the end.
const READER = `
process.stdin.pause();
let bytes = 0;
process.on('message', () => {
  process.stdin.on('data', (c) => (bytes += c.length));
  process.stdin.on('end', () => process.send(bytes, () => process.exit(0)));
  process.stdin.resume();
});
process.send('ready');
`;

/** CPU ticks (user + system) the process has used so far, from /proc. */
const cpuTicks = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return Number(fields[11]) + Number(fields[12]);
};
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kdiag-pipe-'));
  writeFileSync(join(dir, 'probe.mjs'), PROBE);
  // 3,000 generated Pods: a JSON report of about 10 MB.
  const { writeClusterInfoDump } = (await import(pathToFileURL(join(ROOT, 'bench/generate.mjs')).href)) as { writeClusterInfoDump: (d: string, n: number) => number };
  writeClusterInfoDump(join(dir, 'dump'), 3000);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.runIf(process.platform === 'linux')('streamed JSON on a slow pipe', () => {
  it('waits for the reader instead of queueing the report in memory', async () => {
    const kdiag = spawnKdiag(['analyze', join(dir, 'dump'), '-o', 'json'], { env: { NODE_OPTIONS: `--import=${pathToFileURL(join(dir, 'probe.mjs')).href}` } });
    const reader = spawn(process.execPath, ['-e', READER], { stdio: [kdiag.stdout!, 'inherit', 'inherit', 'ipc'] });
    let stderr = '';
    kdiag.stderr!.on('data', (c) => (stderr += c));
    // This process keeps no end of the pipe: only the reader holds it.
    kdiag.stdout!.destroy();
    const exited = new Promise<number>((r) => kdiag.on('exit', (code) => r(code ?? -1)));
    const messages: unknown[] = [];
    const got = (n: number): Promise<void> => new Promise((r) => {
      const check = (): void => (messages.length >= n ? r() : void setTimeout(check, 50));
      check();
    });
    reader.on('message', (m) => messages.push(m));
    await got(1);
    // Idle: no CPU used for 600 ms after it has started working.
    let last = -1;
    let still = 0;
    for (let waited = 0; waited < 60_000 && still < 3; waited += 200) {
      await sleep(200);
      const now = cpuTicks(kdiag.pid!);
      still = now === last && now > 20 ? still + 1 : 0;
      last = now;
    }
    reader.send('read');
    const code = await exited;
    await got(2);
    expect(code, stderr).toBe(1);
    const most = Number(/probe most-queued (\d+)/.exec(stderr)?.[1]);
    const total = Number(messages[1]);
    expect(total).toBeGreaterThan(10 * 2 ** 20);
    // One piece of 256 items (~1 MB) at a time; without waiting for the reader, the whole ~10 MB report.
    expect(most).toBeLessThan(2.5 * 2 ** 20);
  }, 120_000);
});
