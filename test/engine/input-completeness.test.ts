// Absence is evidence only where the input holds a kind's whole list: a `kubectl get KIND` list (one
// namespace, or all of them), a typed list (a cluster-info dump), a kdiag bundle, a live list. Single objects
// (`kubectl get KIND NAME`) make a kind partial, and an object missing from a partial kind is unknown.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { Engine } from '../../src/engine/diagnose.js';
import { diagnosisList, withInput } from '../../src/engine/diagnosis.js';
import { completeness, emptySnapshot, markComplete } from '../../src/model/snapshot.js';
import { renderBundle } from '../../src/sources/bundle.js';
import { readDumps, snapshotFromObjects } from '../../src/sources/dump.js';
import { at, conditions, containerStatus, node, obj, pod, T0 } from '../harness/builders.js';
import { runningPod } from '../rules/container/crashing.js';

const dir = mkdtempSync(join(tmpdir(), 'kdiag-complete-'));
let n = 0;
/** Writes YAML documents (each a List or a single object) to one file and reads it back. */
function dump(...docs: unknown[]) {
  const file = join(dir, `d${n++}.yaml`);
  writeFileSync(file, docs.map((d) => stringify(d)).join('---\n'));
  return readDumps([file]).snapshot;
}
const list = (...items: unknown[]) => ({ apiVersion: 'v1', kind: 'List', metadata: { resourceVersion: '' }, items });
const other = node({ metadata: { name: 'node-9', labels: { 'kubernetes.io/hostname': 'node-9' } } });
/** Ready since `seconds` ago: the Ready transition and the container start. */
const readyPod = (seconds: number) => runningPod({ startedSeconds: -seconds, podPatch: { status: { conditions: conditions({ sandbox: true, ready: true, since: at(-seconds) }) } } });
const verdict = (snapshot: ReturnType<typeof dump>) => new Engine(snapshot, { now: T0 }).diagnosePod(snapshot.pods[0]!);

describe('what each input form says about completeness', () => {
  const rows: Array<[string, () => ReturnType<typeof dump>, Array<[Parameters<typeof completeness>[1], string | undefined, string]>]> = [
    ['kubectl get pods,nodes -n shop: Pods whole in shop, Nodes whole', () => dump(list(pod(), node())), [['Pod', 'shop', 'complete'], ['Pod', 'web', 'partial'], ['Node', undefined, 'complete']]],
    ['kubectl get pods -A: items in two namespaces, whole everywhere', () => dump(list(pod(), pod({ metadata: { name: 'b', namespace: 'web' } }))), [['Pod', 'shop', 'complete'], ['Pod', 'dev', 'complete']]],
    ['kubectl get pod X; kubectl get node Y: single objects are partial', () => dump(pod(), node()), [['Pod', 'shop', 'partial'], ['Node', undefined, 'partial']]],
    ['a typed NodeList (cluster-info dump): whole', () => dump({ apiVersion: 'v1', kind: 'NodeList', items: [node()] }), [['Node', undefined, 'complete']]],
    ['an empty typed ServiceList: whole (its namespace cannot be told)', () => dump({ apiVersion: 'v1', kind: 'ServiceList', items: [] }, pod()), [['Service', 'shop', 'complete'], ['Pod', 'shop', 'partial']]],
    ['a List without Secrets says nothing about Secrets', () => dump(list(pod())), [['Secret', 'shop', 'unknown']]],
  ];
  for (const [name, read, expectations] of rows) {
    it(name, () => {
      const s = read();
      for (const [kind, ns, want] of expectations) expect(`${kind} ${ns ?? ''} ${completeness(s.meta, kind, ns)}`).toBe(`${kind} ${ns ?? ''} ${want}`);
    });
  }

  it('live: one Node looked up by name is complete for that name only', () => {
    const s = emptySnapshot();
    markComplete(s.meta, 'Node', { namespace: '', name: 'node-1' });
    expect(completeness(s.meta, 'Node', undefined, 'node-1')).toBe('complete');
    expect(completeness(s.meta, 'Node', undefined, 'node-2')).toBe('partial');
    markComplete(s.meta, 'ConfigMap', { namespace: 'shop' });
    expect(completeness(s.meta, 'ConfigMap', 'shop')).toBe('complete');
    expect(completeness(s.meta, 'ConfigMap', 'web')).toBe('partial');
  });

  it('a kdiag bundle carries its completeness across the round trip (not widened by its List)', () => {
    const s = snapshotFromObjects([pod(), node()]);
    s.meta.complete = { Pod: { namespaces: ['shop'] }, Node: { names: ['/node-1'] } };
    const file = join(dir, 'bundle.yaml');
    writeFileSync(file, renderBundle(s, { kdiagVersion: 'test', context: 'test' }, { logs: false }));
    const back = readDumps([file]).snapshot;
    expect(completeness(back.meta, 'Node', undefined, 'node-1')).toBe('complete');
    expect(completeness(back.meta, 'Node', undefined, 'node-2')).toBe('partial');
    expect(completeness(back.meta, 'Pod', 'shop')).toBe('complete');
  });
});

