import { finding } from '../helpers/finding.js';
import { PULL_WAITING_REASONS } from '../helpers/image-pull.js';
import { classifiedPullsOf } from '../helpers/pull-errors.js';
import type { PodRule } from '../types.js';
import { ruleMessages } from '../messages/index.js';

// containerd `<ref>: not found` (HTTP 404), CRI-O `manifest unknown`; the classifier keeps
// "no match for platform in manifest: not found" for image/wrong-platform.

const rule: PodRule = {
  id: 'image/not-found',
  scope: 'pod',
  stage: 'image',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'Image not found in the registry',
  docs: {
    description: 'The container runtime reached the registry, but the image tag or digest does not exist there (HTTP 404).',
    causes: [
      'a typo in the image name or tag',
      'the tag was never pushed, or the CI job that pushes it has not finished',
      'the tag was deleted or overwritten by a registry retention policy',
    ],
    fix: [
      'Check the exact reference: kubectl get pod POD -o jsonpath="{.spec.containers[*].image}"',
      'List the tags that exist in the registry (e.g. `skopeo list-tags docker://REGISTRY/REPO`, or the registry UI)',
      'Push the missing tag, or point the workload at a tag that exists: kubectl set image deploy/NAME CONTAINER=IMAGE:TAG',
    ],
    links: ['https://kubernetes.io/docs/concepts/containers/images/'],
  },
  triggers: { waiting: PULL_WAITING_REASONS },
  match({ pod, now, options }) {
    const pulls = classifiedPullsOf(pod, now, 'not-found');
    if (pulls.length === 0) return [];
    const t = ruleMessages(options.lang).imageNotFound;
    return pulls.map((f) =>
      finding(rule, {
        message: t.message({ image: f.image, container: f.container }),
        evidence: f.evidence,
        remediation: t.remediation({ image: f.image, namespace: pod.namespace, container: f.container.name }),
      }),
    );
  },
};

export default rule;
