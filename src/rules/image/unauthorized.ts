import { ruleMessages } from '../messages/index.js';
import type { PullSecretProblem } from '../messages/image.js';
import { eventEvidence, latestEvent } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { PULL_WAITING_REASONS } from '../helpers/image-pull.js';
import { asList } from '../helpers/probes.js';
import { classifiedPullsOf, imageRegistry } from '../helpers/pull-errors.js';
import type { Evidence, PodRule } from '../types.js';

const rule: PodRule = {
  id: 'image/unauthorized',
  scope: 'pod',
  stage: 'image',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'Registry refused the image pull (unauthorized)',
  docs: {
    description:
      'The registry answered, but refused to serve the image: no credentials, wrong credentials, or credentials without access to the repository (401/403, `pull access denied`, `insufficient_scope`). Registries also answer this way for a repository that does not exist.',
    causes: [
      'the Pod has no imagePullSecrets (and its ServiceAccount adds none) for a private registry',
      'the imagePullSecret named on the Pod does not exist in the Pod\'s namespace (Secrets are namespaced)',
      'the Secret holds expired or wrong credentials, or credentials for another registry host',
      'a typo in the repository path: many registries answer "denied" rather than "not found" for unknown repositories',
    ],
    fix: [
      'Create the pull secret in the Pod\'s namespace: kubectl create secret docker-registry regcred -n NS --docker-server=REGISTRY --docker-username=USER --docker-password=TOKEN',
      'Reference it from the Pod template (spec.imagePullSecrets) or from the ServiceAccount: kubectl patch serviceaccount default -n NS -p \'{"imagePullSecrets":[{"name":"regcred"}]}\'',
      'Check the credentials by hand: docker login REGISTRY, then docker pull IMAGE',
    ],
    links: ['https://kubernetes.io/docs/tasks/configure-pod-container/pull-image-private-registry/'],
  },
  triggers: { waiting: PULL_WAITING_REASONS },
  match({ pod, now, cluster, options }) {
    const refused = classifiedPullsOf(pod, now, 'unauthorized');
    if (refused.length === 0) return [];
    const t = ruleMessages(options.lang).unauthorized;
    const secrets = asList<{ name?: string }>(pod.pod.spec?.imagePullSecrets).map((s) => (typeof s.name === 'string' ? s.name : '')).filter(Boolean);
    // kubelet 1.29+: `Unable to retrieve some image pull secrets (<names>); attempting to pull the image may not succeed.`
    const retrieveFailed = latestEvent(pod.events, 'FailedToRetrieveImagePullSecret');
    const missing = cluster.saw('Secret', pod.namespace)
      ? secrets.filter((s) => !cluster.get('Secret', pod.namespace, s))
      : secrets.filter((s) => retrieveFailed !== undefined && retrieveFailed.message.includes(s));
    return refused.map((f) => {
      const registry = imageRegistry(f.image);
      const evidence: Evidence[] = [...f.evidence];
      evidence.push(fieldEvidence('pod', 'spec.imagePullSecrets', pod.pod.spec?.imagePullSecrets ?? []));
      if (retrieveFailed) evidence.push(eventEvidence(retrieveFailed, now));
      const create = `kubectl create secret docker-registry ${missing[0] ?? 'regcred'} -n ${pod.namespace} --docker-server=${registry} --docker-username=<user> --docker-password=<token>`;
      const why: PullSecretProblem =
        secrets.length === 0 ? { kind: 'none' } : missing.length > 0 ? { kind: 'missing', secrets: missing } : { kind: 'rejected', secrets, checked: cluster.saw('Secret', pod.namespace) };
      return finding(rule, {
        message: t.message({ registry, image: f.image, container: f.container, namespace: pod.namespace, detail: f.detail, why }),
        evidence,
        remediation: t.fix({ registry, image: f.image, namespace: pod.namespace, why, create, serviceAccount: pod.pod.spec?.serviceAccountName ?? 'default', secret: secrets[0] ?? '' }),
      });
    });
  },
};

export default rule;
