// The traffic path on real captures (fixtures/real/traffic-*.yaml, from test/cluster/scenarios) and on
// small built inputs for the classes the test cluster cannot show by itself.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { markComplete } from '../../src/model/snapshot.js';
import { readDumps, snapshotFromObjects } from '../../src/sources/dump.js';
import { namedClient, parseClient } from '../../src/traffic/path/clients.js';
import { partitionFindings } from '../../src/engine/suppress.js';
import { ingressVerdict } from '../../src/engine/traffic-verdict.js';
import { servicePath } from '../../src/traffic/path/service-path.js';

const real = (name: string) => readDumps([resolve(import.meta.dirname, '../../fixtures/real', name)]).snapshot;
const find = (list: Array<{ metadata?: { name?: string } }>, name: string) => list.find((o) => o.metadata?.name === name)!;

describe('Service path on a real capture: default-deny plus a namespaceSelector on a label the namespace lacks', () => {
  const snap = real('traffic-policy-denies.yaml');
  const svc = find(snap.services, 'web');
  it('--from the monitoring namespace: the network policy hop fails, naming the label mistake and the fix', () => {
    const client = namedClient(snap, { kind: 'namespace', name: 'kdiag-traffic-monitoring' }, new Set());
    const path = servicePath(snap, svc, { lang: 'en', client });
    expect(path.hops.map((h) => `${h.hop}:${h.state}`)).toEqual(['service:passed', 'endpoints:passed', 'network-policy:failed', 'pod-port:pending']);
    expect(path.broken).toBe('network-policy');
    const f = path.findings.find((x) => x.rule === 'traffic/policy-denies')!;
    expect(f.severity).toBe('error');
    expect(f.message).toContain('selects namespaces labelled name=kdiag-traffic-monitoring');
    // The namespace carries only the label every namespace has: said once, not as the label it has and again in brackets.
    expect(f.message).toContain('but namespace kdiag-traffic-monitoring carries only the label every namespace has, kubernetes.io/metadata.name=kdiag-traffic-monitoring');
    expect(f.message.match(/kubernetes\.io\/metadata\.name=/g)).toHaveLength(1);
    expect(f.remediation[0]).toContain('kubectl label namespace kdiag-traffic-monitoring name=kdiag-traffic-monitoring');
    expect(f.remediation.join('\n')).toContain('kubernetes.io/metadata.name: kdiag-traffic-monitoring');
  });
  it('near miss: a namespace with a label of its own: the labels it carries, then the one every namespace has', () => {
    const labelled = structuredClone(snap);
    const ns = find(labelled.namespaces, 'kdiag-traffic-monitoring') as { metadata: { labels: Record<string, string> } };
    ns.metadata.labels = { team: 'observability', ...ns.metadata.labels };
    const client = namedClient(labelled, { kind: 'namespace', name: 'kdiag-traffic-monitoring' }, new Set());
    const f = servicePath(labelled, find(labelled.services, 'web'), { lang: 'en', client }).findings.find((x) => x.rule === 'traffic/policy-denies')!;
    expect(f.message).toContain('but namespace kdiag-traffic-monitoring carries team=observability,kubernetes.io/metadata.name=kdiag-traffic-monitoring (the label every namespace has is kubernetes.io/metadata.name=kdiag-traffic-monitoring)');
  });
  it('near miss: the namespace\'s own Pods are admitted (podSelector: {} peer, named port http)', () => {
    const client = namedClient(snap, { kind: 'namespace', name: 'kdiag-traffic-policy-denies' }, new Set());
    const path = servicePath(snap, svc, { lang: 'en', client });
    expect(path.broken).toBeNull();
    expect(path.clients[0]).toMatchObject({ result: 'allowed' });
    expect(path.findings).toEqual([]);
  });
  it('default clients: the network policy hop is partial (its own namespace admitted, monitoring kept out) and a warning names who is kept out', () => {
    const path = servicePath(snap, svc, { lang: 'en' });
    expect(path.hops.find((h) => h.hop === 'network-policy')).toEqual({ hop: 'network-policy', state: 'partial', detail: 'keeps out namespace kdiag-traffic-monitoring; admits the other 1 client(s) asked about' });
    expect(path.broken).toBeNull();
    expect(path.findings.map((f) => `${f.rule}:${f.severity}`)).toEqual(['traffic/policy-denies:warning']);
    expect(path.findings[0]!.message).toContain('namespace kdiag-traffic-monitoring');
  });
  it('the fix is one step: the sentence, then the policy as a command on its own indented lines that parses as pasted', () => {
    const client = namedClient(snap, { kind: 'namespace', name: 'kdiag-traffic-monitoring' }, new Set());
    const fix = servicePath(snap, svc, { lang: 'en', client }).findings[0]!.remediation;
    expect(fix).toHaveLength(2);
    const [sentence, ...command] = fix[1]!.split('\n');
    expect(sentence).toMatch(/^Or admit the client with the smallest policy/);
    expect(command[0]).toBe("  kubectl apply -f - <<<'");
    expect(command.at(-1)).toBe("  '");
    // What the shell hands kubectl: the lines between the quotes, with the report's indentation (here 7 columns) kept.
    const body = command.slice(1, -1).map((l) => `     ${l}`).join('\n');
    expect(parseYaml(body)).toMatchObject({ kind: 'NetworkPolicy', metadata: { namespace: 'kdiag-traffic-policy-denies' }, spec: { ingress: [{ from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kdiag-traffic-monitoring' } } }], ports: [{ port: 8080, protocol: 'TCP' }] }] } });
  });
  it('zh-TW', () => {
    const client = namedClient(snap, { kind: 'namespace', name: 'kdiag-traffic-monitoring' }, new Set());
    const message = servicePath(snap, svc, { lang: 'zh-TW', client }).findings[0]!.message;
    expect(message).toContain('擋住了');
    expect(message).toContain('只帶有每個命名空間都有的標籤 kubernetes.io/metadata.name=kdiag-traffic-monitoring');
  });
});

describe('Ingress path on a real capture', () => {
  const snap = real('traffic-ingress.yaml');
  const verdict = (name: string, ignore: string[] = []) => ingressVerdict(snap, find(snap.ingresses, name), 'en', undefined, undefined, (found) => partitionFindings(found, { namespace: 'ns', name, labels: {}, annotated: [] }, { entries: ignore.length > 0 ? [{ rules: ignore, source: '--ignore' }] : [] }));
  it('no class and no default IngressClass: the ingress hop fails', () => {
    const d = verdict('web-no-class');
    expect(d.status).toBe('failing');
    expect(d.traffic!.broken).toBe('ingress');
    expect(d.findings[0]!.rule).toBe('traffic/ingress-class-unresolved');
  });
  it('backend port 8080 is the Pod\'s, not the Service\'s', () => {
    const d = verdict('web-wrong-port');
    expect(d.findings[0]!.rule).toBe('traffic/ingress-backend-port');
    expect(d.findings[0]!.message).toContain('it has 80 (http)');
  });
  it("the run's suppressions: a suppressed lead fails nothing and is listed as suppressed; the path keeps its record", () => {
    const d = verdict('web-no-class', ['traffic']);
    expect(d.status).toBe('healthy');
    expect(d.findings).toEqual([]);
    expect(d.suppressed?.map((f) => f.rule)).toEqual(['traffic/ingress-class-unresolved']);
    expect(d.traffic!.broken).toBe('ingress');
    expect(d.summary).toBe('every finding (1) is suppressed; nothing else was found');
    expect(verdict('web-no-class', ['traffic/ingress-backend-port']).status).toBe('failing');
  });
  it('near miss: an existing class and the Service port by name', () => {
    const d = verdict('web-ok');
    expect(d.status).toBe('healthy');
    expect(d.traffic!.hops.every((h) => h.state === 'passed')).toBe(true);
  });
});

// Built inputs: a Service, its Ready Pod, and what is varied.
const ns = (name: string, labels: Record<string, string> = {}) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels: { 'kubernetes.io/metadata.name': name, ...labels } } });
const pod = (name: string, namespace: string, labels: Record<string, string>, ports: unknown[] = [{ name: 'http', containerPort: 8080 }]) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace, labels, uid: `${namespace}-${name}` },
  spec: { nodeName: 'n1', containers: [{ name: 'app', image: 'x', ports }] },
  status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
});
const svc = (ports: unknown[] = [{ port: 80, targetPort: 'http' }], extra: Record<string, unknown> = {}) => ({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'shop' }, spec: { selector: { app: 'web' }, ports, ...extra } });
const netpol = (name: string, spec: Record<string, unknown>) => ({ apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name, namespace: 'shop' }, spec });
const built = (...objects: unknown[]) => snapshotFromObjects([ns('shop'), ns('monitoring'), pod('web-1', 'shop', { app: 'web' }), pod('prom-0', 'monitoring', { app: 'prometheus' }), ...objects], 'test');
const fromProm = (snap: ReturnType<typeof built>) => namedClient(snap, { kind: 'pod', namespace: 'monitoring', name: 'prom-0' }, new Set());

