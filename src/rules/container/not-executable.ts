import { ruleMessages } from '../messages/index.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { asList } from '../helpers/probes.js';
import { anyCause, containerProblems, isFailingNow, terminationEvidence, unexecutableFile } from '../helpers/restarts.js';
import type { Evidence, PodRule } from '../types.js';

const FORMAT = /exec format error/;

const rule: PodRule = {
  id: 'container/not-executable',
  scope: 'pod',
  stage: 'container',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'Container entrypoint cannot be executed',
  docs: {
    description:
      'The entrypoint exists but the kernel refuses to run it: `exec format error` (a binary for another CPU architecture, or a script without a #! line) or `permission denied` / exit code 126 (the file is not executable for the container\'s user).',
    causes: [
      'an image built for arm64 running on amd64 nodes (or the reverse): `exec format error`',
      'a shell script without a #! interpreter line',
      'the file lacks the executable bit, or the container\'s runAsUser cannot read it',
      'the file sits on a volume mounted noexec',
    ],
    fix: [
      'For exec format error: build the image for the node\'s platform: docker buildx build --platform linux/amd64,linux/arm64 ...',
      'For permission denied: RUN chmod +x /path/to/entrypoint in the Dockerfile (or COPY --chmod=755), and check runAsUser/fsGroup',
    ],
  },
  triggers: { containerProblem: true },
  match({ pod, options }) {
    const problems = containerProblems(pod);
    if (!anyCause(problems, 'not-executable')) return [];
    const m = ruleMessages(options.lang);
    const arch = pod.node?.status?.nodeInfo?.architecture;
    return problems
      .filter((p) => p.cause === 'not-executable' && isFailingNow(p))
      .map((p) => {
        const c = p.container;
        const text = `${c.waiting?.message ?? ''}\n${p.term?.message ?? ''}`;
        const file = unexecutableFile(text) ?? asList<string>(c.spec.command)[0];
        const evidence: Evidence[] = terminationEvidence(p);
        const summary = m.restarts({ restarts: c.restartCount, ...(p.backOff ? { backOff: p.backOff.delay } : {}) });
        const format = FORMAT.test(text);
        if (format && arch) evidence.push(fieldEvidence('node', `nodes/${pod.nodeName}.status.nodeInfo.architecture`, arch));
        const at = { ...(file ? { file } : {}), ...(arch ? { arch } : {}) };
        return finding(rule, {
          message: m.notExecutable.message({ container: c, format, node: pod.nodeName, restarts: summary, ...at }),
          evidence,
          remediation: m.notExecutable.fix({ format, ...(c.spec.image ? { image: c.spec.image } : {}), ...at }),
        });
      });
  },
};

export default rule;
