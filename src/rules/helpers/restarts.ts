import type { ContainerFacts } from '../../model/containers.js';
import type { EventFact } from '../../model/events.js';
import type { PodFacts } from '../../model/facts.js';
import type { ContainerStateTerminated } from '../../model/k8s.js';
import { parseDuration, parseTime } from '../../model/time.js';
import type { Evidence } from '../types.js';
import type { ExitRef, SharedMessages } from '../messages/types.js';
import { fieldEvidence } from './evidence.js';
import { memoPod } from './memo.js';
import { containerEventsOf, inWindow, probeOf } from './probes.js';

/**
 * Why a container's instance ended (or could not start). Each cause belongs to exactly one
 * `container/*` rule, so a container gets one finding: the specific rule, or the generic fallback.
 */
export type ExitCause =
  | 'oom'
  | 'command-not-found'
  | 'not-executable'
  | 'post-start-hook'
  | 'startup-probe'
  | 'liveness'
  | 'completed'
  | 'start-error'
  | 'create-error'
  | 'other';

/**
 * crash-loop: waiting in CrashLoopBackOff; waiting: a create/start error now; terminated: stopped now
 * (between restarts, or for good under restartPolicy Never); restarted: running again after a termination.
 */
export type FailureMode = 'crash-loop' | 'waiting' | 'terminated' | 'restarted';

export interface ContainerProblem {
  container: ContainerFacts;
  mode: FailureMode;
  cause: ExitCause;
  /** The instance that ended: `state.terminated` when stopped now, else `lastState.terminated`. */
  term?: ContainerStateTerminated;
  /** `state.terminated` or `lastState.terminated`, for evidence paths. */
  termPath?: string;
  /** Events that prove the cause (the probe kill, the hook failure), newest last. */
  causeEvents: EventFact[];
  /** From the CrashLoopBackOff message: `back-off 5m0s restarting failed container=...`. */
  backOff?: { delay: string; ms?: number };
}

/** Waiting reasons that mean a create or start attempt just failed (not a pull, not a config error). */
export const START_WAITING_REASONS = ['RunContainerError', 'StartError', 'ContainerCannotRun', 'CreateContainerError', 'PreCreateHookError', 'PreStartHookError', 'PostStartHookError'] as const;

// runc: `exec: "<cmd>": executable file not found in $PATH`, `exec: "/app/x": stat /app/x: no such file or directory`,
// `exec /app/x: no such file or directory`; shells under exit 127: `sh: 1: x: not found`, `bash: x: command not found`.
const COMMAND_NOT_FOUND = /executable file not found in \$PATH|exec:? "?[^"\s]+"?: (?:stat [^:]+: )?no such file or directory|(?:^|\s)(?:\/bin\/)?(?:ba|da|a)?sh: (?:\d+: |line \d+: )?[^:\n]+: (?:command )?not found/;
// runc: `exec: "/app/x": permission denied` / `exec /app/x: permission denied`; wrong-architecture binaries or
// scripts without a shebang: `exec format error` (also the old `exec user process caused: exec format error`).
const NOT_EXECUTABLE = /exec format error|exec:? "?[^"\s]+"?: permission denied/;

/** The command runc or the shell could not find, when the message names it. */
export function missingCommand(text: string): string | undefined {
  const m =
    /exec:? "([^"]+)": (?:executable file not found|(?:stat [^:]+: )?no such file or directory)/.exec(text) ??
    /exec (\S+): no such file or directory/.exec(text) ??
    /sh: (?:\d+: |line \d+: )?([^:\n]+): (?:command )?not found/.exec(text);
  return m?.[1];
}

/** The file the kernel refused to execute, when the message names it. */
export function unexecutableFile(text: string): string | undefined {
  return (/exec:? "([^"]+)": (?:permission denied|exec format error)/.exec(text) ?? /exec (\S+): (?:permission denied|exec format error)/.exec(text))?.[1];
}

/** Parses `back-off 5m0s restarting failed container=app pod=...`. */
export function parseBackOff(message: string): { delay: string; ms?: number } | undefined {
  const m = /back-off (\S+) restarting failed/.exec(message);
  if (!m) return undefined;
  const ms = parseDuration(m[1]!);
  return ms === undefined ? { delay: m[1]! } : { delay: m[1]!, ms };
}

/** Epoch ms when the instance ended, if known. */
export function finishedAt(term: ContainerStateTerminated | undefined): number | undefined {
  return parseTime(term?.finishedAt);
}