describe('Service path on built inputs', () => {
  it('AND where OR was meant: one from entry with namespaceSelector and podSelector', () => {
    const snap = built(svc(), netpol('allow', { podSelector: { matchLabels: { app: 'web' } }, ingress: [{ from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } }, podSelector: { matchLabels: { app: 'grafana' } } }] }] }));
    const f = servicePath(snap, snap.services[0]!, { lang: 'en', client: fromProm(snap) }).findings[0]!;
    expect(f.message).toContain('both must match (AND)');
  });
  it('near miss: the same selectors as two entries (OR) admit Prometheus', () => {
    const snap = built(svc(), netpol('allow', { podSelector: { matchLabels: { app: 'web' } }, ingress: [{ from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }, { podSelector: { matchLabels: { app: 'grafana' } } }] }] }));
    expect(servicePath(snap, snap.services[0]!, { lang: 'en', client: fromProm(snap) }).broken).toBeNull();
  });
  it('the policy opens the Service port (80), not the Pod port (8080)', () => {
    const snap = built(svc(), netpol('allow', { podSelector: {}, ingress: [{ from: [{ namespaceSelector: {} }], ports: [{ port: 80 }] }] }));
    const f = servicePath(snap, snap.services[0]!, { lang: 'en', client: fromProm(snap) }).findings[0]!;
    expect(f.message).toContain("opens port 80, the Service's port");
  });
  it('ingress: [{}] admits everything (near miss of a restrictive-looking policy)', () => {
    const snap = built(svc(), netpol('allow-all', { podSelector: {}, policyTypes: ['Ingress'], ingress: [{}] }));
    expect(servicePath(snap, snap.services[0]!, { lang: 'en', client: fromProm(snap) }).broken).toBeNull();
  });
  it('no NetworkPolicy in the input: the hop is unknown, never allowed, and a note says why', () => {
    const snap = built(svc());
    const path = servicePath(snap, snap.services[0]!, { lang: 'en', client: fromProm(snap) });
    expect(path.hops.find((h) => h.hop === 'network-policy')!.state).toBe('unknown');
    expect(path.notes.join(' ')).toContain('NetworkPolicies were not read');
  });
  it('a Calico policy is named as present, not evaluated, never skipped', () => {
    const read = snapshotFromObjects([{ apiVersion: 'projectcalico.org/v3', kind: 'NetworkPolicy', metadata: { name: 'deny-all', namespace: 'shop' }, spec: {} }, { apiVersion: 'cilium.io/v2', kind: 'CiliumNetworkPolicy', metadata: { name: 'l7', namespace: 'shop' } }], 'test');
    expect(read.meta.otherPolicies).toEqual(['NetworkPolicy.projectcalico.org shop/deny-all', 'CiliumNetworkPolicy shop/l7']);
    expect(read.networkPolicies).toEqual([]);
  });
  it('UDP Service port to a TCP container port: the pod port hop fails', () => {
    const snap = built(svc([{ port: 53, targetPort: 8080, protocol: 'UDP' }]), netpol('allow-all', { podSelector: {}, ingress: [{}] }));
    const path = servicePath(snap, snap.services[0]!, { lang: 'en', client: fromProm(snap) });
    expect(path.broken).toBe('pod-port');
    expect(path.findings[0]!.rule).toBe('traffic/protocol-mismatch');
  });
  it('near miss: a TCP Service port to the TCP container port', () => {
    const snap = built(svc([{ port: 80, targetPort: 8080 }]), netpol('allow-all', { podSelector: {}, ingress: [{}] }));
    expect(servicePath(snap, snap.services[0]!, { lang: 'en', client: fromProm(snap) }).broken).toBeNull();
  });
  it('a Service whose selector matches Pods only in another namespace', () => {
    const snap = snapshotFromObjects([ns('shop'), ns('web'), pod('web-1', 'web', { app: 'web' }), svc()], 'test');
    const path = servicePath(snap, snap.services[0]!, { lang: 'en' });
    expect(path.broken).toBe('service');
    expect(path.findings[0]!.rule).toBe('traffic/service-other-namespace');
  });
});

