import rule from '../../../src/rules/container/recent-restarts.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { crashLooping, runningPod, terminated } from './crashing.js';

runRuleTests(rule, {
  valid: [
    { name: 'real capture: a startup probe kill belongs to container/startup-probe-failed', fixture: 'real/container-startup-probe-failed.yaml' },
    { name: 'real capture: a Job Pod that succeeded after two restarts is not running now', fixture: 'real/healthy-job-after-retries.yaml' },
    { name: 'restarts from days ago (near miss)', objects: [runningPod({ startedSeconds: -259_000, last: terminated(1, 'Error', -260_000, -259_005), restartCount: 12 })] },
    { name: 'a recent OOM belongs to container/oom-killed', objects: [runningPod({ startedSeconds: -590, last: terminated(137, 'OOMKilled', -3000, -600), restartCount: 4 })] },
    { name: 'a container crash-looping now belongs to container/crash-loop', objects: [crashLooping(terminated(1, 'Error'))] },
    { name: 'never restarted', objects: [runningPod()] },
  ],
  invalid: [
    { name: 'real capture: exited 1 on its first run, Running and Ready since the restart', fixture: 'real/container-recent-restart.yaml', expect: [{ severity: 'info', message: /Container "app" restarted 1 time; the last instance exited with code 1 \(reason Error\)/ }] },
    { name: 'four restarts, the last 10 minutes ago: warning', objects: [runningPod({ startedSeconds: -595, last: terminated(1, 'Error', -900, -600, 'panic: runtime error: invalid memory address'), restartCount: 4 })], expect: [{ severity: 'warning', message: /restarted 4 times; the last instance exited with code 1 .*\(reason Error\), message "panic: runtime error.*" 10m ago/ }] },
    { name: 'one recent restart: info', objects: [runningPod({ startedSeconds: -595, last: terminated(143, 'Error', -900, -600), restartCount: 1 })], expect: [{ severity: 'info', message: 'SIGTERM' }] },
  ],
});
