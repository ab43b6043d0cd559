import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { copyEvidence } from '../helpers/memo.js';
import { clusterPods, formatResource, largestNode, nodeResources, podRequests } from '../helpers/resources.js';
import { confidenceFor, nodesPhrase, reasonsIn, schedulingFailure, schedulingSeverity, schedulingTail, templateOf, workloadRef } from '../helpers/scheduler-message.js';
import { enRules } from '../messages/en.js';
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
    const otherPods = clusterPods(cluster);
    const nodes = nodeResources(cluster.nodes, otherPods, pod.uid);
    const evidence: Evidence[] = copyEvidence(f.evidence);
    const parts: string[] = [];
    let neverFits = false;
    for (const r of mine) {
      const res = r.resource ?? '';
      const want = requests[res];
      const bits: string[] = [];
      if (want !== undefined) bits.push(`the Pod requests ${formatResource(res, want)}`);
      const biggest = largestNode(nodes, res, 'allocatable');
      if (nodes.length > 0 && !biggest) {
        bits.push(`no node advertises ${res} at all`);
        neverFits = true;
      } else if (biggest) {
        const alloc = biggest.allocatable[res]!;
        const roomiest = otherPods ? largestNode(nodes, res, 'free') : undefined;
        if (want !== undefined && want > alloc) {
          neverFits = true;
          bits.push(`the largest node has only ${formatResource(res, alloc)} allocatable (${biggest.name})`);
        } else if (roomiest) {
          bits.push(`the node with the most free ${res} is ${roomiest.name} with ${formatResource(res, Math.max(0, roomiest.free[res]!))} free of ${formatResource(res, roomiest.allocatable[res]!)} allocatable`);
        } else {
          bits.push(`the largest node has ${formatResource(res, alloc)} allocatable (${biggest.name}), before other Pods' requests`);
        }
        evidence.push(fieldEvidence('node', `node/${biggest.name}.status.allocatable.${res}`, String(cluster.nodes.find((n) => n.metadata?.name === biggest.name)?.status?.allocatable?.[res] ?? '')));
      }
      parts.push(`Insufficient ${res} on ${nodesPhrase(f, r.count, enRules)}${bits.length ? ` (${bits.join('; ')})` : ''}`);
    }
    const sev = schedulingSeverity(pod, f, now, options, cluster.nodes);
    const lead = neverFits ? 'Pod is larger than any node can hold' : 'Pod does not fit on any node';
    const ref = workloadRef(pod);
    const remediation = [
      neverFits
        ? ref.startsWith('pod/')
          ? `Lower the requests in ${templateOf(pod, enRules)} so they fit a node, or add a node large enough.`
          : `Lower the requests to fit a node, or add a node large enough: kubectl set resources ${ref} -n ${pod.namespace} --requests=${mine.map((r) => `${r.resource}=<amount>`).join(',')}`
        : `See what is using the nodes: kubectl describe nodes | grep -A8 "Allocated resources"`,
      `Compare with the Pod's requests: kubectl get pod ${pod.name} -n ${pod.namespace} -o jsonpath='{range .spec.containers[*]}{.name}{"\\t"}{.resources.requests}{"\\n"}{end}'`,
      'Add capacity (more or larger nodes), or check why the cluster autoscaler did not: kubectl get events -n ' + pod.namespace + ` --field-selector involvedObject.name=${pod.name},reason=NotTriggerScaleUp`,
    ];
    if (!otherPods && !neverFits) remediation.push('Other Pods on the nodes were not in the input, so free capacity per node was not computed; `kubectl describe node NODE` shows it.');
    return [
      finding(rule, {
        message: `${lead}: ${parts.join('; ')}.${schedulingTail(f, sev, enRules)}`,
        severity: sev.severity,
        failureClass: sev.failureClass,
        confidence: confidenceFor(pod, f, mine, cluster.nodes),
        evidence,
        remediation,
      }),
    ];
  },
};

export default rule;
