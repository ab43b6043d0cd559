import { finding } from '../helpers/finding.js';
import { copyEvidence } from '../helpers/memo.js';
import { conditionEvidence, nodeName, nodeReadiness } from '../helpers/node-health.js';
import { schedulingFailure, schedulingSeverity, schedulingTail } from '../helpers/scheduler-message.js';
import { ruleMessages } from '../messages/index.js';
import type { PodRule } from '../types.js';

const rule: PodRule = {
  id: 'scheduling/no-nodes',
  scope: 'pod',
  stage: 'scheduling',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'The cluster has no nodes',
  docs: {
    description: 'The scheduler has no node at all to consider (`no nodes available to schedule pods`, or `0/0 nodes are available`).',
    causes: ['a new cluster whose nodes have not joined yet', 'every node was deleted (scale-to-zero node groups, failed node pools)', 'the kubelets cannot register with the API server (certificates, bootstrap tokens, network)'],
    fix: ['kubectl get nodes', 'Start or add nodes; check the kubelet logs on a machine that should have joined (journalctl -u kubelet)'],
    links: ['https://kubernetes.io/docs/concepts/architecture/nodes/'],
  },
  triggers: { unscheduled: true },
  match({ pod, cluster, now, options }) {
    const f = schedulingFailure(pod, now);
    if (!f || !f.parsed.noNodes) return [];
    const sev = schedulingSeverity(pod, f, now, options, cluster.nodes);
    const t = ruleMessages(options.lang);
    const tail = schedulingTail(f, sev, t);
    // Nodes that exist but are not Ready are why none was available: name their own condition (CNI not ready, kubelet stopped).
    const notReady = cluster.nodes.filter((n) => nodeReadiness(n).state !== 'ready');
    const evidence = copyEvidence(f.evidence);
    let all: { count: number; first: string; why: string[] | 'unknown' } | undefined;
    if (cluster.nodes.length > 0 && notReady.length === cluster.nodes.length) {
      const first = notReady[0]!;
      const r = nodeReadiness(first);
      all = { count: notReady.length, first: nodeName(first), why: r.state === 'unknown' ? 'unknown' : r.causes.map((cause) => t.notReadyCause({ cause })) };
      for (const n of notReady.slice(0, 3)) {
        const c = nodeReadiness(n).condition;
        if (c) evidence.push(conditionEvidence(n, c, now));
      }
    }
    return [
      finding(rule, {
        message: t.noNodes.message({ tail, nodes: cluster.nodes.length, ...(all ? { notReady: all } : {}) }),
        severity: sev.severity,
        failureClass: sev.failureClass,
        confidence: f.fromCondition ? 'high' : 'medium',
        evidence,
        remediation: t.noNodes.fix(),
      }),
    ];
  },
};

export default rule;
