import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { probeFailures, probeRef } from '../helpers/probes.js';
import { specPath } from '../helpers/restarts.js';
import { formatAge, parseTime } from '../helpers/time.js';
import type { Evidence, PodRule } from '../types.js';
import { maxOf } from '../helpers/numbers.js';
import { ruleMessages } from '../messages/index.js';
import type { ContainerRef } from '../messages/types.js';
import type { ProbeRef } from '../messages/readiness.js';

const rule: PodRule = {
  id: 'readiness/not-ready-long',
  scope: 'pod',
  stage: 'readiness',
  severity: 'error',
  failureClass: 'transient',
  title: 'Running but not Ready for a long time, cause not visible',
  docs: {
    description:
      'All containers run, but the Pod has not been Ready for longer than the stuck threshold, and no probe failure events or readiness gates explain it. This is a guess from the status alone: the probe events may have expired (events live about an hour) or were not captured.',
    causes: ['a readiness or startup probe that keeps failing (its events expired)', 'a container that never reports started'],
    fix: [
      'Look at live events: kubectl describe pod POD',
      'Check the probes: kubectl get pod POD -o jsonpath=\'{.spec.containers[*].readinessProbe}\'',
    ],
  },
  triggers: { phase: ['Running'] },
  match({ pod, now, options }) {
    if (pod.phase !== 'Running' || pod.deletingSince !== undefined) return [];
    const ready = pod.conditions.Ready;
    if (ready?.status === 'True') return [];
    const main = pod.containers.filter((c) => c.kind === 'app' || c.kind === 'sidecar');
    // Any container not running belongs to the container stage.
    if (main.length === 0 || main.some((c) => !c.running)) return [];
    const notReady = main.filter((c) => !c.ready);
    if (notReady.length === 0) return [];
    const n = pod.containers.length;
    for (const c of notReady) {
      const startedAt = parseTime(c.running?.startedAt);
      for (const type of ['Readiness', 'Startup', 'Liveness'] as const) if (probeFailures(pod.events, c, n, type, startedAt).length > 0) return [];
    }
    const starts = notReady.map((c) => parseTime(c.running?.startedAt)).filter((t): t is number => t !== undefined);
    const since = parseTime(ready?.lastTransitionTime) ?? (starts.length > 0 ? maxOf(starts) : undefined);
    if (since === undefined || now - since < options.stuckMs) return [];
    const m = ruleMessages(options.lang);
    const evidence: Evidence[] = notReady.map((c) => fieldEvidence('pod', `${c.statusPath}.ready`, false));
    // The most specific cause the spec gives: the probe that has never passed.
    const causes: Array<{ container?: ContainerRef; startup: boolean; probe: ProbeRef }> = [];
    for (const c of notReady) {
      const startup = c.spec.startupProbe && c.status?.started === false;
      const probe = startup ? c.spec.startupProbe : c.spec.readinessProbe;
      if (!probe) continue;
      causes.push({ ...(notReady.length > 1 ? { container: c } : {}), startup: Boolean(startup), probe: probeRef(probe, c) });
      evidence.push(fieldEvidence('pod', `${specPath(c)}.${startup ? 'startupProbe' : 'readinessProbe'}`, probe));
    }
    if (ready) evidence.push(fieldEvidence('pod', 'status.conditions[type=Ready]', { status: ready.status, reason: ready.reason ?? '', lastTransitionTime: ready.lastTransitionTime ?? '' }));
    return [
      finding(rule, {
        confidence: causes.length > 0 ? 'medium' : 'low',
        message: m.notReadyLong.message({ containers: notReady, age: formatAge(now - since), causes }),
        evidence,
        remediation: m.notReadyLong.fix({ namespace: pod.namespace, pod: pod.name, container: notReady[0]!.name }),
      }),
    ];
  },
};

export default rule;
