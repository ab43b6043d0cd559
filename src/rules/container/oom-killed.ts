import { formatAge } from '../helpers/time.js';
import { ruleMessages } from '../messages/index.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { anyCause, containerProblems, finishedAt, logsCommand, ownerRef, specPath, terminationEvidence } from '../helpers/restarts.js';
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
    const m = ruleMessages(options.lang);
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
        const sizes = { ...(limit !== undefined ? { limit: String(limitRaw) } : {}), ...(limit !== undefined && request !== undefined ? { request: String(requestRaw) } : {}) };
        const summary = m.restarts({ restarts: c.restartCount, ...(p.backOff ? { backOff: p.backOff.delay } : {}) });
        const suggested = limit !== undefined ? formatQuantity('memory', limit * 2) : '512Mi';
        return [
          finding(rule, {
            severity: current ? 'error' : 'warning',
            message: m.oomKilled.message({ container: c, ...sizes, ...(current ? {} : { again: end !== undefined ? { age: formatAge(now - end) } : {} }), restarts: summary }),
            evidence,
            remediation: m.oomKilled.fix({ hasLimit: limit !== undefined, namespace: pod.namespace, pod: pod.name, owner: ownerRef(pod), container: c.name, suggested, logs: logsCommand(pod, c, true) }),
          }),
        ];
      });
  },
};

export default rule;
