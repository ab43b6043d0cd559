import { eventEvidence, latestEvent } from '../helpers/events.js';
import { finding } from '../helpers/finding.js';
import {
  conditionEvidence,
  describeTaint,
  noExecuteFate,
  noExecuteFateRef,
  NOT_READY_TAINT,
  nodeReadiness,
  nodeTaints,
  UNREACHABLE_TAINT,
} from '../helpers/node-health.js';
import { formatAge, isoTime } from '../helpers/time.js';
import { ruleMessages } from '../messages/index.js';
import type { Evidence, PodRule } from '../types.js';

const rule: PodRule = {
  id: 'kubelet/node-not-ready',
  scope: 'pod',
  stage: 'kubelet',
  severity: 'error',
  failureClass: 'transient',
  title: "The Pod's node is NotReady or unreachable",
  docs: {
    description:
      "The node the Pod is bound to reports Ready=False (its kubelet says it cannot run Pods) or Ready=Unknown (its kubelet stopped posting status, so the control plane no longer knows what runs there). The Pod cannot start or be kept running until the node recovers or the Pod is evicted.",
    causes: [
      'Ready=Unknown (NodeStatusUnknown "Kubelet stopped posting node status."): the machine is down, partitioned from the API server, or the kubelet process stopped',
      'Ready=False because the container runtime is down or not answering (container runtime not ready / is down)',
      'Ready=False because the PLEG is not healthy: the runtime is hung or overloaded',
      'Ready=False because the network plugin is not ready (then the cni stage holds the Pod: see cni/cni-not-initialized)',
      'Ready=False because node capacity is missing (a device plugin or cAdvisor has not reported)',
    ],
    fix: [
      'kubectl describe node NODE   (Conditions, Taints, Events)',
      'On the node: systemctl status kubelet containerd; journalctl -u kubelet -u containerd --since "30 min ago"',
      'If the node is gone for good: kubectl delete node NODE (the Pods on it are garbage-collected and their controllers recreate them elsewhere)',
      'The node controller adds node.kubernetes.io/not-ready or node.kubernetes.io/unreachable NoExecute taints; Pods are deleted after their tolerationSeconds (300s by default)',
    ],
    links: ['https://kubernetes.io/docs/concepts/architecture/nodes/#condition', 'https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/#taint-based-evictions'],
  },
  match({ pod, now, options }) {
    const node = pod.node;
    // Deleted Pods are kubelet/stuck-terminating's; finished Pods no longer depend on the node.
    if (!node || pod.deletingSince !== undefined || pod.phase === 'Succeeded' || pod.phase === 'Failed') return [];
    const readiness = nodeReadiness(node);
    if (readiness.state === 'ready' || !readiness.condition) return [];
    const condition = readiness.condition;
    const name = pod.nodeName;
    const podReady = pod.conditions.Ready?.status === 'True';
    const evidence: Evidence[] = [conditionEvidence(node, condition, now)];
    const podEvent = latestEvent(pod.events, 'NodeNotReady');
    if (podEvent) evidence.push(eventEvidence(podEvent, now));

    const taintKey = readiness.state === 'unknown' ? UNREACHABLE_TAINT : NOT_READY_TAINT;
    const taints = nodeTaints(node).filter((t) => t.key === NOT_READY_TAINT || t.key === UNREACHABLE_TAINT);
    if (taints.length > 0) evidence.push({ source: 'node', path: 'spec.taints', text: `node/${name} taints: ${taints.map(describeTaint).join(', ')}` });
    const noExecute = taints.find((t) => t.key === taintKey && t.effect === 'NoExecute') ?? taints.find((t) => t.effect === 'NoExecute');
    const t = ruleMessages(options.lang);
    const m = t.nodeNotReady;
    const fate = noExecute ? t.noExecuteFate(noExecuteFateRef(noExecuteFate(pod.pod, noExecute), now, pod.owner.ref !== undefined)) : '';

    let message: string;
    const remediation: string[] = [m.describeNode({ node: name })];
    if (readiness.state === 'unknown') {
      const beat = readiness.heartbeat !== undefined ? { at: isoTime(readiness.heartbeat).replace(/\.000Z$/, 'Z'), ago: formatAge(now - readiness.heartbeat) } : {};
      const never = condition.reason === 'NodeStatusNeverUpdated';
      message = never ? m.neverUpdated({ node: name }) : m.unreachable({ node: name, ...beat });
      remediation.push(...m.unreachableFix({ node: name }));
    } else {
      const causes = readiness.causes;
      if (causes.length === 1 && causes[0] === 'network') {
        // The kubelet is alive; only Pod networking is blocked, which the cni stage explains in detail.
        return [
          finding(rule, {
            severity: 'info',
            message: m.networkOnly({ node: name }),
            evidence,
            remediation: [m.causeFix({ node: name, cause: 'network' }), m.describeNode({ node: name })],
          }),
        ];
      }
      const words = causes.filter((c) => c !== 'network' || causes.length === 1).map((cause) => t.notReadyCause({ cause }));
      message = m.notReady({ node: name, reason: condition.reason || 'KubeletNotReady', causes: words });
      for (const cause of causes) remediation.push(m.causeFix({ node: name, cause }));
    }
    if (podReady) {
      message += m.staleReady(readiness.heartbeat !== undefined ? { at: isoTime(readiness.heartbeat).replace(/\.000Z$/, 'Z') } : {});
    }
    message += fate;
    remediation.push(m.watch({ node: name }));
    const since = readiness.since;
    const fresh = since !== undefined && now - since <= options.graceMs;
    return [
      finding(rule, {
        // A Pod that still says Ready says so from a stale status: not healthy, failing once past grace.
        severity: fresh ? 'warning' : 'error',
        message,
        evidence,
        remediation,
      }),
    ];
  },
};

export default rule;
