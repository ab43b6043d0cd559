import type { ContainerRef } from './types.js';
import { noun } from './en-shared.js';

/** Why a registry refused the pull, as image/unauthorized sees the Pod's pull secrets. */
export type PullSecretProblem = { kind: 'none' } | { kind: 'missing'; secrets: string[] } | { kind: 'rejected'; secrets: string[]; checked: boolean };

/** What is wrong with an image reference that cannot be parsed (image/invalid-name). */
export type BadReference = { kind: 'uppercase'; repository: string } | { kind: 'scheme' | 'whitespace' | 'empty-tag' | 'empty' | 'other' };

/** The image stage rules' messages and fix steps. */
export interface ImageMessages {
  inspectFailed: {
    message(p: { node: string; image: string; container: ContainerRef; detail: string }): string;
    fix(p: { node: string; image: string; namespace: string; pod: string }): string[];
  };
  invalidName: {
    message(p: { image: string; container: ContainerRef; wrong: BadReference }): string;
    fix(p: { container: string; namespace: string }): string[];
  };
  neverPull: {
    message(p: { image: string; container: ContainerRef; node: string }): string;
    fix(p: { image: string; container: string; node: string }): string[];
  };
  pullFailed: {
    /** `blind`: the back-off message carries no error, and no Failed event says it. */
    message(p: { image: string; container: ContainerRef; blind: boolean; reason: string; detail: string; failingFor: string }): string;
    fix(p: { namespace: string; pod: string; node: string; image: string }): string[];
  };
  pullStuck: {
    pulling(p: { image: string; container: ContainerRef; age: string }): string;
    noImage(p: { image: string; container: ContainerRef; age: string; trace: string }): string;
    fix(p: { node: string; image: string }): string[];
  };
  rateLimited: {
    message(p: { registry: string; image: string; container: ContainerRef; detail: string; failingFor: string }): string;
    fix(p: { registry: string; image: string; namespace: string }): string[];
  };
  signatureFailed: {
    message(p: { image: string; container: ContainerRef; detail: string }): string;
    fix(p: { image: string; node: string }): string[];
  };
  tls: {
    plainHttp(p: { endpoint: string; image: string; container: ContainerRef; node: string; detail: string; failingFor: string }): string;
    untrusted(p: { endpoint: string; image: string; container: ContainerRef; node: string; detail: string; failingFor: string }): string;
    plainHttpFix(p: { host: string; namespace: string; pod: string }): string[];
    untrustedFix(p: { endpoint: string; host: string; namespace: string; pod: string }): string[];
  };
  unauthorized: {
    /** Why the registry refused: no pull secret, secrets that do not exist, or secrets the registry rejected (`checked`: their existence was seen). */
    message(p: { registry: string; image: string; container: ContainerRef; namespace: string; detail: string; why: PullSecretProblem }): string;
    fix(p: { registry: string; image: string; namespace: string; why: PullSecretProblem; create: string; serviceAccount: string; secret: string }): string[];
  };
  wrongPlatform: {
    message(p: { image: string; container: ContainerRef; node: string; platform?: string; detail: string }): string;
    fix(p: { image: string; platform?: string }): string[];
  };
  imageNotFound: {
    message(p: { image: string; container: ContainerRef }): string;
    remediation(p: { image: string; namespace: string; container: string }): string[];
  };
  registryUnreachable: {
    message(p: { node: string; image: string; container: ContainerRef; unresolved?: string; endpoint: string; detail: string; failingFor: string }): string;
    remediation(p: { node: string; image: string; dns: boolean; host: string; endpoint: string; url: string; namespace: string; pod: string }): string[];
  };
}

const WRONG: Record<Exclude<BadReference['kind'], 'uppercase'>, string> = {
  scheme: 'an image reference has no URL scheme: drop the "http(s)://" prefix',
  whitespace: 'the reference contains whitespace',
  'empty-tag': 'the tag or digest after the last ":" / "@" is empty',
  empty: 'the image is empty',
  other: 'it is not a valid [registry/]repository[:tag][@digest] reference',
};
const quoteList = (names: string[]): string => names.map((s) => `"${s}"`).join(', ');
const retry = (namespace: string, pod: string): string => `Then retry the pull: kubectl delete pod -n ${namespace} ${pod}`;

