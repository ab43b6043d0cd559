import { ruleMessages } from '../messages/index.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { asList } from '../helpers/probes.js';
import type { Node } from '../../model/k8s.js';
import type { WorkloadRule } from '../types.js';

/** A node that could take a replica: Ready, not cordoned, no NoSchedule/NoExecute taint. */
function schedulable(n: Node): boolean {
  if (n.spec?.unschedulable) return false;
  if (asList<{ effect?: string }>(n.spec?.taints).some((t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute')) return false;
  return asList<{ type?: string; status?: string }>(n.status?.conditions).some((c) => c.type === 'Ready' && c.status === 'True');
}

const rule: WorkloadRule = {
  id: 'readiness/single-node-replicas',
  scope: 'workload',
  stage: 'readiness',
  severity: 'warning',
  failureClass: 'deterministic',
  title: 'All replicas run on one node',
  docs: {
    description:
      'Every Ready replica of a multi-replica Deployment or StatefulSet runs on the same node, so one node failure, drain or upgrade takes the whole workload down at once. Context only when the cluster has a single schedulable node.',
    causes: ['no topologySpreadConstraints or podAntiAffinity', 'other nodes are cordoned, tainted or too full', 'a nodeSelector that matches one node'],
    fix: [
      'Add a spread constraint to the Pod template: topologySpreadConstraints: [{maxSkew: 1, topologyKey: kubernetes.io/hostname, whenUnsatisfiable: ScheduleAnyway, labelSelector: {matchLabels: {...}}}]',
      'Then restart the rollout so the scheduler spreads them: kubectl rollout restart deploy/NAME',
    ],
    links: ['https://kubernetes.io/docs/concepts/scheduling-eviction/topology-spread-constraints/'],
  },
  match({ workload, cluster, options }) {
    if (workload.kind !== 'Deployment' && workload.kind !== 'StatefulSet') return [];
    const replicas = typeof workload.object.spec?.replicas === 'number' ? workload.object.spec.replicas : 1;
    if (replicas < 2) return [];
    const ready = workload.pods.filter((p) => p.conditions.Ready?.status === 'True' && p.deletingSince === undefined && p.nodeName);
    if (ready.length < 2) return [];
    const nodes = new Set(ready.map((p) => p.nodeName));
    if (nodes.size !== 1) return [];
    // On a one-node cluster (or with no Nodes visible) "all on one node" is no news and no risk to act on.
    if (cluster.nodes.length <= 1) return [];
    const node = ready[0]!.nodeName;
    const others = cluster.nodes.filter((n) => n.metadata?.name !== node && schedulable(n)).length;
    const short = workload.kind === 'Deployment' ? 'deploy' : 'sts';
    const t = ruleMessages(options.lang).singleNodeReplicas;
    return [
      finding(rule, {
        severity: others > 0 ? 'warning' : 'info',
        message: t.message({ ready: ready.length, kind: workload.kind, name: workload.name, node, others: others > 0 }),
        evidence: [fieldEvidence('workload', 'spec.replicas', replicas), ...ready.map((p) => fieldEvidence('pod', `pods/${p.name}.spec.nodeName`, p.nodeName))],
        remediation: t.fix({ namespace: workload.namespace, short, name: workload.name }),
      }),
    ];
  },
};

export default rule;
