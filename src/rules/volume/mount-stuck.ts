import { finding } from '../helpers/finding.js';
import { mountsFirst, sandboxWait, traceSentence } from '../helpers/stuck.js';
import { formatAge } from '../helpers/time.js';
import { ruleMessages } from '../messages/index.js';
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
    const m = ruleMessages(options.lang);
    const t = m.mountStuck;
    return [
      finding(rule, {
        confidence: 'medium',
        message: t.message({ node: pod.nodeName, age: formatAge(now - wait.since), claims: pod.claims.map((c) => c.claimName), trace: traceSentence(pod, now, wait.evidence, m) }),
        evidence: wait.evidence,
        remediation: t.fix({ namespace: pod.namespace, pod: pod.name, node: pod.nodeName }),
      }),
    ];
  },
};

export default rule;
