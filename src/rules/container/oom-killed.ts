import { describeContainer } from '../helpers/containers.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { anyCause, cap, containerProblems, finishedAt, logsCommand, ownerRef, restartSummary, specPath, terminationEvidence } from '../helpers/restarts.js';
import { ago } from '../helpers/time.js';
import { formatQuantity, parseQuantity } from '../../model/quantity.js';
import type { PodRule } from '../types.js';

const rule: PodRule = {
  id: 'container/oom-killed',
  scope: 'pod',
  stage: 'container',
  severity: 'error',
  failureClass: 'repeated',
  title: 'Container killed for running out of memory (OOMKilled)',
  docs: {
    description:
      'The kernel OOM killer stopped the container (reason `OOMKilled`, usually exit code 137): it used more memory than its limit, or the node itself ran out of memory. A container that keeps being OOM-killed crash-loops; one that was OOM-killed recently and runs again is a warning.',
    causes: [
      'the memory limit is below what the application needs at peak (JVM heap + metaspace + threads, caches, large requests)',
      'a memory leak',
      'no limit, and the node ran out of memory (other Pods or system daemons used it)',
      'runtimes that size their heap from the host, not the cgroup limit',
    ],
    fix: [
      'Raise the limit (and request) to the observed peak plus headroom: kubectl set resources deploy/NAME -c CONTAINER --limits=memory=1Gi --requests=memory=1Gi',
      'Measure real usage: kubectl top pod POD --containers, or the metrics of the previous instance',
      'Make the runtime respect the cgroup limit (e.g. -XX:MaxRAMPercentage for the JVM, GOMEMLIMIT for Go)',
    ],
    links: ['https://kubernetes.io/docs/tasks/configure-pod-container/assign-memory-resource/'],
  },
  triggers: { containerProblem: true },
  match({ pod, now, options }) {
    const problems = containerProblems(pod);
    if (!anyCause(problems, 'oom')) return [];
    return problems
      .filter((p) => p.cause === 'oom')
      .flatMap((p) => {
        const c = p.container;
        const end = finishedAt(p.term);
        const current = p.mode !== 'restarted';
        if (!current && (end === undefined || now - end > options.recentMs)) return [];
        const limitRaw = c.spec.resources?.limits?.memory;
        const requestRaw = c.spec.resources?.requests?.memory;
        const limit = parseQuantity(limitRaw);
        const request = parseQuantity(requestRaw);
        const evidence = terminationEvidence(p);
        evidence.push(fieldEvidence('pod', `${specPath(c)}.resources`, c.spec.resources ?? {}));
        const what =
          limit !== undefined
            ? `it exceeded its memory limit of ${limitRaw}${request !== undefined ? ` (request ${requestRaw})` : ''}`
            : 'it has no memory limit, so the node itself ran out of memory';
        const summary = restartSummary(p);
        const suggested = limit !== undefined ? formatQuantity('memory', limit * 2) : '512Mi';
        return [
          finding(rule, {
            severity: current ? 'error' : 'warning',
            message: current
              ? `${cap(describeContainer(c))} was OOMKilled: ${what}${summary ? `; ${summary}` : ''}.`
              : `${cap(describeContainer(c))} was OOMKilled ${ago(now, end)} (${what}) and runs again; it will be killed again at the same peak.`,
            evidence,
            remediation: [
              limit !== undefined
                ? `Raise the memory limit above the real peak, e.g.: kubectl set resources -n ${pod.namespace} ${ownerRef(pod)} -c ${c.name} --limits=memory=${suggested} --requests=memory=${suggested}`
                : `Set a memory request that reserves what it needs (and a limit), so the scheduler places it on a node with room: kubectl set resources -n ${pod.namespace} ${ownerRef(pod)} -c ${c.name} --requests=memory=${suggested} --limits=memory=${suggested}`,
              `Measure usage: kubectl top pod -n ${pod.namespace} ${pod.name} --containers; and read the end of the killed instance's log: ${logsCommand(pod, c, true)}`,
              'If usage keeps growing, look for a leak; make the runtime respect the cgroup limit (JVM -XX:MaxRAMPercentage, Go GOMEMLIMIT, Node --max-old-space-size).',
            ],
          }),
        ];
      });
  },
};

export default rule;
