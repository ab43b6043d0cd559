import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fixture, kdiag, kdiagInProcess } from '../support/cli.js';

const SHOP = fixture('examples/shop.yaml');
const tmp = mkdtempSync(join(tmpdir(), 'kdiag-e2e-'));
function file(name: string, content: string | Buffer): string {
  const p = join(tmp, name);
  writeFileSync(p, content);
  return p;
}

describe('kdiag pod -f', () => {
  it('diagnoses a failing Pod: exit 1, stage and cause in the text report', async () => {
    const r = await kdiagInProcess(['pod', 'api-7d9f5c6b8-x2k4p', '-f', SHOP]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('✘ image');
    expect(r.stdout).toContain('FAILING at image');
    expect(r.stdout).toContain('image/not-found');
    expect(r.stdout).not.toMatch(/\u001b\[/);
    expect(r.stderr).toBe('');
  });

  it('prints the kdiag/v1 JSON contract', async () => {
    const r = await kdiagInProcess(['pod', 'api-7d9f5c6b8-x2k4p', '-f', SHOP, '-o', 'json']);
    expect(r.code).toBe(1);
    const d = JSON.parse(r.stdout);
    expect(d).toMatchObject({ apiVersion: 'kdiag/v1', kind: 'Diagnosis', status: 'failing', stage: 'image', pod: { namespace: 'shop', name: 'api-7d9f5c6b8-x2k4p', node: 'kind-worker', phase: 'Pending', owner: { kind: 'ReplicaSet', name: 'api-7d9f5c6b8' } } });
    expect(d.findings[0].rule).toBe('image/not-found');
    expect(d.stages.map((s: { state: string }) => s.state)).toEqual(['passed', 'passed', 'passed', 'passed', 'failed', 'pending', 'pending']);
  });

  it('a healthy Pod exits 0', async () => {
    const r = await kdiagInProcess(['pod', 'web-6b7f9c8d4-q8zrt', '-f', SHOP, '-o', 'yaml']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('status: healthy');
  });

  it('markdown output', async () => {
    const r = await kdiagInProcess(['pod', 'api-7d9f5c6b8-x2k4p', '-f', SHOP, '-o', 'markdown']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^### Pod shop\/api-7d9f5c6b8-x2k4p: failing at `image`/);
  });

  it('an unknown Pod exits 4 with the closest names', async () => {
    const r = await kdiagInProcess(['pod', 'api-7d9f5c6b8', '-f', SHOP]);
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('pod "api-7d9f5c6b8" not found');
    expect(r.stderr).toContain('did you mean: api-7d9f5c6b8-x2k4p');
  });

  it('reads the dump from stdin with -f -', () => {
    const r = kdiag(['pod', 'api-7d9f5c6b8-x2k4p', '-f', '-', '-o', 'json'], { input: readFileSync(SHOP) });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).stage).toBe('image');
  });

  it('reads gzip-compressed dumps', async () => {
    const gz = file('shop.yaml.gz', gzipSync(readFileSync(SHOP)));
    const r = await kdiagInProcess(['pod', 'api-7d9f5c6b8-x2k4p', '-f', gz, '-o', 'json']);
    expect(JSON.parse(r.stdout).stage).toBe('image');
  });
});

describe('kdiag pod deploy/NAME -f', () => {
  it('rolls up replicas that share a cause and shows each cause once', async () => {
    const r = await kdiagInProcess(['pod', 'deploy/web', '-f', fixture('real/cni-ip-exhausted.yaml')], { env: { COLUMNS: '120' } });
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^Deployment kdiag-cni-ip-exhausted\/web {2}\(3 pods\)/);
    expect(lines[1]).toBe('  1/3 pods failing at cni: The node\'s Pod IP range is exhausted (cni/ip-exhausted)');
    expect(lines[2]).toBe('  2/3 pods healthy');
    expect(r.stdout.match(/FAILING at cni/g)).toHaveLength(1);
  });

  it('JSON is the DiagnosisList of the workload and its Pods', async () => {
    const list = JSON.parse((await kdiagInProcess(['pod', 'deploy/web', '-f', fixture('real/cni-ip-exhausted.yaml'), '-o', 'json'])).stdout);
    expect(list.kind).toBe('DiagnosisList');
    expect(list.items.filter((d: { pod: unknown }) => d.pod).length).toBe(3);
  });
});

describe('kdiag analyze', () => {
  it('lists every Pod, failing first, and exits 1 when one fails', async () => {
    const r = await kdiagInProcess(['analyze', SHOP]);
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/NAME\s+STATUS\s+STAGE\s+RESTARTS\s+AGE\s+CAUSE/);
    expect(lines[1]).toContain('failing');
    expect(r.stdout).toMatch(/\d+ items?: \d+ failing/);
  });

  it('JSON is a DiagnosisList', async () => {
    const r = await kdiagInProcess(['analyze', SHOP, '-o', 'json']);
    const list = JSON.parse(r.stdout);
    expect(list.apiVersion).toBe('kdiag/v1');
    expect(list.kind).toBe('DiagnosisList');
    expect(list.items.length).toBeGreaterThanOrEqual(4);
  });

  it('--failing-only keeps only failing items', async () => {
    const list = JSON.parse((await kdiagInProcess(['analyze', SHOP, '-o', 'json', '--failing-only'])).stdout);
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((d: { status: string }) => d.status === 'failing')).toBe(true);
  });

  it('reads a cluster-info dump directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kdiag-dump-'));
    const objects = JSON.parse((await kdiagInProcess(['analyze', SHOP, '-o', 'json'])).stdout);
    expect(objects.items.length).toBeGreaterThan(0);
    const all = (readFileSync(SHOP, 'utf8'));
    writeFileSync(join(dir, 'nodes.json'), JSON.stringify({ kind: 'NodeList', apiVersion: 'v1', items: [] }));
    const nsDir = join(dir, 'shop');
    mkdirSync(nsDir);
    writeFileSync(join(nsDir, 'pods.yaml'), all);
    const r = await kdiagInProcess(['analyze', dir, '-o', 'json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).items.length).toBe(objects.items.length);
  });
});

