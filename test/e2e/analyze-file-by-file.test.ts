// `analyze` and `scan -f` read dumps over 64 MiB file by file; KDIAG_FILE_BY_FILE_BYTES=0 takes that path for any dump.
// The command's whole output (stdout, stderr, exit code) must not depend on the path, in every format.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, copyFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, kdiag } from './exec.js';
import { BIG_INPUT_TIMEOUT } from '../support/budgets.js';

const tmp = mkdtempSync(join(tmpdir(), 'kdiag-analyze-fbf-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('analyze and scan -f file by file, end to end', { timeout: BIG_INPUT_TIMEOUT }, () => {
  it('a directory of every real fixture plus an unreadable part: the same stdout, stderr and exit code in every format', () => {
    const dir = join(tmp, 'dump');
    mkdirSync(join(dir, 'ns'), { recursive: true });
    for (const f of readdirSync(fixture('real'))) copyFileSync(fixture(`real/${f}`), join(dir, 'ns', f));
    writeFileSync(join(dir, 'broken.yaml'), 'kind: Pod\nmetadata: [unclosed\n');
    writeFileSync(join(dir, 'other.yaml'), 'apiVersion: v1\nkind: Widget\nmetadata: {name: w}\n');
    const args = ['analyze', dir, '--now', '2026-12-01T12:00:00Z'];
    for (const output of ['text', 'json', 'yaml', 'markdown']) {
      const whole = kdiag([...args, '-o', output], { timeoutMs: 60_000 });
      const byFile = kdiag([...args, '-o', output], { env: { KDIAG_FILE_BY_FILE_BYTES: '0' }, timeoutMs: 60_000 });
      expect(whole.code).toBe(2); // the broken file: the rest is reported, exit 2
      expect(whole.stdout.length).toBeGreaterThan(1000);
      expect(byFile).toEqual(whole);
    }
    for (const output of ['text', 'json']) {
      const scan = ['scan', '-f', dir, '-A', '--now', '2026-12-01T12:00:00Z', '-o', output];
      const whole = kdiag(scan, { timeoutMs: 60_000 });
      expect(whole.stdout).toMatch(/kdiag-cn/);
      expect(kdiag(scan, { env: { KDIAG_FILE_BY_FILE_BYTES: '0' }, timeoutMs: 60_000 })).toEqual(whole);
    }
    const failing = ['--failing-only', '-n', 'kdiag-cni-ip-exhausted', '--field-selector', 'status.phase!=Succeeded'];
    const narrowed = kdiag([...args, ...failing, '-o', 'json'], { timeoutMs: 60_000 });
    expect(narrowed.stdout).toMatch(/"kind": "Diagnosis"/);
    expect(kdiag([...args, ...failing, '-o', 'json'], { env: { KDIAG_FILE_BY_FILE_BYTES: '0' }, timeoutMs: 60_000 })).toEqual(narrowed);
  }, 300_000);

  it('no Pods or workloads: the same one-line error', () => {
    const file = join(tmp, 'nodes.yaml');
    writeFileSync(file, 'apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n');
    const whole = kdiag(['analyze', file]);
    expect(whole.code).toBe(2);
    expect(whole.stderr).toMatch(/no Pods or workloads found/);
    expect(kdiag(['analyze', file], { env: { KDIAG_FILE_BY_FILE_BYTES: '0' } })).toEqual(whole);
  });
});
