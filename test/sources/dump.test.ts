import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { readDumps, snapshotFromObjects } from '../../src/sources/dump.js';
import { at, event, node, obj, pod } from '../harness/builders.js';

const dir = mkdtempSync(join(tmpdir(), 'kdiag-dump-'));
const write = (name: string, text: string | Buffer): string => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

describe('readDumps', () => {
  it('reads multi-document YAML with a List and single objects', () => {
    const p = write('multi.yaml', `apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata: {name: a, namespace: x, uid: u1}\n---\napiVersion: v1\nkind: Node\nmetadata: {name: n1}\n`);
    const { snapshot } = readDumps([p]);
    expect(snapshot.pods.map((p) => p.metadata?.name)).toEqual(['a']);
    expect(snapshot.nodes).toHaveLength(1);
    expect(snapshot.meta.seenKinds).toEqual(expect.arrayContaining(['Pod', 'Node']));
  });

  it('reads typed lists (PodList, EventList) and marks an empty list as seen', () => {
    const p = write('lists.json', JSON.stringify({ kind: 'PodList', apiVersion: 'v1', items: [{ metadata: { name: 'p', namespace: 'x' } }] }) + '\n' + JSON.stringify({ kind: 'EventList', apiVersion: 'v1', items: [] }));
    const { snapshot } = readDumps([p]);
    expect(snapshot.pods[0]?.kind).toBe('Pod');
    expect(snapshot.meta.seenKinds).toContain('Event');
  });

  it('reads kubectl cluster-info dump stdout: concatenated JSON and log sections', () => {
    const text = [
      JSON.stringify({ kind: 'NodeList', apiVersion: 'v1', items: [node()] }, null, 4),
      JSON.stringify({ kind: 'PodList', apiVersion: 'v1', items: [pod()] }, null, 4),
      '==== START logs for container app of pod shop/api-7d9f-x2k ====',
      'panic: boom',
      '==== END logs for container app of pod shop/api-7d9f-x2k ====',
    ].join('\n');
    const { snapshot } = readDumps([write('cid.txt', text)]);
    expect(snapshot.nodes).toHaveLength(1);
    expect(snapshot.pods).toHaveLength(1);
    expect(snapshot.logs['shop/api-7d9f-x2k/app']).toBe('panic: boom');
  });

  it('walks a cluster-info dump directory, skipping files it does not read', () => {
    const root = join(dir, 'cid');
    mkdirSync(join(root, 'shop', 'api-1'), { recursive: true });
    writeFileSync(join(root, 'nodes.json'), JSON.stringify({ kind: 'NodeList', items: [node()] }));
    writeFileSync(join(root, 'shop', 'pods.json'), JSON.stringify({ kind: 'PodList', items: [pod({ metadata: { name: 'api-1' } })] }));
    writeFileSync(join(root, 'shop', 'api-1', 'logs.txt'), 'hello');
    writeFileSync(join(root, 'README'), 'not a dump');
    const { snapshot } = readDumps([root]);
    expect(snapshot.pods).toHaveLength(1);
    expect(snapshot.logs['shop/api-1/']).toBe('hello');
  });

  it('handles a BOM and CRLF line endings', () => {
    const { snapshot } = readDumps([write('crlf.yaml', '\uFEFFapiVersion: v1\r\nkind: Pod\r\nmetadata:\r\n  name: crlf\r\n')]);
    expect(snapshot.pods[0]?.metadata?.name).toBe('crlf');
  });

  it('refuses duplicate keys with the line', () => {
    expect(() => readDumps([write('dup.yaml', 'kind: Pod\nmetadata:\n  name: a\n  name: b\n')])).toThrow(/dup\.yaml:4: invalid YAML/);
  });

  it('bounds YAML alias bombs', () => {
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]', ...'bcdefghij'.split('').map((c, i) => `${c}: &${c} [*${'abcdefghij'[i]},*${'abcdefghij'[i]},*${'abcdefghij'[i]},*${'abcdefghij'[i]},*${'abcdefghij'[i]},*${'abcdefghij'[i]},*${'abcdefghij'[i]},*${'abcdefghij'[i]},*${'abcdefghij'[i]}]`), 'kind: Pod'].join('\n');
    expect(() => readDumps([write('bomb.yaml', bomb)])).toThrow(InputError);
  });

  it('skips documents that are not kinds kdiag reads, and says so', () => {
    const { snapshot, warnings } = readDumps([write('mixed.yaml', 'kind: Pod\nmetadata: {name: a}\n---\nkind: Widget\nmetadata: {name: i}\n---\njust a string\n')]);
    expect(snapshot.pods).toHaveLength(1);
    expect(warnings.join('\n')).toMatch(/Widget/);
  });

  it('reads NetworkPolicies, Ingresses and IngressClasses (no "does not read them"), and names other policy kinds as present', () => {
    const text = 'apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata: {name: deny, namespace: shop}\nspec: {podSelector: {}}\n---\napiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata: {name: i, namespace: shop}\n---\napiVersion: networking.k8s.io/v1\nkind: IngressClass\nmetadata: {name: nginx}\n---\napiVersion: cilium.io/v2\nkind: CiliumNetworkPolicy\nmetadata: {name: l7, namespace: shop}\n';
    const { snapshot, warnings } = readDumps([write('traffic.yaml', text)]);
    expect(warnings).toEqual([]);
    expect([snapshot.networkPolicies.length, snapshot.ingresses.length, snapshot.ingressClasses.length]).toEqual([1, 1, 1]);
    expect(snapshot.meta.otherPolicies).toEqual(['CiliumNetworkPolicy shop/l7']);
  });

  it('never keeps Secret data, only key names', () => {
    const { snapshot } = readDumps([write('secret.yaml', 'apiVersion: v1\nkind: Secret\nmetadata: {name: db, namespace: shop}\ndata:\n  password: c3VwZXJzZWNyZXQ=\nstringData:\n  token: hunter2\n')]);
    expect(JSON.stringify(snapshot)).not.toMatch(/c3VwZXJzZWNyZXQ=|hunter2/);
    expect(snapshot.secrets[0]?.dataKeys).toEqual(['password', 'token']);
  });

  it('"now" is the newest timestamp in the dump', () => {
    const p = pod();
    const s = snapshotFromObjects([p, event(p, { reason: 'BackOff', message: 'x', last: at(42) }), node()]);
    expect(s.meta.capturedAt).toBe(new Date(Date.parse(at(42))).toISOString());
  });

  it('drops managedFields and last-applied-configuration', () => {
    const s = snapshotFromObjects([obj('ConfigMap', 'c', { metadata: { managedFields: [{ manager: 'kubectl' }], annotations: { 'kubectl.kubernetes.io/last-applied-configuration': '{"secret":"x"}', keep: 'y' } } })]);
    expect(s.configMaps[0]?.metadata).not.toHaveProperty('managedFields');
    expect(s.configMaps[0]?.metadata?.annotations).toEqual({ keep: 'y' });
  });

  it('a missing path is an InputError naming it', () => {
    expect(() => readDumps([join(dir, 'missing.yaml')])).toThrow(/missing\.yaml: no such file or directory/);
  });
});
