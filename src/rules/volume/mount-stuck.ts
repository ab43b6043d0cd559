import { finding } from '../helpers/finding.js';
import { mountsFirst, sandboxWait, traceSentence } from '../helpers/stuck.js';
import { formatAge } from '../helpers/time.js';
import type { PodRule } from '../types.js';

const rule: PodRule = {
  id: 'volume/mount-stuck',
  scope: 'pod',
  stage: 'volume',
  severity: 'error',
  failureClass: 'transient',
  fallback: true,
  title: 'Volumes not mounted for a long time, and no event says why',
  docs: {
    description:
      'The kubelet started the Pod longer ago than the stuck threshold (10 minutes by default), and its volumes (mounted before the sandbox and network are set up) are still not ready: the Pod has no sandbox, and no `FailedMount`/`FailedAttachVolume` message kdiag recognises explains it. Reported only when no other rule finds a cause; the events that said why may have expired.',
    causes: [
      'a CSI driver that hangs on NodeStage/NodePublish without returning an error',
      'a volume attachment that never completes (check the VolumeAttachment object)',
      'the events that explained it expired (they are kept about an hour)',
    ],
    fix: [
      'Look at live events: kubectl describe pod POD',
      'Check attachments: kubectl get volumeattachments | grep NODE; the CSI node plugin logs on the node',
    ],
  },
  triggers: { awaitingSandbox: true },
  match({ pod, now, options }) {
    if (!mountsFirst(pod)) return [];
    const wait = sandboxWait(pod, now, options.stuckMs);
    if (!wait) return [];
    const claims = pod.claims.map((c) => `"${c.claimName}"`).join(', ');
    return [
      finding(rule, {
        confidence: 'medium',
        message: `The kubelet on "${pod.nodeName}" started the Pod ${formatAge(now - wait.since)} ago, but its volumes${claims ? ` (claims ${claims})` : ''} are still not mounted: there is no sandbox yet.${traceSentence(pod, now, wait.evidence)}`,
        evidence: wait.evidence,
        remediation: [
          `Look at live events: kubectl describe pod -n ${pod.namespace} ${pod.name}`,
          `Check the attachments and the CSI node plugin on ${pod.nodeName}: kubectl get volumeattachments | grep ${pod.nodeName}`,
        ],
      }),
    ];
  },
};

export default rule;