describe('a Pod whose Node is not in the input', () => {
  it('a partial dump (single Nodes, not this one): no "node does not exist", a note that its state is unknown', () => {
    const d = verdict(dump(readyPod(3600), other));
    expect(d.findings.map((f) => f.rule)).not.toContain('kubelet/node-missing');
    expect(d.status).toBe('healthy');
    expect(d.notes.join('\n')).toMatch(/state unknown: the input holds some Nodes one by one/);
  });

  it('near miss: a partial dump that does contain the Pod\'s Node: healthy, nothing unknown about its node', () => {
    const d = verdict(dump(readyPod(3600), node()));
    expect(d.status).toBe('healthy');
    expect(d.notes.join('\n')).not.toMatch(/node "node-1"/);
  });

  it('the whole Node list without it, the Pod Ready for an hour: the node is gone (failing)', () => {
    const d = verdict(dump(list(readyPod(3600), other)));
    expect(d.findings[0]?.rule).toBe('kubelet/node-missing');
    expect(d.status).toBe('failing');
  });

  it('the whole Node list without it, but the Pod reported Ready seconds ago: a contradiction, a note and no verdict', () => {
    const d = verdict(dump(list(readyPod(10), other)));
    expect(d.findings.map((f) => f.rule)).not.toContain('kubelet/node-missing');
    expect(d.notes.join('\n')).toMatch(/yet the Pod was reported Ready moments ago/);
  });
});

describe('a PersistentVolumeClaim the Pod mounts, missing from the input', () => {
  const mounts = (ns: string) => pod({ metadata: { namespace: ns }, spec: { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] }, status: { phase: 'Pending', conditions: conditions({ sandbox: false }), containerStatuses: [containerStatus({ waiting: { reason: 'ContainerCreating' } })] } });
  const otherClaim = (ns: string) => obj('PersistentVolumeClaim', 'other', { metadata: { namespace: ns }, status: { phase: 'Bound' } });
  const said = (s: ReturnType<typeof dump>) => verdict(s).findings.some((f) => /which does not exist/.test(f.message));
  it('claims listed for the Pod\'s namespace: "does not exist"', () => {
    expect(said(dump(list(mounts('shop'), otherClaim('shop'))))).toBe(true);
  });
  it('near miss: claims listed only for another namespace: not claimed absent', () => {
    const s = dump(list(otherClaim('web')), mounts('shop'));
    expect(completeness(s.meta, 'PersistentVolumeClaim', 'shop')).toBe('partial');
    expect(said(s)).toBe(false);
  });
  it('near miss: the claims as single objects (kubectl get pvc NAME): not claimed absent', () => {
    expect(said(dump(mounts('shop'), otherClaim('shop')))).toBe(false);
  });
});

describe('JSON says which kinds were complete', () => {
  it('a Pod diagnosis: the kinds whole in its namespace and those held in part', () => {
    const s = dump(list(pod(), node()), obj('Secret', 'db', { data: {} }));
    const d = withInput(verdict(s), s.meta);
    expect(d.input).toEqual({ complete: ['Pod', 'Node'], partial: ['Secret'] });
  });
  it('a list: kinds whole everywhere, whole in some namespaces, and held in part', () => {
    const s = dump(list(pod(), node()), obj('Secret', 'db', { data: {} }));
    expect(diagnosisList([], s.meta).input).toEqual({ complete: ['Node'], partial: ['Secret'], completeIn: { Pod: ['shop'] } });
  });
});
void T0;
