import { finding } from '../helpers/finding.js';
import { copyEvidence } from '../helpers/memo.js';
import { allReasons, confidenceFor, describeReasons, isContextReason, nodeAffinityExclusions, schedulingFailure, schedulingSeverity, schedulingTail, type ReasonCategory } from '../helpers/scheduler-message.js';
import type { PodRule } from '../types.js';

// Categories the specific scheduling rules explain; everything else lands here.
const CLAIMED = new Set<ReasonCategory>([
  'insufficient-resource',
  'too-many-pods',
  'taint',
  'node-affinity',
  'host-ports',
  'node-unschedulable',
  'node-unknown-conditions',
  'pod-affinity',
  'pod-anti-affinity',
  'existing-anti-affinity',
  'topology-spread',
  'volume-binding',
  'volume-node-affinity',
  'volume-capacity',
  'volume-lost',
  'pvc-unbound',
  'pvc-not-found',
  'pvc-deleting',
  'pvc-ephemeral-pending',
]);

const HINTS: Partial<Record<ReasonCategory, string>> = {
  'node-name': 'spec.nodeName names a node the scheduler cannot use',
  'volume-rwop': 'a ReadWriteOncePod claim is already in use by another Pod',
  'volume-disk-conflict': 'a disk volume is already mounted by another Pod on those nodes',
  'volume-limits': 'the nodes reached their CSI volume attach limit',
  'csi-driver-missing': 'the CSI driver the volume needs is not installed on the node',
  'node-features': 'the nodes lack a feature the Pod requires',
  dra: 'a DRA ResourceClaim cannot be allocated',
  'sidecar-unsupported': 'the cluster does not support native sidecar containers',
  gang: 'the scheduler waits for the rest of the Pod group',
};

const rule: PodRule = {
  id: 'scheduling/unschedulable',
  scope: 'pod',
  stage: 'scheduling',
  severity: 'error',
  failureClass: 'transient',
  title: 'The scheduler cannot place the Pod',
  docs: {
    description:
      'The Pod is unschedulable for a reason no more specific kdiag rule explains (volume attach limits, ReadWriteOncePod conflicts, DRA claims, a scheduler error…). The finding lists the scheduler\'s per-reason node counts.',
    causes: ['CSI attach limits, ReadWriteOncePod claims in use, missing CSI drivers', 'Dynamic Resource Allocation claims that cannot be satisfied', 'an error inside a scheduler plugin (PodScheduled reason SchedulerError)'],
    fix: ['Read the full scheduler message: kubectl describe pod POD (Events and Conditions)', 'Each entry `<count> <reason>` says how many nodes failed for that reason; fix the reason that covers the nodes the Pod should run on'],
    links: ['https://kubernetes.io/docs/concepts/scheduling-eviction/kube-scheduler/'],
  },
  triggers: { unscheduled: true },
  match({ pod, cluster, now, options }) {
    const f = schedulingFailure(pod, now);
    if (!f || f.parsed.noNodes) return [];
    const causes = allReasons(f).filter((r) => !isContextReason(r, pod, f));
    const unclaimed = causes.filter((r) => !CLAIMED.has(r.category));
    const opaque = f.parsed.other !== undefined || (causes.length === 0 && nodeAffinityExclusions(pod, f).length === 0);
    if (!opaque && unclaimed.length === 0) return [];
    const sev = schedulingSeverity(pod, f, now, options, cluster.nodes);
    const tailText = schedulingTail(f, sev);
    let what: string;
    if (f.parsed.other !== undefined) what = `the scheduler failed${f.reason ? ` (${f.reason})` : ''}: ${f.parsed.other}`;
    else if (unclaimed.length > 0) what = unclaimed.map((r) => `${r.count} ${r.text}${HINTS[r.category] ? ` (${HINTS[r.category]})` : ''}`).join(', ');
    else what = `no node passed its filters (${describeReasons(allReasons(f)) || f.message})`;
    return [
      finding(rule, {
        message: `Pod cannot be scheduled: ${what}.${tailText ? ` ${tailText}` : ''}`.replace(/\.\.(\s|$)/, '.$1'),
        severity: sev.severity,
        failureClass: sev.failureClass,
        confidence: unclaimed.length > 0 ? confidenceFor(pod, f, unclaimed, cluster.nodes) : f.fromCondition ? 'high' : 'medium',
        evidence: copyEvidence(f.evidence),
        remediation: [
          `Read the full scheduler message and events: kubectl describe pod ${pod.name} -n ${pod.namespace}`,
          'Each "<count> <reason>" entry is how many nodes failed for that reason; fix the one covering the nodes the Pod should run on',
          `Check the scheduler's own log for details: kubectl logs -n kube-system -l component=kube-scheduler --tail=200 | grep ${pod.name}`,
        ],
      }),
    ];
  },
};

export default rule;
