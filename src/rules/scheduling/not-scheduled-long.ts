import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { awaitingScheduling } from '../helpers/scheduler-message.js';
import { traceSentence } from '../helpers/stuck.js';
import { formatAge } from '../helpers/time.js';
import { ruleMessages } from '../messages/index.js';
import type { Evidence, PodRule } from '../types.js';

const rule: PodRule = {
  id: 'scheduling/not-scheduled-long',
  scope: 'pod',
  stage: 'scheduling',
  severity: 'error',
  failureClass: 'transient',
  fallback: true,
  title: 'Not scheduled for a long time, and no scheduler says why',
  docs: {
    description:
      'The Pod has waited longer than the stuck threshold (10 minutes by default) to be bound to a node, and nothing else explains it: no scheduling gate, no `FailedScheduling` reason kdiag recognises. With no PodScheduled condition at all, no scheduler has looked at the Pod. Reported only when no other rule finds a cause.',
    causes: [
      '`spec.schedulerName` names a scheduler that is not running (a typo, or a second scheduler that was never installed)',
      'kube-scheduler is not running, or cannot reach the API server',
      'the scheduler\'s message was in events that expired or were not captured',
    ],
    fix: [
      'Check which scheduler the Pod asks for: kubectl get pod POD -o jsonpath=\'{.spec.schedulerName}\'',
      'Check that it runs: kubectl get pods -n kube-system -l component=kube-scheduler (or the custom scheduler\'s Deployment)',
      'Look at live events: kubectl describe pod POD',
    ],
  },
  triggers: { unscheduled: true },
  match({ pod, now, options }) {
    if (!awaitingScheduling(pod)) return [];
    const gates = pod.pod.spec?.schedulingGates;
    if (Array.isArray(gates) && gates.length > 0) return [];
    const cond = pod.conditions.PodScheduled;
    if (cond?.reason === 'SchedulingGated') return [];
    const since = pod.createdAt;
    if (since === undefined || now - since < options.stuckMs) return [];
    const scheduler = typeof pod.pod.spec?.schedulerName === 'string' && pod.pod.spec.schedulerName !== '' ? pod.pod.spec.schedulerName : 'default-scheduler';
    const evidence: Evidence[] = [fieldEvidence('pod', 'metadata.creationTimestamp', pod.pod.metadata?.creationTimestamp ?? '')];
    const t = ruleMessages(options.lang);
    const failed = cond?.status === 'False' && cond.message ? cond.message : undefined;
    if (failed !== undefined) evidence.push(fieldEvidence('pod', 'status.conditions[type=PodScheduled]', { status: cond!.status, reason: cond!.reason ?? '', message: failed }));
    else evidence.push(fieldEvidence('pod', 'spec.schedulerName', scheduler));
    const decided = pod.events.some((e) => e.reason === 'FailedScheduling');
    const trace = pod.events.length > 0 ? traceSentence(pod, now, evidence, t) : '';
    const message = t.notScheduledLong.message({ age: formatAge(now - since), ...(failed !== undefined ? { condition: failed } : {}), decided, scheduler, trace });
    return [
      finding(rule, {
        confidence: 'medium',
        message,
        evidence,
        remediation: t.notScheduledLong.fix({ scheduler, pod: pod.name, namespace: pod.namespace }),
      }),
    ];
  },
};

export default rule;
