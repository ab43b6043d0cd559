import type { ContainerRef } from './types.js';
import { noun } from './en-shared.js';

/** The image stage rules' messages and fix steps. */
export interface ImageMessages {
  imageNotFound: {
    message(p: { image: string; container: ContainerRef }): string;
    remediation(p: { image: string; namespace: string; container: string }): string[];
  };
  registryUnreachable: {
    message(p: { node: string; image: string; container: ContainerRef; unresolved?: string; endpoint: string; detail: string; failingFor: string }): string;
    remediation(p: { node: string; image: string; dns: boolean; host: string; endpoint: string; namespace: string; pod: string }): string[];
  };
}

// The English text is exactly what the rules printed before they were converted (their tests pin it).
export const enImage: ImageMessages = {
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
    remediation: ({ node, image, dns, host, endpoint, namespace, pod }) => [
      `From node ${node || '<node>'}, try the pull as the runtime does: crictl pull ${image}`,
      dns
        ? `Check the host name "${host}" in the image reference and the node's resolver (/etc/resolv.conf on the node, not the cluster DNS): nslookup ${host}`
        : `Check that the registry listens on ${endpoint} and that the node can reach it (firewall, security groups, proxy): curl -v https://${endpoint}/v2/`,
      `Once the registry is reachable the kubelet retries by itself; to retry now: kubectl delete pod -n ${namespace} ${pod}`,
    ],
  },
};
