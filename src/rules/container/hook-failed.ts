import { ruleMessages } from '../messages/index.js';
import { describeContainer } from '../helpers/containers.js';
import { eventEvidence, hasEventReason } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { containerEventsOf } from '../helpers/probes.js';
import { anyCause, cap, containerProblems, isFailingNow, restartSummary, specPath, terminationEvidence } from '../helpers/restarts.js';
import { ago } from '../helpers/time.js';
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
    // A container failing now for another reason gets that rule's finding, not a preStop footnote.
    const problems = all.filter(isFailingNow);
    const claimed = new Set<string>(problems.map((p) => p.container.name));
    for (const p of problems.filter((x) => x.cause === 'post-start-hook')) {
      const c = p.container;
      const hookText = c.waiting?.reason === 'PostStartHookError' ? c.waiting.message : '';
      const m = HOOK_TEXT.exec(hookText);
      const evidence: Evidence[] = terminationEvidence(p);
      const events = p.causeEvents.length > 0 ? p.causeEvents : containerEventsOf(pod.events, c, pod.containers.length).filter((e) => e.reason === 'FailedPostStartHook');
      const ev = events.filter((e) => e.reason === 'FailedPostStartHook').at(-1) ?? events.at(-1);
      if (ev) evidence.push(eventEvidence(ev, now));
      const lifecycle = (c.spec as Record<string, unknown>).lifecycle as { postStart?: unknown } | undefined;
      if (lifecycle?.postStart) evidence.push(fieldEvidence('pod', `${specPath(c)}.lifecycle.postStart`, lifecycle.postStart));
      const summary = restartSummary(p);
      const detail = m ? `${m[1]} hook (${m[2]}) failed: ${m[3]!.trim()}` : hookText ? hookText : 'the hook error is only in the kubelet log (the event says "PostStartHook failed")';
      out.push(
        finding(rule, {
          message: `The postStart hook of ${describeContainer(c)} fails, so the kubelet kills the container: ${detail}${summary ? `; ${summary}` : ''}.`,
          evidence,
          remediation: [
            `Run the hook by hand while the container runs: kubectl exec -n ${pod.namespace} ${pod.name} -c ${c.name} -- <hook command>`,
            'Make the hook tolerate the application still starting (postStart runs at the same time as the entrypoint), or move the work into the entrypoint or an init container.',
            `Read the full error: kubectl describe pod -n ${pod.namespace} ${pod.name}`,
          ],
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
          title: ruleMessages(options.lang).hookFailed.preStopTitle(),
          message: `The preStop hook of ${describeContainer(c)} failed ${ago(now, ev.lastSeen)}: the container was stopped without its graceful-shutdown step.`,
          evidence: [eventEvidence(ev, now)],
          remediation: [
            `Run the preStop command by hand: kubectl exec -n ${pod.namespace} ${pod.name} -c ${c.name} -- <preStop command>`,
            'Keep preStop shorter than terminationGracePeriodSeconds, and make sure the command exists in the image.',
          ],
        }),
      );
    }
    return out;
  },
};

export default rule;
