import { describeContainer } from '../helpers/containers.js';
import { finding } from '../helpers/finding.js';
import { cap, containerProblems, describeExit, finishedAt, logsCommand, terminationEvidence, terminationMessage } from '../helpers/restarts.js';
import { ago } from '../helpers/time.js';
import type { PodRule } from '../types.js';

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
            message: `${cap(describeContainer(c))} restarted ${n} time${n === 1 ? '' : 's'}; the last instance ${describeExit(p.term)}${p.term?.reason ? ` (reason ${p.term.reason})` : ''}${msg ? `, message "${msg}"` : ''} ${ago(now, end)}.`,
            evidence: terminationEvidence(p),
            remediation: [`Read the previous instance's logs: ${logsCommand(pod, c, true)}`, `Watch whether it keeps restarting: kubectl get pod -n ${pod.namespace} ${pod.name} -w`],
          }),
        ];
      });
  },
};

export default rule;
