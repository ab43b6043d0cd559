import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { copyEvidence } from '../helpers/memo.js';
import { clusterPods, formatResource, largestNode, nodeResources, podRequests } from '../helpers/resources.js';
import { confidenceFor, nodesPhrase, reasonsIn, schedulingFailure, schedulingSeverity, schedulingTail, templateOf, workloadRef } from '../helpers/scheduler-message.js';
import { ruleMessages } from '../messages/index.js';
import type { ResourceFit } from '../messages/scheduling.js';
import type { Evidence, PodRule } from '../types.js';

const rule: PodRule = {
  id: 'scheduling/insufficient-resources',
  scope: 'pod',
  stage: 'scheduling',
  severity: 'error',
  failureClass: 'transient',
  title: 'Not enough free cpu, memory or other resources on any node',
  docs: {
    description:
      'The scheduler found no node whose allocatable capacity, minus the requests of the Pods already on it, covers the Pod\'s requests (`Insufficient cpu`, `Insufficient memory`, `Insufficient ephemeral-storage`, `Insufficient <extended resource>`).',
    causes: [
      'the Pod requests more than any node can offer (a typo such as `64` cpu or `512Gi` memory, or nodes that are too small)',
      'the nodes are full of other Pods\' requests (requests count, not actual usage)',
      'an extended resource (e.g. nvidia.com/gpu) that no node advertises: its device plugin is not running',
      'no cluster autoscaler, or the autoscaler cannot add a node that fits (max group size, no matching node group)',
    ],
    fix: [
      'Compare the Pod\'s requests with the nodes\' allocatable and allocated resources: kubectl describe nodes | grep -A8 "Allocated resources"',
      'Lower the requests if they are oversized: kubectl set resources deploy/NAME -c CONTAINER --requests=cpu=500m,memory=512Mi',
      'Add nodes or larger nodes, or let the cluster autoscaler do it (check its NotTriggerScaleUp events)',
      'Free capacity: scale down or remove workloads whose requests are larger than they need',
    ],
    links: ['https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/', 'https://kubernetes.io/docs/concepts/scheduling-eviction/kube-scheduler/'],
  },
  triggers: { unscheduled: true },
  match({ pod, cluster, now, options }) {
    const f = schedulingFailure(pod, now);
    if (!f) return [];
    const mine = reasonsIn(f, ['insufficient-resource']);
    if (mine.length === 0) return [];
    const requests = podRequests(pod.pod);
    const otherPods = clusterPods(cluster, pod.namespace);
    const nodes = nodeResources(cluster.nodes, otherPods, pod.uid);
    const evidence: Evidence[] = copyEvidence(f.evidence);
    const t = ruleMessages(options.lang);
    const parts: { resource: string; nodes: string; requests?: string; fit?: ResourceFit }[] = [];
    let neverFits = false;
    for (const r of mine) {
      const res = r.resource ?? '';
      const want = requests[res];
      let fit: ResourceFit | undefined;
      const biggest = largestNode(nodes, res, 'allocatable');
      if (nodes.length > 0 && !biggest) {
        fit = { kind: 'not-advertised' };
        neverFits = true;
      } else if (biggest) {
        const alloc = biggest.allocatable[res]!;
        const roomiest = otherPods ? largestNode(nodes, res, 'free') : undefined;
        if (want !== undefined && want > alloc) {
          neverFits = true;
          fit = { kind: 'too-small', allocatable: formatResource(res, alloc), node: biggest.name };
        } else if (roomiest) {
          fit = { kind: 'roomiest', node: roomiest.name, free: formatResource(res, Math.max(0, roomiest.free[res]!)), allocatable: formatResource(res, roomiest.allocatable[res]!) };
        } else {
          fit = { kind: 'largest', allocatable: formatResource(res, alloc), node: biggest.name };
        }
        evidence.push(fieldEvidence('node', `node/${biggest.name}.status.allocatable.${res}`, String(cluster.nodes.find((n) => n.metadata?.name === biggest.name)?.status?.allocatable?.[res] ?? '')));
      }
      parts.push({ resource: res, nodes: nodesPhrase(f, r.count, t), ...(want !== undefined ? { requests: formatResource(res, want) } : {}), ...(fit ? { fit } : {}) });
    }
    const sev = schedulingSeverity(pod, f, now, options, cluster.nodes);
    const ref = workloadRef(pod);
    return [
      finding(rule, {
        message: t.insufficientResources.message({ neverFits, parts, tail: schedulingTail(f, sev, t) }),
        severity: sev.severity,
        failureClass: sev.failureClass,
        confidence: confidenceFor(pod, f, mine, cluster.nodes),
        evidence,
        remediation: t.insufficientResources.fix({
          neverFits,
          ...(ref.startsWith('pod/') ? {} : { workload: ref }),
          template: templateOf(pod, t),
          pod: pod.name,
          namespace: pod.namespace,
          resources: mine.map((r) => `${r.resource}`),
          unknownFree: !otherPods,
        }),
      }),
    ];
  },
};

export default rule;
