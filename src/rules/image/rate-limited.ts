import { formatAge } from '../helpers/time.js';
import { ruleMessages } from '../messages/index.js';
import { finding } from '../helpers/finding.js';
import { PULL_WAITING_REASONS } from '../helpers/image-pull.js';
import { classifiedPullsOf, imageRegistry } from '../helpers/pull-errors.js';
import type { PodRule } from '../types.js';

const rule: PodRule = {
  id: 'image/rate-limited',
  scope: 'pod',
  stage: 'image',
  severity: 'error',
  failureClass: 'transient',
  title: 'Registry pull rate limit reached',
  docs: {
    description:
      'The registry refused the pull with HTTP 429 (`toomanyrequests`): this node, or the NAT address it shares with other nodes, pulled more than the registry allows in its window. The kubelet keeps retrying with back-off, so it can clear by itself once the window resets.',
    causes: [
      'anonymous pulls from a public registry with a per-IP limit (all nodes behind one NAT count together)',
      'imagePullPolicy: Always on a large rollout or a crash-looping workload re-pulling the image',
      'an account whose plan limit was reached',
    ],
    fix: [
      'Authenticate pulls (imagePullSecrets with a paid or higher-limit account) so the per-account limit applies',
      'Mirror the image into a registry you control (or configure a pull-through cache) and point the workload at it',
      'Use imagePullPolicy: IfNotPresent with immutable tags so nodes reuse cached images',
    ],
    links: ['https://kubernetes.io/docs/concepts/containers/images/#image-pull-policy'],
  },
  triggers: { waiting: PULL_WAITING_REASONS },
  match({ pod, now, options }) {
    const pulls = classifiedPullsOf(pod, now, 'rate-limited');
    if (pulls.length === 0) return [];
    const m = ruleMessages(options.lang);
    return pulls.map((f) => {
      const early = f.since !== undefined && now - f.since < options.graceMs;
      const registry = imageRegistry(f.image);
      return finding(rule, {
        severity: early ? 'warning' : 'error',
        message: m.rateLimited.message({ registry, image: f.image, container: f.container, detail: f.detail, failingFor: m.failingFor(f.since === undefined ? {} : { age: formatAge(now - f.since) }) }),
        evidence: f.evidence,
        remediation: m.rateLimited.fix({ registry, image: f.image, namespace: pod.namespace }),
      });
    });
  },
};

export default rule;
