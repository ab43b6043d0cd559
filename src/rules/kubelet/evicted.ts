import { formatQuantity, parseQuantity } from '../../model/quantity.js';
import { eventEvidence, latestEvent } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { conditionEvidence, nodeCondition, replacementNote, workloadRef } from '../helpers/node-health.js';
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

const PRESSURE_FIX: Record<string, string> = {
  memory: 'Set the memory request close to real usage (Pods using more than they request are evicted first) and a memory limit; check usage with kubectl top pod',
  'ephemeral-storage': 'Find what fills the node disk (container logs, emptyDir volumes, writable layers, images): set resources.limits.ephemeral-storage and emptyDir.sizeLimit, and log to stdout at a sane rate',
  inodes: 'Something creates many small files on the node filesystem: find it (du --inodes on the node) and clean up',
  pids: 'A container forks too many processes: cap it (pod PID limit) and fix the leak',
};

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
  match({ pod, now }) {
    if (pod.reason !== 'Evicted') return [];
    const msg = pod.message;
    const node = pod.nodeName ? `node "${pod.nodeName}"` : 'the node';
    const evidence: Evidence[] = [fieldEvidence('pod', 'status.reason', pod.reason)];
    if (msg) evidence.push(fieldEvidence('pod', 'status.message', msg));
    const event = latestEvent(pod.events, 'Evicted');
    if (event) evidence.push(eventEvidence(event, now));

    const parts: string[] = [];
    const remediation: string[] = [];
    let resource = '';
    const low = LOW.exec(msg);
    const had = HAD_CONDITION.exec(msg);
    if (low) {
      resource = low[1]!;
      const th = THRESHOLD.exec(msg);
      parts.push(`${node} ran low on ${resource}${th ? ` (eviction threshold ${qty(resource, th[1]!)}, available ${qty(resource, th[2]!)})` : ''}`);
      const users: string[] = [];
      for (const m of msg.matchAll(CONTAINER_USE)) {
        const [, c, use, req, res] = m as unknown as [string, string, string, string, string];
        users.push(`container "${c}" was using ${qty(res, use)} of ${res} against a request of ${req}`);
      }
      const podUse = POD_USE.exec(msg);
      if (podUse) users.push(`the Pod as a whole was using ${qty(podUse[4]!, podUse[2]!)} against a pod-level request of ${podUse[3]!}`);
      if (users.length > 0) parts.push(users.join('; '));
      remediation.push(PRESSURE_FIX[resource] ?? `Reduce the Pod's ${resource} use or raise its request.`);
      const top = [...msg.matchAll(CONTAINER_USE)][0];
      if (top && (resource === 'memory' || resource === 'ephemeral-storage')) {
        const [, c, use] = top as unknown as [string, string, string];
        const n = parseQuantity(use);
        const shown = n === undefined ? use : formatQuantity(resource, n);
        remediation.push(`kubectl set resources ${workloadRef(pod)} -n ${pod.namespace} -c ${c} --requests=${resource}=${shown}   (what it really used)`);
      }
    }
    const ces = CONTAINER_ES.exec(msg);
    if (ces) {
      resource = 'ephemeral-storage';
      parts.push(`container "${ces[1]}" exceeded its ephemeral-storage limit "${ces[2]}"`);
      remediation.push(`Raise resources.limits.ephemeral-storage of container "${ces[1]}", or stop it writing to its filesystem (logs to stdout, scratch data to a volume).`);
    }
    const pes = POD_ES.exec(msg);
    if (pes) {
      resource = 'ephemeral-storage';
      parts.push(`the Pod's local ephemeral storage exceeded the total of its containers' limits (${pes[1]})`);
      remediation.push('Raise the containers\' ephemeral-storage limits or write less to local disk (emptyDir volumes count too).');
    }
    const ed = EMPTY_DIR.exec(msg);
    if (ed) {
      resource = 'ephemeral-storage';
      parts.push(`emptyDir volume "${ed[1]}" exceeded its sizeLimit "${ed[2]}"`);
      remediation.push(`Raise emptyDir.sizeLimit of volume "${ed[1]}" or keep less data in it.`);
    }
    if (had && parts.length === 0) {
      const conds = had[1]!.split(/\s+/).filter(Boolean);
      parts.push(`${node} already had ${conds.join(' and ')} when the Pod arrived, so the kubelet refused it at admission`);
      remediation.push(`Relieve the node first: kubectl describe node ${pod.nodeName || 'NODE'} (${conds.includes('DiskPressure') ? 'free disk: images, logs, emptyDir' : 'free memory'}).`);
    }
    if (parts.length === 0) parts.push(msg ? `"${msg.trim()}"` : 'no reason was recorded');

    // The node's current pressure conditions, when the snapshot has the node.
    for (const type of ['MemoryPressure', 'DiskPressure', 'PIDPressure']) {
      const c = nodeCondition(pod.node, type);
      if (c && c.status === 'True' && pod.node) evidence.push(conditionEvidence(pod.node, c, now));
    }
    const threshold = latestEvent(pod.nodeEvents, 'EvictionThresholdMet');
    if (threshold) evidence.push(eventEvidence(threshold, now));

    remediation.push(`kubectl describe node ${pod.nodeName || 'NODE'}`, `Delete the evicted Pod: kubectl delete pod ${pod.name} -n ${pod.namespace}`);
    return [
      finding(rule, {
        message: `The kubelet evicted the Pod${resource ? ` (${resource})` : ''}: ${parts.join('; ')}. ${replacementNote(pod)}`,
        evidence,
        remediation,
        confidence: msg ? 'high' : 'medium',
      }),
    ];
  },
};

export default rule;
