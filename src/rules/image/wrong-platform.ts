import { ruleMessages } from '../messages/index.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { PULL_WAITING_REASONS } from '../helpers/image-pull.js';
import { classifiedPullsOf } from '../helpers/pull-errors.js';
import type { PodRule } from '../types.js';

const rule: PodRule = {
  id: 'image/wrong-platform',
  scope: 'pod',
  stage: 'image',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'Image not built for the node\'s platform',
  docs: {
    description:
      'The image exists, but its manifest (or manifest list) has no variant for the node\'s OS and CPU architecture: containerd says `no match for platform in manifest`, CRI-O says `no image found in manifest list for architecture`.',
    causes: [
      'a single-architecture image (for example built on an arm64 laptop) deployed to amd64 nodes, or the reverse',
      'a multi-arch build that did not include this node\'s architecture',
      'a Windows-only image scheduled on a Linux node (or the reverse)',
    ],
    fix: [
      'Build and push a multi-platform image: docker buildx build --platform linux/amd64,linux/arm64 -t IMAGE --push .',
      'Or keep the Pod on nodes of the image\'s architecture: nodeSelector kubernetes.io/arch: arm64',
      'Inspect what the image offers: docker manifest inspect IMAGE (or: crane manifest IMAGE)',
    ],
  },
  triggers: { waiting: PULL_WAITING_REASONS },
  match({ pod, now, options }) {
    const info = pod.node?.status?.nodeInfo ?? {};
    const arch = info.architecture;
    const platform = arch ? `${info.operatingSystem ?? 'linux'}/${arch}` : undefined;
    const pulls = classifiedPullsOf(pod, now, 'wrong-platform');
    if (pulls.length === 0) return [];
    const t = ruleMessages(options.lang).wrongPlatform;
    return pulls.map((f) =>
      finding(rule, {
        message: t.message({ image: f.image, container: f.container, node: pod.nodeName, ...(platform ? { platform } : {}), detail: f.detail }),
        evidence: platform ? [...f.evidence, fieldEvidence('node', `nodes/${pod.nodeName}.status.nodeInfo.architecture`, arch)] : f.evidence,
        remediation: t.fix({ image: f.image, ...(platform ? { platform } : {}) }),
      }),
    );
  },
};

export default rule;
