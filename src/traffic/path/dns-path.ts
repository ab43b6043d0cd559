// Can the Pod resolve names? When its egress is isolated, DNS (UDP and TCP 53) to the cluster DNS Pods must
// be allowed; when the cluster DNS Pods are in the input and none is Ready, nothing resolves either way.
import type { Lang } from '../../model/lang.js';
import type { Pod } from '../../model/k8s.js';
import type { Snapshot } from '../../model/snapshot.js';
import { fieldEvidence } from '../../rules/helpers/evidence.js';
import type { Finding } from '../../rules/types.js';
import { trafficText } from '../../i18n/traffic.js';
import { checkDns } from '../policy/dns.js';
import { isReady, nsName, podPeer, policySet } from './view.js';

const DNS_NAMESPACE = 'kube-system';
const DNS_LABEL = ['k8s-app', 'kube-dns'] as const;

/** The cluster DNS Pods (CoreDNS and kube-dns both carry k8s-app=kube-dns in kube-system), not finished. */
export function clusterDnsPods(snapshot: Snapshot): Pod[] {
  return snapshot.pods.filter((p) => p.metadata?.namespace === DNS_NAMESPACE && p.metadata?.labels?.[DNS_LABEL[0]] === DNS_LABEL[1] && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed');
}

/** Only Pods that use the cluster DNS ask it (dnsPolicy ClusterFirst, the default, or ClusterFirstWithHostNet on the host network). */
function usesClusterDns(pod: Pod): boolean {
  const spec = pod.spec as { dnsPolicy?: string; hostNetwork?: boolean } | undefined;
  const policy = spec?.dnsPolicy ?? 'ClusterFirst';
  return policy === 'ClusterFirst' ? spec?.hostNetwork !== true : policy === 'ClusterFirstWithHostNet';
}

const finding = (rule: string, title: string, message: string, evidence: Finding['evidence'], remediation: string[]): Finding => ({ rule, stage: 'readiness', severity: 'error', confidence: 'high', failureClass: 'deterministic', title, message, evidence, remediation });

export function dnsFindings(snapshot: Snapshot, pod: Pod, lang: Lang): Finding[] {
  if (!usesClusterDns(pod) || pod.metadata?.namespace === DNS_NAMESPACE) return [];
  const m = trafficText(lang);
  const servers = clusterDnsPods(snapshot);
  const name = pod.metadata?.name ?? '';
  const namespace = pod.metadata?.namespace ?? '';
  const out: Finding[] = [];
  if (servers.length > 0 && !servers.some(isReady)) {
    out.push({ ...finding('traffic/dns-pods-not-ready', m.dnsNotReadyTitle, m.dnsNotReady({ pod: name, servers: servers.map(nsName).slice(0, 3).join(', ') }), servers.slice(0, 3).map((s) => fieldEvidence('pod', `pods/${nsName(s)}.status.conditions[type=Ready]`, s.status?.conditions?.find((c) => c?.type === 'Ready')?.status ?? null)), m.dnsNotReadyFix({ server: servers[0]!.metadata?.name ?? '' })), failureClass: 'transient' });
  }
  const set = policySet(snapshot);
  const check = checkDns(set, podPeer(snapshot, pod), servers.map((s) => podPeer(snapshot, s)));
  if (!check.egressIsolated) return out;
  const denied = [check.udp, check.tcp].filter((c) => c.verdict.result === 'denied');
  if (denied.length === 0) return out;
  const by = denied[0]!.verdict.egress?.selectingPolicies ?? [];
  const protocols = denied.map((c) => `${c.protocol} 53`).join(m.and);
  const evidence = set.policies.filter((p) => by.includes(nsName(p))).slice(0, 3).map((p) => fieldEvidence('networkpolicy', `networkpolicies/${nsName(p)}.spec`, { podSelector: p.spec?.podSelector, policyTypes: p.spec?.policyTypes, egress: p.spec?.egress ?? null }));
  out.push(finding('traffic/dns-egress-denied', m.dnsDeniedTitle, m.dnsDenied({ pod: name, protocols, by: by.join(', '), server: denied[0]!.server ?? '' }), evidence, [`${m.dnsDeniedFix}\n${allowDnsPolicy(namespace).split('\n').map((l) => `  ${l}`).join('\n')}`]));
  return out;
}

/** The policy that admits DNS from every Pod of the namespace to the cluster DNS Pods, both protocols. */
function allowDnsPolicy(namespace: string): string {
  return [
    `kubectl apply -f - <<<'`,
    'apiVersion: networking.k8s.io/v1',
    'kind: NetworkPolicy',
    'metadata:',
    '  name: allow-dns',
    `  namespace: ${namespace}`,
    'spec:',
    '  podSelector: {}',
    '  policyTypes: [Egress]',
    '  egress:',
    '  - to:',
    '    - namespaceSelector:',
    '        matchLabels:',
    `          kubernetes.io/metadata.name: ${DNS_NAMESPACE}`,
    '      podSelector:',
    '        matchLabels:',
    `          ${DNS_LABEL[0]}: ${DNS_LABEL[1]}`,
    '    ports:',
    '    - port: 53',
    '      protocol: UDP',
    '    - port: 53',
    '      protocol: TCP',
    `'`,
  ].join('\n');
}
