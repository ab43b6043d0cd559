import { ruleMessages } from '../messages/index.js';
import { anyWaiting, waitingWith } from '../helpers/containers.js';
import { eventEvidence } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { imageEventsOf } from '../helpers/pull-errors.js';
import type { Evidence, PodRule } from '../types.js';

const rule: PodRule = {
  id: 'image/inspect-failed',
  scope: 'pod',
  stage: 'image',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'Runtime could not inspect the image',
  docs: {
    description:
      'The kubelet asked the container runtime about the image and the runtime failed (`ImageInspectError`: `Failed to inspect image "...": ...`). This is a node-side problem: a corrupt image store, a runtime error, or a runtime that is not answering.',
    causes: [
      'a corrupt or half-deleted image in the runtime\'s store',
      'the container runtime is overloaded, restarting, or out of disk space',
    ],
    fix: [
      'On the node: crictl inspecti IMAGE; remove and re-pull it: crictl rmi IMAGE && crictl pull IMAGE',
      'Check the runtime: systemctl status containerd (or crio); journalctl -u containerd',
      'Or move the Pod to another node: kubectl delete pod POD (its controller recreates it)',
    ],
  },
  triggers: { waiting: ['ImageInspectError'] },
  match({ pod, now, options }) {
    if (!anyWaiting(pod, 'ImageInspectError')) return [];
    const t = ruleMessages(options.lang).inspectFailed;
    return waitingWith(pod, 'ImageInspectError')
      .filter((c) => c.kind !== 'ephemeral')
      .map((c) => {
        const image = c.spec.image ?? c.status?.image ?? '';
        const evidence: Evidence[] = [fieldEvidence('pod', `${c.statusPath}.state.waiting.reason`, 'ImageInspectError')];
        if (c.waiting!.message) evidence.push(fieldEvidence('pod', `${c.statusPath}.state.waiting.message`, c.waiting!.message));
        const event = imageEventsOf(pod, c, 'InspectFailed').at(-1);
        if (event) evidence.push(eventEvidence(event, now));
        const detail = (c.waiting!.message || event?.message || '').replace(/^Failed to inspect image "[^"]*": /, '');
        return finding(rule, {
          message: t.message({ node: pod.nodeName, image, container: c, detail }),
          evidence,
          remediation: t.fix({ node: pod.nodeName, image, namespace: pod.namespace, pod: pod.name }),
        });
      });
  },
};

export default rule;
