import { describeContainer } from '../helpers/containers.js';
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
  match({ pod, now, cluster }) {
    const refused = classifiedPullsOf(pod, now, 'unauthorized');
    if (refused.length === 0) return [];
    const secrets = asList<{ name?: string }>(pod.pod.spec?.imagePullSecrets).map((s) => (typeof s.name === 'string' ? s.name : '')).filter(Boolean);
    // kubelet 1.29+: `Unable to retrieve some image pull secrets (<names>); attempting to pull the image may not succeed.`
    const retrieveFailed = latestEvent(pod.events, 'FailedToRetrieveImagePullSecret');
    const missing = cluster.saw('Secret')
      ? secrets.filter((s) => !cluster.get('Secret', pod.namespace, s))
      : secrets.filter((s) => retrieveFailed !== undefined && retrieveFailed.message.includes(s));
    return refused.map((f) => {
      const registry = imageRegistry(f.image);
      const evidence: Evidence[] = [...f.evidence];
      evidence.push(fieldEvidence('pod', 'spec.imagePullSecrets', pod.pod.spec?.imagePullSecrets ?? []));
      if (retrieveFailed) evidence.push(eventEvidence(retrieveFailed, now));
      let why: string;
      const remediation: string[] = [];
      const create = `kubectl create secret docker-registry ${missing[0] ?? 'regcred'} -n ${pod.namespace} --docker-server=${registry} --docker-username=<user> --docker-password=<token>`;
      if (secrets.length === 0) {
        why = 'there are no imagePullSecrets on this Pod (nor from its ServiceAccount)';
        remediation.push(`Create a pull secret for ${registry}: ${create}`);
        remediation.push(
          `Reference it from the Pod template's spec.imagePullSecrets, or from the ServiceAccount: kubectl patch serviceaccount ${pod.pod.spec?.serviceAccountName ?? 'default'} -n ${pod.namespace} -p '{"imagePullSecrets":[{"name":"regcred"}]}'`,
        );
      } else if (missing.length > 0) {
        why = `imagePullSecret ${missing.map((s) => `"${s}"`).join(', ')} does not exist in namespace ${pod.namespace}`;
        remediation.push(`Create the missing Secret in namespace ${pod.namespace} (Secrets are not shared across namespaces): ${create}`);
        remediation.push(`Or fix the name in spec.imagePullSecrets; existing secrets: kubectl get secrets -n ${pod.namespace} --field-selector type=kubernetes.io/dockerconfigjson`);
      } else {
        const seen = cluster.saw('Secret') ? 'exists' : 'is referenced (its existence could not be checked: Secrets not visible)';
        why = `imagePullSecret ${secrets.map((s) => `"${s}"`).join(', ')} ${seen}, but the registry rejected the credentials or the repository does not exist`;
        remediation.push(`Check that the Secret holds valid credentials for ${registry}: kubectl get secret ${secrets[0]} -n ${pod.namespace} -o jsonpath='{.data.\\.dockerconfigjson}' | base64 -d`);
        remediation.push(`Try the pull by hand with the same credentials: docker login ${registry} && docker pull ${f.image}`);
      }
      remediation.push(`Check the repository path in "${f.image}": many registries answer "denied" for a repository that does not exist.`);
      return finding(rule, {
        message: `Registry ${registry} refused to serve image "${f.image}" of ${describeContainer(f.container)} (${f.detail}): ${why}.`,
        evidence,
        remediation,
      });
    });
  },
};

export default rule;
