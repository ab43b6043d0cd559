import { formatQuantity, parseQuantity } from '../../model/quantity.js';
import { eventEvidence, latestEvent } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { conditionEvidence, nodeCondition, workloadRef } from '../helpers/node-health.js';
import { ruleMessages } from '../messages/index.js';
import type { Evidence, PodRule } from '../types.js';

// pkg/kubelet/eviction/helpers.go message fragments (k8s-messages.md §2.8); each ends with ". ".
const LOW = /The node was low on resource: ([\w./-]+)\./;
const THRESHOLD = /Threshold quantity: (\S+?), available: (\S+?)\.(?:\s|$)/;
const CONTAINER_USE = /Container (\S+) was using (\S+?), request is (\S+?), has larger consumption of ([\w./-]+)\./g;
const POD_USE = /Pod (\S+) was using (\S+?), request is (\S+?), has larger consumption of ([\w./-]+)\./;
const CONTAINER_ES = /Container (\S+) exceeded its local ephemeral storage limit "([^"]*)"\./;
const POD_ES = /Pod ephemeral local storage usage exceeds the total limit of containers (\S+?)\.(?:\s|$)/;
const EMPTY_DIR = /Usage of EmptyDir volume "([^"]*)" exceeds the limit "([^"]*)"\./;
const HAD_CONDITION = /The node had condition: \[([^\]]*)\]/;

/** `1462336Ki (1.4Gi)` when a friendlier unit helps. */
function qty(resource: string, text: string): string {
  const n = parseQuantity(text);
  if (n === undefined || resource === 'cpu' || resource === 'pids' || resource === 'inodes') return text;
  const friendly = formatQuantity(resource, n);
  return friendly === text ? text : `${text} (${friendly})`;
}

const rule: PodRule = {
  id: 'kubelet/evicted',
  scope: 'pod',
  stage: 'kubelet',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'The kubelet evicted the Pod',
  docs: {
    description:
      'The kubelet ended the Pod (phase Failed, status.reason Evicted) to reclaim a node resource under pressure (memory, disk, inodes, PIDs), because it exceeded an ephemeral-storage limit, or it rejected the Pod at admission because the node had DiskPressure / MemoryPressure. An evicted Pod never restarts; its controller creates a replacement, possibly on the same node.',
    causes: [
      'node memory pressure: the Pod used more memory than it requested (evicted first)',
      'node disk pressure (nodefs / imagefs): logs, emptyDir volumes or images filled the disk',
      'a container exceeded resources.limits.ephemeral-storage, or an emptyDir exceeded its sizeLimit',
      'admission: "The node had condition: [DiskPressure]" — the node was already under pressure when the Pod arrived',
    ],
    fix: [
      'Read the message: kubectl get pod POD -n NS -o jsonpath="{.status.message}"',
      'Set requests that match real usage (kubectl top pod) and limits; set ephemeral-storage limits and emptyDir sizeLimit',
      'Check the node: kubectl describe node NODE (MemoryPressure / DiskPressure, EvictionThresholdMet events)',
      'Clean up evicted Pods: kubectl delete pods -n NS --field-selector=status.phase==Failed',
    ],
    links: ['https://kubernetes.io/docs/concepts/scheduling-eviction/node-pressure-eviction/'],
  },
  triggers: { reason: ['Evicted'] },
  match({ pod, now, options }) {
    if (pod.reason !== 'Evicted') return [];
    const msg = pod.message;
    const evidence: Evidence[] = [fieldEvidence('pod', 'status.reason', pod.reason)];
    if (msg) evidence.push(fieldEvidence('pod', 'status.message', msg));
    const event = latestEvent(pod.events, 'Evicted');
    if (event) evidence.push(eventEvidence(event, now));

    const t = ruleMessages(options.lang);
    const m = t.evicted;
    const parts: string[] = [];
    const remediation: string[] = [];
    let resource = '';
    const low = LOW.exec(msg);
    const had = HAD_CONDITION.exec(msg);
    if (low) {
      resource = low[1]!;
      const th = THRESHOLD.exec(msg);
      parts.push(m.part({ kind: 'low', node: pod.nodeName, resource, ...(th ? { threshold: { quantity: qty(resource, th[1]!), available: qty(resource, th[2]!) } } : {}) }));
      const users: string[] = [];
      for (const u of msg.matchAll(CONTAINER_USE)) {
        const [, c, use, req, res] = u as unknown as [string, string, string, string, string];
        users.push(m.part({ kind: 'container-use', container: c, use: qty(res, use), resource: res, request: req }));
      }
      const podUse = POD_USE.exec(msg);
      if (podUse) users.push(m.part({ kind: 'pod-use', use: qty(podUse[4]!, podUse[2]!), request: podUse[3]! }));
      parts.push(...users);
      remediation.push(m.pressureFix({ resource, namespace: pod.namespace }));
      const top = [...msg.matchAll(CONTAINER_USE)][0];
      if (top && (resource === 'memory' || resource === 'ephemeral-storage')) {
        const [, c, use] = top as unknown as [string, string, string];
        const n = parseQuantity(use);
        const shown = n === undefined ? use : formatQuantity(resource, n);
        remediation.push(m.setRequest({ ref: workloadRef(pod), namespace: pod.namespace, container: c, resource, amount: shown }));
      }
    }
    const ces = CONTAINER_ES.exec(msg);
    if (ces) {
      resource = 'ephemeral-storage';
      parts.push(m.part({ kind: 'container-storage', container: ces[1]!, limit: ces[2]! }));
      remediation.push(m.containerStorageFix({ container: ces[1]! }));
    }
    const pes = POD_ES.exec(msg);
    if (pes) {
      resource = 'ephemeral-storage';
      parts.push(m.part({ kind: 'pod-storage', limit: pes[1]! }));
      remediation.push(m.podStorageFix());
    }
    const ed = EMPTY_DIR.exec(msg);
    if (ed) {
      resource = 'ephemeral-storage';
      parts.push(m.part({ kind: 'empty-dir', volume: ed[1]!, limit: ed[2]! }));
      remediation.push(m.emptyDirFix({ volume: ed[1]! }));
    }
    if (had && parts.length === 0) {
      const conds = had[1]!.split(/\s+/).filter(Boolean);
      parts.push(m.part({ kind: 'had-condition', node: pod.nodeName, conditions: conds }));
      remediation.push(m.relieveNode({ node: pod.nodeName, disk: conds.includes('DiskPressure') }));
    }
    if (parts.length === 0) parts.push(m.part(msg ? { kind: 'quoted', message: msg.trim() } : { kind: 'none' }));

    // The node's current pressure conditions, when the snapshot has the node.
    for (const type of ['MemoryPressure', 'DiskPressure', 'PIDPressure']) {
      const c = nodeCondition(pod.node, type);
      if (c && c.status === 'True' && pod.node) evidence.push(conditionEvidence(pod.node, c, now));
    }
    const threshold = latestEvent(pod.nodeEvents, 'EvictionThresholdMet');
    if (threshold) evidence.push(eventEvidence(threshold, now));

    remediation.push(m.describeNode({ node: pod.nodeName }), m.deleteEvicted({ pod: pod.name, namespace: pod.namespace }));
    return [
      finding(rule, {
        message: m.message({ resource, parts, replacement: t.replacement(pod.owner.ref ? { owner: pod.owner.ref } : {}) }),
        evidence,
        remediation,
        confidence: msg ? 'high' : 'medium',
      }),
    ];
  },
};

export default rule;
