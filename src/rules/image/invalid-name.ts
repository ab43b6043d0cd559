import { anyWaiting, describeContainer, waitingWith } from '../helpers/containers.js';
import { eventEvidence } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { imageEventsOf } from '../helpers/pull-errors.js';
import type { Evidence, PodRule } from '../types.js';

/** The likeliest mistake in an unparsable reference, in words. */
function whatIsWrong(image: string, message: string): string {
  const lower = /repository name \(([^)]*)\) must be lowercase/.exec(message);
  if (lower) return `the repository name "${lower[1]}" must be lowercase`;
  const parts = image.replace(/@.*$/, '').replace(/:[^/:]*$/, '').split('/');
  if (parts.length > 1 && /[.:]|^localhost$/.test(parts[0]!)) parts.shift();
  if (/[A-Z]/.test(parts.join('/'))) return `the repository name "${parts.join('/')}" must be lowercase`;
  if (/^[a-z]+:\/\//i.test(image)) return 'an image reference has no URL scheme: drop the "http(s)://" prefix';
  if (/\s/.test(image)) return 'the reference contains whitespace';
  if (image.endsWith(':') || image.endsWith('@')) return 'the tag or digest after the last ":" / "@" is empty';
  if (image === '') return 'the image is empty';
  return 'it is not a valid [registry/]repository[:tag][@digest] reference';
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
  match({ pod, now }) {
    if (!anyWaiting(pod, 'InvalidImageName')) return [];
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
          message: `Image reference "${image}" of ${describeContainer(c)} cannot be parsed: ${whatIsWrong(image, `${message}\n${event?.message ?? ''}`)}.`,
          evidence,
          remediation: [
            `Correct the image of ${c.name} to the form [registry[:port]/]repository[:tag][@sha256:digest] with a lower-case repository, in the workload template.`,
            `For a Deployment: kubectl set image -n ${pod.namespace} deploy/<name> ${c.name}=<registry/repository:tag>`,
          ],
        });
      });
  },
};

export default rule;
