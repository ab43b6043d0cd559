import { eventEvidence } from '../helpers/events.js';
import { finding } from '../helpers/finding.js';
import { currentAttachFailures, latestPer, volumeRef } from '../helpers/mount-errors.js';
import { ruleMessages } from '../messages/index.js';
import { workloadRef } from '../helpers/node-health.js';
import { withinGrace } from '../helpers/sandbox-errors.js';
import type { PodRule } from '../types.js';
import { minOf } from '../helpers/numbers.js';

const rule: PodRule = {
  id: 'volume/multi-attach',
  scope: 'pod',
  stage: 'volume',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'The volume is still attached to another node (Multi-Attach error)',
  docs: {
    description:
      'The attach/detach controller will not attach a ReadWriteOnce volume to this Pod\'s node because it is still attached to (or used by a Pod on) another node: `Multi-Attach error for volume "<pv>" Volume is already exclusively attached to one node and can\'t be attached to another` / `… Volume is already used by pod(s) <pods>`. It clears only when the other attachment goes away: when the holder is a running Pod that is not being deleted, that needs a person (deterministic, failing at once); otherwise it gets the grace period.',
    causes: [
      'a Deployment with a ReadWriteOnce PVC did a RollingUpdate: the new Pod landed on another node while the old Pod still holds the volume (it never will let go, because the old Pod waits for the new one to be Ready)',
      'the old node is down or unreachable: the controller waits up to 6 minutes (maxWaitForUnmountDuration) before force-detaching, and forever if the old Pod is still Terminating there',
      'two workloads share one ReadWriteOnce claim',
    ],
    fix: [
      'kubectl get volumeattachment | grep PV   (which node holds it?)',
      'For single-replica Deployments with RWO volumes use strategy.type: Recreate; or use a StatefulSet / a ReadWriteMany volume',
      'Delete the old Pod that still uses the volume; if its node is down for good, taint it out-of-service (node.kubernetes.io/out-of-service=nodeshutdown:NoExecute) so the volume is detached',
    ],
    links: ['https://kubernetes.io/docs/concepts/storage/persistent-volumes/#access-modes'],
  },
  triggers: { awaitingSandbox: true },
  match({ pod, cluster, now, options }) {
    const all = currentAttachFailures(pod);
    if (all.length === 0) return [];
    const failures = all.filter((f) => f.kind === 'multi-attach');
    if (failures.length === 0) return [];
    const t = ruleMessages(options.lang).multiAttach;
    return latestPer(failures, (f) => f.volume).map((f) => {
      const first = minOf(failures.filter((g) => g.volume === f.volume).map((g) => g.event.firstSeen ?? g.event.lastSeen ?? now));
      const rolling = pod.owner.ref?.kind === 'ReplicaSet';
      // A Pod that runs and is not being deleted keeps the volume until a person stops it (a rolling update
      // with a ReadWriteOnce volume deadlocks: the old Pod waits for the new one to be Ready).
      const pods = f.usedBy?.length ? cluster.list('Pod', pod.namespace) : [];
      const heldByRunning = (f.usedBy ?? []).some((name) => {
        const holder = pods.find((p) => p.metadata?.name === name);
        return holder?.status?.phase === 'Running' && !holder.metadata?.deletionTimestamp;
      });
      return finding(rule, {
        severity: !heldByRunning && withinGrace(first, now, options.graceMs) ? 'warning' : 'error',
        failureClass: heldByRunning ? 'deterministic' : 'transient',
        message: t.message({ volume: volumeRef(pod, f.volume), node: pod.nodeName, usedBy: f.usedBy ?? [] }),
        evidence: [eventEvidence(f.event, now)],
        remediation: t.fix({ volume: f.volume, namespace: pod.namespace, ...(rolling ? { rolling: workloadRef(pod) } : f.usedBy?.length ? { holder: f.usedBy[0]! } : {}) }),
      });
    });
  },
};

export default rule;