/** True when the terminated instance counts as a failure. */
export function failedExit(term: ContainerStateTerminated): boolean {
  if (term.reason === 'OOMKilled') return true;
  return typeof term.exitCode === 'number' ? term.exitCode !== 0 : term.reason !== 'Completed';
}

/** The Pod's own restart policy, or the sidecar's `Always`. */
function restartsAfter(pod: PodFacts, c: ContainerFacts, term: ContainerStateTerminated): boolean {
  if (c.kind === 'sidecar') return true;
  if (c.kind === 'init') return pod.restartPolicy !== 'Never' && failedExit(term);
  if (pod.restartPolicy === 'Always') return true;
  return pod.restartPolicy === 'OnFailure' && failedExit(term);
}

/**
 * Killing and hook events of this container that happened inside the instance's life: the last time, or the
 * first time of an aggregated event (the kubelet folds a kill of the next instance into the same event, so its
 * last time can be after this instance ended while its first time is the kill of this one).
 */
function eventsInInstance(pod: PodFacts, c: ContainerFacts, term: ContainerStateTerminated | undefined, test: (e: EventFact) => boolean): EventFact[] {
  const from = parseTime(term?.startedAt);
  const to = parseTime(term?.finishedAt);
  return containerEventsOf(pod.events, c, pod.containers.length).filter((e) => test(e) && (inWindow(e.lastSeen, from, to) || (e.firstSeen !== undefined && inWindow(e.firstSeen, from, to))));
}

const LIVENESS_KILL = /failed liveness probe/;
const STARTUP_KILL = /failed startup probe/;

/**
 * A liveness kill read from what persists: the kubelet's event spam filter stops recording repeated
 * `Killing` events after a few minutes (the aggregated event's time stays at an earlier instance), so
 * the latest instance has none in its window. A SIGKILL/SIGTERM exit (137/143, not OOMKilled) of a
 * container that has a liveness probe, with a liveness kill or failure recorded for it at any time, is one.
 */
function durableLivenessKill(pod: PodFacts, c: ContainerFacts, term: ContainerStateTerminated): EventFact[] | undefined {
  if ((term.exitCode !== 137 && term.exitCode !== 143) || term.reason === 'OOMKilled' || !probeOf(c, 'Liveness')) return undefined;
  const recorded = containerEventsOf(pod.events, c, pod.containers.length).filter(
    (e) => (e.reason === 'Killing' && LIVENESS_KILL.test(e.message)) || (e.reason === 'Unhealthy' && e.message.startsWith('Liveness probe failed')),
  );
  if (recorded.length === 0) return undefined;
  const kills = recorded.filter((e) => e.reason === 'Killing');
  return (kills.length > 0 ? kills : recorded).slice(-1);
}

/** Classifies why this terminated instance ended. */
export function terminationCause(pod: PodFacts, c: ContainerFacts, term: ContainerStateTerminated | undefined): { cause: ExitCause; events: EventFact[] } {
  if (!term) return { cause: 'other', events: [] };
  const text = term.message ?? '';
  if (term.reason === 'OOMKilled') return { cause: 'oom', events: [] };
  if (COMMAND_NOT_FOUND.test(text) || term.exitCode === 127) return { cause: 'command-not-found', events: [] };
  if (NOT_EXECUTABLE.test(text) || term.exitCode === 126) return { cause: 'not-executable', events: [] };
  const hook = eventsInInstance(pod, c, term, (e) => e.reason === 'FailedPostStartHook' || (e.reason === 'Killing' && e.message === 'FailedPostStartHook'));
  if (hook.length > 0) return { cause: 'post-start-hook', events: hook };
  const startup = eventsInInstance(pod, c, term, (e) => e.reason === 'Killing' && STARTUP_KILL.test(e.message));
  if (startup.length > 0) return { cause: 'startup-probe', events: startup };
  const liveness = eventsInInstance(pod, c, term, (e) => e.reason === 'Killing' && LIVENESS_KILL.test(e.message));
  if (liveness.length > 0) return { cause: 'liveness', events: liveness };
  const durable = durableLivenessKill(pod, c, term);
  if (durable) return { cause: 'liveness', events: durable };
  if (!failedExit(term)) return { cause: 'completed', events: [] };
  if (term.reason === 'StartError' || term.reason === 'ContainerCannotRun') return { cause: 'start-error', events: [] };
  return { cause: 'other', events: [] };
}

/** Classifies a create/start error the container is waiting on now. */
export function waitingCause(reason: string, message: string): ExitCause {
  if (reason === 'PostStartHookError') return 'post-start-hook';
  if (reason === 'CreateContainerError' || reason === 'PreCreateHookError') return 'create-error';
  if (COMMAND_NOT_FOUND.test(message)) return 'command-not-found';
  if (NOT_EXECUTABLE.test(message)) return 'not-executable';
  return 'start-error';
}

