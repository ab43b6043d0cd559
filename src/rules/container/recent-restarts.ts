import { finding } from '../helpers/finding.js';
import { containerProblems, exitRef, finishedAt, logsCommand, terminationEvidence, terminationMessage } from '../helpers/restarts.js';
import { formatAge } from '../helpers/time.js';
import type { PodRule } from '../types.js';
import { ruleMessages } from '../messages/index.js';

// These causes have their own rule with a warning for a recent restart.
const OWN_RULE = new Set(['oom', 'liveness', 'startup-probe']);

const rule: PodRule = {
  id: 'container/recent-restarts',
  scope: 'pod',
  stage: 'container',
  severity: 'warning',
  failureClass: 'transient',
  title: 'Container restarted recently',
  docs: {
    description:
      'The container runs now, but it restarted recently: its previous instance ended (the last state shows how). A warning when it restarted restartWarn times or more, otherwise context. Restarts long ago are not reported.',
    causes: ['an intermittent crash, a dependency outage the app exits on, a node or runtime event'],
    fix: ['Read the previous instance\'s logs: kubectl logs POD -c CONTAINER --previous', 'Look at the last state: kubectl describe pod POD'],
  },
  triggers: { containerProblem: true },
  match({ pod, now, options }) {
    const problems = containerProblems(pod);
    if (problems.length === 0) return [];
    const m = ruleMessages(options.lang);
    return problems
      .filter((p) => p.mode === 'restarted' && !OWN_RULE.has(p.cause) && p.container.kind !== 'init')
      .flatMap((p) => {
        const end = finishedAt(p.term);
        if (end === undefined || now - end > options.recentMs) return [];
        const c = p.container;
        const n = c.restartCount;
        const msg = terminationMessage(p.term, 200);
        return [
          finding(rule, {
            severity: n >= options.restartWarn ? 'warning' : 'info',
            message: m.recentRestarts.message({ container: c, restarts: n, exit: m.exit(exitRef(p.term, c.spec)), ...(p.term?.reason ? { reason: p.term.reason } : {}), message: msg, ago: formatAge(now - end) }),
            evidence: terminationEvidence(p),
            remediation: m.recentRestarts.fix({ logs: logsCommand(pod, c, true), namespace: pod.namespace, pod: pod.name }),
          }),
        ];
      });
  },
};

export default rule;
