import { eventEvidence } from '../helpers/events.js';
import { finding } from '../helpers/finding.js';
import { currentAttachFailures, latestPer, volumeRef } from '../helpers/mount-errors.js';
import { ruleMessages } from '../messages/index.js';
import { volumeFailureClass } from '../helpers/volume-failure-class.js';
import type { AttachWhy } from '../messages/volume.js';
import { withinGrace } from '../helpers/sandbox-errors.js';
import type { PodRule } from '../types.js';
import { minOf } from '../helpers/numbers.js';

const rule: PodRule = {
  id: 'volume/attach-failed',
  scope: 'pod',
  stage: 'volume',
  severity: 'error',
  failureClass: 'transient',
  title: 'The volume cannot be attached to the node',
  docs: {
    description:
      'The attach/detach controller keeps failing to attach one of the Pod\'s volumes to its node (`AttachVolume.Attach failed for volume "<pv>" : …`): the CSI driver returned an error, or its external-attacher never acted (`timed out waiting for external-attacher of <driver> CSI driver to attach volume <handle>`). Multi-Attach errors are volume/multi-attach\'s.',
    causes: [
      'the CSI driver\'s controller (external-attacher sidecar) is not running, so VolumeAttachment objects are never processed',
      'the cloud disk does not exist, is in another zone, or is still attached elsewhere',
      'the node reached its attachment limit, or the driver lacks permissions',
    ],
    fix: [
      'kubectl get volumeattachment -o wide | grep PV; kubectl describe volumeattachment NAME',
      'Check the CSI controller Deployment and its csi-attacher container logs',
      'Check the disk in the storage backend (exists, same zone as the node, not attached elsewhere)',
    ],
    links: ['https://kubernetes-csi.github.io/docs/external-attacher.html'],
  },
  triggers: { awaitingSandbox: true },
  match({ pod, now, options }) {
    const all = currentAttachFailures(pod);
    if (all.length === 0) return [];
    const failures = all.filter((f) => f.kind === 'attach');
    if (failures.length === 0) return [];
    const t = ruleMessages(options.lang).attachFailed;
    return latestPer(failures, (f) => f.volume).map((f) => {
      const first = minOf(failures.filter((g) => g.volume === f.volume).map((g) => g.event.firstSeen ?? g.event.lastSeen ?? now));
      const why: AttachWhy = f.driver ? { kind: 'attacher', driver: f.driver } : f.code ? { kind: 'code', code: f.code } : { kind: 'error', error: f.error };
      // A disk that does not exist or a request the driver rejects fails at once; a timeout gets the grace period.
      const failureClass = volumeFailureClass(f.error);
      return finding(rule, {
        severity: failureClass === 'transient' && withinGrace(first, now, options.graceMs) ? 'warning' : 'error',
        failureClass,
        message: t.message({ volume: volumeRef(pod, f.volume), node: pod.nodeName, why }),
        evidence: [eventEvidence(f.event, now)],
        remediation: t.fix({ volume: f.volume, ...(f.driver ? { driver: f.driver } : {}) }),
      });
    });
  },
};

export default rule;
