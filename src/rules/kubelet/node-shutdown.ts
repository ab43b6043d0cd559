import { eventEvidence, latestEvent } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { ruleMessages } from '../messages/index.js';
import type { Evidence, PodRule } from '../types.js';

const SHUTDOWN_MESSAGE = /imminent node shutdown/;

const rule: PodRule = {
  id: 'kubelet/node-shutdown',
  scope: 'pod',
  stage: 'kubelet',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'The Pod was terminated because its node shut down',
  docs: {
    description:
      'Graceful node shutdown: the kubelet saw the machine shutting down, terminated the Pod and marked it Failed with status.reason Terminated ("Pod was terminated in response to imminent node shutdown."). The Pod is never restarted; it is reported as an error because this Pod is finished for good, while its controller (if any) runs a replacement elsewhere. Pods rejected at admission during a shutdown (reason NodeShutdown) are kubelet/admission-rejected\'s.',
    causes: ['the node was shut down or rebooted (maintenance, spot/preemptible instance reclaimed, autoscaler scale-down)'],
    fix: [
      'Nothing to fix in the Pod itself: check that its replacement is running (kubectl get pods -n NS -l <selector>)',
      'For workloads that must survive node loss, run several replicas spread over nodes and add a PodDisruptionBudget',
      'Delete the leftover Pod: kubectl delete pod POD -n NS',
    ],
    links: ['https://kubernetes.io/docs/concepts/cluster-administration/node-shutdown/'],
  },
  triggers: { reason: ['Terminated', 'Shutdown'] },
  match({ pod, now, options }) {
    // A Pod that had already Succeeded keeps its phase; only Failed ones were cut short.
    if (pod.phase === 'Succeeded') return [];
    if (!((pod.reason === 'Terminated' || pod.reason === 'Shutdown') && (pod.phase === 'Failed' || SHUTDOWN_MESSAGE.test(pod.message)))) return [];
    const evidence: Evidence[] = [fieldEvidence('pod', 'status.reason', pod.reason)];
    if (pod.message) evidence.push(fieldEvidence('pod', 'status.message', pod.message));
    const target = pod.conditions.DisruptionTarget;
    if (target?.status === 'True') evidence.push(fieldEvidence('pod', 'status.conditions[type=DisruptionTarget]', `${target.reason ?? ''}: ${target.message ?? ''}`));
    const nodeEvent = latestEvent(pod.nodeEvents, 'Shutdown');
    if (nodeEvent) evidence.push(eventEvidence(nodeEvent, now));
    const t = ruleMessages(options.lang);
    const owner = pod.owner.ref ? { owner: pod.owner.ref } : {};
    return [
      finding(rule, {
        message: t.nodeShutdown.message({ node: pod.nodeName, replacement: t.replacement(owner) }),
        evidence,
        remediation: t.nodeShutdown.fix({ pod: pod.name, namespace: pod.namespace, ...owner }),
      }),
    ];
  },
};

export default rule;
