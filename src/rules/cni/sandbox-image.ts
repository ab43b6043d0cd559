import { ruleMessages } from '../messages/index.js';
import { eventEvidence } from '../helpers/events.js';
import { finding } from '../helpers/finding.js';
import { currentSandboxFailures, firstSeen, withinGrace } from '../helpers/sandbox-errors.js';
import type { PodRule } from '../types.js';

const rule: PodRule = {
  id: 'cni/sandbox-image',
  scope: 'pod',
  stage: 'cni',
  severity: 'error',
  failureClass: 'transient',
  title: 'The sandbox (pause) image cannot be pulled',
  docs: {
    description:
      'Every Pod sandbox runs the runtime\'s pause image. containerd reports `failed to get sandbox image "<pause>": <pull error>` inside FailedCreatePodSandBox when that image is not on the node and cannot be pulled, so no Pod can start on the node.',
    causes: [
      'an air-gapped or proxied node cannot reach the registry that hosts the pause image (registry.k8s.io by default)',
      'the runtime is configured with a pause image (containerd sandbox_image / CRI-O pause_image) that does not exist or needs credentials',
      'image garbage collection removed the pause image and the registry is unreachable',
    ],
    fix: [
      'On the node: crictl images | grep pause; crictl pull <pause image>',
      'Air-gapped: import it (ctr -n k8s.io images import pause.tar) and pin it (containerd sandbox_image)',
      'Point the runtime at a mirror that serves the pause image',
    ],
    links: ['https://kubernetes.io/docs/setup/production-environment/container-runtimes/#override-pause-image-containerd'],
  },
  triggers: { awaitingSandbox: true },
  match({ pod, now, options }) {
    const all = currentSandboxFailures(pod);
    if (all.length === 0) return [];
    const failures = all.filter((f) => f.error.kind === 'sandbox-image');
    const last = failures[failures.length - 1];
    if (!last) return [];
    const image = last.error.subject ?? '?';
    const cause = last.error.error.replace(/^failed to get sandbox image "[^"]+":\s*/, '');
    const t = ruleMessages(options.lang).sandboxImage;
    return [
      finding(rule, {
        severity: withinGrace(firstSeen(failures.map((f) => f.event)), now, options.graceMs) ? 'warning' : 'error',
        message: t.message({ node: pod.nodeName, image, cause }),
        evidence: [eventEvidence(last.event, now)],
        remediation: t.fix({ node: pod.nodeName, image }),
      }),
    ];
  },
};

export default rule;
