import rule from '../../../src/rules/container/startup-probe-failed.js';
import { at, conditions, containerStatus, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { crashLooping, killing, spec, terminated, unhealthy } from './crashing.js';

const S = spec({ startupProbe: { httpGet: { path: '/started', port: 8080 }, periodSeconds: 5, failureThreshold: 6 } });
const looping = crashLooping(terminated(137, 'Error', -150, -100), { spec: S });
const starting = pod({ spec: S, status: { phase: 'Running', conditions: conditions({ ready: false }), containerStatuses: [containerStatus({ running: { startedAt: at(-25) }, started: false })] } });

runRuleTests(rule, {
  valid: [
    { name: 'real capture: a liveness kill belongs to container/liveness-failed', fixture: 'real/container-liveness-failed.yaml' },
    { name: 'a liveness kill is container/liveness-failed', objects: [looping, killing(looping, 'Container app failed liveness probe, will be restarted', -101)] },
    { name: 'startup failures from before the current instance', objects: [starting, unhealthy(starting, 'Startup probe failed: HTTP probe failed with statuscode: 503', -300, -60)] },
  ],
  invalid: [
    { name: 'real capture: killed by its startup probe, failing again in the new instance (the Killing event of the first kill is folded with the second)', fixture: 'real/container-startup-probe-failed.yaml', expect: [{ severity: 'error', message: /restarted \d+s ago by its startup probe exec \[cat \/tmp\/started\].*will be killed again/, evidence: 'failed startup probe, will be restarted' }] },
    {
      name: 'crash loop of startup-probe kills',
      objects: [looping, killing(looping, 'Container app failed startup probe, will be restarted', -101, 4), unhealthy(looping, 'Startup probe failed: Get "http://10.244.1.7:8080/started": dial tcp 10.244.1.7:8080: connect: connection refused', -145, -102, 24)],
      expect: [{ severity: 'error', message: /killed by its startup probe httpGet http:\/\/:8080\/started .*connection refused/, remediation: 'failureThreshold' }],
    },
    { name: 'not started yet, failing now: warning', objects: [starting, unhealthy(starting, 'Startup probe failed: HTTP probe failed with statuscode: 503', -20, -3, 4)], expect: [{ severity: 'warning', message: 'statuscode: 503' }] },
  ],
});
