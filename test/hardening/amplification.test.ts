// Input that is small but grows: a YAML anchor of 1 MB repeated by 999 aliases (1 GB once expanded), and
// JSON whose messages are 1 MB each (repeated by every finding, evidence line and summary that quotes
// them). Bounded time and memory; the alias bomb is one clear line and exit 2.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Composer, Parser } from 'yaml';
import { aliasExpansionProblem } from '../../src/sources/yaml-alias-budget.js';
import { expectInputError, kdiagAsync, peakKiB } from '../support/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'kdiag-amplify-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const MB = 'x'.repeat(2 ** 20);

const podYaml = (statuses: string[], message: string): string =>
  [
    'apiVersion: v1',
    'kind: Pod',
    'metadata: {name: amp, namespace: shop, creationTimestamp: "2026-11-30T10:00:00Z"}',
    'spec: {containers: [{name: c0, image: registry.local/app:v1}]}',
    'status:',
    '  phase: Pending',
    '  conditions:',
    '  - {type: PodScheduled, status: "True"}',
    `  - {type: Ready, status: "False", reason: ContainersNotReady, message: ${message}}`,
    '  containerStatuses:',
    ...statuses,
  ].join('\n') + '\n';

const docOf = (text: string) => [...new Composer().compose(new Parser().parse(text))][0]!;

describe('YAML alias amplification', () => {
  it('a 1 MB anchor referenced by 999 aliases: one line naming the file and the expansion, exit 2, bounded', async () => {
    const statuses = Array.from({ length: 999 }, (_, i) => `  - {name: c${i}, ready: false, restartCount: 0, image: x, state: {waiting: {reason: ErrImagePull, message: *m}}}`);
    const file = join(tmp, 'amplified.yaml');
    writeFileSync(file, podYaml(statuses, `&m "${MB}"`));
    const r = await kdiagAsync(['analyze', file, '-o', 'json'], { timeoutMs: 30_000 });
    expectInputError(r, 'amplified.yaml:1');
    expect(r.stderr).toMatch(/999 YAML alias\(es\) would expand 1\.1 MiB of text to about 1000 MiB; kdiag refuses alias amplification past 8\.0 MiB/);
    expect(peakKiB(r)).toBeLessThan(512 * 1024);
  });

  it('a few small aliases (hand-written YAML reusing a block) are read as before', async () => {
    const statuses = ['  - &s {name: c0, ready: false, restartCount: 0, image: x, state: {waiting: {reason: ImagePullBackOff, message: "Back-off pulling image \\"registry.local/app:v1\\""}}}'];
    const file = join(tmp, 'small-aliases.yaml');
    const second = 'apiVersion: v1\n  kind: Pod\n  metadata: {name: amp2, namespace: shop}\n  status: {phase: Pending, conditions: [{type: Ready, status: "False", message: *m}], containerStatuses: [*s]}';
    const first = podYaml(statuses, '&m "containers with unready status: [c0]"').trimEnd().split('\n').map((l, i) => (i === 0 ? `- ${l}` : `  ${l}`)).join('\n');
    writeFileSync(file, `apiVersion: v1\nkind: List\nitems:\n${first}\n- ${second}\n`);
    const r = await kdiagAsync(['analyze', file]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('amp2');
  });

  it('the budget is measured on the syntax tree, nested aliases multiplied (9 levels of 9: 387 M nodes), in milliseconds', () => {
    const levels = ['a: &a ["xxxxxxxx","xxxxxxxx","xxxxxxxx","xxxxxxxx","xxxxxxxx","xxxxxxxx","xxxxxxxx","xxxxxxxx","xxxxxxxx"]'];
    for (let i = 1; i < 9; i++) levels.push(`l${i}: &l${i} [${Array(9).fill(i === 1 ? '*a' : `*l${i - 1}`).join(',')}]`);
    const text = levels.join('\n');
    // Expanding them would not end within the test's timeout; how fast the refusal is: bench/hot-paths.mjs.
    expect(aliasExpansionProblem(docOf(text), text.length)).toMatch(/alias\(es\) would expand .* to about [\d.]+ GiB/);
    expect(aliasExpansionProblem(docOf('a: &a [1, 2]\nb: *a\n'), 20)).toBeUndefined();
  });
});

describe('JSON with repeated 1 MB messages', () => {
  it('50 containers each waiting with a 1 MB message: the JSON report stays small, every string bounded', async () => {
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'rep', namespace: 'shop', creationTimestamp: '2026-11-30T10:00:00Z' },
      spec: { containers: Array.from({ length: 50 }, (_, i) => ({ name: `c${i}`, image: 'registry.local/app:v1' })) },
      status: {
        phase: 'Pending',
        conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: MB }],
        containerStatuses: Array.from({ length: 50 }, (_, i) => ({ name: `c${i}`, image: 'registry.local/app:v1', ready: false, restartCount: 0, state: { waiting: { reason: 'ErrImagePull', message: `${i} ${MB}` } } })),
      },
    };
    const file = join(tmp, 'repeated.json');
    writeFileSync(file, JSON.stringify(pod));
    const r = await kdiagAsync(['analyze', file, '-o', 'json'], { timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(1);
    // Was 108 MB of JSON (each 1 MB message up to 7 times per finding) in 5 s at 720 MiB.
    expect(r.stdout.length).toBeLessThan(4 * 2 ** 20);
    let longest = 0;
    JSON.parse(r.stdout, (_k, v: unknown) => {
      if (typeof v === 'string') longest = Math.max(longest, v.length);
      return v;
    });
    expect(longest).toBeLessThan(17 * 1024);
    expect(r.stdout).toContain('[clipped by kdiag: 1048579 characters in all]');
    expect(peakKiB(r)).toBeLessThan(400 * 1024);
  });
});
