// The Service part of the traffic path: `service → endpoints → network policy → pod port`, for one
// Service and one client (or its default clients). Pure: reads a Snapshot, returns data.
import type { Lang } from '../../model/lang.js';
import type { KObject, Pod } from '../../model/k8s.js';
import { sawKind, type Snapshot } from '../../model/snapshot.js';
import { fieldEvidence } from '../../rules/helpers/evidence.js';
import type { Finding } from '../../rules/types.js';
import { trafficText } from '../../i18n/traffic.js';
import { evaluateTraffic } from '../policy/evaluate.js';
import type { Protocol } from '../policy-types.js';
import { defaultServiceClients, type Client } from './clients.js';
import { namespaceNamed, podsIn } from './namespace-index.js';
import { admittingPolicy, policyCause, type PolicyCause } from './policy-cause.js';
import type { ClientVerdict, TrafficHop, TrafficPath } from './types.js';
import { containerPorts, isReady, labelsOf, nsName, policySet } from './view.js';

interface ServicePort {
  name?: string;
  port?: number;
  targetPort?: number | string;
  nodePort?: number;
  protocol?: string;
}

export interface ServicePathOptions {
  lang: Lang;
  /** The client named by --from; undefined for the default clients. */
  client?: Client;
  /** The Service port an Ingress sends to (number or name); undefined for every port (the first is asked). */
  port?: number | string;
}

const finding = (rule: string, severity: 'error' | 'warning', title: string, message: string, evidence: Finding['evidence'], remediation: string[]): Finding => ({
  rule,
  stage: 'readiness',
  severity,
  confidence: 'high',
  // Configuration cannot clear by itself; Pods that are not Ready may still become Ready.
  failureClass: rule === 'traffic/no-ready-endpoints' ? 'transient' : 'deterministic',
  title,
  message,
  evidence,
  remediation,
});

/** The pods a Service's equality selector picks, in its namespace and (for the other-namespace check) elsewhere. */
function selected(snapshot: Snapshot, service: KObject): { here: Pod[]; elsewhere: () => Pod[]; selector: Record<string, string> | undefined } {
  const raw = service.spec?.selector;
  if (!raw || typeof raw !== 'object' || Object.keys(raw).length === 0 || service.spec?.type === 'ExternalName') return { here: [], elsewhere: () => [], selector: undefined };
  const selector = raw as Record<string, string>;
  const match = (p: Pod): boolean => Object.entries(selector).every(([k, v]) => labelsOf(p)[k] === v) && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed';
  const ns = service.metadata?.namespace;
  // Elsewhere is asked only when the Service selects nothing here: a scan of every Pod, not made for each Service.
  const here = typeof ns === 'string' ? podsIn(snapshot, ns).filter(match) : snapshot.pods.filter((p) => p.metadata?.namespace === ns && match(p));
  return { here, elsewhere: () => snapshot.pods.filter((p) => p.metadata?.namespace !== ns && match(p)), selector };
}

/** Ready endpoints the Service's EndpointSlices list; undefined when no EndpointSlice was read. */
function readyEndpoints(snapshot: Snapshot, namespace: string, name: string): { ready: number; total: number; evidence: Finding['evidence'] } | undefined {
  if (!sawKind(snapshot, 'EndpointSlice', namespace)) return undefined;
  let ready = 0;
  let total = 0;
  const evidence: Finding['evidence'] = [];
  for (const s of snapshot.endpointSlices) {
    if (s.metadata?.namespace !== namespace || s.metadata?.labels?.['kubernetes.io/service-name'] !== name) continue;
    const eps = Array.isArray((s as { endpoints?: unknown }).endpoints) ? ((s as { endpoints: Array<{ conditions?: { ready?: boolean } }> }).endpoints) : [];
    total += eps.length;
    ready += eps.filter((e) => e?.conditions?.ready !== false).length;
    evidence.push(fieldEvidence('service', `endpointslices/${s.metadata?.name ?? ''}.endpoints`, eps.length > 0 ? `${eps.length} endpoint(s), ${eps.filter((e) => e?.conditions?.ready !== false).length} ready` : null));
  }
  return { ready, total, evidence };
}

