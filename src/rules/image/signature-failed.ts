import { ruleMessages } from '../messages/index.js';
import { anyWaiting, waitingWith } from '../helpers/containers.js';
import { eventEvidence } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { PULL_WAITING_REASONS } from '../helpers/image-pull.js';
import { classifiedPullsOf, imageEventsOf, pullErrorDetail } from '../helpers/pull-errors.js';
import type { Evidence, PodRule } from '../types.js';

const rule: PodRule = {
  id: 'image/signature-failed',
  scope: 'pod',
  stage: 'image',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'Image signature validation failed',
  docs: {
    description:
      'The runtime\'s signature policy (CRI-O /etc/containers/policy.json, or an equivalent verifier) rejected the image: it is unsigned, signed with a key the policy does not trust, or the signature does not match. The waiting reason is `SignatureValidationFailed`.',
    causes: [
      'the image was pushed without a signature, or re-tagged after signing',
      'the signing key is not in the node\'s policy (rotated key, wrong key for this registry)',
      'a policy that requires signatures for a registry whose images are not signed',
    ],
    fix: [
      'Sign the image with a key the policy trusts (for example cosign sign --key KEY IMAGE) and redeploy by digest',
      'Check the node policy for the image\'s registry (/etc/containers/policy.json on CRI-O nodes)',
    ],
  },
  triggers: { waiting: [...PULL_WAITING_REASONS, 'SignatureValidationFailed'] },
  match({ pod, now, options }) {
    const pulls = classifiedPullsOf(pod, now, 'signature-failed');
    if (pulls.length === 0 && !anyWaiting(pod, 'SignatureValidationFailed')) return [];
    const out = pulls.map((f) => ({ container: f.container, image: f.image, detail: f.detail, evidence: f.evidence }));
    for (const c of waitingWith(pod, 'SignatureValidationFailed').filter((c) => c.kind !== 'ephemeral')) {
      const evidence: Evidence[] = [fieldEvidence('pod', `${c.statusPath}.state.waiting.reason`, c.waiting!.reason)];
      if (c.waiting!.message) evidence.push(fieldEvidence('pod', `${c.statusPath}.state.waiting.message`, c.waiting!.message));
      const event = imageEventsOf(pod, c, 'Failed').at(-1);
      if (event) evidence.push(eventEvidence(event, now));
      out.push({ container: c, image: c.spec.image ?? c.status?.image ?? '', detail: pullErrorDetail(c.waiting!.message || 'signature validation failed'), evidence });
    }
    const t = ruleMessages(options.lang).signatureFailed;
    return out.map((f) =>
      finding(rule, {
        message: t.message({ image: f.image, container: f.container, detail: f.detail }),
        evidence: f.evidence,
        remediation: t.fix({ image: f.image, node: pod.nodeName }),
      }),
    );
  },
};

export default rule;
