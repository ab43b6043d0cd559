import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { conditionEvidence, nodeReadiness } from '../helpers/node-health.js';
import { ruleMessages } from '../messages/index.js';
import type { Evidence, PodRule } from '../types.js';

const rule: PodRule = {
  id: 'kubelet/node-lost',
  scope: 'pod',
  stage: 'kubelet',
  severity: 'error',
  failureClass: 'transient',
  title: "The Pod's node became unresponsive (NodeLost)",
  docs: {
    description:
      'status.reason is NodeLost: the node controller gave up on the node the Pod ran on ("Node <node> which was running pod <pod> is unresponsive"). This is the legacy (pre taint-based eviction) marker; Kubernetes 1.31–1.36 no longer set it, so it comes from old clusters or old dumps. kubectl shows such a Pod as Unknown.',
    causes: ['the node lost contact with the control plane (machine down, network partition, kubelet stopped)'],
    fix: [
      'kubectl describe node NODE; bring the node back, or delete it if it is gone for good (kubectl delete node NODE)',
      'A controller-managed Pod is replaced once the old one is deleted; a stuck one can be force-deleted when the node is confirmed down: kubectl delete pod POD -n NS --grace-period=0 --force',
    ],
  },
  triggers: { reason: ['NodeLost'] },
  match({ pod, now, options }) {
    if (pod.reason !== 'NodeLost') return [];
    const evidence: Evidence[] = [fieldEvidence('pod', 'status.reason', pod.reason)];
    if (pod.message) evidence.push(fieldEvidence('pod', 'status.message', pod.message));
    const readiness = nodeReadiness(pod.node);
    if (pod.node && readiness.condition) evidence.push(conditionEvidence(pod.node, readiness.condition, now));
    const named = pod.nodeName || /^Node (\S+) which was running/.exec(pod.message)?.[1];
    const node = named ? { node: named } : {};
    const ready = readiness.state === 'ready';
    const t = ruleMessages(options.lang).nodeLost;
    return [
      finding(rule, {
        message: t.message({ ...node, ready }),
        evidence,
        remediation: t.fix({ ...node, pod: pod.name, namespace: pod.namespace, ready }),
      }),
    ];
  },
};

export default rule;
