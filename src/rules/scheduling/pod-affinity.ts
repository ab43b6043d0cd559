import type { Pod } from '../../model/k8s.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { copyEvidence } from '../helpers/memo.js';
import { labelSelectorRef, matchLabelSelector, type LabelSelector } from '../helpers/node-affinity.js';
import { clusterPods } from '../helpers/resources.js';
import { confidenceFor, nodesPhrase, reasonsIn, schedulingFailure, schedulingSeverity, schedulingTail, templateOf } from '../helpers/scheduler-message.js';
import { ruleMessages } from '../messages/index.js';
import type { AffinityPart, SelectorRef } from '../messages/scheduling.js';
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

const termRefs = (terms: AffinityTerm[]): { selector: SelectorRef; key: string }[] => terms.map((t) => ({ selector: labelSelectorRef(t.labelSelector), key: t.topologyKey ?? '?' }));

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
    const parts: AffinityPart[] = [];
    const t = ruleMessages(options.lang);
    const pods = clusterPods(cluster, pod.namespace);
    const labels = pod.pod.metadata?.labels ?? {};
    const running = (sel: LabelSelector | undefined, ns: string[]): Pod[] =>
      (pods ?? []).filter((p) => p.metadata?.uid !== pod.uid && p.spec?.nodeName && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed' && ns.includes(p.metadata?.namespace ?? '') && matchLabelSelector(p.metadata?.labels ?? {}, sel));
    for (const r of mine) {
      const nodes = nodesPhrase(f, r.count, t);
      if (r.category === 'pod-affinity') {
        const terms = required(pod.pod, 'podAffinity');
        if (terms.length) evidence.push(fieldEvidence('pod', 'spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution', terms));
        let unmatched: SelectorRef[] = [];
        if (pods && terms.length) unmatched = terms.filter((term) => running(term.labelSelector, term.namespaces?.length ? term.namespaces : [pod.namespace]).length === 0).map((term) => labelSelectorRef(term.labelSelector));
        parts.push({ kind: 'affinity', nodes, terms: termRefs(terms), unmatched });
      } else if (r.category === 'pod-anti-affinity') {
        const terms = required(pod.pod, 'podAntiAffinity');
        if (terms.length) evidence.push(fieldEvidence('pod', 'spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution', terms));
        const replicas = pod.owner.deployment?.spec?.replicas ?? pod.owner.statefulSet?.spec?.replicas ?? pod.owner.replicaSet?.spec?.replicas;
        const perNode = terms.some((term) => term.topologyKey === 'kubernetes.io/hostname');
        const total = f.parsed.totalNodes ?? cluster.nodes.length;
        const surplus = perNode && typeof replicas === 'number' && total > 0 && replicas > total;
        parts.push({ kind: 'anti-affinity', nodes, terms: termRefs(terms), ...(surplus ? { surplus: { replicas: replicas as number, nodes: total } } : {}) });
      } else {
        let blockers: { pod: string; node: string }[] = [];
        if (pods) {
          blockers = pods
            .filter((p) => p.metadata?.uid !== pod.uid && p.spec?.nodeName && required(p, 'podAntiAffinity').some((term) => (term.namespaces?.length ? term.namespaces : [p.metadata?.namespace ?? '']).includes(pod.namespace) && matchLabelSelector(labels, term.labelSelector)))
            .slice(0, 3)
            .map((p) => ({ pod: `${p.metadata?.namespace}/${p.metadata?.name}`, node: `${p.spec?.nodeName}` }));
        }
        parts.push({ kind: 'existing', nodes, blockers });
      }
    }
    const sev = schedulingSeverity(pod, f, now, options, cluster.nodes);
    return [
      finding(rule, {
        message: t.podAffinity.message({ parts, tail: schedulingTail(f, sev, t, mine) }),
        severity: sev.severity,
        failureClass: sev.failureClass,
        confidence: confidenceFor(pod, f, mine, cluster.nodes),
        evidence,
        remediation: t.podAffinity.fix({ pod: pod.name, namespace: pod.namespace, template: templateOf(pod, t) }),
      }),
    ];
  },
};

export default rule;
