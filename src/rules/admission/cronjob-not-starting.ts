import { eventEvidence, latestEvent } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { formatAge, parseTime } from '../helpers/time.js';
import { ruleMessages } from '../messages/index.js';
import type { WorkloadRule } from '../types.js';

// cronjob_controllerv2.go / utils.go: `Missed scheduled time to start a job: <RFC1123Z>`;
// `too many missed start times: <n>. Set or decrease .spec.startingDeadlineSeconds or check clock skew`.
const MISSED = ['MissSchedule', 'TooManyMissedTimes'];

const rule: WorkloadRule = {
  id: 'admission/cronjob-not-starting',
  scope: 'workload',
  stage: 'admission',
  severity: 'warning',
  failureClass: 'repeated',
  title: 'The CronJob does not start its Jobs',
  docs: {
    description:
      'The CronJob controller creates no Job for a scheduled time: the CronJob is suspended (`spec.suspend: true`, context: no Job is created until it is resumed), or it missed its start (`MissSchedule`: `Missed scheduled time to start a job: …`, when the controller got to it later than `startingDeadlineSeconds` allows; `TooManyMissedTimes`: `too many missed start times: N. Set or decrease .spec.startingDeadlineSeconds or check clock skew`). A missed start older than the CronJob\'s last scheduled run is history and does not fire.',
    causes: [
      'spec.suspend was set (by a person, a GitOps tool, or a maintenance script) and not unset',
      'the kube-controller-manager was down or overloaded past startingDeadlineSeconds, so the scheduled time passed',
      'startingDeadlineSeconds is shorter than the controller\'s sync delay (under 10 s is never reliable)',
      'clock skew between the controller and the API server',
    ],
    fix: [
      'Resume a suspended CronJob: kubectl patch cronjob NAME -n NAMESPACE -p \'{"spec":{"suspend":false}}\'',
      'See the controller\'s events: kubectl describe cronjob NAME -n NAMESPACE',
      'Raise or remove startingDeadlineSeconds, and check that kube-controller-manager runs and its clock is right',
      'Start one run by hand: kubectl create job --from=cronjob/NAME NAME-manual -n NAMESPACE',
    ],
    links: ['https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/#cron-job-limitations'],
  },
  match({ workload: w, now, options }) {
    if (w.kind !== 'CronJob') return [];
    const spec = w.object.spec ?? {};
    const lastSchedule = parseTime(w.object.status?.lastScheduleTime);
    const t = ruleMessages(options.lang).cronjobNotStarting;
    const lastAge = lastSchedule !== undefined ? { lastAge: formatAge(now - lastSchedule) } : {};
    const ns = w.namespace;
    if (spec.suspend === true) {
      return [
        finding(rule, {
          severity: 'info',
          message: t.suspended({ name: w.name, ...lastAge }),
          evidence: [fieldEvidence('cronjob', 'spec.suspend', true), ...(w.object.status?.lastScheduleTime ? [fieldEvidence('cronjob', 'status.lastScheduleTime', w.object.status.lastScheduleTime)] : [])],
          remediation: t.suspendedFix({ name: w.name, namespace: ns }),
        }),
      ];
    }
    // A missed start followed by a scheduled run is history.
    const missed = latestEvent(w.events, MISSED, (e) => e.type === 'Warning' && (lastSchedule === undefined || e.lastSeen === undefined || e.lastSeen > lastSchedule));
    if (!missed) return [];
    return [
      finding(rule, {
        message: t.missed({ name: w.name, event: missed.message, ...(typeof spec.startingDeadlineSeconds === 'number' ? { deadline: spec.startingDeadlineSeconds } : {}), ...lastAge }),
        evidence: [eventEvidence(missed, now), fieldEvidence('cronjob', 'spec.schedule', spec.schedule)],
        remediation: t.missedFix({ name: w.name, namespace: ns }),
      }),
    ];
  },
};

export default rule;
