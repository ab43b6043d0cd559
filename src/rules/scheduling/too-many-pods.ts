import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { copyEvidence } from '../helpers/memo.js';
import { clusterPods, nodeResources } from '../helpers/resources.js';
import { confidenceFor, nodesPhrase, reasonsIn, schedulingFailure, schedulingSeverity, schedulingTail } from '../helpers/scheduler-message.js';
import { ruleMessages } from '../messages/index.js';
import type { Evidence, PodRule } from '../types.js';

const rule: PodRule = {
  id: 'scheduling/too-many-pods',
  scope: 'pod',
  stage: 'scheduling',
  severity: 'error',
  failureClass: 'transient',
  title: 'Nodes reached their maximum number of Pods',
  docs: {
    description: 'The nodes already run as many Pods as their `pods` allocatable allows (the kubelet\'s maxPods, 110 by default; often lower on managed clusters whose CNI hands out a fixed number of IPs per node).',
    causes: ['many small Pods on each node (Pods that have finished do not count)', 'a low maxPods on the nodes (cloud CNIs limit Pods per node by ENI/IP count)', 'too few nodes for the workload'],
    fix: [
      'Check the limit and the current count: kubectl get nodes -o custom-columns=NAME:.metadata.name,MAXPODS:.status.allocatable.pods',
      'Add nodes (or let the autoscaler add them), or raise maxPods in the kubelet configuration where the CNI allows it',
      'Remove workloads that are no longer needed',
    ],
    links: ['https://kubernetes.io/docs/reference/config-api/kubelet-config.v1beta1/'],
  },
  triggers: { unscheduled: true },
  match({ pod, cluster, now, options }) {
    const f = schedulingFailure(pod, now);
    if (!f) return [];
    const mine = reasonsIn(f, ['too-many-pods']);
    if (mine.length === 0) return [];
    const count = mine[0]!.count;
    const pods = clusterPods(cluster, pod.namespace);
    const nodes = nodeResources(cluster.nodes, pods, pod.uid);
    const evidence: Evidence[] = copyEvidence(f.evidence);
    const limits = nodes
      .filter((n) => n.allocatable.pods !== undefined)
      .map((n) => ({ node: n.name, allows: String(n.allocatable.pods), ...(pods ? { runs: n.podCount } : {}) }));
    for (const n of cluster.nodes.slice(0, 5)) if (n.status?.allocatable?.pods) evidence.push(fieldEvidence('node', `node/${n.metadata?.name}.status.allocatable.pods`, n.status.allocatable.pods));
    const sev = schedulingSeverity(pod, f, now, options, cluster.nodes);
    const t = ruleMessages(options.lang);
    return [
      finding(rule, {
        message: t.tooManyPods.message({ nodes: nodesPhrase(f, count, t), limits: limits.slice(0, 4), tail: schedulingTail(f, sev, t, mine) }),
        severity: sev.severity,
        failureClass: sev.failureClass,
        confidence: confidenceFor(pod, f, mine, cluster.nodes),
        evidence,
        remediation: t.tooManyPods.fix(),
      }),
    ];
  },
};

export default rule;
