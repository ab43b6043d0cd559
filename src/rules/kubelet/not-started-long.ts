import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { boundAt, traceSentence } from '../helpers/stuck.js';
import { formatAge } from '../helpers/time.js';
import { ruleMessages } from '../messages/index.js';
import type { Evidence, PodRule } from '../types.js';

const rule: PodRule = {
  id: 'kubelet/not-started-long',
  scope: 'pod',
  stage: 'kubelet',
  severity: 'error',
  failureClass: 'transient',
  fallback: true,
  title: "Bound to a node for a long time, but its kubelet has not started it",
  docs: {
    description:
      "The Pod was bound to a node longer ago than the stuck threshold (10 minutes by default), but it has no status from that node's kubelet: no startTime, no container statuses. The kubelet has not admitted it, and nothing else (a NotReady node, an admission error) explains why. Reported only when no other rule finds a cause.",
    causes: [
      'the kubelet on that node lost its connection to the API server (the node may soon turn NotReady)',
      'the kubelet is stuck or overloaded and has not synced its Pods',
      'spec.nodeName was set by hand to a node whose kubelet does not run Pods (a virtual or cordoned-off machine)',
    ],
    fix: [
      'kubectl get node NODE -o wide; kubectl describe node NODE   (last heartbeat, conditions)',
      'On the node: systemctl status kubelet; journalctl -u kubelet --since "30 min ago"',
    ],
  },
  match({ pod, now, options }) {
    if (!pod.nodeName || pod.deletingSince !== undefined || (pod.phase !== '' && pod.phase !== 'Pending')) return [];
    if (typeof pod.pod.status?.startTime === 'string' || pod.containers.some((c) => c.status)) return [];
    const since = boundAt(pod);
    if (since === undefined || now - since < options.stuckMs) return [];
    const evidence: Evidence[] = [fieldEvidence('pod', 'spec.nodeName', pod.nodeName), fieldEvidence('pod', 'status.startTime', '(not set)')];
    const t = ruleMessages(options.lang);
    return [
      finding(rule, {
        confidence: 'medium',
        message: t.notStartedLong.message({ node: pod.nodeName, age: formatAge(now - since), nodeSeen: pod.node !== undefined, trace: traceSentence(pod, now, evidence, t) }),
        evidence,
        remediation: t.notStartedLong.fix({ node: pod.nodeName }),
      }),
    ];
  },
};

export default rule;
