import { ruleMessages } from '../messages/index.js';
import { anyWaiting, waitingWith } from '../helpers/containers.js';
import { eventEvidence } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { imageEventsOf } from '../helpers/pull-errors.js';
import type { Evidence, PodRule } from '../types.js';

const rule: PodRule = {
  id: 'image/never-pull',
  scope: 'pod',
  stage: 'image',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'Image missing on the node with imagePullPolicy: Never',
  docs: {
    description:
      'The container uses imagePullPolicy: Never, so the kubelet only uses images already on the node, and this node does not have it (`ErrImageNeverPull`: `Container image "..." is not present with pull policy of Never`).',
    causes: [
      'a locally built image loaded on one node (kind load, minikube image load, ctr import) but the Pod landed on another',
      'the image was garbage-collected from the node',
      'imagePullPolicy: Never copied from a local-development manifest into a real cluster',
    ],
    fix: [
      'Load the image on the node (kind load docker-image IMAGE; minikube image load IMAGE; ctr -n k8s.io images import FILE)',
      'Or push it to a registry and use imagePullPolicy: IfNotPresent',
    ],
  },
  triggers: { waiting: ['ErrImageNeverPull'] },
  match({ pod, now, options }) {
    if (!anyWaiting(pod, 'ErrImageNeverPull')) return [];
    const t = ruleMessages(options.lang).neverPull;
    return waitingWith(pod, 'ErrImageNeverPull')
      .filter((c) => c.kind !== 'ephemeral')
      .map((c) => {
        const image = c.spec.image ?? c.status?.image ?? '';
        const evidence: Evidence[] = [fieldEvidence('pod', `${c.statusPath}.state.waiting.reason`, 'ErrImageNeverPull')];
        if (c.waiting!.message) evidence.push(fieldEvidence('pod', `${c.statusPath}.state.waiting.message`, c.waiting!.message));
        const event = imageEventsOf(pod, c, 'ErrImageNeverPull').at(-1);
        if (event) evidence.push(eventEvidence(event, now));
        const policyPath = `spec.${c.kind === 'init' || c.kind === 'sidecar' ? 'initContainers' : c.kind === 'ephemeral' ? 'ephemeralContainers' : 'containers'}[name=${c.name}].imagePullPolicy`;
        evidence.push(fieldEvidence('pod', policyPath, c.spec.imagePullPolicy ?? 'Never'));
        return finding(rule, {
          message: t.message({ image, container: c, node: pod.nodeName }),
          evidence,
          remediation: t.fix({ image, container: c.name, node: pod.nodeName }),
        });
      });
  },
};

export default rule;
