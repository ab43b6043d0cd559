import { formatAge } from '../helpers/time.js';
import { ruleMessages } from '../messages/index.js';
import { finding } from '../helpers/finding.js';
import { PULL_WAITING_REASONS } from '../helpers/image-pull.js';
import { classifiedPullsOf, imageRegistry, registryEndpoint } from '../helpers/pull-errors.js';
import type { PodRule } from '../types.js';

const PLAIN_HTTP = /server gave HTTP response to HTTPS client|first record does not look like a TLS handshake/;

const rule: PodRule = {
  id: 'image/tls',
  scope: 'pod',
  stage: 'image',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'TLS failure talking to the registry',
  docs: {
    description:
      'The node reached the registry but the TLS handshake failed: the certificate is not trusted by the node (`x509: certificate signed by unknown authority`), does not match the host name, has expired, or the registry speaks plain HTTP (`http: server gave HTTP response to HTTPS client`).',
    causes: [
      'a private registry with a self-signed or internal-CA certificate that the nodes do not trust',
      'a registry served over plain HTTP that the container runtime is not configured to treat as insecure',
      'an expired certificate, or one issued for another host name',
      'a TLS-intercepting proxy between the node and the registry',
    ],
    fix: [
      'Install the registry CA on every node for the runtime (containerd: /etc/containerd/certs.d/HOST/ca.crt or hosts.toml; CRI-O: /etc/containers/certs.d/HOST/ca.crt)',
      'For a plain-HTTP registry, declare it in the runtime\'s registry config (containerd hosts.toml `server = "http://HOST"`; CRI-O registries.conf `insecure = true`)',
      'Renew or reissue the registry certificate for the right host name',
    ],
  },
  triggers: { waiting: PULL_WAITING_REASONS },
  match({ pod, now, options }) {
    const pulls = classifiedPullsOf(pod, now, 'tls');
    if (pulls.length === 0) return [];
    const m = ruleMessages(options.lang);
    return pulls.map((f) => {
      const endpoint = registryEndpoint(f.error, f.image);
      const host = imageRegistry(f.image);
      const plain = PLAIN_HTTP.test(f.error);
      const p = { endpoint, image: f.image, container: f.container, node: pod.nodeName, detail: f.detail, failingFor: m.failingFor(f.since === undefined ? {} : { age: formatAge(now - f.since) }) };
      return finding(rule, {
        message: plain ? m.tls.plainHttp(p) : m.tls.untrusted(p),
        evidence: f.evidence,
        remediation: plain ? m.tls.plainHttpFix({ host, namespace: pod.namespace, pod: pod.name }) : m.tls.untrustedFix({ endpoint, host, namespace: pod.namespace, pod: pod.name }),
      });
    });
  },
};

export default rule;