/** The Service port asked about, and its target resolved on a Pod (number, or the named container port). */
function targetOn(pod: Pod, sp: ServicePort): { number?: number; declared: boolean; protocolMismatch?: string } {
  const target = sp.targetPort ?? sp.port;
  const proto = sp.protocol ?? 'TCP';
  const ports = containerPorts(pod);
  if (typeof target === 'string' && !/^\d+$/.test(target)) {
    const named = ports.find((p) => p.name === target && (p.protocol ?? 'TCP') === proto);
    if (named) return { number: named.containerPort, declared: true };
    const other = ports.find((p) => p.name === target);
    return other ? { declared: false, protocolMismatch: other.protocol ?? 'TCP' } : { declared: false };
  }
  const n = Number(target);
  const same = ports.filter((p) => p.containerPort === n);
  if (same.length > 0 && !same.some((p) => (p.protocol ?? 'TCP') === proto)) return { number: n, declared: false, protocolMismatch: same[0]!.protocol ?? 'TCP' };
  return { number: n, declared: same.length > 0 || ports.length === 0 };
}

export function servicePath(snapshot: Snapshot, service: KObject, options: ServicePathOptions): TrafficPath {
  const m = trafficText(options.lang);
  const namespace = service.metadata?.namespace ?? '';
  const name = service.metadata?.name ?? '';
  const hops: TrafficHop[] = [];
  const findings: Finding[] = [];
  const notes: string[] = [];
  const set = policySet(snapshot);
  const ports = (Array.isArray(service.spec?.ports) ? (service.spec.ports as ServicePort[]) : []).filter((p) => p && typeof p === 'object');
  const portIndex = options.port === undefined ? 0 : Math.max(0, ports.findIndex((p) => p.port === options.port || p.name === options.port));
  const sp = ports[portIndex];
  const base = (): TrafficPath => ({
    target: { kind: 'Service', namespace, name },
    client: options.client?.label ?? m.defaultClients,
    hops,
    broken: hops.find((h) => h.state === 'failed')?.hop ?? null,
    clients,
    findings,
    notEvaluated: set.notEvaluated ?? [],
    notes,
  });
  const clients: ClientVerdict[] = [];
  const rest = (from: number): void => {
    const names = ['service', 'endpoints', 'network-policy', 'pod-port'] as const;
    for (const hop of names.slice(from)) hops.push({ hop, state: 'pending', detail: '' });
  };

  // service: it selects Pods, here and not only in another namespace.
  const { here, elsewhere: elsewhereOf, selector } = selected(snapshot, service);
  if (!selector) {
    hops.push({ hop: 'service', state: 'unknown', detail: m.noSelector });
    rest(1);
    return base();
  }
  const podsComplete = sawKind(snapshot, 'Pod', namespace);
  if (here.length === 0) {
    const elsewhere = elsewhereOf();
    if (elsewhere.length > 0) {
      const other = [...new Set(elsewhere.map((p) => p.metadata?.namespace ?? ''))];
      findings.push(finding('traffic/service-other-namespace', 'error', m.otherNamespaceTitle, m.otherNamespace({ service: name, namespace, others: other.join(', '), pods: elsewhere.length }), [fieldEvidence('service', `services/${name}.spec.selector`, selector), ...elsewhere.slice(0, 3).map((p) => fieldEvidence('pod', `pods/${nsName(p)}.metadata.labels`, labelsOf(p)))], m.otherNamespaceFix({ service: name, namespace, other: other[0]! })));
      hops.push({ hop: 'service', state: 'failed', detail: m.selectsOnlyElsewhere({ others: other.join(', ') }) });
    } else hops.push({ hop: 'service', state: podsComplete ? 'failed' : 'unknown', detail: podsComplete ? m.selectsNothing : m.podsNotRead });
    rest(1);
    return base();
  }
  hops.push({ hop: 'service', state: 'passed', detail: m.selects({ pods: here.length }) });

  // endpoints: the Pods that are Ready (what the EndpointSlices list, when they were read).
  const eps = readyEndpoints(snapshot, namespace, name);
  const readyPods = here.filter(isReady);
  const ready = eps ? eps.ready : readyPods.length;
  if (ready === 0) {
    findings.push(finding('traffic/no-ready-endpoints', 'error', m.noEndpointsTitle, m.noEndpoints({ service: name, pods: here.length }), [...(eps?.evidence ?? []), ...here.slice(0, 3).map((p) => fieldEvidence('pod', `pods/${p.metadata?.name ?? ''}.status.conditions[type=Ready]`, isReady(p) ? 'True' : 'False'))], m.noEndpointsFix({ namespace, pod: here[0]!.metadata?.name ?? '' })));
    hops.push({ hop: 'endpoints', state: 'failed', detail: m.readyEndpoints({ ready: 0, total: eps?.total ?? here.length }) });
    rest(2);
    return base();
  }
  hops.push({ hop: 'endpoints', state: 'passed', detail: m.readyEndpoints({ ready, total: eps?.total ?? here.length }) });
  if (service.spec?.publishNotReadyAddresses === true && readyPods.length < here.length) {
    const unready = here.filter((p) => !isReady(p));
    findings.push(finding('traffic/publish-not-ready', 'warning', m.publishNotReadyTitle, m.publishNotReady({ service: name, pods: unready.length }), [fieldEvidence('service', `services/${name}.spec.publishNotReadyAddresses`, true), ...unready.slice(0, 3).map((p) => fieldEvidence('pod', `pods/${p.metadata?.name ?? ''}.status.conditions[type=Ready]`, 'False'))], m.publishNotReadyFix({ namespace, service: name })));
  }

  // pod port: the targetPort resolves on the backends, with the Service port's protocol.
  const backends = readyPods.length > 0 ? readyPods : here;
  const probe = backends[0]!;
  const resolved = sp ? targetOn(probe, sp) : { declared: false };
  const target = sp ? (sp.targetPort ?? sp.port ?? '') : '';
  const protocol = (sp?.protocol ?? 'TCP') as Protocol;

  // network policy: each client to the backends on the Pod's port.
  const selecting = set.policies.filter((p) => p.metadata?.namespace === namespace);
  const clientList = options.client ? [options.client] : defaultServiceClients(snapshot, namespace, here, selecting);
  const denied = new Map<string, { clients: Client[]; decidedBy: string; cause: PolicyCause; destPolicies: KObject[] }>();
  const unknownClients: Client[] = [];
  // The destinations asked about, made once for every client.
  // Backends alike to a policy (the same namespace, labels and container ports: a Deployment's replicas) get the
  // same verdict from every policy, so each is asked about once.
  const destinations = distinctPeers(backends.slice(0, 5).map((dest) => podPeerOf(snapshot, dest)));
  const unreadableIn = (ns: string): boolean => set.unreadable?.some((u) => u.namespace === ns) === true;
  const completeIn = (ns: string): boolean => (set.completeIn ? set.completeIn(ns) : set.complete) && !unreadableIn(ns);
  for (const client of clientList) {
    let verdict: ClientVerdict = { client: client.label, result: 'denied' };
    if (set.policies.length === 0 && destinations.length > 0 && client.peers.length > 0) {
      // No NetworkPolicy in the input selects either end: a client is admitted where every policy of both
      // namespaces was read, and unknown where not — evaluateTraffic's answer, without asking it for each client
      // (a scan asks it for every Service × every namespace).
      const admitted = client.peers.some((peer) => completeIn(peer.namespace) && destinations.some((dest) => completeIn(dest.namespace)));
      clients.push({ client: client.label, result: admitted ? 'allowed' : 'unknown' });
      if (!admitted) unknownClients.push(client);
      continue;
    }
    for (const peer of client.peers) {
      for (const dest of destinations) {
        const port = resolved.number ?? target;
        const v = evaluateTraffic(set, { from: peer, to: { ...dest }, port, protocol });
        if (v.result === 'allowed') {
          verdict = { client: client.label, result: 'allowed', ...(v.ingress?.allowedBy ? { decidedBy: `${v.ingress.allowedBy.policy} ingress[${v.ingress.allowedBy.rule}]` } : {}) };
          break;
        }
        if (v.result === 'unknown') verdict = { client: client.label, result: 'unknown' };
        else if (verdict.result === 'denied' && !verdict.decidedBy) {
          const d = v.ingress?.allowed === false ? v.ingress : v.egress;
          if (d) verdict = { client: client.label, result: 'denied', decidedBy: d.selectingPolicies.join(', ') + (d.direction === 'egress' ? ' (egress)' : '') };
        }
      }
      if (verdict.result === 'allowed') break;
    }
    clients.push(verdict);
    if (verdict.result === 'unknown') unknownClients.push(client);
    if (verdict.result !== 'denied') continue;
    const peer = client.peers[0]!;
    const destPolicies = set.policies.filter((p) => p.metadata?.namespace === namespace && (verdict.decidedBy ?? '').split(', ').includes(nsName(p)));
    const cause = policyCause(destPolicies, peer, { ...(sp?.port !== undefined ? { port: sp.port } : {}), ...(sp?.nodePort !== undefined ? { nodePort: sp.nodePort } : {}), targetPort: target, ...(resolved.number !== undefined ? { targetNumber: resolved.number } : {}) });
    // The namespaces a scan asks about by default that one policy keeps out for one reason make one finding
    // (a cluster of N namespaces would give every Service N warnings); a client named by --from stands alone.
    const key = client.named ? `named ${client.label}` : JSON.stringify([verdict.decidedBy ?? '', cause]);
    const group = denied.get(key);
    if (group) group.clients.push(client);
    else denied.set(key, { clients: [client], decidedBy: verdict.decidedBy ?? '', cause, destPolicies });
  }
  for (const group of denied.values()) {
    const [first, ...others] = group.clients;
    const peer = first!.peers[0]!;
    const { cause, destPolicies } = group;
    const evidence = destPolicies.slice(0, 3).map((p) => fieldEvidence('networkpolicy', `networkpolicies/${nsName(p)}.spec`, { podSelector: p.spec?.podSelector, policyTypes: p.spec?.policyTypes, ingress: p.spec?.ingress }));
    for (const c of group.clients.slice(0, 3)) {
      const cp = c.peers[0]!;
      if (cp.namespaceLabels) evidence.push(fieldEvidence('namespace', `namespaces/${cp.namespace}.metadata.labels`, cp.namespaceLabels));
    }
    if (peer.name && (first!.named || others.length === 0)) evidence.push(fieldEvidence('pod', `pods/${peer.namespace}/${peer.name}.metadata.labels`, peer.labels));
    const fix = [
      ...(cause.kind === 'namespace-label' ? [m.labelNamespaceFix({ namespace: cause.namespace, key: cause.key, value: cause.value })] : []),
      // One step: the sentence, then the command on its own lines, indented under it (pasteable as it stands).
      `${others.length > 0 ? m.admitOneFix({ client: m.clientName(first!.label), or: cause.kind === 'namespace-label' }) : m.admitFix({ or: cause.kind === 'namespace-label' })}\n${indentLines(admittingPolicy(namespace, name, selector, peer, resolved.number ?? target, protocol, first!.named && peer.name !== ''), '  ')}`,
    ];
    const client = clientsText(m, group.clients);
    findings.push(finding('traffic/policy-denies', first!.named ? 'error' : 'warning', m.policyDeniesTitle, m.policyDenies({ client, many: others.length > 0, service: name, port: String(resolved.number ?? target), protocol, by: group.decidedBy, cause }), evidence, fix));
  }
  const deniedClients = new Set([...denied.values()].flatMap((g) => g.clients));
  const keptOut = clientList.filter((c) => deniedClients.has(c));
  const deniedNamed = keptOut.some((c) => c.named);
  const allDenied = clientList.length > 0 && clients.every((c) => c.result === 'denied');
  // Default clients: some kept out while others are admitted is what many policies mean to do, so it is a
  // partial pass (the warning names them), never a plain pass.
  const npState = deniedNamed || allDenied ? 'failed' : unknownClients.length > 0 ? 'unknown' : keptOut.length > 0 ? 'partial' : 'passed';
  const admittedCount = clients.filter((c) => c.result === 'allowed').length;
  const npDetail = !(set.completeIn?.(namespace) ?? set.complete) && clients.every((c) => c.result !== 'denied')
    ? m.policiesNotRead
    : keptOut.length > 0
      ? m.keptOut({ clients: clientsText(m, keptOut), admitted: admittedCount })
      : unknownClients.length > 0
        ? m.unknownFor({ clients: clientsText(m, unknownClients), admitted: admittedCount })
        : m.admitted({ clients: admittedCount });
  hops.push({ hop: 'network-policy', state: npState, detail: npDetail });
  for (const c of clientList) if (c.missing) notes.push(c.missing === 'absent' ? m.clientAbsentNote({ client: m.clientName(c.label) }) : m.clientUnreadNote({ client: m.clientName(c.label), pod: c.kind === 'pod', namespace: c.peers[0]?.namespace ?? '' }));
  if (!(set.completeIn?.(namespace) ?? set.complete)) notes.push(m.policiesUnknownNote);
  if ((set.notEvaluated ?? []).length > 0) notes.push(m.notEvaluatedNote({ policies: (set.notEvaluated ?? []).join(', ') }));
  if (set.unreadable) {
    const askedIn = new Set([namespace, ...clientList.flatMap((c) => c.peers.map((p) => p.namespace))]);
    const unreadable = set.unreadable.filter((u) => askedIn.has(u.namespace));
    if (unreadable.length > 0) notes.push(m.policiesUnreadableNote({ policies: unreadable.map((u) => `${u.namespace}/${u.name} (${u.field})`).join(', ') }));
  }

  if (!sp) hops.push({ hop: 'pod-port', state: 'unknown', detail: m.noPorts });
  else if (resolved.protocolMismatch) {
    findings.push(finding('traffic/protocol-mismatch', 'error', m.protocolTitle, m.protocol({ service: name, port: String(sp.port ?? ''), protocol, target: String(target), has: resolved.protocolMismatch }), [fieldEvidence('service', `services/${name}.spec.ports[${portIndex}]`, sp), fieldEvidence('pod', `pods/${probe.metadata?.name ?? ''}.spec.containers[*].ports`, containerPorts(probe))], m.protocolFix({ namespace, service: name, index: portIndex, protocol: resolved.protocolMismatch })));
    hops.push({ hop: 'pod-port', state: 'failed', detail: m.portProtocol({ target: String(target), protocol, has: resolved.protocolMismatch }) });
  } else if (resolved.number === undefined) {
    findings.push(finding('traffic/target-port-undeclared', 'error', m.namedPortTitle, m.namedPort({ service: name, target: String(target), pod: probe.metadata?.name ?? '' }), [fieldEvidence('service', `services/${name}.spec.ports[${portIndex}]`, sp), fieldEvidence('pod', `pods/${probe.metadata?.name ?? ''}.spec.containers[*].ports`, containerPorts(probe))], m.namedPortFix({ namespace, service: name, index: portIndex })));
    hops.push({ hop: 'pod-port', state: 'failed', detail: m.portMissing({ target: String(target) }) });
  } else hops.push({ hop: 'pod-port', state: resolved.declared ? 'passed' : 'unknown', detail: resolved.declared ? m.portOk({ port: resolved.number, protocol }) : m.portNotDeclared({ port: resolved.number }) });

  // A broken hop hides what lies after it: later hops stay pending.
  const first = hops.findIndex((h) => h.state === 'failed');
  if (first >= 0) for (const h of hops.slice(first + 1)) if (h.state !== 'failed') h.state = 'pending';
  return base();
}

