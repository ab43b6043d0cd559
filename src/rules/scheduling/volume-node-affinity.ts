import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { copyEvidence } from '../helpers/memo.js';
import { describeTaint, matchNodeSelectorTerm, nodeSelectorTermRef, untoleratedTaints, type NodeSelectorTerm } from '../helpers/node-affinity.js';
import { confidenceFor, nodesPhrase, reasonsIn, schedulingFailure, schedulingSeverity, schedulingTail } from '../helpers/scheduler-message.js';
import { ruleMessages } from '../messages/index.js';
import type { TermRef } from '../messages/scheduling.js';
import type { Evidence, PodRule } from '../types.js';

const rule: PodRule = {
  id: 'scheduling/volume-node-affinity',
  scope: 'pod',
  stage: 'scheduling',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'The Pod\'s PersistentVolume is pinned to nodes the Pod cannot use',
  docs: {
    description:
      'A bound PersistentVolume has node affinity (a zonal disk, or a local volume on one node) and none of the nodes it allows can take the Pod (`node(s) didn\'t match PersistentVolume\'s node affinity` since 1.33, `node(s) had volume node affinity conflict` before; `node(s) had no available volume zone` from VolumeZone).',
    causes: [
      'a zonal disk in a zone where no schedulable node is left (the node group of that zone scaled to zero, or the Pod\'s own affinity excludes that zone)',
      'a local PersistentVolume whose node was deleted or replaced',
      'the nodes the volume allows are full, tainted or cordoned',
    ],
    fix: [
      'See where the volume may be used: kubectl get pv PV -o jsonpath="{.spec.nodeAffinity}"',
      'Make a node available there (add one in that zone, uncordon, free capacity)',
      'For a local volume whose node is gone: the data is gone with it; delete the claim and let the workload recreate it',
    ],
    links: ['https://kubernetes.io/docs/concepts/storage/persistent-volumes/#node-affinity'],
  },
  triggers: { unscheduled: true },
  match({ pod, cluster, now, options }) {
    const f = schedulingFailure(pod, now);
    if (!f) return [];
    const mine = reasonsIn(f, ['volume-node-affinity']);
    if (mine.length === 0) return [];
    const count = mine.reduce((m, r) => Math.max(m, r.count), 0);
    const evidence: Evidence[] = copyEvidence(f.evidence);
    const pinned: { pv: string; claim: string; terms: TermRef[]; allowed?: string[] }[] = [];
    const blocked: { node: string; taint: string }[] = [];
    for (const c of pod.claims) {
      const terms = c.pv?.spec?.nodeAffinity?.required?.nodeSelectorTerms;
      if (!c.pv || !Array.isArray(terms) || terms.length === 0) continue;
      const pvName = c.pv.metadata?.name ?? '';
      evidence.push(fieldEvidence('pv', `pv/${pvName}.spec.nodeAffinity.required.nodeSelectorTerms`, terms));
      const allowedNodes = cluster.nodes.filter((n) => (terms as NodeSelectorTerm[]).some((t) => matchNodeSelectorTerm(n, t)));
      const allowed = allowedNodes.map((n) => n.metadata?.name ?? '');
      pinned.push({ pv: pvName, claim: c.claimName, terms: (terms as NodeSelectorTerm[]).map(nodeSelectorTermRef), ...(cluster.nodes.length > 0 ? { allowed } : {}) });
      // Why the nodes the volume allows cannot take the Pod either, where the Nodes say so (a taint the Pod does not tolerate).
      for (const n of allowedNodes) {
        const taint = untoleratedTaints(n, pod.pod)[0];
        if (taint) blocked.push({ node: n.metadata?.name ?? '', taint: describeTaint(taint) });
      }
    }
    const sev = schedulingSeverity(pod, f, now, options, cluster.nodes);
    const t = ruleMessages(options.lang);
    const first = pod.claims.find((c) => c.pv);
    return [
      finding(rule, {
        message: t.volumeNodeAffinity.message({ nodes: nodesPhrase(f, count, t), pinned, blocked, tail: schedulingTail(f, sev, t, mine) }),
        severity: sev.severity,
        failureClass: sev.failureClass,
        confidence: confidenceFor(pod, f, mine, cluster.nodes),
        evidence,
        remediation: t.volumeNodeAffinity.fix({ ...(first?.pv ? { pv: first.pv.metadata?.name ?? '' } : {}), namespace: pod.namespace }),
      }),
    ];
  },
};

export default rule;
