// The Ingress hop in front of the Service path: the class resolves to a controller, each backend Service
// exists and has the port, the TLS Secrets exist (by name only: kdiag never reads Secret data).
import type { Lang } from '../../model/lang.js';
import type { KObject } from '../../model/k8s.js';
import { sawKind, type Snapshot } from '../../model/snapshot.js';
import { fieldEvidence } from '../../rules/helpers/evidence.js';
import type { Finding } from '../../rules/types.js';
import { trafficText } from '../../i18n/traffic.js';
import { controllerPods, type Client } from './clients.js';
import { servicePath } from './service-path.js';
import type { TrafficPath } from './types.js';
import { podPeer } from './view.js';

interface Backend {
  service: string;
  port: number | string | undefined;
  path: string;
}

const DEFAULT_CLASS = 'ingressclass.kubernetes.io/is-default-class';

function backendsOf(ingress: KObject): Backend[] {
  const out: Backend[] = [];
  const add = (b: { service?: { name?: string; port?: { number?: number; name?: string } } } | undefined, path: string): void => {
    if (b?.service?.name) out.push({ service: b.service.name, port: b.service.port?.number ?? b.service.port?.name, path });
  };
  add(ingress.spec?.defaultBackend, 'spec.defaultBackend');
  const rules = Array.isArray(ingress.spec?.rules) ? (ingress.spec.rules as Array<{ http?: { paths?: Array<{ backend?: Backend & Record<string, never> }> } }>) : [];
  rules.forEach((r, i) => (Array.isArray(r?.http?.paths) ? r.http.paths : []).forEach((p, j) => add(p?.backend as never, `spec.rules[${i}].http.paths[${j}].backend`)));
  return out;
}

const finding = (rule: string, title: string, message: string, evidence: Finding['evidence'], remediation: string[]): Finding => ({ rule, stage: 'readiness', severity: 'error', confidence: 'high', failureClass: 'deterministic', title, message, evidence, remediation });