describe('a Service path with no NetworkPolicy in the input (the quick answer) agrees with the full evaluation', () => {
  // A policy in a namespace of its own that selects nothing asked about sends the path through evaluateTraffic
  // for every client; without it the path answers from what was read. Both must give the same clients.
  const unrelated = { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'x', namespace: 'elsewhere' }, spec: { podSelector: { matchLabels: { app: 'none' } }, policyTypes: ['Ingress'] } };
  const clientsOf = (snap: ReturnType<typeof built>) => servicePath(snap, snap.services[0]!, { lang: 'en' }).clients;
  it('every namespace read in full: every client admitted', () => {
    const read = built(svc());
    markComplete(read.meta, 'NetworkPolicy', 'all'); // the input held the (empty) list of every NetworkPolicy
    const quick = clientsOf(read);
    const full = clientsOf(built(svc(), unrelated));
    expect(quick.map((c) => `${c.client}:${c.result}`)).toEqual(['namespace shop:allowed', 'namespace monitoring:allowed']);
    expect(quick).toEqual(full);
  });
  it('a dump that holds no NetworkPolicy list: every client unknown, as the full evaluation says', () => {
    const objects = [ns('shop'), ns('monitoring'), pod('web-1', 'shop', { app: 'web' }), pod('prom-0', 'monitoring', { app: 'prometheus' }), svc()];
    const quick = servicePath(snapshotFromObjects(objects, 'test'), snapshotFromObjects(objects, 'test').services[0]!, { lang: 'en' });
    expect(quick.clients.map((c) => c.result)).toEqual(['unknown', 'unknown']);
  });
});

