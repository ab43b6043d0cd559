import { eventEvidence } from '../helpers/events.js';
import { finding } from '../helpers/finding.js';
import { currentAttachFailures, currentMountFailures, parseMountTimeout, podVolume, pvcPhase, volumesPending } from '../helpers/mount-errors.js';
import { currentEvents } from '../../model/supersession.js';
import { ruleMessages } from '../messages/index.js';
import type { PodRule } from '../types.js';

const rule: PodRule = {
  id: 'volume/mount-timeout',
  scope: 'pod',
  stage: 'volume',
  severity: 'error',
  failureClass: 'transient',
  title: 'The kubelet timed out waiting for volumes, with no more specific error',
  docs: {
    description:
      'Every ~2 minutes the kubelet gives up waiting for the Pod\'s volumes and reports `Unable to attach or mount volumes: unmounted volumes=[…], unattached volumes=[…], failed to process volumes=[…]: context deadline exceeded` (≤1.27: `timed out waiting for the condition`). This is only a summary: the cause is normally in another FailedMount / FailedAttachVolume event (then the more specific volume rules report it). This rule fires when no such event explains it — typically because the specific events expired, or the volume is stuck in attach or in the volume manager.',
    causes: [
      'unattached volumes: the attach/detach controller or the CSI external-attacher has not attached the disk (VolumeAttachment not attached)',
      'failed to process volumes: the PVC or PV could not be read (unbound, deleted) so the kubelet cannot even start mounting',
      'a slow or hung mount (NFS server not answering, CSI NodeStage never returning)',
      'the detailed FailedMount events have expired (events live 1 hour by default)',
    ],
    fix: [
      'kubectl get volumeattachment | grep PV   (attached: true?)',
      'kubectl get pvc,pv -n NS',
      'On the node: journalctl -u kubelet | grep -i "volume"',
    ],
    links: ['https://kubernetes.io/docs/concepts/storage/persistent-volumes/'],
  },
  triggers: { awaitingSandbox: true },
  match({ pod, now, options }) {
    if (!volumesPending(pod)) return [];
    const timeouts = currentEvents(pod).map(parseMountTimeout).filter((t) => t !== undefined);
    const last = timeouts[timeouts.length - 1];
    if (!last) return [];
    // A specific mount / attach error explains the timeout: the other volume rules report it.
    if (currentMountFailures(pod, now).length > 0 || currentAttachFailures(pod).length > 0) return [];
    const stuck = [...new Set([...last.unmounted, ...last.unattached, ...last.failedToProcess])];
    // A claim that is not Bound is volume/pvc-pending's (or the scheduler's) to explain.
    const unbound = stuck.map((v) => podVolume(pod, v).claim).filter((c) => c && (!c.pvc || pvcPhase(c) !== 'Bound'));
    if (unbound.length > 0) return [];
    const attach = last.unattached.some((v) => podVolume(pod, v).claim);
    const t = ruleMessages(options.lang).mountTimeout;
    return [
      finding(rule, {
        confidence: 'medium',
        message: t.message({
          node: pod.nodeName,
          unattached: last.unattached.filter((v) => podVolume(pod, v).claim),
          unprocessed: last.failedToProcess,
          unmounted: last.unmounted,
          cause: last.cause,
        }),
        evidence: [eventEvidence(last.event, now)],
        remediation: t.fix({ attach, stuck, node: pod.nodeName, namespace: pod.namespace, pod: pod.name }),
      }),
    ];
  },
};

export default rule;
