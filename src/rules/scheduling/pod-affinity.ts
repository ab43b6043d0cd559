import { enRules } from '../messages/en.js';
import type { Pod } from '../../model/k8s.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { copyEvidence } from '../helpers/memo.js';
import { describeLabelSelector, matchLabelSelector, type LabelSelector } from '../helpers/node-affinity.js';
import { clusterPods } from '../helpers/resources.js';
import { confidenceFor, nodesPhrase, reasonsIn, schedulingFailure, schedulingSeverity, schedulingTail, templateOf } from '../helpers/scheduler-message.js';
import type { Evidence, PodRule } from '../types.js';

interface AffinityTerm {
  labelSelector?: LabelSelector;
  topologyKey?: string;
  namespaces?: string[];
}

const required = (pod: Pod, kind: 'podAffinity' | 'podAntiAffinity'): AffinityTerm[] => {
  const terms = pod.spec?.affinity?.[kind]?.requiredDuringSchedulingIgnoredDuringExecution;
  return Array.isArray(terms) ? terms.filter((t) => t && typeof t === 'object') : [];
};

const describeTerms = (terms: AffinityTerm[]): string => terms.map((t) => `Pods with ${describeLabelSelector(t.labelSelector)} per ${t.topologyKey ?? '?'}`).join('; ');

const rule: PodRule = {
  id: 'scheduling/pod-affinity',
  scope: 'pod',
  stage: 'scheduling',
  severity: 'error',
  failureClass: 'transient',
  title: 'Required Pod affinity or anti-affinity rules exclude every node',
  docs: {
    description:
      'Inter-Pod affinity rules rule out the nodes: the Pod\'s own required affinity (`node(s) didn\'t match pod affinity rules`) or anti-affinity (`node(s) didn\'t match pod anti-affinity rules`), or the anti-affinity of Pods already running (`node(s) didn\'t satisfy existing pods anti-affinity rules`).',
    causes: [
      'more replicas than nodes (or zones) with required anti-affinity on kubernetes.io/hostname (or a zone key)',
      'required affinity to Pods that do not run (yet), or that run in another namespace the term does not select',
      'an existing Pod whose anti-affinity selects this Pod\'s labels',
    ],
    fix: [
      'Read the rules: kubectl get pod POD -o jsonpath="{.spec.affinity}"',
      'Use preferredDuringSchedulingIgnoredDuringExecution instead of required where spreading is a wish, not a must',
      'Add nodes (or zones), or lower the replica count to the number of topology domains',
    ],
    links: ['https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#inter-pod-affinity-and-anti-affinity'],
  },
  triggers: { unscheduled: true },
  match({ pod, cluster, now, options }) {
    const f = schedulingFailure(pod, now);
    if (!f) return [];
    const mine = reasonsIn(f, ['pod-affinity', 'pod-anti-affinity', 'existing-anti-affinity']);
    if (mine.length === 0) return [];
    const evidence: Evidence[] = copyEvidence(f.evidence);
    const parts: string[] = [];
    const pods = clusterPods(cluster);
    const labels = pod.pod.metadata?.labels ?? {};
    const running = (sel: LabelSelector | undefined, ns: string[]): Pod[] =>
      (pods ?? []).filter((p) => p.metadata?.uid !== pod.uid && p.spec?.nodeName && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed' && ns.includes(p.metadata?.namespace ?? '') && matchLabelSelector(p.metadata?.labels ?? {}, sel));
    for (const r of mine) {
      if (r.category === 'pod-affinity') {
        const terms = required(pod.pod, 'podAffinity');
        if (terms.length) evidence.push(fieldEvidence('pod', 'spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution', terms));
        let detail = '';
        if (pods && terms.length) {
          const missing = terms.filter((t) => running(t.labelSelector, t.namespaces?.length ? t.namespaces : [pod.namespace]).length === 0);
          if (missing.length) detail = `; no scheduled Pod matches ${missing.map((t) => describeLabelSelector(t.labelSelector)).join(', ')}`;
        }
        parts.push(`its required affinity (${terms.length ? `be with ${describeTerms(terms)}` : 'pod affinity'}) excludes ${nodesPhrase(f, r.count, enRules)}${detail}`);
      } else if (r.category === 'pod-anti-affinity') {
        const terms = required(pod.pod, 'podAntiAffinity');
        if (terms.length) evidence.push(fieldEvidence('pod', 'spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution', terms));
        let detail = '';
        const replicas = pod.owner.deployment?.spec?.replicas ?? pod.owner.statefulSet?.spec?.replicas ?? pod.owner.replicaSet?.spec?.replicas;
        const perNode = terms.some((t) => t.topologyKey === 'kubernetes.io/hostname');
        const total = f.parsed.totalNodes ?? cluster.nodes.length;
        if (perNode && typeof replicas === 'number' && total > 0 && replicas > total) detail = `; the workload wants ${replicas} replicas but there are only ${total} nodes, one replica each`;
        parts.push(`its required anti-affinity (${terms.length ? `not with ${describeTerms(terms)}` : 'pod anti-affinity'}) excludes ${nodesPhrase(f, r.count, enRules)}${detail}`);
      } else {
        let detail = '';
        if (pods) {
          const blockers = pods.filter(
            (p) => p.metadata?.uid !== pod.uid && p.spec?.nodeName && required(p, 'podAntiAffinity').some((t) => (t.namespaces?.length ? t.namespaces : [p.metadata?.namespace ?? '']).includes(pod.namespace) && matchLabelSelector(labels, t.labelSelector)),
          );
          if (blockers.length) detail = ` (${blockers.slice(0, 3).map((p) => `${p.metadata?.namespace}/${p.metadata?.name} on ${p.spec?.nodeName}`).join(', ')})`;
        }
        parts.push(`Pods already running on ${nodesPhrase(f, r.count, enRules)} have required anti-affinity against this Pod's labels${detail}`);
      }
    }
    const sev = schedulingSeverity(pod, f, now, options, cluster.nodes);
    const tailText = schedulingTail(f, sev, enRules);
    return [
      finding(rule, {
        message: `Pod affinity rules leave no node: ${parts.join('; ')}.${tailText}`,
        severity: sev.severity,
        failureClass: sev.failureClass,
        confidence: confidenceFor(pod, f, mine, cluster.nodes),
        evidence,
        remediation: [
          `Read the Pod's rules: kubectl get pod ${pod.name} -n ${pod.namespace} -o jsonpath='{.spec.affinity}'`,
          `Where spreading is a preference, use preferredDuringSchedulingIgnoredDuringExecution in ${templateOf(pod, enRules)}`,
          'Add nodes or zones, or lower the replica count to the number of topology domains',
          'For existing Pods\' anti-affinity, find the Pods that declare it: kubectl get pods -A -o custom-columns=NS:.metadata.namespace,NAME:.metadata.name,NODE:.spec.nodeName,ANTI:.spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution',
        ],
      }),
    ];
  },
};

export default rule;