export function ingressPath(snapshot: Snapshot, ingress: KObject, options: { lang: Lang; client?: Client }): TrafficPath {
  const m = trafficText(options.lang);
  const namespace = ingress.metadata?.namespace ?? '';
  const name = ingress.metadata?.name ?? '';
  const findings: Finding[] = [];
  const notes: string[] = [];
  let state: 'passed' | 'failed' | 'unknown' = 'passed';
  const details: string[] = [];

  // The class: ingressClassName, the legacy annotation, or the default IngressClass.
  const named = typeof ingress.spec?.ingressClassName === 'string' ? (ingress.spec.ingressClassName as string) : ingress.metadata?.annotations?.['kubernetes.io/ingress.class'];
  const classes = snapshot.ingressClasses;
  const known = sawKind(snapshot, 'IngressClass') && !snapshot.meta.unreadable.some((u) => u.kind === 'IngressClass');
  const cls = named ? classes.find((c) => c.metadata?.name === named) : classes.find((c) => c.metadata?.annotations?.[DEFAULT_CLASS] === 'true');
  const classNames = classes.map((c) => c.metadata?.name ?? '').join(', ');
  if (cls) details.push(m.ingressClassOk({ cls: cls.metadata?.name ?? '' }));
  else if (!known) {
    state = 'unknown';
    details.push(m.ingressClassUnknown);
  } else if (named && ingress.spec?.ingressClassName === undefined) {
    // The legacy annotation names a controller's class, which need not be an IngressClass object.
    details.push(m.ingressClassOk({ cls: named }));
  } else {
    state = 'failed';
    findings.push(finding('traffic/ingress-class-unresolved', m.ingressClassTitle, named ? m.ingressClassMissing({ ingress: name, cls: named }) : m.ingressClassNone({ ingress: name }), [fieldEvidence('ingress', `ingresses/${name}.spec.ingressClassName`, named ?? null), fieldEvidence('ingressclass', 'ingressclasses', classes.map((c) => ({ name: c.metadata?.name, controller: c.spec?.controller, default: c.metadata?.annotations?.[DEFAULT_CLASS] ?? null })))], m.ingressClassFix({ namespace, ingress: name, classes: classNames })));
  }

  // Backends: the Service exists and has the port.
  const backends = backendsOf(ingress);
  const servicesKnown = sawKind(snapshot, 'Service', namespace);
  let first: { service: KObject; port: number | string | undefined } | undefined;
  for (const b of backends) {
    const svc = snapshot.services.find((s) => s.metadata?.namespace === namespace && s.metadata?.name === b.service);
    if (!svc) {
      if (!servicesKnown) {
        if (state === 'passed') state = 'unknown';
        continue;
      }
      state = 'failed';
      findings.push(finding('traffic/ingress-backend-missing', m.backendMissingTitle, m.backendMissing({ ingress: name, service: b.service, namespace }), [fieldEvidence('ingress', `ingresses/${name}.${b.path}`, { service: { name: b.service, port: b.port } })], m.backendMissingFix({ namespace, service: b.service })));
      continue;
    }
    const ports = (Array.isArray(svc.spec?.ports) ? (svc.spec.ports as Array<{ name?: string; port?: number }>) : []);
    const shown = ports.map((p) => (p.name ? `${p.port} (${p.name})` : String(p.port))).join(', ');
    if (b.port !== undefined && !ports.some((p) => p.port === b.port || (p.name !== undefined && p.name === b.port))) {
      state = 'failed';
      findings.push(finding('traffic/ingress-backend-port', m.backendPortTitle, m.backendPort({ ingress: name, service: b.service, port: String(b.port), ports: shown || '-' }), [fieldEvidence('ingress', `ingresses/${name}.${b.path}`, { service: { name: b.service, port: b.port } }), fieldEvidence('service', `services/${b.service}.spec.ports`, ports)], m.backendPortFix({ namespace, ingress: name, ports: shown || '-' })));
      continue;
    }
    first ??= { service: svc, port: b.port };
  }
  details.push(backends.length > 0 ? m.backends({ services: [...new Set(backends.map((b) => `${b.service}:${b.port ?? ''}`))].join(', ') }) : m.noBackends);
  if (backends.length === 0) state = 'failed';

  // TLS Secrets by name only.
  const secretsKnown = sawKind(snapshot, 'Secret', namespace) && !snapshot.meta.unreadable.some((u) => u.kind === 'Secret');
  for (const [i, tls] of (Array.isArray(ingress.spec?.tls) ? (ingress.spec.tls as Array<{ secretName?: string }>) : []).entries()) {
    if (!tls?.secretName) continue;
    if (!secretsKnown) {
      if (!notes.includes(m.tlsNotRead)) notes.push(m.tlsNotRead);
      continue;
    }
    if (snapshot.secrets.some((s) => s.metadata?.namespace === namespace && s.metadata?.name === tls.secretName)) continue;
    findings.push({ ...finding('traffic/ingress-tls-secret-missing', m.tlsTitle, m.tlsMissing({ ingress: name, secret: tls.secretName }), [fieldEvidence('ingress', `ingresses/${name}.spec.tls[${i}].secretName`, tls.secretName)], m.tlsFix({ namespace, secret: tls.secretName })), severity: 'warning', failureClass: 'deterministic' });
  }

  // The client: --from, else the controller's Pods when the input has them.
  let client = options.client;
  if (!client) {
    const pods = controllerPods(snapshot, typeof cls?.spec?.controller === 'string' ? cls.spec.controller : undefined);
    if (pods.length > 0) client = { kind: 'controller', name: pods.map((p) => `${p.metadata?.namespace}/${p.metadata?.name}`).join(','), label: m.controllerClients({ pods: pods.slice(0, 3).map((p) => `${p.metadata?.namespace}/${p.metadata?.name}`).join(', ') }), peers: pods.slice(0, 5).map((p) => podPeer(snapshot, p)), named: true };
  }
  const hop = { hop: 'ingress' as const, state, detail: details.join(m.detailJoin) };
  if (!first || hop.state === 'failed') {
    const pending = (['service', 'endpoints', 'network-policy', 'pod-port'] as const).map((h) => ({ hop: h, state: 'pending' as const, detail: '' }));
    return { target: { kind: 'Ingress', namespace, name }, client: client?.label ?? m.defaultClients, hops: [hop, ...pending], broken: hop.state === 'failed' ? 'ingress' : null, clients: [], findings, notEvaluated: [...(snapshot.meta.otherPolicies ?? [])], notes };
  }
  const rest = servicePath(snapshot, first.service, { lang: options.lang, ...(client ? { client } : {}), ...(first.port !== undefined ? { port: first.port } : {}) });
  return {
    ...rest,
    target: { kind: 'Ingress', namespace, name },
    hops: [hop, ...rest.hops],
    broken: rest.broken,
    findings: [...findings, ...rest.findings],
    notes: [...notes, ...rest.notes],
  };
}
