import rule from '../../../src/rules/container/hook-failed.js';
import { at, conditions, containerStatus, event, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { crashLooping, killing, POD_REF, runningPod, spec, terminated } from './crashing.js';

const EXEC_HOOK = `Exec lifecycle hook ([/bin/sh -c /app/warmup.sh]) for Container "app" in Pod "${POD_REF}" failed - error: command '/bin/sh -c /app/warmup.sh' exited with 126: , message: "/bin/sh: /app/warmup.sh: Permission denied\\n"`;
const HTTP_HOOK = `HTTP lifecycle hook (/warmup) for Container "app" in Pod "${POD_REF}" failed - error: Get "http://10.244.1.7:8080/warmup": dial tcp 10.244.1.7:8080: connect: connection refused`;
const S = spec({ lifecycle: { postStart: { exec: { command: ['/bin/sh', '-c', '/app/warmup.sh'] } } } });
const hookWaiting = (message: string) => pod({ spec: S, status: { phase: 'Running', conditions: conditions({ ready: false }), containerStatuses: [containerStatus({ waiting: { reason: 'PostStartHookError', message }, restartCount: 2, lastTerminated: terminated(137, 'Error', -60, -40) })] } });
const looping = crashLooping(terminated(137, 'Error', -130, -100), { spec: S });
const exit1Loop = crashLooping(terminated(1, 'Error', -130, -100));
const hookEvent = (p: Record<string, any>, last: number) => event(p, { reason: 'FailedPostStartHook', message: 'PostStartHook failed', count: 4, first: at(-600), last: at(last), fieldPath: 'spec.containers{app}' });
const running = runningPod();

runRuleTests(rule, {
  valid: [
    { name: 'real capture: a plain crash loop belongs to container/crash-loop', fixture: 'real/container-crash-loop.yaml' },
    { name: 'a FailedPostStartHook from an earlier instance; the last one exited 1', objects: [exit1Loop, hookEvent(exit1Loop, -500)] },
    { name: 'a preStop failure on a container that crash-loops (container/crash-loop reports it)', objects: [exit1Loop, event(exit1Loop, { reason: 'FailedPreStopHook', message: 'PreStopHook failed', first: at(-300), last: at(-300), fieldPath: 'spec.containers{app}' })] },
    { name: 'a preStop failure two hours ago', objects: [running, event(running, { reason: 'FailedPreStopHook', message: 'PreStopHook failed', first: at(-7300), last: at(-7200), fieldPath: 'spec.containers{app}' })] },
  ],
  invalid: [
    { name: 'real capture: a postStart exec hook that exits 1 (the event only says PostStartHook failed)', fixture: 'real/container-hook-failed.yaml', expect: [{ severity: 'error', message: /postStart hook of container "app" fails.*"PostStartHook failed"/, evidence: 'FailedPostStartHook' }] },
    { name: 'PostStartHookError with the exec hook text (§2.6)', objects: [hookWaiting(EXEC_HOOK)], expect: [{ severity: 'error', message: /postStart hook of container "app" fails.*Exec hook \(\[\/bin\/sh -c \/app\/warmup\.sh\]\) failed: command .*Permission denied/, evidence: 'PostStartHookError' }] },
    { name: 'HTTP hook text', objects: [hookWaiting(HTTP_HOOK)], expect: [{ message: 'HTTP hook (/warmup) failed' }] },
    { name: 'crash loop with FailedPostStartHook and Killing in the last instance', objects: [looping, hookEvent(looping, -101), killing(looping, 'FailedPostStartHook', -101)], expect: [{ severity: 'error', message: 'only in the kubelet log', evidence: 'PostStartHook failed' }] },
    { name: 'a recent preStop failure is a warning', objects: [running, event(running, { reason: 'FailedPreStopHook', message: 'PreStopHook failed', first: at(-300), last: at(-300), fieldPath: 'spec.containers{app}' })], expect: [{ severity: 'warning', message: /preStop hook of container "app" failed 5m ago/ }] },
  ],
});
