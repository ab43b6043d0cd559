import { eventEvidence } from '../helpers/events.js';
import { finding } from '../helpers/finding.js';
import { capitalize, currentAttachFailures, describeVolume, latestPer } from '../helpers/mount-errors.js';
import { withinGrace } from '../helpers/sandbox-errors.js';
import type { PodRule } from '../types.js';
import { minOf } from '../helpers/numbers.js';

const CODE_HINT: Record<string, string> = {
  NotFound: 'the disk does not exist (deleted outside Kubernetes, or in another zone/project)',
  ResourceExhausted: 'the node has reached its volume attachment limit, or the backend is out of quota',
  FailedPrecondition: 'the disk is in a state that forbids attaching (still attached elsewhere, or being detached)',
  PermissionDenied: 'the CSI controller\'s credentials may not attach disks',
  DeadlineExceeded: 'the storage backend did not answer in time',
  Internal: 'the storage backend reported an internal error',
};

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
    return latestPer(failures, (f) => f.volume).map((f) => {
      const first = minOf(failures.filter((g) => g.volume === f.volume).map((g) => g.event.firstSeen ?? g.event.lastSeen ?? now));
      const why = f.driver
        ? `the external-attacher of CSI driver ${f.driver} never attached it (is the driver's controller running?)`
        : f.code
          ? `the CSI driver returned ${f.code}${CODE_HINT[f.code] ? `: ${CODE_HINT[f.code]}` : ''}`
          : f.error;
      return finding(rule, {
        severity: withinGrace(first, now, options.graceMs) ? 'warning' : 'error',
        message: `${capitalize(describeVolume(pod, f.volume))} cannot be attached to node "${pod.nodeName}": ${why}.`,
        evidence: [eventEvidence(f.event, now)],
        remediation: [
          `kubectl get volumeattachment -o wide | grep ${f.volume}`,
          f.driver ? `kubectl get pods -A | grep -i ${f.driver.split('.')[0]}   (the controller Pod with the csi-attacher container must be Running)` : 'Read the CSI controller logs (csi-attacher and driver containers) for this volume.',
          'Check the disk in the storage backend: it must exist, be in the node\'s zone, and not be attached elsewhere.',
        ],
      });
    });
  },
};

export default rule;
