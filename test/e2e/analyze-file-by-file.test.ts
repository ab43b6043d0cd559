// `analyze` and `scan -f` read dumps over 64 MiB file by file; KDIAG_FILE_BY_FILE_BYTES=0 takes that path for any dump.
// The command's whole output (stdout, stderr, exit code) must not depend on the path, in every format.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, copyFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, kdiagInProcess } from '../support/cli.js';
import { BIG_INPUT_TIMEOUT } from '../support/budgets.js';

const tmp = mkdtempSync(join(tmpdir(), 'kdiag-analyze-fbf-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('analyze and scan -f file by file, end to end', { timeout: BIG_INPUT_TIMEOUT }, () => {
  it('a directory of every real fixture plus an unreadable part: the same stdout, stderr and exit code in every format', async () => {
    const dir = join(tmp, 'dump');
    mkdirSync(join(dir, 'ns'), { recursive: true });
    for (const f of readdirSync(fixture('real'))) copyFileSync(fixture(`real/${f}`), join(dir, 'ns', f));
    writeFileSync(join(dir, 'broken.yaml'), 'kind: Pod\nmetadata: [unclosed\n');
    writeFileSync(join(dir, 'other.yaml'), 'apiVersion: v1\nkind: Widget\nmetadata: {name: w}\n');
    const args = ['analyze', dir, '--now', '2026-12-01T12:00:00Z'];
    for (const output of ['text', 'json', 'yaml', 'markdown']) {
      const whole = await kdiagInProcess([...args, '-o', output]);
      const byFile = await kdiagInProcess([...args, '-o', output], { env: { KDIAG_FILE_BY_FILE_BYTES: '0' } });
      expect(whole.code).toBe(2); // the broken file: the rest is reported, exit 2
      expect(whole.stdout.length).toBeGreaterThan(1000);
      expect(byFile).toEqual(whole);
    }
    for (const output of ['text', 'json']) {
      const scan = ['scan', '-f', dir, '-A', '--now', '2026-12-01T12:00:00Z', '-o', output];
      const whole = await kdiagInProcess(scan);
      expect(whole.stdout).toMatch(/kdiag-cn/);
      expect((await kdiagInProcess(scan, { env: { KDIAG_FILE_BY_FILE_BYTES: '0' } }))).toEqual(whole);
    }
    const failing = ['--failing-only', '-n', 'kdiag-cni-ip-exhausted', '--field-selector', 'status.phase!=Succeeded'];
    const narrowed = await kdiagInProcess([...args, ...failing, '-o', 'json']);
    expect(narrowed.stdout).toMatch(/"kind": "Diagnosis"/);
    expect((await kdiagInProcess([...args, ...failing, '-o', 'json'], { env: { KDIAG_FILE_BY_FILE_BYTES: '0' } }))).toEqual(narrowed);
  }, 300_000);

  it('no Pods or workloads: the same one-line error', async () => {
    const file = join(tmp, 'nodes.yaml');
    writeFileSync(file, 'apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n');
    const whole = await kdiagInProcess(['analyze', file]);
    expect(whole.code).toBe(2);
    expect(whole.stderr).toMatch(/no Pods or workloads found/);
    expect((await kdiagInProcess(['analyze', file], { env: { KDIAG_FILE_BY_FILE_BYTES: '0' } }))).toEqual(whole);
  });
});