/** How many kept-out namespaces one finding names before 'and N more'. */
const GROUP_NAMES = 5;

/** Clients as one text: several namespaces as `namespaces a, b … and N more`, anything else by name. */
function clientsText(m: ReturnType<typeof trafficText>, clients: readonly Pick<Client, 'label' | 'kind' | 'name'>[]): string {
  if (clients.length < 2 || !clients.every((c) => c.kind === 'namespace')) return clients.map((c) => m.clientName(c.label)).join(m.listSep);
  return m.namespaceGroup({ names: clients.slice(0, GROUP_NAMES).map((c) => c.name), more: Math.max(0, clients.length - GROUP_NAMES) });
}

const indentLines = (text: string, pad: string): string => text.split('\n').map((l) => pad + l).join('\n');

/** Peers with what policies read of them (namespace, its labels, the Pod's labels and ports) told apart once each. */
function distinctPeers<P extends { namespace: string; labels: Record<string, string>; namespaceLabels?: Record<string, string> | undefined; containerPorts?: unknown }>(peers: P[]): P[] {
  const seen = new Set<string>();
  return peers.filter((p) => {
    const key = JSON.stringify([p.namespace, Object.entries(p.labels).sort(), p.namespaceLabels ? Object.entries(p.namespaceLabels).sort() : null, p.containerPorts]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function podPeerOf(snapshot: Snapshot, pod: Pod): import('../policy-types.js').TrafficPeer & { kind: 'pod' } {
  const ns = pod.metadata?.namespace ?? '';
  const nsObj = namespaceNamed(snapshot, ns);
  return { kind: 'pod', namespace: ns, name: pod.metadata?.name ?? '', labels: labelsOf(pod), namespaceLabels: nsObj ? labelsOf(nsObj) : undefined, containerPorts: containerPorts(pod) };
}