/**
 * The container's current failure, if any. Expected terminations are not failures: a Succeeded Pod,
 * a Pod being deleted or failed by the kubelet (Evicted, DeadlineExceeded …), init containers that
 * completed, sidecars stopped because the app containers finished, ephemeral debug containers.
 */
export function containerProblem(pod: PodFacts, c: ContainerFacts): ContainerProblem | undefined {
  if (c.kind === 'ephemeral' || pod.phase === 'Succeeded') return undefined;
  const w = c.waiting;
  if (w?.reason === 'CrashLoopBackOff') {
    const term = c.lastTerminated;
    const { cause, events } = terminationCause(pod, c, term);
    const problem: ContainerProblem = { container: c, mode: 'crash-loop', cause, causeEvents: events };
    if (term) {
      problem.term = term;
      problem.termPath = `${c.statusPath}.lastState.terminated`;
    }
    const backOff = parseBackOff(w.message);
    if (backOff) problem.backOff = backOff;
    return problem;
  }
  if (w && (START_WAITING_REASONS as readonly string[]).includes(w.reason)) {
    const problem: ContainerProblem = { container: c, mode: 'waiting', cause: waitingCause(w.reason, w.message), causeEvents: [] };
    if (c.lastTerminated) {
      problem.term = c.lastTerminated;
      problem.termPath = `${c.statusPath}.lastState.terminated`;
    }
    return problem;
  }
  if (pod.deletingSince !== undefined) return undefined;
  if (c.terminated) {
    const term = c.terminated;
    if (term.reason === 'ContainerStatusUnknown') return undefined;
    if (pod.phase === 'Failed' && pod.reason) return undefined;
    if (c.kind === 'sidecar') {
      const apps = pod.containers.filter((x) => x.kind === 'app');
      if (pod.phase === 'Failed' || (apps.length > 0 && apps.every((x) => x.terminated))) return undefined;
    }
    if (!failedExit(term) && !restartsAfter(pod, c, term)) return undefined;
    const { cause, events } = terminationCause(pod, c, term);
    return { container: c, mode: 'terminated', cause, term, termPath: `${c.statusPath}.state.terminated`, causeEvents: events };
  }
  if (c.running && c.lastTerminated) {
    const term = c.lastTerminated;
    const { cause, events } = terminationCause(pod, c, term);
    return { container: c, mode: 'restarted', cause, term, termPath: `${c.statusPath}.lastState.terminated`, causeEvents: events };
  }
  return undefined;
}

/** Every container's current failure, in container order. Computed once per Pod: read-only. */
export function containerProblems(pod: PodFacts): readonly ContainerProblem[] {
  return problemsCached(pod);
}

const problemsCached = memoPod((pod: PodFacts): readonly ContainerProblem[] => {
  const out: ContainerProblem[] = [];
  for (const c of pod.containers) {
    const p = containerProblem(pod, c);
    if (p !== undefined) out.push(p);
  }
  return out;
});

/** True when some problem has this cause: a test that allocates nothing, for rules to bail out early. */
export function anyCause(problems: readonly ContainerProblem[], cause: ExitCause): boolean {
  for (const p of problems) if (p.cause === cause) return true;
  return false;
}

/** Failing now (not merely restarted earlier and running again). */
export function isFailingNow(p: ContainerProblem): boolean {
  return p.mode !== 'restarted';
}

/** How the instance ended, as messages word it (m.exit): reason, exit code, whether it left a message. */
export function exitRef(term: ContainerStateTerminated | undefined, spec?: { command?: unknown; args?: unknown }): ExitRef {
  if (!term) return { recorded: false, hasMessage: false };
  const code = typeof term.exitCode === 'number' ? term.exitCode : undefined;
  const message = term.message ?? '';
  const runs = spec ? runsKind(spec) : undefined;
  return {
    recorded: true,
    ...(term.reason !== undefined ? { reason: term.reason } : {}),
    ...(code !== undefined ? { code } : {}),
    hasMessage: message.trim() !== '',
    ...(runs ? { runs } : {}),
    ...(GO_PANIC.test(message.slice(0, 4096)) ? { goPanic: true as const } : {}),
  };
}

