import { ruleMessages } from '../messages/index.js';
import { finding } from '../helpers/finding.js';
import { PULL_WAITING_REASONS } from '../helpers/image-pull.js';
import { classifiedPullsOf } from '../helpers/pull-errors.js';
import { formatAge } from '../helpers/time.js';
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
    const m = ruleMessages(options.lang);
    return pulls.map((f) => {
      const early = f.since !== undefined && now - f.since < options.graceMs;
      const blind = NO_DETAIL.test(f.error.trim());
      return finding(rule, {
        severity: early ? 'warning' : 'error',
        confidence: blind ? 'low' : 'medium',
        message: m.pullFailed.message({ image: f.image, container: f.container, blind, reason: f.container.waiting!.reason, detail: f.detail, failingFor: m.failingFor(f.since === undefined ? {} : { age: formatAge(now - f.since) }) }),
        evidence: f.evidence,
        remediation: m.pullFailed.fix({ namespace: pod.namespace, pod: pod.name, node: pod.nodeName, image: f.image }),
      });
    });
  },
};

export default rule;
