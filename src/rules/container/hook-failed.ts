import { ruleMessages } from '../messages/index.js';
import { eventEvidence, hasEventReason } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { containerEventsOf } from '../helpers/probes.js';
import { anyCause, containerProblems, isFailingNow, restartSummary, specPath, terminationEvidence } from '../helpers/restarts.js';
import { formatAge } from '../helpers/time.js';
import type { HookErrorRef } from '../messages/container.js';
import type { Evidence, Finding, PodRule } from '../types.js';

// §2.6: `Exec lifecycle hook ([cmd]) for Container "c" in Pod "p" failed - error: <err>, message: "<out>"`, and HTTP/Sleep variants.
const HOOK_TEXT = /^(Exec|HTTP|Sleep) lifecycle hook \((.*?)\) for Container "[^"]*" in Pod "[^"]*" failed - error: ([\s\S]*)$/;

const rule: PodRule = {
  id: 'container/hook-failed',
  scope: 'pod',
  stage: 'container',
  severity: 'error',
  failureClass: 'repeated',
  title: 'Container lifecycle hook failed',
  docs: {
    description:
      'A postStart hook that fails makes the kubelet kill the container (`FailedPostStartHook`, waiting reason `PostStartHookError` with the hook\'s error), so it restarts and can crash-loop. A failing preStop hook (`FailedPreStopHook`) does not block anything, but the container then stops without its graceful shutdown step.',
    causes: [
      'the hook command does not exist in the image or exits non-zero',
      'the hook\'s HTTP endpoint is not listening yet (postStart runs concurrently with the entrypoint)',
      'the hook takes longer than the termination grace period (preStop)',
    ],
    fix: [
      'Read the hook error: kubectl describe pod POD (the waiting message holds it; the event only says "PostStartHook failed")',
      'Run the hook command by hand: kubectl exec POD -c CONTAINER -- CMD',
      'Make postStart idempotent and tolerant of the app still starting, or move the work into the entrypoint or an init container',
    ],
    links: ['https://kubernetes.io/docs/concepts/containers/container-lifecycle-hooks/'],
  },
  triggers: { containerProblem: true, events: ['FailedPreStopHook'] },
  match({ pod, now, options }) {
    const all = containerProblems(pod);
    // preStop failures are only ever read from FailedPreStopHook events.
    const preStop = hasEventReason(pod.events, 'FailedPreStopHook');
    if (!preStop && !anyCause(all, 'post-start-hook')) return [];
    const out: Finding[] = [];
    const m = ruleMessages(options.lang);
    // A container failing now for another reason gets that rule's finding, not a preStop footnote.
    const problems = all.filter(isFailingNow);
    const claimed = new Set<string>(problems.map((p) => p.container.name));
    for (const p of problems.filter((x) => x.cause === 'post-start-hook')) {
      const c = p.container;
      const hookText = c.waiting?.reason === 'PostStartHookError' ? c.waiting.message : '';
      const parsed = HOOK_TEXT.exec(hookText);
      const evidence: Evidence[] = terminationEvidence(p);
      const events = p.causeEvents.length > 0 ? p.causeEvents : containerEventsOf(pod.events, c, pod.containers.length).filter((e) => e.reason === 'FailedPostStartHook');
      const ev = events.filter((e) => e.reason === 'FailedPostStartHook').at(-1) ?? events.at(-1);
      if (ev) evidence.push(eventEvidence(ev, now));
      const lifecycle = (c.spec as Record<string, unknown>).lifecycle as { postStart?: unknown } | undefined;
      if (lifecycle?.postStart) evidence.push(fieldEvidence('pod', `${specPath(c)}.lifecycle.postStart`, lifecycle.postStart));
      const hook: HookErrorRef = parsed ? { kind: 'parsed', handler: parsed[1]!, target: parsed[2]!, error: parsed[3]!.trim() } : hookText ? { kind: 'raw', text: hookText } : { kind: 'unrecorded' };
      out.push(
        finding(rule, {
          message: m.hookFailed.postStart({ container: c, hook, restarts: restartSummary(p, m) }),
          evidence,
          remediation: m.hookFailed.postStartFix({ namespace: pod.namespace, pod: pod.name, container: c.name }),
        }),
      );
    }
    for (const c of preStop ? pod.containers : []) {
      if (claimed.has(c.name)) continue;
      const ev = containerEventsOf(pod.events, c, pod.containers.length)
        .filter((e) => e.reason === 'FailedPreStopHook' && e.lastSeen !== undefined && now - e.lastSeen <= options.recentMs)
        .at(-1);
      if (!ev) continue;
      out.push(
        finding(rule, {
          severity: 'warning',
          title: m.hookFailed.preStopTitle(),
          message: m.hookFailed.preStop({ container: c, ...(ev.lastSeen !== undefined ? { ago: formatAge(now - ev.lastSeen) } : {}) }),
          evidence: [eventEvidence(ev, now)],
          remediation: m.hookFailed.preStopFix({ namespace: pod.namespace, pod: pod.name, container: c.name }),
        }),
      );
    }
    return out;
  },
};

export default rule;
