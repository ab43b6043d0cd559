import { finding } from '../helpers/finding.js';
import { PULL_WAITING_REASONS } from '../helpers/image-pull.js';
import { classifiedPullsOf, registryEndpoint, registryUrl } from '../helpers/pull-errors.js';
import { formatAge } from '../../model/time.js';
import { ruleMessages } from '../messages/index.js';
import type { PodRule } from '../types.js';

const DNS = /no such host/;

const rule: PodRule = {
  id: 'image/registry-unreachable',
  scope: 'pod',
  stage: 'image',
  severity: 'error',
  failureClass: 'transient',
  title: 'Registry unreachable from the node',
  docs: {
    description:
      'The container runtime on the node could not talk to the registry at all: the host name does not resolve (`no such host`), the connection times out (`i/o timeout`) or is refused (`connection refused`, or the `RegistryUnavailable` reason). The node, not the Pod, does the pull, so the node\'s DNS, routes, proxy and firewall are what matter.',
    causes: [
      'a typo in the registry host name, or an internal registry name that the node\'s resolver (not the cluster DNS) cannot resolve',
      'the registry is down, or listens on another port',
      'a firewall, security group or missing egress route between the node and the registry',
      'the node needs an HTTP proxy for outbound traffic and the container runtime is not configured with it',
    ],
    fix: [
      'From the node, test what the runtime does: crictl pull IMAGE (or: nslookup HOST; curl -v https://HOST/v2/, or http:// for a registry the runtime reaches over plain HTTP)',
      'Fix the registry host in the image reference, or the node\'s DNS / proxy / firewall configuration',
      'If the registry is down, bring it back: the kubelet retries the pull with back-off',
    ],
  },
  triggers: { waiting: PULL_WAITING_REASONS },
  match({ pod, now, options }) {
    const pulls = classifiedPullsOf(pod, now, 'registry-unreachable');
    if (pulls.length === 0) return [];
    const m = ruleMessages(options.lang);
    return pulls.map((f) => {
      const early = f.since !== undefined && now - f.since < options.graceMs;
      const endpoint = registryEndpoint(f.error, f.image);
      const dns = DNS.test(f.error);
      const host = endpoint.replace(/:\d+$/, '');
      const failing = m.failingFor(f.since === undefined ? {} : { age: formatAge(now - f.since) });
      return finding(rule, {
        severity: early ? 'warning' : 'error',
        message: m.registryUnreachable.message({ node: pod.nodeName, image: f.image, container: f.container, ...(dns ? { unresolved: endpoint.split(':')[0]! } : {}), endpoint, detail: f.detail, failingFor: failing }),
        evidence: f.evidence,
        remediation: m.registryUnreachable.remediation({ node: pod.nodeName, image: f.image, dns, host, endpoint, url: registryUrl(f.error, endpoint), namespace: pod.namespace, pod: pod.name }),
      });
    });
  },
};

export default rule;