describe('kdiag scan -f', () => {
  it('prints the table and a per-stage summary', async () => {
    const r = await kdiagInProcess(['scan', '-f', SHOP]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/RESTARTS\s+AGE/);
    expect(r.stdout).toMatch(/image: 1 failing \(1 image\/not-found\)/);
  });

  it('filters by label selector', async () => {
    const list = JSON.parse((await kdiagInProcess(['scan', '-f', SHOP, '-l', 'app=web', '-o', 'json'])).stdout);
    expect(list.items.map((d: { pod: { name: string } }) => d.pod.name)).toEqual(['web-6b7f9c8d4-q8zrt']);
  });
});

describe('rules and explain', () => {
  it('lists rules', async () => {
    const r = await kdiagInProcess(['rules']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('image/not-found');
  });

  it('explains a rule from its docs', async () => {
    const r = await kdiagInProcess(['explain', 'image/not-found']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('# image/not-found');
    expect(r.stdout).toContain('How to fix it:');
  });

  it('an unknown rule is a usage error with a suggestion', async () => {
    const r = await kdiagInProcess(['explain', 'image/not-fund']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('did you mean: image/not-found');
  });
});

describe('a dump of workloads without Pods', () => {
  it('lists the workloads it read (a suspended CronJob, a Deployment scaled to zero), never "No Pods found"', async () => {
    const dump = file(
      'no-pods.yaml',
      [
        'apiVersion: v1',
        'kind: List',
        'items:',
        '- {apiVersion: batch/v1, kind: CronJob, metadata: {name: nightly, namespace: ops, creationTimestamp: "2026-12-01T00:00:00Z"}, spec: {schedule: "0 3 * * *", suspend: true, jobTemplate: {spec: {template: {spec: {containers: [{name: r, image: busybox}], restartPolicy: Never}}}}}}',
        '- {apiVersion: apps/v1, kind: Deployment, metadata: {name: idle, namespace: ops, creationTimestamp: "2026-12-01T00:00:00Z", generation: 2}, spec: {replicas: 0, selector: {matchLabels: {app: idle}}, template: {metadata: {labels: {app: idle}}, spec: {containers: [{name: a, image: busybox}]}}}, status: {observedGeneration: 2, replicas: 0}}',
        '',
      ].join('\n'),
    );
    const r = await kdiagInProcess(['analyze', dump]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('No Pods found');
    expect(r.stdout).toMatch(/^cronjob\/nightly\s+healthy\s.*healthy; the CronJob does not start its Jobs$/m);
    expect(r.stdout).toMatch(/^deployment\/idle\s+healthy\s/m);
    expect(r.stdout).not.toContain('running and ready');
  });
});

describe('bad input: one clear line, exit 2, no stack trace', () => {
  const cases: Array<[string, () => string, RegExp]> = [
    ['malformed YAML', () => file('bad.yaml', 'apiVersion: v1\nkind: Pod\nmetadata: [unclosed\n'), /bad\.yaml:\d+: invalid YAML/],
    ['malformed JSON', () => file('bad.json', '{"kind": "Pod", "metadata": {'), /bad\.json:1: invalid JSON/],
    ['an empty file', () => file('empty.yaml', ''), /empty\.yaml: the file is empty/],
    ['a binary file', () => file('bin.yaml', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 2, 3])), /bin\.yaml: not a text file/],
    ['a missing path', () => join(tmp, 'nope.yaml'), /nope\.yaml: no such file or directory/],
    ['a dump with no Pods', () => file('cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n'), /no Pods or workloads found/],
    ['a truncated multi-document JSON stream', () => file('trunc.json', '{"kind":"Pod"}\n{"kind":'), /trunc\.json:2: invalid JSON/],
  ];
  for (const [name, make, message] of cases) {
    it(name, async () => {
      const r = await kdiagInProcess(['analyze', make()]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    });
  }

  it('objects missing fields are read, not crashed on', async () => {
    const p = file('sparse.yaml', 'kind: Pod\nmetadata:\n  name: bare\n---\nkind: Pod\nstatus: 7\nspec: null\nmetadata: {name: weird, namespace: 3}\n');
    const r = await kdiagInProcess(['analyze', p, '-o', 'json']);
    expect([0, 1]).toContain(r.code);
    expect(JSON.parse(r.stdout).items.length).toBe(2);
  });

  it('an unknown flag is a usage error (exit 2)', async () => {
    const r = await kdiagInProcess(['analyze', SHOP, '--bogus']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown option '--bogus'");
  });

  it('an unknown output format is a usage error', async () => {
    const r = await kdiagInProcess(['analyze', SHOP, '-o', 'xml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown output format');
  });
});

describe('help and version', () => {
  it('--version', () => {
    const r = kdiag(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
  it('--help has examples and exit codes', async () => {
    const r = await kdiagInProcess(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Examples:');
    expect(r.stdout).toContain('Exit codes:');
  });
});
