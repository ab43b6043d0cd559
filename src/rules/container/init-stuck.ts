import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { runsText } from '../helpers/runs.js';
import { formatAge, parseTime } from '../helpers/time.js';
import type { PodRule } from '../types.js';
import { ruleMessages } from '../messages/index.js';

const rule: PodRule = {
  id: 'container/init-stuck',
  scope: 'pod',
  stage: 'container',
  severity: 'error',
  failureClass: 'transient',
  title: 'An init container has been running for a long time without finishing',
  docs: {
    description:
      'Init containers run one after another and each must exit 0 before the next one, and then the app containers, start. An init container that is still running after the stuck threshold (10 minutes by default) is usually waiting for something that is not there (a Service, a DNS name, a database, a file); the Pod stays in `Init:0/N` and nothing in events says so, because nothing failed.',
    causes: [
      'a wait loop (`until nslookup db; do sleep 2; done`, `wait-for-it host:port`) for a Service that does not exist, has no endpoints, or is in another namespace',
      'a migration or download that hangs on a network call with no timeout',
      'a script that waits for input or a file that never comes',
    ],
    fix: [
      'Read what it is doing: kubectl logs POD -c INIT_CONTAINER',
      'Check what it waits for exists and answers: kubectl get svc,endpoints -n NS',
      'Give the wait a timeout so a missing dependency fails the init container (and shows as Init:Error) instead of hanging',
    ],
  },
  triggers: { phase: ['Pending'] },
  match({ pod, now, options }) {
    if (pod.phase !== 'Pending' || pod.deletingSince !== undefined) return [];
    // Init containers run in order: the one running now is the one the Pod waits for.
    const c = pod.containers.find((x) => x.kind === 'init' && x.running && !x.terminated);
    if (!c) return [];
    const startedAt = parseTime(c.running!.startedAt);
    if (startedAt === undefined || now - startedAt < options.stuckMs) return [];
    const inits = pod.containers.filter((x) => x.kind === 'init' || x.kind === 'sidecar');
    const position = inits.indexOf(c) + 1;
    const command = runsText(c.spec);
    const runs = command ? ({ kind: 'command', text: command } as const) : c.spec.image ? ({ kind: 'image', image: c.spec.image } as const) : ({ kind: 'none' } as const);
    const t = ruleMessages(options.lang).initStuck;
    return [
      finding(rule, {
        message: t.message({ container: c, position, total: inits.length, age: formatAge(now - startedAt), runs }),
        evidence: [fieldEvidence('pod', `${c.statusPath}.state.running.startedAt`, c.running!.startedAt ?? '')],
        remediation: t.fix({ namespace: pod.namespace, pod: pod.name, container: c.name }),
      }),
    ];
  },
};

export default rule;
