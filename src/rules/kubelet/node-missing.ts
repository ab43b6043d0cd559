import { eventEvidence, latestEvent } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { ruleMessages } from '../messages/index.js';
import { freshlyReady } from '../../model/facts.js';
import type { Evidence, PodRule } from '../types.js';

const rule: PodRule = {
  id: 'kubelet/node-missing',
  scope: 'pod',
  stage: 'kubelet',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'The Pod is bound to a node that does not exist',
  docs: {
    description:
      'spec.nodeName names a node that is not in the cluster, although the node list was read. No kubelet will ever run this Pod: the node was deleted while the Pod was bound to it, or the name never belonged to a registered kubelet.',
    causes: [
      'the node was deleted (scaled down by an autoscaler, replaced, or `kubectl delete node`) and the Pod garbage collector has not removed its Pods yet',
      'spec.nodeName was set by hand (or by a custom scheduler) to a name that no kubelet registered under',
      'the kubelet on that machine never registered (wrong --hostname-override, failing TLS bootstrap)',
    ],
    fix: [
      'kubectl get nodes   (is the name there, perhaps spelled differently?)',
      'Delete the Pod so its controller recreates it on a live node: kubectl delete pod POD -n NS',
      'Do not set spec.nodeName by hand: use a nodeSelector or node affinity so the scheduler picks a live node',
    ],
    links: ['https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#pod-garbage-collection'],
  },
  match({ pod, cluster, now, options }) {
    // Absence means "does not exist" only when the whole Node list was read (or this Node looked up by
    // name): a dump of single Nodes says nothing of the others. Deleted Pods are kubelet/stuck-terminating's.
    if (!pod.nodeName || pod.node || !cluster.saw('Node', undefined, pod.nodeName) || pod.deletingSince !== undefined || pod.phase === 'Succeeded') return [];
    // A Node list that lacks the Node of a Pod its kubelet reported Ready moments ago contradicts itself
    // (a list older than the Pod, a filtered list): a note (the engine's), not a verdict.
    if (freshlyReady(pod, now, options.graceMs)) return [];
    const evidence: Evidence[] = [
      fieldEvidence('pod', 'spec.nodeName', pod.nodeName),
      { source: 'node', text: `no Node named "${pod.nodeName}" among the ${cluster.nodes.length} node(s) in the snapshot` },
    ];
    const scheduled = latestEvent(pod.events, 'Scheduled');
    if (scheduled) evidence.push(eventEvidence(scheduled, now));
    const t = ruleMessages(options.lang).nodeMissing;
    return [
      finding(rule, {
        message: t.message({ node: pod.nodeName }),
        evidence,
        remediation: t.fix({ node: pod.nodeName, pod: pod.name, namespace: pod.namespace, ...(pod.owner.ref ? { owner: pod.owner.ref } : {}), scheduled: scheduled !== undefined }),
        confidence: 'high',
      }),
    ];
  },
};

export default rule;
