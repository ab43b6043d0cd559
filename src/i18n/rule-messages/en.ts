import { explainExitCode } from '../../rules/helpers/containers.js';
import type { ContainerRef, RuleMessages } from './types.js';

const noun = ({ kind, name }: ContainerRef): string =>
  `${kind === 'init' ? 'init container' : kind === 'sidecar' ? 'sidecar container' : kind === 'ephemeral' ? 'ephemeral container' : 'container'} "${name}"`;
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

// The English text is exactly what the rules printed before they were converted (their tests pin it).
export const enRules: RuleMessages = {
  container: noun,
  Container: (c) => cap(noun(c)),
  exit: ({ recorded, reason, code, hasMessage }) => {
    if (!recorded) return 'exited (its last state is not recorded)';
    if (reason === 'OOMKilled') return `was OOMKilled${code !== undefined ? ` (exit code ${code})` : ''}`;
    if (code === undefined) return `terminated with reason ${reason ?? 'unknown'}`;
    if (code === 2 && hasMessage) return 'exited with code 2';
    return `exited with code ${code} (${explainExitCode(code)})`;
  },
  restarts: ({ restarts, backOff }) =>
    [restarts > 0 ? `restarted ${restarts} time${restarts === 1 ? '' : 's'}` : '', backOff ? `the kubelet waits ${backOff} before the next try` : ''].filter(Boolean).join('; '),
  failingFor: ({ age }) => (age === undefined ? '' : `; failing for ${age}`),

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
  crashLoop: {
    message: ({ container, mode, exit, terminationMessage, restarts }) =>
      `${cap(noun(container))} ${mode === 'loop' ? 'is crash-looping' : mode === 'first' ? 'crashed' : 'keeps crashing'}: it ${exit}${terminationMessage ? `, message "${terminationMessage}"` : ''}${restarts ? `; ${restarts}` : ''}.`,
    remediation: ({ logs, namespace, pod }) => [
      `Read why the last instance exited: ${logs}`,
      `See the exit code, message and events: kubectl describe pod -n ${namespace} ${pod}`,
      'Fix the cause the logs show (configuration, environment, arguments, an unreachable dependency); the kubelet restarts it by itself with back-off.',
    ],
  },
};