/** A Go runtime panic as the runtime prints it: `panic: …` then `goroutine N [running]:`. */
const GO_PANIC = /(^|\n)panic: [^\n]*[\s\S]*\ngoroutine \d+ \[/;

const SHELLS = new Set(['sh', 'bash', 'ash', 'dash', 'zsh', 'ksh', 'busybox']);

/** What a container runs, by its spec's command: a shell, another program, or (no command) the image's entrypoint, unknown. */
export function runsKind(spec: { command?: unknown; args?: unknown }): 'shell' | 'program' | undefined {
  const first = Array.isArray(spec.command) ? spec.command[0] : undefined;
  if (typeof first !== 'string' || first === '') return undefined;
  const base = first.split('/').at(-1) ?? '';
  return SHELLS.has(base) ? 'shell' : 'program';
}

/** `; message: "…"` from the termination message, trimmed to one readable line. */
export function terminationMessage(term: ContainerStateTerminated | undefined, max = 300): string {
  // Clip before the regex: whitespace runs in a hostile message would make it quadratic.
  const msg = (term?.message ?? '').slice(0, max * 4).trim();
  if (!msg) return '';
  const one = msg.replace(/\s*\n\s*/g, ' ⏎ ');
  return one.length > max ? `${one.slice(0, max)}…` : one;
}

/** Status evidence for the failed instance: reason, exit code, message and times. */
export function terminationEvidence(p: ContainerProblem): Evidence[] {
  const out: Evidence[] = [];
  const c = p.container;
  if (c.waiting) {
    out.push(fieldEvidence('pod', `${c.statusPath}.state.waiting.reason`, c.waiting.reason));
    if (c.waiting.message) out.push(fieldEvidence('pod', `${c.statusPath}.state.waiting.message`, c.waiting.message));
  }
  if (p.term && p.termPath) {
    const t = p.term;
    const shown: Record<string, unknown> = {};
    for (const k of ['reason', 'exitCode', 'signal', 'message', 'startedAt', 'finishedAt'] as const) if (t[k] !== undefined && t[k] !== '') shown[k] = t[k];
    out.push(fieldEvidence('pod', p.termPath, shown));
  }
  if (c.restartCount > 0) out.push(fieldEvidence('pod', `${c.statusPath}.restartCount`, c.restartCount));
  return out;
}

/** `restarted 7 times; the kubelet waits 5m0s before the next try` from the status and back-off message (`m`: the rule's messages). */
export function restartSummary(p: ContainerProblem, m: Pick<SharedMessages, 'restarts'>): string {
  return m.restarts({ restarts: p.container.restartCount, ...(p.backOff ? { backOff: p.backOff.delay } : {}) });
}

/** The BackOff event for this container (`Back-off restarting failed container <c> in pod ...`). */
export function backOffEvent(pod: PodFacts, c: ContainerFacts): EventFact | undefined {
  return containerEventsOf(pod.events, c, pod.containers.length)
    .filter((e) => e.reason === 'BackOff' && e.message.startsWith('Back-off restarting failed container'))
    .at(-1);
}

/** `kubectl logs` for the failed instance (`--previous` when the container was restarted). */
export function logsCommand(pod: PodFacts, c: ContainerFacts, previous: boolean): string {
  return `kubectl logs -n ${pod.namespace} ${pod.name} -c ${c.name}${previous ? ' --previous' : ''}`;
}

/** `spec.containers[name=app]` / `spec.initContainers[name=migrate]`, for evidence paths. */
export function specPath(c: ContainerFacts): string {
  const list = c.kind === 'init' || c.kind === 'sidecar' ? 'initContainers' : c.kind === 'ephemeral' ? 'ephemeralContainers' : 'containers';
  return `spec.${list}[name=${c.name}]`;
}

/** How the workload would be edited: `deploy/api` when the Pod's owners are known, else the Pod itself. */
export function ownerRef(pod: PodFacts): string {
  const o = pod.owner;
  if (o.deployment?.metadata?.name) return `deploy/${o.deployment.metadata.name}`;
  if (o.statefulSet?.metadata?.name) return `sts/${o.statefulSet.metadata.name}`;
  if (o.daemonSet?.metadata?.name) return `ds/${o.daemonSet.metadata.name}`;
  if (o.job?.metadata?.name) return `job/${o.job.metadata.name}`;
  if (o.ref) {
    const short: Record<string, string> = { ReplicaSet: 'rs', Deployment: 'deploy', StatefulSet: 'sts', DaemonSet: 'ds', Job: 'job' };
    if (o.ref.kind === 'ReplicaSet' && /-[a-z0-9]{6,10}$/.test(o.ref.name)) return `deploy/${o.ref.name.replace(/-[a-z0-9]{6,10}$/, '')}`;
    return `${short[o.ref.kind] ?? o.ref.kind.toLowerCase()}/${o.ref.name}`;
  }
  return `pod/${pod.name}`;
}
