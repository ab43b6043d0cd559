import { describeContainer } from '../helpers/containers.js';
import { finding } from '../helpers/finding.js';
import { PULL_WAITING_REASONS } from '../helpers/image-pull.js';
import { classifiedPullsOf } from '../helpers/pull-errors.js';
import type { PodRule } from '../types.js';

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
  match({ pod, now }) {
    const pulls = classifiedPullsOf(pod, now, 'not-found');
    if (pulls.length === 0) return [];
    return pulls.map((f) =>
      finding(rule, {
        message: `Image "${f.image}" of ${describeContainer(f.container)} does not exist in the registry (tag or digest not found).`,
        evidence: f.evidence,
        remediation: [
          `Check the reference "${f.image}" for typos and confirm the tag exists in the registry.`,
          `Push the tag, or deploy a tag that exists: kubectl set image -n ${pod.namespace} <workload> ${f.container.name}=<image:tag>`,
        ],
      }),
    );
  },
};

export default rule;
