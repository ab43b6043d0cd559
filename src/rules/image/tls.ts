import { describeContainer } from '../helpers/containers.js';
import { finding } from '../helpers/finding.js';
import { PULL_WAITING_REASONS } from '../helpers/image-pull.js';
import { classifiedPullsOf, failingFor, imageRegistry, registryEndpoint } from '../helpers/pull-errors.js';
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
  match({ pod, now }) {
    const pulls = classifiedPullsOf(pod, now, 'tls');
    if (pulls.length === 0) return [];
    return pulls.map((f) => {
      const endpoint = registryEndpoint(f.error, f.image);
      const host = imageRegistry(f.image);
      const plain = PLAIN_HTTP.test(f.error);
      return finding(rule, {
        message: plain
          ? `Registry ${endpoint} for image "${f.image}" of ${describeContainer(f.container)} speaks plain HTTP, but the runtime on node ${pod.nodeName || '(unknown)'} requires HTTPS (${f.detail})${failingFor(now, f.since)}.`
          : `The runtime on node ${pod.nodeName || '(unknown)'} does not trust the TLS certificate of registry ${endpoint} for image "${f.image}" of ${describeContainer(f.container)} (${f.detail})${failingFor(now, f.since)}.`,
        evidence: f.evidence,
        remediation: plain
          ? [
              `Serve the registry over HTTPS, or declare ${host} as a plain-HTTP registry on every node (containerd: /etc/containerd/certs.d/${host}/hosts.toml with server = "http://${host}"; CRI-O: registries.conf insecure = true).`,
              `Then retry the pull: kubectl delete pod -n ${pod.namespace} ${pod.name}`,
            ]
          : [
              `Inspect the certificate the node sees: openssl s_client -connect ${endpoint} -servername ${endpoint.replace(/:\d+$/, '')} </dev/null`,
              `Install the registry's CA on every node (containerd: /etc/containerd/certs.d/${host}/ca.crt; CRI-O: /etc/containers/certs.d/${host}/ca.crt), or fix the certificate's host name or expiry.`,
              `Then retry the pull: kubectl delete pod -n ${pod.namespace} ${pod.name}`,
            ],
      });
    });
  },
};

export default rule;
