import { formatQuantity } from '../../model/quantity.js';
import { eventEvidence, latestEvent } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { replacementNote } from '../helpers/node-health.js';
import type { Evidence, PodRule } from '../types.js';

// Reasons other kubelet rules own: they are Failed Pods too, but not admission rejections.
const NOT_ADMISSION = new Set(['Evicted', 'Preempting', 'Terminated', 'Shutdown', 'DeadlineExceeded', 'NodeLost']);

// Reasons rejectPod sets (k8s-messages.md §2.7); OutOf<resource> is matched by prefix.
const KNOWN = new Set([
  'NodeAffinity', 'TaintToleration', 'NodePorts', 'NodeName', 'NodeResourcesFit', 'UnexpectedAdmissionError', 'TopologyAffinityError',
  'SMTAlignmentError', 'NodeShutdown', 'VolumeAttachmentLimitExceeded', 'PodOSSelectorNodeLabelDoesNotMatch', 'PodOSNotSupported',
  'InvalidNodeInfo', 'SupplementalGroupsPolicyNotSupported', 'InitContainerRestartPolicyForbidden', 'UnknownReason',
  'UnexpectedPredicateFailureType', 'AppArmor', 'PodLevelResourcesNotSupported', 'PodFeatureUnsupported',
]);

const REJECTED = /^Pod was rejected: /;
const NOT_ENOUGH = /Node didn't have enough resource: (\S+), requested: (\d+), used: (\d+), capacity: (\d+)/;

/** The kubelet reports cpu in millicores and memory / storage in bytes; everything else is a count. */
function amount(resource: string, n: number): string {
  if (resource === 'cpu') return `${n}m`;
  if (resource === 'memory' || resource === 'ephemeral-storage' || resource.startsWith('hugepages-')) return formatQuantity(resource, n);
  return String(n);
}

interface Explanation {
  what: string;
  why: string;
  fix: string[];
}

function explain(reason: string, detail: string, pod: { name: string; namespace: string; nodeName: string }): Explanation {
  const node = pod.nodeName ? `node "${pod.nodeName}"` : 'the node';
  const ns = pod.namespace;
  const m = NOT_ENOUGH.exec(detail);
  if (m) {
    const [, res, req, used, cap] = m as unknown as [string, string, string, string, string];
    const left = Math.max(0, Number(cap) - Number(used));
    const extended = res.includes('/');
    return {
      what: `not enough ${res} on ${node}: the Pod requests ${amount(res, Number(req))}, ${amount(res, Number(used))} of ${amount(res, Number(cap))} allocatable is already in use (${amount(res, left)} free)`,
      why: extended
        ? `the scheduler saw ${res} free but the kubelet's device plugin could not provide it (typically the device plugin had not re-registered after a kubelet restart)`
        : 'the scheduler and the kubelet disagreed: usually the Pod was bound with spec.nodeName (bypassing the scheduler), or static / just-restarted Pods took the room',
      fix: [
        `kubectl describe node ${pod.nodeName || 'NODE'}   (Allocatable and "Allocated resources")`,
        extended ? `Check the device plugin Pod on ${node} (kubectl get pods -A -o wide --field-selector spec.nodeName=${pod.nodeName || 'NODE'})` : `Lower the Pod's ${res} request, or let the scheduler place it (remove spec.nodeName; use a nodeSelector instead).`,
      ],
    };
  }
  switch (reason) {
    case 'NodeAffinity':
      return {
        what: `${node} does not match the Pod's nodeSelector / node affinity`,
        why: 'the node\'s labels changed after scheduling, or spec.nodeName was set directly to a node the selector excludes',
        fix: [`kubectl get node ${pod.nodeName || 'NODE'} --show-labels`, `kubectl get pod ${pod.name} -n ${ns} -o jsonpath='{.spec.nodeSelector}{"\\n"}{.spec.affinity.nodeAffinity}'`],
      };
    case 'TaintToleration':
      return {
        what: `${node} has a NoExecute taint the Pod does not tolerate`,
        why: 'the taint was added after scheduling, or spec.nodeName bypassed the scheduler\'s taint check',
        fix: [`kubectl get node ${pod.nodeName || 'NODE'} -o jsonpath='{.spec.taints}'`, 'Add a matching toleration, or let the scheduler choose the node.'],
      };
    case 'NodePorts':
      return { what: `a hostPort the Pod asks for is already taken on ${node}`, why: 'another Pod on the node uses the same hostPort (often the previous replica of the same DaemonSet or Deployment)', fix: ['Drop the hostPort (use a Service), or pick a free port.'] };
    case 'UnexpectedAdmissionError':
      return {
        what: `the kubelet on ${node} could not allocate a device or resource for the Pod`,
        why: 'a device plugin (GPU, SR-IOV, …) had fewer devices than the scheduler thought, typically right after a kubelet or device-plugin restart',
        fix: [`Check the device plugin Pod and allocatable devices on ${node}: kubectl describe node ${pod.nodeName || 'NODE'}`],
      };
    case 'TopologyAffinityError':
      return { what: `the Topology Manager on ${node} cannot place the Pod's CPUs/devices on one NUMA node`, why: 'the kubelet runs a restricted / single-numa-node topology policy and the request does not fit one NUMA node', fix: ['Reduce the requests so they fit one NUMA node, or schedule onto nodes with room (the scheduler does not know NUMA layout).'] };
    case 'SMTAlignmentError':
      return { what: `the CPU Manager on ${node} requires whole physical cores`, why: 'the static CPU policy with full-pcpus-only rejects requests that are not a multiple of the SMT siblings', fix: ['Request CPUs in multiples of the hyper-thread count (e.g. 2, 4).'] };
    case 'NodeShutdown':
      return { what: `${node} was shutting down when the Pod arrived`, why: 'graceful node shutdown was in progress', fix: ['Nothing to fix in the Pod: its controller places a replacement on another node.'] };
    case 'VolumeAttachmentLimitExceeded':
      return { what: `${node} has reached its volume attachment limit`, why: 'the CSI driver reports a maximum number of attached volumes per node', fix: [`kubectl get csinode ${pod.nodeName || 'NODE'} -o yaml   (allocatable.count)`, 'Spread volume-heavy Pods over more nodes.'] };
    case 'PodOSSelectorNodeLabelDoesNotMatch':
    case 'PodOSNotSupported':
      return { what: `the Pod's OS (spec.os / kubernetes.io/os selector) does not match ${node}`, why: 'a Windows Pod on a Linux node or the other way round, usually via spec.nodeName', fix: ['Select nodes with the right kubernetes.io/os label.'] };
    case 'InitContainerRestartPolicyForbidden':
      return { what: `the kubelet on ${node} does not support native sidecars (init containers with restartPolicy: Always)`, why: 'the kubelet is older than the API server (or the SidecarContainers gate is off)', fix: ['Upgrade the node, or move the sidecar to a regular container.'] };
    case 'AppArmor':
      return { what: `the AppArmor profile the Pod asks for cannot be enforced on ${node}`, why: 'AppArmor is disabled on the node or the named profile is not loaded', fix: ['Load the profile on every node (or use RuntimeDefault).'] };
    case 'SupplementalGroupsPolicyNotSupported':
    case 'PodLevelResourcesNotSupported':
    case 'PodFeatureUnsupported':
      return { what: `${node} lacks a feature the Pod requires`, why: 'the node\'s kubelet or runtime is older than the feature the Pod spec uses', fix: ['Schedule onto nodes that support it, or drop the field from the Pod spec.'] };
    default:
      return { what: `the kubelet on ${node} refused the Pod (${reason || 'rejected'})`, why: 'a node-level admission check failed', fix: [`kubectl describe pod ${pod.name} -n ${ns}`] };
  }
}

