import rule from '../../../src/rules/admission/cronjob-not-starting.js';
import { at, event, obj } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

type Obj = Record<string, any>;
const cronJob = (patch: Obj = {}) => obj('CronJob', 'report', { spec: { schedule: '*/5 * * * *', suspend: false, ...patch.spec }, status: { lastScheduleTime: at(-1800), ...patch.status } }, 'batch/v1');
// The controller's words, as cronjob_controllerv2.go and utils.go print them.
const missSchedule = (about: Obj, patch: Obj = {}) => event(about, { reason: 'MissSchedule', type: 'Warning', message: 'Missed scheduled time to start a job: Mon, 30 Nov 2026 09:55:00 +0000', source: 'cronjob-controller', count: 3, first: at(-900), last: at(-60), ...patch });
const tooMany = (about: Obj) => event(about, { reason: 'TooManyMissedTimes', type: 'Warning', message: 'too many missed start times: 101. Set or decrease .spec.startingDeadlineSeconds or check clock skew', source: 'cronjob-controller', count: 1, first: at(-120), last: at(-120) });

const deadlined = cronJob({ spec: { startingDeadlineSeconds: 5 } });
const fresh = cronJob({ status: { lastScheduleTime: at(-30) } });
const never = cronJob({ status: { lastScheduleTime: undefined } });

runRuleTests(rule, {
  valid: [
    { name: 'real capture: a Job (not a CronJob) that failed', fixture: 'real/container-job-backoff-limit.yaml', target: 'Job/migrate' },
    { name: 'a CronJob that runs on schedule, no events', objects: [cronJob()], target: 'CronJob/report' },
    { name: 'stale: the missed start was followed by a scheduled run', objects: [fresh, missSchedule(fresh)], target: 'CronJob/report' },
    { name: 'a Normal event is not a missed start', objects: [deadlined, event(deadlined, { reason: 'SuccessfulCreate', type: 'Normal', message: 'Created job report-29412345', source: 'cronjob-controller' })], target: 'CronJob/report' },
  ],
  invalid: [
    { name: 'real capture: a CronJob left suspended (context)', fixture: 'real/admission-cronjob-suspended.yaml', target: 'CronJob/nightly-report', expect: [{ severity: 'info', message: /CronJob "nightly-report" is suspended/, evidence: 'spec.suspend' }] },
    {
      name: 'suspended: context (info), naming the last scheduled run',
      objects: [cronJob({ spec: { suspend: true } })],
      target: 'CronJob/report',
      expect: [{ severity: 'info', message: 'CronJob "report" is suspended (spec.suspend: true): it starts no Job until it is resumed; last scheduled 30m ago.', evidence: /spec\.suspend: true/, remediation: /"suspend":false/ }],
    },
    {
      name: 'MissSchedule past startingDeadlineSeconds: a warning quoting the controller',
      objects: [deadlined, missSchedule(deadlined)],
      target: 'CronJob/report',
      expect: [{ severity: 'warning', message: /missed its scheduled start: "Missed scheduled time to start a job: Mon, 30 Nov 2026 09:55:00 \+0000" \(startingDeadlineSeconds is 5; last scheduled 30m ago\)/, evidence: /Warning MissSchedule ×3/ }],
    },
    {
      name: 'TooManyMissedTimes on a CronJob never scheduled',
      objects: [never, tooMany(never)],
      target: 'CronJob/report',
      expect: [{ message: /too many missed start times: 101\. .*no startingDeadlineSeconds is set; never scheduled/ }],
    },
  ],
});