describe('a client named by --from that the input does not hold', () => {
  const snap = real('traffic-policy-denies.yaml');
  const svc = find(snap.services, 'web');
  const path = (from: string) => servicePath(snap, svc, { lang: 'en', client: namedClient(snap, parseClient(from, 'kdiag-traffic-policy-denies')!, new Set()) });
  const hop = (p: ReturnType<typeof path>) => p.hops.find((h) => h.hop === 'network-policy')!;
  it('a namespace that does not exist (the input lists every Namespace): unknown, the hop names it, a note says to check the name', () => {
    const p = path('ns/kdiag-traffic-monitorin');
    expect(hop(p)).toEqual({ hop: 'network-policy', state: 'unknown', detail: 'cannot tell for namespace kdiag-traffic-monitorin' });
    expect(p.notes).toContain('namespace kdiag-traffic-monitorin (--from) does not exist in what kdiag read: check the name');
  });
  it('a Pod that does not exist in a namespace whose Pods were all read: the note says so', () => {
    expect(path('pod/web-typo').notes).toContain('pod kdiag-traffic-policy-denies/web-typo (--from) does not exist in what kdiag read: check the name');
  });
  it('a Pod of a namespace whose Pods were not read: judged as any Pod there, and the note says its labels are unknown', () => {
    const p = path('pod/kube-system/coredns-x');
    expect(p.notes).toContain('pod kube-system/coredns-x (--from) was not read: judged as any Pod of namespace kube-system, its own labels unknown');
    expect(p.notes.join('\n')).not.toContain('does not exist');
  });
  it('near miss: a namespace and a Pod that exist get no such note, and the hop is decided', () => {
    const ns = path('ns/kdiag-traffic-monitoring');
    expect(hop(ns).state).toBe('failed');
    expect(ns.notes.join('\n')).not.toContain('--from');
    const own = path(`pod/${snap.pods.find((p) => p.metadata?.namespace === 'kdiag-traffic-policy-denies')!.metadata!.name}`);
    expect(hop(own).state).toBe('passed');
    expect(own.notes.join('\n')).not.toContain('--from');
  });
  it('zh-TW', () => {
    const p = servicePath(snap, svc, { lang: 'zh-TW', client: namedClient(snap, parseClient('ns/typo', 'x')!, new Set()) });
    expect(p.notes.join('\n')).toContain('命名空間 typo（--from）不在 kdiag 讀取到的內容中');
  });
});