// The English text is exactly what the rules printed before they were converted (their tests pin it).
export const enImage: ImageMessages = {
  inspectFailed: {
    message: ({ node, image, container, detail }) => `The container runtime on node ${node || '(unknown)'} failed to inspect image "${image}" of ${noun(container)}${detail ? ` (${detail})` : ''}.`,
    fix: ({ node, image, namespace, pod }) => [
      `On node ${node || '<node>'}: crictl inspecti ${image}; if it is corrupt, remove and re-pull it: crictl rmi ${image} && crictl pull ${image}`,
      `Check the runtime's health and disk space on that node: systemctl status containerd (or crio), df -h /var/lib/containerd`,
      `Or let the controller recreate the Pod elsewhere: kubectl delete pod -n ${namespace} ${pod}`,
    ],
  },
  invalidName: {
    message: ({ image, container, wrong }) =>
      `Image reference "${image}" of ${noun(container)} cannot be parsed: ${wrong.kind === 'uppercase' ? `the repository name "${wrong.repository}" must be lowercase` : WRONG[wrong.kind]}.`,
    fix: ({ container, namespace }) => [
      `Correct the image of ${container} to the form [registry[:port]/]repository[:tag][@sha256:digest] with a lower-case repository, in the workload template.`,
      `For a Deployment: kubectl set image -n ${namespace} deploy/<name> ${container}=<registry/repository:tag>`,
    ],
  },
  neverPull: {
    message: ({ image, container, node }) => `Image "${image}" of ${noun(container)} is not present on node ${node || '(unknown)'}, and its imagePullPolicy is Never, so the kubelet will not pull it.`,
    fix: ({ image, container, node }) => [
      `Load the image onto node ${node || '<node>'} (kind: kind load docker-image ${image}; minikube: minikube image load ${image}; containerd: ctr -n k8s.io images import <file>).`,
      `Or push "${image}" to a registry and set imagePullPolicy: IfNotPresent on container ${container}.`,
    ],
  },
  pullFailed: {
    message: ({ image, container, blind, reason, detail, failingFor }) =>
      blind
        ? `Pulling image "${image}" of ${noun(container)} keeps failing (${reason})${failingFor}; the pull error itself was not recorded in the Pod status or events.`
        : `Pulling image "${image}" of ${noun(container)} failed: ${detail}${failingFor}.`,
    fix: ({ namespace, pod, node, image }) => [`Read the whole error: kubectl describe pod -n ${namespace} ${pod}`, `Reproduce the pull on node ${node || '<node>'}: crictl pull ${image}`],
  },
  pullStuck: {
    pulling: ({ image, container, age }) =>
      `The kubelet began pulling image "${image}" for ${noun(container)} ${age} ago and the pull has not finished (no Pulled event, no pull error): it is stalled, or the image is very large for the link to its registry.`,
    noImage: ({ image, container, age, trace }) => `The Pod's sandbox has been ready for ${age}, but ${noun(container)} still has no image "${image}" and has not started.${trace}`,
    fix: ({ node, image }) => [
      `See what containerd is doing on ${node}: journalctl -u containerd --since "30 min ago" | grep -i -e pull -e "${image.split('@')[0]}"`,
      `Check the image and its size in the registry, and that ${node} can download from it at a useful speed`,
      'Pre-pull large images on the nodes, or use a registry mirror closer to the cluster.',
    ],
  },
  rateLimited: {
    message: ({ registry, image, container, detail, failingFor }) =>
      `Registry ${registry} is rate-limiting pulls of image "${image}" for ${noun(container)} (${detail})${failingFor}; the kubelet keeps retrying with back-off.`,
    fix: ({ registry, image, namespace }) => [
      `Authenticate the pull with an account that has a higher limit: kubectl create secret docker-registry regcred -n ${namespace} --docker-server=${registry} --docker-username=<user> --docker-password=<token>, then add it to spec.imagePullSecrets.`,
      `Mirror "${image}" into a registry you control (or a pull-through cache) and deploy from there.`,
      `Prefer imagePullPolicy: IfNotPresent with immutable tags so nodes reuse the cached image.`,
    ],
  },
  signatureFailed: {
    message: ({ image, container, detail }) => `The node's signature policy rejected image "${image}" of ${noun(container)} (${detail}).`,
    fix: ({ image, node }) => [
      `Sign "${image}" with a key the node policy trusts and deploy it by digest.`,
      `Check the policy for this registry on node ${node || '<node>'} (CRI-O: /etc/containers/policy.json and /etc/containers/registries.d/).`,
    ],
  },
  tls: {
    plainHttp: ({ endpoint, image, container, node, detail, failingFor }) =>
      `Registry ${endpoint} for image "${image}" of ${noun(container)} speaks plain HTTP, but the runtime on node ${node || '(unknown)'} requires HTTPS (${detail})${failingFor}.`,
    untrusted: ({ endpoint, image, container, node, detail, failingFor }) =>
      `The runtime on node ${node || '(unknown)'} does not trust the TLS certificate of registry ${endpoint} for image "${image}" of ${noun(container)} (${detail})${failingFor}.`,
    plainHttpFix: ({ host, namespace, pod }) => [
      `Serve the registry over HTTPS, or declare ${host} as a plain-HTTP registry on every node (containerd: /etc/containerd/certs.d/${host}/hosts.toml with server = "http://${host}"; CRI-O: registries.conf insecure = true).`,
      retry(namespace, pod),
    ],
    untrustedFix: ({ endpoint, host, namespace, pod }) => [
      `Inspect the certificate the node sees: openssl s_client -connect ${endpoint} -servername ${endpoint.replace(/:\d+$/, '')} </dev/null`,
      `Install the registry's CA on every node (containerd: /etc/containerd/certs.d/${host}/ca.crt; CRI-O: /etc/containers/certs.d/${host}/ca.crt), or fix the certificate's host name or expiry.`,
      retry(namespace, pod),
    ],
  },
  unauthorized: {
    message: ({ registry, image, container, namespace, detail, why }) =>
      `Registry ${registry} refused to serve image "${image}" of ${noun(container)} (${detail}): ${
        why.kind === 'none'
          ? 'there are no imagePullSecrets on this Pod (nor from its ServiceAccount)'
          : why.kind === 'missing'
            ? `imagePullSecret ${quoteList(why.secrets)} does not exist in namespace ${namespace}`
            : `imagePullSecret ${quoteList(why.secrets)} ${why.checked ? 'exists' : 'is referenced (its existence could not be checked: Secrets not visible)'}, but the registry rejected the credentials or the repository does not exist`
      }.`,
    fix: ({ registry, image, namespace, why, create, serviceAccount, secret }) => [
      ...(why.kind === 'none'
        ? [
            `Create a pull secret for ${registry}: ${create}`,
            `Reference it from the Pod template's spec.imagePullSecrets, or from the ServiceAccount: kubectl patch serviceaccount ${serviceAccount} -n ${namespace} -p '{"imagePullSecrets":[{"name":"regcred"}]}'`,
          ]
        : why.kind === 'missing'
          ? [
              `Create the missing Secret in namespace ${namespace} (Secrets are not shared across namespaces): ${create}`,
              `Or fix the name in spec.imagePullSecrets; existing secrets: kubectl get secrets -n ${namespace} --field-selector type=kubernetes.io/dockerconfigjson`,
            ]
          : [
              `Check that the Secret holds valid credentials for ${registry}: kubectl get secret ${secret} -n ${namespace} -o jsonpath='{.data.\\.dockerconfigjson}' | base64 -d`,
              `Try the pull by hand with the same credentials: docker login ${registry} && docker pull ${image}`,
            ]),
      `Check the repository path in "${image}": many registries answer "denied" for a repository that does not exist.`,
    ],
  },
  wrongPlatform: {
    message: ({ image, container, node, platform, detail }) =>
      `Image "${image}" of ${noun(container)} has no variant for ${platform ? `node ${node}'s platform ${platform}` : "the node's platform"} (${detail}).`,
    fix: ({ image, platform }) => [
      `See which platforms the image offers: docker manifest inspect ${image}`,
      `Build and push it for ${platform ?? "the node's platform"} too: docker buildx build --platform ${platform ?? 'linux/amd64'},<other platforms> -t ${image} --push .`,
      `Or pin the workload to nodes of a matching architecture with a nodeSelector on kubernetes.io/arch.`,
    ],
  },
  imageNotFound: {
    message: ({ image, container }) => `Image "${image}" of ${noun(container)} does not exist in the registry (tag or digest not found).`,
    remediation: ({ image, namespace, container }) => [
      `Check the reference "${image}" for typos and confirm the tag exists in the registry.`,
      `Push the tag, or deploy a tag that exists: kubectl set image -n ${namespace} <workload> ${container}=<image:tag>`,
    ],
  },
  registryUnreachable: {
    message: ({ node, image, container, unresolved, endpoint, detail, failingFor }) =>
      `Node ${node || '(unknown)'} cannot reach the registry for image "${image}" of ${noun(container)}: ${unresolved !== undefined ? `host name ${unresolved} does not resolve` : `cannot connect to ${endpoint}`} (${detail})${failingFor}.`,
    remediation: ({ node, image, dns, host, endpoint, url, namespace, pod }) => [
      `From node ${node || '<node>'}, try the pull as the runtime does: crictl pull ${image}`,
      dns
        ? `Check the host name "${host}" in the image reference and the node's resolver (/etc/resolv.conf on the node, not the cluster DNS): nslookup ${host}`
        : `Check that the registry listens on ${endpoint} and that the node can reach it (firewall, security groups, proxy): curl -v ${url}/v2/`,
      `Once the registry is reachable the kubelet retries by itself; to retry now: kubectl delete pod -n ${namespace} ${pod}`,
    ],
  },
};
