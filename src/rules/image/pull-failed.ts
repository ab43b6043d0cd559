import { describeContainer } from '../helpers/containers.js';
import { finding } from '../helpers/finding.js';
import { PULL_WAITING_REASONS } from '../helpers/image-pull.js';
import { classifiedPullsOf, failingFor } from '../helpers/pull-errors.js';
import type { PodRule } from '../types.js';

// The ≤1.31 back-off message carries no error at all; only a Failed event would.
const NO_DETAIL = /^Back-off pulling image "[^"]*"$/;

const rule: PodRule = {
  id: 'image/pull-failed',
  scope: 'pod',
  stage: 'image',
  severity: 'error',
  failureClass: 'transient',
  title: 'Image pull failed',
  docs: {
    description:
      'The image pull failed with an error that no more specific image rule recognises. The raw runtime error is shown as it was reported; the kubelet keeps retrying with back-off.',
    causes: ['a registry-side error (5xx), a stalled or cancelled pull, a corrupt layer, an unsupported manifest type, or a runtime error'],
    fix: [
      'Read the full error: kubectl describe pod POD (Events) and the container\'s waiting message',
      'Reproduce on the node: crictl pull IMAGE',
    ],
  },
  triggers: { waiting: PULL_WAITING_REASONS },
  match({ pod, now, options }) {
    const pulls = classifiedPullsOf(pod, now, 'other');
    if (pulls.length === 0) return [];
    return pulls.map((f) => {
      const early = f.since !== undefined && now - f.since < options.graceMs;
      const blind = NO_DETAIL.test(f.error.trim());
      return finding(rule, {
        severity: early ? 'warning' : 'error',
        confidence: blind ? 'low' : 'medium',
        message: blind
          ? `Pulling image "${f.image}" of ${describeContainer(f.container)} keeps failing (${f.container.waiting!.reason})${failingFor(now, f.since)}; the pull error itself was not recorded in the Pod status or events.`
          : `Pulling image "${f.image}" of ${describeContainer(f.container)} failed: ${f.detail}${failingFor(now, f.since)}.`,
        evidence: f.evidence,
        remediation: [
          `Read the whole error: kubectl describe pod -n ${pod.namespace} ${pod.name}`,
          `Reproduce the pull on node ${pod.nodeName || '<node>'}: crictl pull ${f.image}`,
        ],
      });
    });
  },
};

export default rule;
