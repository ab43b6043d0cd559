import { finding } from '../helpers/finding.js';
import { copyEvidence } from '../helpers/memo.js';
import { allReasons, confidenceFor, isContextReason, nodeAffinityExclusions, schedulingFailure, schedulingSeverity, schedulingTail, type ReasonCategory, type SchedulerReason } from '../helpers/scheduler-message.js';
import { ruleMessages } from '../messages/index.js';
import type { ReasonRef } from '../messages/scheduling.js';
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
    const t = ruleMessages(options.lang);
    const ref = (r: SchedulerReason): ReasonRef => ({ count: r.count, text: r.text, category: r.category });
    const what = f.parsed.other !== undefined ? { failed: { reason: f.reason, error: f.parsed.other } } : unclaimed.length > 0 ? { reasons: unclaimed.map(ref) } : { all: allReasons(f).map(ref) };
    return [
      finding(rule, {
        message: t.unschedulable.message({ tail: schedulingTail(f, sev, t), ...what, raw: f.message }),
        severity: sev.severity,
        failureClass: sev.failureClass,
        confidence: unclaimed.length > 0 ? confidenceFor(pod, f, unclaimed, cluster.nodes) : f.fromCondition ? 'high' : 'medium',
        evidence: copyEvidence(f.evidence),
        remediation: t.unschedulable.fix({ pod: pod.name, namespace: pod.namespace }),
      }),
    ];
  },
};

export default rule;
