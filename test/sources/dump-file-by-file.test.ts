// `analyze` of a large dump reads it file by file (every kind but Pods first, then the Pods' files again,
// one at a time, diagnosed as a streamed scan diagnoses a page). It must give the same items, in the same
// order, with the same notes, as the whole-snapshot path, on every fixture and on all of them as one directory.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diagnoseDumpsFileByFile } from '../../src/cli/diagnose-dumps.js';
import { diagnoseAll } from '../../src/engine/diagnose-all.js';
import { Engine } from '../../src/engine/diagnose.js';
import { readDumps } from '../../src/sources/dump.js';

const ROOT = resolve(import.meta.dirname, '../../fixtures');
const files = ['real', 'synthetic', 'examples'].flatMap((d) => readdirSync(join(ROOT, d)).filter((f) => /\.(ya?ml|json)$/.test(f)).map((f) => join(ROOT, d, f)));
const tmp = mkdtempSync(join(tmpdir(), 'kdiag-file-by-file-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function both(paths: string[], options = {}, filter = {}): { whole: unknown; byFile: unknown } {
  const read = readDumps(paths);
  const engine = new Engine(read.snapshot, options);
  const items = diagnoseAll(engine, filter);
  const whole = { items, meta: engine.listMeta(items), warnings: read.warnings, problems: read.problems, pods: read.pods };
  const f = diagnoseDumpsFileByFile(paths, options, filter);
  const streamed = f.items.map((i) => i.diagnosis());
  expect(f.items.map((i) => i.status)).toEqual(streamed.map((d) => d.status));
  const byFile = { items: streamed, meta: f.listMeta(f.items), warnings: f.warnings, problems: f.problems, pods: f.pods };
  return { whole: JSON.parse(JSON.stringify(whole)), byFile: JSON.parse(JSON.stringify(byFile)) };
}

describe('a dump read file by file is diagnosed as the whole snapshot is', () => {
  it.each(files.map((f) => [f.slice(ROOT.length + 1), f]))('%s', (_name, file) => {
    const { whole, byFile } = both([file]);
    expect(byFile).toEqual(whole);
  });

  it('every fixture as one directory (the files depend on each other: Events, Nodes, workloads and Pods in different files), each with its own clock', () => {
    const dir = join(tmp, 'all');
    mkdirSync(join(dir, 'sub'), { recursive: true });
    files.forEach((f, i) => {
      const to = join(dir, i % 3 === 0 ? 'sub' : '', `${i}-${basename(f)}`);
      copyFileSync(f, to);
      utimesSync(to, new Date(Date.parse('2026-11-30T10:00:00Z') + i * 60_000), new Date(Date.parse('2026-11-30T10:00:00Z') + i * 60_000));
    });
    const { whole, byFile } = both([dir]);
    expect((whole as { items: unknown[] }).items.length).toBeGreaterThan(files.length);
    expect(byFile).toEqual(whole);
    // With a fixed clock, a namespace and a label selector too.
    const fixed = both([dir], { now: Date.parse('2026-12-01T12:00:00Z'), nowReason: 'given with --now' }, { namespace: 'default' });
    expect(fixed.byFile).toEqual(fixed.whole);
  });

  it('redaction sees every file: a Pod\'s env value, a Secret\'s data and a ConfigMap\'s value masked in Pods and Events of other files, probe headers masked', () => {
    const dir = join(tmp, 'secrets');
    mkdirSync(dir, { recursive: true });
    const t = '2026-11-30T10:00:00Z';
    const pod = (name: string, env: string, message: string) => ({
      apiVersion: 'v1', kind: 'Pod',
      metadata: { name, namespace: 'shop', uid: `uid-${name}`, creationTimestamp: t },
      spec: { nodeName: 'node-1', containers: [{ name: 'app', image: 'registry.local/app:v1', env: [{ name: 'DB_PASSWORD', value: env }],
        readinessProbe: { httpGet: { path: '/', port: 80, httpHeaders: [{ name: 'Authorization', value: 'Bearer abcdefghijklmnop' }] } } }] },
      status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'False' }], containerStatuses: [{ name: 'app', image: 'registry.local/app:v1', ready: false, restartCount: 3,
        state: { waiting: { reason: 'CrashLoopBackOff', message } }, lastState: { terminated: { exitCode: 1, reason: 'Error', message, finishedAt: t } } }] },
    });
    const event = (name: string, message: string) => ({ apiVersion: 'v1', kind: 'Event', metadata: { name: `${name}.1`, namespace: 'shop' }, involvedObject: { kind: 'Pod', name, namespace: 'shop', uid: `uid-${name}` },
      reason: 'BackOff', type: 'Warning', message, count: 5, lastTimestamp: t, source: { component: 'kubelet' } });
    const write = (file: string, items: unknown[]): void => writeFileSync(join(dir, file), JSON.stringify({ apiVersion: 'v1', kind: 'List', items }));
    // "a-" sorts first: its Pod and Events repeat values that only later files declare.
    write('a-early.json', [pod('early', 'early-env-value-1', 'login with later-env-value-2 and cm-value-abcdef and c2VjcmV0LXZhbHVl failed'), event('early', 'saw later-env-value-2 and secret-value-xyz')]);
    write('b-events.json', [event('later', 'back-off: early-env-value-1 token=abcdefghijklmnopqrstuvwx')]);
    write('c-later.json', [pod('later', 'later-env-value-2', 'early-env-value-1 rejected')]);
    write('d-config.json', [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg', namespace: 'shop' }, data: { url: 'cm-value-abcdef' } },
      { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'shop' }, data: { password: Buffer.from('secret-value-xyz').toString('base64') } }]);
    const { whole, byFile } = both([dir]);
    expect(byFile).toEqual(whole);
    const text = JSON.stringify(byFile);
    for (const leaked of ['early-env-value-1', 'later-env-value-2', 'cm-value-abcdef', 'secret-value-xyz', 'abcdefghijklmnop']) expect(text).not.toContain(leaked);
    expect(text).toContain('rejected'); // the messages are there, masked, so the check above is not vacuous
  });

  it('Pods and their Events split across files in either order, and a Pod repeated in a second file', () => {
    const dir = join(tmp, 'split');
    mkdirSync(dir, { recursive: true });
    const shop = files.find((f) => f.endsWith('shop.yaml'))!;
    copyFileSync(shop, join(dir, 'a.yaml'));
    copyFileSync(shop, join(dir, 'b.yaml'));
    const { whole, byFile } = both([dir, ...files.slice(0, 5)]);
    expect(byFile).toEqual(whole);
  });
});
