import { eventEvidence, latestEvent } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { ruleMessages } from '../messages/index.js';
import { formatAge, parseTime } from '../helpers/time.js';
import type { Evidence, PodRule } from '../types.js';

const rule: PodRule = {
  id: 'kubelet/deadline-exceeded',
  scope: 'pod',
  stage: 'kubelet',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'The Pod ran longer than its activeDeadlineSeconds',
  docs: {
    description:
      'The Pod sets spec.activeDeadlineSeconds and was active on its node longer than that, so the kubelet killed it and marked it Failed with status.reason DeadlineExceeded ("Pod was active on the node longer than the specified deadline"). It is never restarted.',
    causes: [
      'the work took longer than the deadline allows (slow input, a hang, a retry loop)',
      'the deadline is too tight for the work, or the clock started early (time spent pulling images and waiting for volumes counts)',
    ],
    fix: [
      'kubectl get pod POD -n NS -o jsonpath="{.spec.activeDeadlineSeconds} {.status.startTime}"',
      'Raise activeDeadlineSeconds in the Pod template, or make the work finish sooner (check the logs of the last run: kubectl logs POD -n NS)',
    ],
  },
  triggers: { reason: ['DeadlineExceeded'] },
  match({ pod, now, options }) {
    if (pod.reason !== 'DeadlineExceeded') return [];
    const deadline = pod.pod.spec?.activeDeadlineSeconds;
    const evidence: Evidence[] = [fieldEvidence('pod', 'status.reason', pod.reason)];
    if (pod.message) evidence.push(fieldEvidence('pod', 'status.message', pod.message));
    if (typeof deadline === 'number') evidence.push(fieldEvidence('pod', 'spec.activeDeadlineSeconds', deadline));
    const started = parseTime(pod.pod.status?.startTime);
    if (started !== undefined) evidence.push(fieldEvidence('pod', 'status.startTime', pod.pod.status?.startTime));
    const event = latestEvent(pod.events, 'DeadlineExceeded');
    if (event) evidence.push(eventEvidence(event, now));
    const t = ruleMessages(options.lang);
    const replacement = t.replacement(pod.owner.ref ? { owner: pod.owner.ref } : {});
    return [
      finding(rule, {
        message: t.deadlineExceeded.message(typeof deadline === 'number' ? { seconds: deadline, age: formatAge(deadline * 1000), replacement } : { replacement }),
        evidence,
        remediation: t.deadlineExceeded.fix({ pod: pod.name, namespace: pod.namespace }),
      }),
    ];
  },
};

export default rule;
