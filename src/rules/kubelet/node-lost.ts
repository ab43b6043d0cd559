import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { conditionEvidence, nodeReadiness } from '../helpers/node-health.js';
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
  match({ pod, now }) {
    if (pod.reason !== 'NodeLost') return [];
    const evidence: Evidence[] = [fieldEvidence('pod', 'status.reason', pod.reason)];
    if (pod.message) evidence.push(fieldEvidence('pod', 'status.message', pod.message));
    const readiness = nodeReadiness(pod.node);
    if (pod.node && readiness.condition) evidence.push(conditionEvidence(pod.node, readiness.condition, now));
    const node = pod.nodeName || /^Node (\S+) which was running/.exec(pod.message)?.[1] || 'its node';
    const still = readiness.state === 'ready' ? ` Node "${node}" reports Ready again; the Pod object is left over and can be deleted.` : '';
    return [
      finding(rule, {
        message: `The node controller marked the Pod NodeLost: node "${node}" stopped responding while the Pod ran there.${still}`,
        evidence,
        remediation: [
          `kubectl describe node ${node}`,
          `Once the node is confirmed down (or back): kubectl delete pod ${pod.name} -n ${pod.namespace}${readiness.state === 'ready' ? '' : ' --grace-period=0 --force   (only if the machine is really down: the containers may otherwise still be running there)'}`,
        ],
      }),
    ];
  },
};

export default rule;
