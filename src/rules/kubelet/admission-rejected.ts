import { formatQuantity } from '../../model/quantity.js';
import { eventEvidence, latestEvent } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { ruleMessages } from '../messages/index.js';
import type { AdmissionRejection } from '../messages/kubelet.js';
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

/** What rejection the kubelet's reason and message describe, for the catalogue. */
function rejectionOf(reason: string, detail: string): AdmissionRejection {
  const m = NOT_ENOUGH.exec(detail);
  if (m) {
    const [, res, req, used, cap] = m as unknown as [string, string, string, string, string];
    const left = Math.max(0, Number(cap) - Number(used));
    return { kind: 'not-enough', resource: res, requested: amount(res, Number(req)), used: amount(res, Number(used)), allocatable: amount(res, Number(cap)), free: amount(res, left), extended: res.includes('/') };
  }
  switch (reason) {
    case 'NodeAffinity':
    case 'TaintToleration':
    case 'NodePorts':
    case 'UnexpectedAdmissionError':
    case 'TopologyAffinityError':
    case 'SMTAlignmentError':
    case 'NodeShutdown':
    case 'VolumeAttachmentLimitExceeded':
    case 'InitContainerRestartPolicyForbidden':
    case 'AppArmor':
      return { kind: reason };
    case 'PodOSSelectorNodeLabelDoesNotMatch':
    case 'PodOSNotSupported':
      return { kind: 'os' };
    case 'SupplementalGroupsPolicyNotSupported':
    case 'PodLevelResourcesNotSupported':
    case 'PodFeatureUnsupported':
      return { kind: 'feature' };
    default:
      return { kind: 'other', reason };
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
  match({ pod, now, options }) {
    if (pod.phase !== 'Failed' || NOT_ADMISSION.has(pod.reason)) return [];
    const rejected = REJECTED.test(pod.message) || KNOWN.has(pod.reason) || /^OutOf./.test(pod.reason);
    if (!rejected || !pod.reason) return [];
    const detail = pod.message.replace(REJECTED, '');
    const rejection = rejectionOf(pod.reason, detail);
    const t = ruleMessages(options.lang);
    const m = t.admissionRejected;
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
        message: m.message({ reason: pod.reason, what: m.what({ node: pod.nodeName, rejection }), replacement: t.replacement(pod.owner.ref ? { owner: pod.owner.ref } : {}) }),
        evidence,
        remediation: [...m.fix({ node: pod.nodeName, pod: pod.name, namespace: pod.namespace, rejection }), m.likely({ why: m.why({ rejection }) }), m.deleteRejected({ pod: pod.name, namespace: pod.namespace })],
      }),
    ];
  },
};

export default rule;
