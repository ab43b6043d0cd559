import { ruleMessages } from '../messages/index.js';
import type { BadReference } from '../messages/image.js';
import { anyWaiting, waitingWith } from '../helpers/containers.js';
import { eventEvidence } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { imageEventsOf } from '../helpers/pull-errors.js';
import type { Evidence, PodRule } from '../types.js';

/** The likeliest mistake in an unparsable reference. */
function whatIsWrong(image: string, message: string): BadReference {
  const lower = /repository name \(([^)]*)\) must be lowercase/.exec(message);
  if (lower) return { kind: 'uppercase', repository: lower[1]! };
  const parts = image.replace(/@.*$/, '').replace(/:[^/:]*$/, '').split('/');
  if (parts.length > 1 && /[.:]|^localhost$/.test(parts[0]!)) parts.shift();
  if (/[A-Z]/.test(parts.join('/'))) return { kind: 'uppercase', repository: parts.join('/') };
  if (/^[a-z]+:\/\//i.test(image)) return { kind: 'scheme' };
  if (/\s/.test(image)) return { kind: 'whitespace' };
  if (image.endsWith(':') || image.endsWith('@')) return { kind: 'empty-tag' };
  if (image === '') return { kind: 'empty' };
  return { kind: 'other' };
}

const rule: PodRule = {
  id: 'image/invalid-name',
  scope: 'pod',
  stage: 'image',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'Invalid image reference',
  docs: {
    description:
      'The kubelet could not parse the image reference (`InvalidImageName`: `couldn\'t parse image name ...: invalid reference format`), so it never asks the runtime to pull. This never clears by itself.',
    causes: [
      'upper-case letters in the repository path (`must be lowercase`)',
      'a URL scheme such as https:// in front of the registry host',
      'an empty tag (trailing ":"), whitespace, or a templating variable that rendered empty or with quotes',
    ],
    fix: [
      'Fix the image field of the workload: [registry[:port]/]repository[:tag][@sha256:digest], lower-case repository',
      'kubectl set image deploy/NAME CONTAINER=IMAGE:TAG',
    ],
  },
  triggers: { waiting: ['InvalidImageName'] },
  match({ pod, now, options }) {
    if (!anyWaiting(pod, 'InvalidImageName')) return [];
    const t = ruleMessages(options.lang).invalidName;
    return waitingWith(pod, 'InvalidImageName')
      .filter((c) => c.kind !== 'ephemeral')
      .map((c) => {
        const image = c.spec.image ?? c.status?.image ?? '';
        const message = c.waiting!.message;
        const evidence: Evidence[] = [fieldEvidence('pod', `${c.statusPath}.state.waiting.reason`, 'InvalidImageName')];
        if (message) evidence.push(fieldEvidence('pod', `${c.statusPath}.state.waiting.message`, message));
        const event = imageEventsOf(pod, c, ['InspectFailed', 'Failed']).filter((e) => /invalid reference format|InvalidImageName/.test(e.message)).at(-1);
        if (event) evidence.push(eventEvidence(event, now));
        return finding(rule, {
          message: t.message({ image, container: c, wrong: whatIsWrong(image, `${message}\n${event?.message ?? ''}`) }),
          evidence,
          remediation: t.fix({ container: c.name, namespace: pod.namespace }),
        });
      });
  },
};

export default rule;