const rule: PodRule = {
  id: 'kubelet/admission-rejected',
  scope: 'pod',
  stage: 'kubelet',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'The kubelet rejected the Pod at admission',
  docs: {
    description:
      'The scheduler bound the Pod to a node, but that node\'s kubelet refused to admit it and set it to phase Failed with status.reason OutOf<resource>, NodeAffinity, TaintToleration, UnexpectedAdmissionError, TopologyAffinityError, NodeShutdown … and status.message "Pod was rejected: …". A rejected Pod never restarts; a controller creates a replacement.',
    causes: [
      'OutOfcpu / OutOfmemory / OutOfpods: the kubelet\'s view of free resources differs from the scheduler\'s (Pod bound with spec.nodeName, static Pods, races after a kubelet restart)',
      'OutOf<extended resource> or UnexpectedAdmissionError: a device plugin (GPU …) had not registered its devices yet',
      'NodeAffinity / TaintToleration: node labels or taints changed after scheduling, or spec.nodeName bypassed the scheduler',
      'TopologyAffinityError / SMTAlignmentError: Topology Manager or CPU Manager policy cannot satisfy the request',
      'NodeShutdown: the node was shutting down',
    ],
    fix: [
      'Read status.message: kubectl get pod POD -n NS -o jsonpath="{.status.reason}: {.status.message}"',
      'Do not bind Pods with spec.nodeName; let the scheduler pick (nodeSelector / affinity)',
      'Delete the rejected Pod once the cause is fixed: kubectl delete pod POD -n NS (a controller recreates it)',
    ],
    links: ['https://kubernetes.io/docs/concepts/scheduling-eviction/node-pressure-eviction/'],
  },
  triggers: { phase: ['Failed'] },
  match({ pod, now }) {
    if (pod.phase !== 'Failed' || NOT_ADMISSION.has(pod.reason)) return [];
    const rejected = REJECTED.test(pod.message) || KNOWN.has(pod.reason) || /^OutOf./.test(pod.reason);
    if (!rejected || !pod.reason) return [];
    const detail = pod.message.replace(REJECTED, '');
    const ex = explain(pod.reason, detail, pod);
    const evidence: Evidence[] = [fieldEvidence('pod', 'status.reason', pod.reason)];
    if (pod.message) evidence.push(fieldEvidence('pod', 'status.message', pod.message));
    const event = latestEvent(pod.events, pod.reason);
    if (event) evidence.push(eventEvidence(event, now));
    const sanity = NOT_ENOUGH.exec(detail);
    if (sanity) {
      const res = sanity[1]!;
      const req = pod.containers.filter((c) => c.kind !== 'ephemeral').map((c) => c.spec.resources?.requests?.[res]).filter((v) => v !== undefined);
      if (req.length > 0) evidence.push({ source: 'pod', path: `spec.containers[*].resources.requests.${res}`, text: `requests.${res}: ${req.map((v) => String(v)).join(', ')}` });
    }
    return [
      finding(rule, {
        message: `The kubelet rejected the Pod (${pod.reason}): ${ex.what}. ${replacementNote(pod)}`,
        evidence,
        remediation: [...ex.fix, `Likely cause: ${ex.why}.`, `Delete the rejected Pod when done: kubectl delete pod ${pod.name} -n ${pod.namespace}`],
      }),
    ];
  },
};

export default rule;
