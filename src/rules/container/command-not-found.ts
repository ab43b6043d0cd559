import { ruleMessages } from '../messages/index.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { asList } from '../helpers/probes.js';
import { anyCause, containerProblems, isFailingNow, missingCommand, specPath, terminationEvidence } from '../helpers/restarts.js';
import type { PodRule } from '../types.js';

const rule: PodRule = {
  id: 'container/command-not-found',
  scope: 'pod',
  stage: 'container',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'Container command not found in the image',
  docs: {
    description:
      'The command the container runs does not exist in the image: runc reports `exec: "<cmd>": executable file not found in $PATH` or `no such file or directory` (a `StartError` with exit code 128, waiting reason `RunContainerError`), or a shell started by the container prints `<cmd>: not found` and exits with 127.',
    causes: [
      'a typo in command/args, or a command that exists in another image (e.g. `bash` in an Alpine or distroless image)',
      'the image\'s ENTRYPOINT was overridden by `command:` with a path that does not exist',
      'a script whose interpreter (the #! line) is missing, or that has Windows line endings (`/bin/sh\\r`)',
      'the binary was not copied into the final stage of a multi-stage build',
    ],
    fix: [
      'Compare the Pod\'s command/args with what the image contains: docker run --rm --entrypoint sh IMAGE -c "command -v CMD" (images without a shell: docker create + docker export)',
      'Fix command/args in the workload, or add the binary to the image',
      'For scripts: check the #! line and convert line endings (dos2unix)',
    ],
  },
  triggers: { containerProblem: true },
  match({ pod, options }) {
    const problems = containerProblems(pod);
    if (!anyCause(problems, 'command-not-found')) return [];
    const m = ruleMessages(options.lang);
    return problems
      .filter((p) => p.cause === 'command-not-found' && isFailingNow(p))
      .map((p) => {
        const c = p.container;
        const text = `${c.waiting?.message ?? ''}\n${p.term?.message ?? ''}`;
        const cmd = missingCommand(text);
        const configured = [...asList<string>(c.spec.command), ...asList<string>(c.spec.args)];
        const evidence = terminationEvidence(p);
        if (configured.length > 0) evidence.push(fieldEvidence('pod', `${specPath(c)}.command`, { command: c.spec.command ?? null, args: c.spec.args ?? null }));
        const summary = m.restarts({ restarts: c.restartCount, ...(p.backOff ? { backOff: p.backOff.delay } : {}) });
        const shellOnly = !cmd && p.term?.exitCode === 127;
        return finding(rule, {
          confidence: shellOnly ? 'medium' : 'high',
          message: m.commandNotFound.message({ container: c, ...(cmd ? { command: cmd } : {}), image: c.spec.image ?? c.status?.image ?? '', configured, restarts: summary }),
          evidence,
          remediation: m.commandNotFound.fix({ ...(c.spec.image ? { image: c.spec.image } : {}), ...(cmd ? { command: cmd } : {}), container: c.name, namespace: pod.namespace }),
        });
      });
  },
};

export default rule;
