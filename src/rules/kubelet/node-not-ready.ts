import { eventEvidence, latestEvent } from '../helpers/events.js';
import { finding } from '../helpers/finding.js';
import {
  conditionEvidence,
  describeNoExecuteFate,
  describeNotReadyCause,
  describeTaint,
  noExecuteFate,
  NOT_READY_TAINT,
  nodeReadiness,
  nodeTaints,
  UNREACHABLE_TAINT,
  type NotReadyCause,
} from '../helpers/node-health.js';
import { ago, isoTime } from '../helpers/time.js';
import type { Evidence, PodRule } from '../types.js';

const FIX: Record<NotReadyCause, (node: string) => string> = {
  network: () => 'The network (CNI) plugin is not ready: see the cni/cni-not-initialized finding.',
  runtime: (n) => `On ${n}, check the container runtime: systemctl status containerd (or crio); journalctl -u containerd -u kubelet --since "30 min ago"`,
  pleg: (n) => `On ${n}, check that the runtime answers quickly (time crictl ps -a); a hung runtime or thousands of dead containers stall the PLEG; restarting containerd usually recovers it.`,
  capacity: (n) => `On ${n}, read the kubelet log (journalctl -u kubelet) for the resource it cannot report (cAdvisor or a device plugin that has not registered).`,
  shutdown: (n) => `${n} is shutting down; its Pods are terminated and recreated elsewhere by their controllers.`,
  other: (n) => `Read the kubelet log on ${n}: journalctl -u kubelet --since "30 min ago"`,
};

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
    const fate = noExecute ? describeNoExecuteFate(noExecuteFate(pod.pod, noExecute), now, pod.owner.ref !== undefined) : '';

    let message: string;
    const remediation: string[] = [`kubectl describe node ${name}`];
    if (readiness.state === 'unknown') {
      const beat = readiness.heartbeat !== undefined ? ` at ${isoTime(readiness.heartbeat).replace(/\.000Z$/, 'Z')} (last heartbeat ${ago(now, readiness.heartbeat)})` : '';
      const never = condition.reason === 'NodeStatusNeverUpdated';
      message = never
        ? `Node "${name}" has never posted its status (Ready=Unknown, NodeStatusNeverUpdated): its kubelet never came up, so the Pod cannot start there.`
        : `Node "${name}" is unreachable (Ready=Unknown): its kubelet stopped posting node status${beat}, so the Pod's status is as last seen and nothing is known about its containers there now.`;
      remediation.push(
        `Check the machine behind ${name} (powered off, partitioned, out of memory) and, on it: systemctl status kubelet; journalctl -u kubelet --since "30 min ago"`,
        `If ${name} is gone for good: kubectl delete node ${name} (its Pods are then garbage-collected and their controllers recreate them elsewhere).`,
      );
    } else {
      const causes = readiness.causes;
      if (causes.length === 1 && causes[0] === 'network') {
        // The kubelet is alive; only Pod networking is blocked, which the cni stage explains in detail.
        return [
          finding(rule, {
            severity: 'info',
            message: `Node "${name}" is NotReady only because its network (CNI) plugin is not ready; see cni/cni-not-initialized.`,
            evidence,
            remediation: [FIX.network(name), `kubectl describe node ${name}`],
          }),
        ];
      }
      const words = causes.filter((c) => c !== 'network' || causes.length === 1).map(describeNotReadyCause).join('; and ');
      message = `Node "${name}" is NotReady (${condition.reason || 'KubeletNotReady'}): ${words}.`;
      for (const cause of causes) remediation.push(FIX[cause](name));
    }
    if (podReady) {
      const seen = readiness.heartbeat !== undefined ? ` at ${isoTime(readiness.heartbeat).replace(/\.000Z$/, 'Z')}` : '';
      message += ` The Pod's status is as last seen${seen}: it reported Ready then, but that status is no longer being refreshed, so its real state is unknown.`;
    }
    if (fate) message += ` ${fate}`;
    remediation.push(`Watch the node recover: kubectl get node ${name} -w`);
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
