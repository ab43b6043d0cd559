import type { ContainerRef, ExitRef } from './types.js';
import { cap, count, enShared, noun } from './en-shared.js';
import { enReadiness, probeOutputText, probeText, type ProbeOutput, type ProbePortMismatch, type ProbeRef } from './readiness.js';
import { setResourcesCommand } from './set-resources.js';

/** Why the Job controller failed a Job: its Failed condition's reason, with the counts and limits it is about. */
export type JobFailureRef =
  | { reason: 'BackoffLimitExceeded'; failed?: number; backoffLimit: number }
  | { reason: 'DeadlineExceeded'; deadline?: string }
  | { reason: 'MaxFailedIndexesExceeded' | 'FailedIndexes' | 'PodFailurePolicy' }
  /** Any other reason, as read (empty: none). */
  | { reason: 'other'; name: string };

/** A postStart hook's error: the kubelet's text parsed (`handler` Exec/HTTP/Sleep, `target` as printed, `error`), as read when it is not in that form, or only in the kubelet's log. */
export type HookErrorRef = { kind: 'parsed'; handler: string; target: string; error: string } | { kind: 'raw'; text: string } | { kind: 'unrecorded' };

/**
 * Where a probe kill stands: `killed` now (its exit code when recorded, `restarts`: m.restarts(…)); `restarted`
 * `ago` (absent: unknown) and then failing `again` in the new instance, or `repeated` (restarted that many times,
 * Ready again or not); or `failing` now, to be killed after `threshold` consecutive failures.
 */
export type ProbeKillState =
  | { kind: 'killed'; exitCode?: number; restarts: string }
  | { kind: 'restarted'; ago?: string; next?: { kind: 'again' } | { kind: 'repeated'; restarts: number; ready: boolean } }
  | { kind: 'failing'; threshold: number };

/** The container stage rules' messages and fix steps. */
export interface ContainerMessages {
  commandNotFound: {
    /** `command`: the missing command, when the runtime named it; else `configured` is the command/args (empty: the image default). `restarts`: m.restarts(…). */
    message(p: { container: ContainerRef; command?: string; image: string; configured: string[]; restarts: string }): string;
    fix(p: { image?: string; command?: string; container: string; namespace: string }): string[];
  };
  notExecutable: {
    /** `format`: exec format error (else permission denied); `file`: what could not run, else its entrypoint. */
    message(p: { container: ContainerRef; file?: string; format: boolean; node: string; arch?: string; restarts: string }): string;
    fix(p: { format: boolean; image?: string; arch?: string; file?: string }): string[];
  };
  oomKilled: {
    /** `limit`/`request`: as written in the spec; no limit: the node itself ran out. `again`: the container runs again since (`age` of the kill, when known). */
    message(p: { container: ContainerRef; limit?: string; request?: string; again?: { age?: string }; restarts: string }): string;
    fix(p: { hasLimit: boolean; namespace: string; pod: string; owner: string; container: string; suggested: string; logs: string }): string[];
  };
  hookFailed: {
    /** The title of a preStop failure (the rule's own title names lifecycle hooks in general). */
    preStopTitle(): string;
    /** `restarts`: m.restarts(…). */
    postStart(p: { container: ContainerRef; hook: HookErrorRef; restarts: string }): string;
    postStartFix(p: { namespace: string; pod: string; container: string }): string[];
    /** `ago`: when it failed (absent: unknown). */
    preStop(p: { container: ContainerRef; ago?: string }): string;
    preStopFix(p: { namespace: string; pod: string; container: string }): string[];
  };
  crashLoop: {
    message(p: { container: ContainerRef; mode: 'loop' | 'first' | 'again'; exit: string; terminationMessage: string; restarts: string }): string;
    remediation(p: { logs: string; namespace: string; pod: string }): string[];
  };
  // ---- zh-b ----
  recentRestarts: {
    /** `exit`: m.exit(…); `reason`: the instance's terminated reason; `message`: its termination message; `ago`: when it ended. */
    message(p: { container: ContainerRef; restarts: number; exit: string; reason?: string; message: string; ago: string }): string;
    fix(p: { logs: string; namespace: string; pod: string }): string[];
  };
  runContainerError: {
    /** `cause`: the runtime's text without its wrapper (empty: `reason` stands for it); `restarts`: m.restarts(…). */
    message(p: { node: string; container: ContainerRef; cause: string; reason: string; restarts: string }): string;
    fix(p: { namespace: string; pod: string; container: string }): string[];
  };
  sidecarHoldsCompletion: {
    /** `done`: the main containers that exited 0 `since` ago; `sidecars`: the app containers still running; `job`: the owning Job. */
    message(p: { done: string[]; sidecars: string[]; since: string; job?: string }): string;
    fix(p: { sidecars: string[] }): string[];
  };
  completedRestartLoop: {
    /** `sidecar`: restarted because it is a sidecar; else because of the Pod's restartPolicy `policy`. */
    message(p: { container: ContainerRef; sidecar: boolean; policy: string; restarts: string }): string;
    fix(p: { namespace: string; pod: string; container: string }): string[];
  };
  initStuck: {
    /** `runs`: its command line as written (quoted with backticks), the image's default command, or unknown. */
    message(p: { container: ContainerRef; position: number; total: number; age: string; runs: { kind: 'command'; text: string } | { kind: 'image'; image: string } | { kind: 'none' } }): string;
    fix(p: { namespace: string; pod: string; container: string }): string[];
  };
  noResources: {
    /** `bestEffort`: the Pod's QoS class is BestEffort (every container bare). */
    message(p: { containers: string[]; bestEffort: boolean }): string;
    fix(p: { namespace: string; pod: string; owner: string; container: string }): string[];
  };
  backoffLimitExceeded: {
    /** `condition`: the Failed condition's message (empty: none); `last`: the most recent failed container among the Job's Pods, with its termination message. */
    message(p: { job: string; why: JobFailureRef; condition: string; last?: { pod: string; container: string; exit: ExitRef; message: string } }): string;
    /** `last`: the Pod and container of that failure. */
    fix(p: { namespace: string; job: string; last?: { pod: string; container: string } }): string[];
  };
  createContainerError: {
    /** `reserved`: an earlier attempt still holds the name (`detail` is the runtime's message); else `detail` is its message (empty: `reason` stands for it). `age`: for how long, when known. */
    message(p: { node: string; container: ContainerRef; reserved: boolean; detail: string; reason: string; age?: string }): string;
    /** `node`: empty when unknown. */
    fix(p: { reserved: boolean; node: string; container: string; namespace: string; pod: string }): string[];
  };
  initFailed: {
    /** `message`: its termination message; `restarts`: m.restarts(…); `consequence`: the Pod failed (restartPolicy Never), or the app containers wait in PodInitializing / cannot start until it succeeds. */
    message(p: { container: ContainerRef; exit: ExitRef; message: string; restarts: string; consequence: 'pod-failed' | 'apps-waiting' | 'apps-blocked' }): string;
    /** `logs`: the kubectl logs command for the failed instance. */
    fix(p: { logs: string; namespace: string; pod: string; container: string }): string[];
  };
  jobFailed: {
    /**
     * `job`: the Job owning the Pod (its backoffLimit when set; `failed`: the reason of its Failed=True condition
     * when the Job has already given up, e.g. BackoffLimitExceeded); without one, `policy` is the Pod's
     * restartPolicy. `message`: the termination message.
     */
    message(p: { container: ContainerRef; exit: ExitRef; message: string; job?: { name: string; backoffLimit?: number; failed?: string }; policy: string }): string;
    /** `jobFailed`: the Job has already given up (no retry is coming). */
    fix(p: { logs: string; namespace: string; pod: string; job?: string; jobFailed?: boolean }): string[];
  };
  /** container/liveness-failed and container/startup-probe-failed. */
  probeKill: {
    /** `output`: the failure as the event quoted it (absent: not recorded); `hint`: the probe's port is not one the container declares. */
    message(p: { container: ContainerRef; type: 'liveness' | 'startup'; probe: ProbeRef; output?: ProbeOutput; state: ProbeKillState; hint?: ProbePortMismatch }): string;
    /** `target`: what to run inside the container (`curl -sv http://localhost:8080/healthz`, `nc -zv localhost 5432`, the exec command). */
    /** `running`: the container runs now (kubectl exec is refused otherwise); `previous`: an earlier instance ended (for --previous). */
    fix(p: { type: 'liveness' | 'startup'; namespace: string; pod: string; container: string; target: string; running: boolean; previous: boolean }): string[];
  };
  // ---- end zh-b ----
}

const JOB_REASONS = {
  MaxFailedIndexesExceeded: 'too many of its indexes failed',
  FailedIndexes: 'some of its indexes failed',
  PodFailurePolicy: 'a Pod failure matched a FailJob rule of its podFailurePolicy',
} as const;

const jobWhy = (why: JobFailureRef): string =>
  why.reason === 'BackoffLimitExceeded'
    ? `its Pods failed ${why.failed !== undefined ? count(why.failed, 'time', 'times') : 'repeatedly'}, reaching backoffLimit ${why.backoffLimit}`
    : why.reason === 'DeadlineExceeded'
      ? `it ran longer than activeDeadlineSeconds${why.deadline ? ` ${why.deadline}` : ''}`
      : why.reason === 'other'
        ? `reason ${why.name || 'unknown'}`
        : JOB_REASONS[why.reason];

const hookText = (h: HookErrorRef): string =>
  h.kind === 'parsed' ? `${h.handler} hook (${h.target}) failed: ${h.error}` : h.kind === 'raw' ? h.text : 'the hook error is only in the kubelet log (the event says "PostStartHook failed")';

const probeKillText = ({ container, type, probe, output, state }: { container: ContainerRef; type: string; probe: ProbeRef; output?: ProbeOutput; state: ProbeKillState }): string => {
  const spec = `${type} probe ${probeText(probe)}`;
  const quoted = output ? probeOutputText(output) : 'its failure output was not recorded';
  if (state.kind === 'killed') return `${cap(noun(container))} is killed by its ${spec}: ${quoted}${state.exitCode !== undefined ? `; it exited with code ${state.exitCode}` : ''}${state.restarts ? `; ${state.restarts}` : ''}`;
  if (state.kind === 'restarted') {
    const next = state.next?.kind === 'again' ? '; the probe fails again in the new instance, so it will be killed again' : state.next ? `; it has been restarted ${count(state.next.restarts, 'time', 'times')}${state.next.ready ? '' : ' and is not Ready again'}` : '';
    return `${cap(noun(container))} was restarted ${state.ago !== undefined ? `${state.ago} ago` : 'at an unknown time'} by its ${spec}: ${quoted}${next}`;
  }
  return `${cap(noun(container))} is failing its ${spec}: ${quoted}; the kubelet restarts it after ${state.threshold} consecutive failures`;
};

const oomWhat = (limit: string | undefined, request: string | undefined): string =>
  limit !== undefined ? `it exceeded its memory limit of ${limit}${request !== undefined ? ` (request ${request})` : ''}` : 'it has no memory limit, so the node itself ran out of memory';

export const enContainer: ContainerMessages = {
  commandNotFound: {
    message: ({ container, command, image, configured, restarts }) =>
      command
        ? `${cap(noun(container))} cannot start: "${command}" does not exist in image "${image}"${restarts ? `; ${restarts}` : ''}.`
        : `${cap(noun(container))} exits with code 127: a shell in it could not find a command (command/args: ${configured.length > 0 ? JSON.stringify(configured) : 'the image default'})${restarts ? `; ${restarts}` : ''}.`,
    fix: ({ image, command, container, namespace }) => [
      `Check what the image contains: docker run --rm --entrypoint sh ${image ?? '<image>'} -c 'command -v ${command ?? '<cmd>'}' (distroless images have no shell: do not wrap the command in sh -c).`,
      `Fix command/args of container ${container} in the workload (kubectl edit -n ${namespace} <workload>), or add the missing binary to the image.`,
      'For a script entrypoint: check its #! interpreter exists in the image and that it has Unix line endings.',
    ],
  },
  notExecutable: {
    message: ({ container, file, format, node, arch, restarts }) =>
      format
        ? `${cap(noun(container))} cannot run ${file ? `"${file}"` : 'its entrypoint'}: exec format error, a binary built for another CPU architecture than node ${node || '(unknown)'}${arch ? ` (${arch})` : ''}, or a script without a #! line${restarts ? `; ${restarts}` : ''}.`
        : `${cap(noun(container))} cannot run ${file ? `"${file}"` : 'its entrypoint'}: permission denied (not executable for the container's user)${restarts ? `; ${restarts}` : ''}.`,
    fix: ({ format, image, arch, file }) =>
      format
        ? [
            `Check the image's platform: docker manifest inspect ${image ?? '<image>'} (the node is ${arch ?? 'see kubectl get node -o wide'}).`,
            `Rebuild for the node's platform: docker buildx build --platform linux/${arch ?? 'amd64'} -t ${image ?? '<image>'} --push .`,
            'If the entrypoint is a script, start it with a #! line (e.g. #!/bin/sh).',
          ]
        : [
            `Make ${file ? `"${file}"` : 'its entrypoint'} executable in the image: RUN chmod +x ${file ?? '<entrypoint>'} (or COPY --chmod=755).`,
            `Check the user it runs as (securityContext.runAsUser / fsGroup) can read and execute it, and that its volume is not mounted noexec.`,
          ],
  },
  oomKilled: {
    message: ({ container, limit, request, again, restarts }) =>
      again === undefined
        ? `${cap(noun(container))} was OOMKilled: ${oomWhat(limit, request)}${restarts ? `; ${restarts}` : ''}.`
        : `${cap(noun(container))} was OOMKilled ${again.age !== undefined ? `${again.age} ago` : 'at an unknown time'} (${oomWhat(limit, request)}) and runs again; it will be killed again at the same peak.`,
    fix: ({ hasLimit, namespace, pod, owner, container, suggested, logs }) => [
      hasLimit
        ? `Raise the memory limit above the real peak, e.g.: ${setResourcesCommand(namespace, owner, container, `--limits=memory=${suggested} --requests=memory=${suggested}`)}`
        : `Set a memory request that reserves what it needs (and a limit), so the scheduler places it on a node with room: ${setResourcesCommand(namespace, owner, container, `--requests=memory=${suggested} --limits=memory=${suggested}`)}`,
      `Measure usage: kubectl top pod -n ${namespace} ${pod} --containers; and read the end of the killed instance's log: ${logs}`,
      'If usage keeps growing, look for a leak; make the runtime respect the cgroup limit (JVM -XX:MaxRAMPercentage, Go GOMEMLIMIT, Node --max-old-space-size).',
    ],
  },
  hookFailed: {
    preStopTitle: () => 'Container preStop hook failed',
    postStart: ({ container, hook, restarts }) => `The postStart hook of ${noun(container)} fails, so the kubelet kills the container: ${hookText(hook)}${restarts ? `; ${restarts}` : ''}.`,
    postStartFix: ({ namespace, pod, container }) => [
      `Run the hook by hand while the container runs: kubectl exec -n ${namespace} ${pod} -c ${container} -- <hook command>`,
      'Make the hook tolerate the application still starting (postStart runs at the same time as the entrypoint), or move the work into the entrypoint or an init container.',
      `Read the full error: kubectl describe pod -n ${namespace} ${pod}`,
    ],
    preStop: ({ container, ago }) => `The preStop hook of ${noun(container)} failed ${ago !== undefined ? `${ago} ago` : 'at an unknown time'}: the container was stopped without its graceful-shutdown step.`,
    preStopFix: ({ namespace, pod, container }) => [
      `Run the preStop command by hand: kubectl exec -n ${namespace} ${pod} -c ${container} -- <preStop command>`,
      'Keep preStop shorter than terminationGracePeriodSeconds, and make sure the command exists in the image.',
    ],
  },
  crashLoop: {
    message: ({ container, mode, exit, terminationMessage, restarts }) =>
      `${cap(noun(container))} ${mode === 'loop' ? 'is crash-looping' : mode === 'first' ? 'crashed' : 'keeps crashing'}: it ${exit}${terminationMessage ? `, message "${terminationMessage}"` : ''}${restarts ? `; ${restarts}` : ''}.`,
    remediation: ({ logs, namespace, pod }) => [
      `Read why the last instance exited: ${logs}`,
      `See the exit code, message and events: kubectl describe pod -n ${namespace} ${pod}`,
      'Fix the cause the logs show (configuration, environment, arguments, an unreachable dependency); the kubelet restarts it by itself with back-off.',
    ],
  },
  // ---- zh-b ----
  recentRestarts: {
    message: ({ container, restarts, exit, reason, message, ago }) =>
      `${cap(noun(container))} restarted ${restarts} time${restarts === 1 ? '' : 's'}; the last instance ${exit}${reason ? ` (reason ${reason})` : ''}${message ? `, message "${message}"` : ''} ${ago} ago.`,
    fix: ({ logs, namespace, pod }) => [`Read the previous instance's logs: ${logs}`, `Watch whether it keeps restarting: kubectl get pod -n ${namespace} ${pod} -w`],
  },
  runContainerError: {
    message: ({ node, container, cause, reason, restarts }) => `The runtime on node ${node || '(unknown)'} cannot start ${noun(container)}: ${cause || reason}${restarts ? `; ${restarts}` : ''}.`,
    fix: ({ namespace, pod, container }) => [
      `Read the full runtime message: kubectl describe pod -n ${namespace} ${pod}`,
      `Fix the part of container ${container}'s spec it names (volumeMounts, securityContext, workingDir, devices), then let the controller recreate the Pod.`,
    ],
  },
  sidecarHoldsCompletion: {
    message: ({ done, sidecars, since, job }) =>
      `The main work is done (${done.map((n) => `container "${n}"`).join(', ')} exited 0, ${since} ago) but ${sidecars.map((n) => `"${n}"`).join(', ')} ${sidecars.length === 1 ? 'keeps' : 'keep'} running, so the Pod never completes${job ? ` and Job "${job}" never succeeds` : ''}.`,
    fix: ({ sidecars }) => [
      `Make ${sidecars.map((n) => `"${n}"`).join(', ')} a native sidecar: move ${sidecars.length === 1 ? 'it' : 'them'} to spec.initContainers with restartPolicy: Always (Kubernetes 1.29+); the kubelet stops native sidecars once the main containers finish.`,
      'For an injected mesh proxy: turn on the mesh\'s native-sidecar injection, or have the job tell the proxy to quit when it is done (Istio: curl -X POST localhost:15020/quitquitquit).',
    ],
  },
  completedRestartLoop: {
    message: ({ container, sidecar, policy, restarts }) =>
      `${cap(noun(container))} exits with code 0 (Completed) but ${sidecar ? 'a sidecar' : `the Pod's restartPolicy is ${policy}`}, so the kubelet restarts it: its process is not long-running${restarts ? `; ${restarts}` : ''}.`,
    fix: ({ namespace, pod, container }) => [
      'If this is one-shot work, run it as a Job (kubectl create job ...) or CronJob instead of a Deployment.',
      `If it should be a server, make its main process stay in the foreground; check command/args: kubectl get pod -n ${namespace} ${pod} -o jsonpath='{.spec.containers[?(@.name=="${container}")].command}'`,
    ],
  },
  initStuck: {
    message: ({ container, position, total, age, runs }) =>
      `${noun(container)} (${position} of ${total}) has been running for ${age} and has not finished${runs.kind === 'command' ? `; it runs ${runs.text}` : runs.kind === 'image' ? `; it runs the default command of image "${runs.image}"` : ''}. The app containers cannot start until it exits: it is probably waiting for something that is not there.`,
    fix: ({ namespace, pod, container }) => [
      `See what it is doing: kubectl logs -n ${namespace} ${pod} -c ${container}`,
      `Check that what it waits for exists and answers: kubectl get svc,endpoints -n ${namespace}`,
      'Give the wait a timeout so a missing dependency fails the init container visibly instead of hanging.',
    ],
  },
  noResources: {
    message: ({ containers, bestEffort }) =>
      `Container${containers.length > 1 ? 's' : ''} ${containers.map((c) => `"${c}"`).join(', ')} set${containers.length > 1 ? '' : 's'} no CPU or memory requests or limits${bestEffort ? ': the Pod is BestEffort, evicted first under node pressure' : ''}.`,
    fix: ({ namespace, pod, owner, container }) => [
      `Measure usage: kubectl top pod -n ${namespace} ${pod} --containers`,
      `Set requests and a memory limit, e.g.: ${setResourcesCommand(namespace, owner, container, `--requests=cpu=100m,memory=128Mi --limits=memory=256Mi`)}`,
    ],
  },
  backoffLimitExceeded: {
    message: ({ job, why, condition, last }) =>
      `Job "${job}" failed: ${jobWhy(why)}${condition ? ` (${condition})` : ''}${last ? `; the last failure: Pod ${last.pod}, container ${last.container} ${enShared.exit(last.exit)}${last.message ? `, message "${last.message}"` : ''}` : ''}.`,
    fix: ({ namespace, job, last }) => [
      last ? `Read the failed container's output: kubectl logs -n ${namespace} ${last.pod} -c ${last.container}` : `Read the Job's output: kubectl logs -n ${namespace} job/${job}`,
      `See its history: kubectl describe job -n ${namespace} ${job}`,
      'Fix the cause, then delete and recreate the Job (its Pod template is immutable); raise backoffLimit or activeDeadlineSeconds only for expected, transient failures.',
    ],
  },
  createContainerError: {
    message: ({ node, container, reserved, detail, reason, age }) =>
      `The runtime on node ${node || '(unknown)'} cannot create ${noun(container)}: ${reserved ? `a previous attempt still holds its name (${detail})` : detail || reason}${age !== undefined ? ` for ${age}` : ''}.`,
    fix: ({ reserved, node, container, namespace, pod }) =>
      reserved
        ? [
            `This usually clears once the runtime finishes the earlier attempt; if not, inspect it on node ${node || '<node>'}: crictl ps -a --name ${container}`,
            `Check the runtime and the node's load and disk: journalctl -u containerd (or crio); or recreate the Pod: kubectl delete pod -n ${namespace} ${pod}`,
          ]
        : [
            `Read the runtime's message and logs on node ${node || '<node>'}: journalctl -u containerd (or crio)`,
            `Check the node's disk space and runtime health, then recreate the Pod: kubectl delete pod -n ${namespace} ${pod}`,
          ],
  },
  initFailed: {
    message: ({ container, exit, message, restarts, consequence }) =>
      `${cap(noun(container))} ${enShared.exit(exit)}${message ? `, message "${message}"` : ''}${restarts ? `; ${restarts}` : ''}; ${
        consequence === 'pod-failed' ? 'with restartPolicy Never the Pod has failed' : `the app containers ${consequence === 'apps-waiting' ? 'wait in PodInitializing' : 'cannot start'} until it succeeds`
      }.`,
    fix: ({ logs, namespace, pod, container }) => [
      `Read its logs: ${logs}`,
      `Check its command and what it depends on: kubectl get pod -n ${namespace} ${pod} -o jsonpath='{.spec.initContainers[?(@.name=="${container}")]}'`,
      'Fix the step or its precondition; the kubelet retries the init container by itself unless restartPolicy is Never.',
    ],
  },
  jobFailed: {
    message: ({ container, exit, message, job, policy }) =>
      `${cap(noun(container))}${job ? ` of Job "${job.name}"` : ''} failed: it ${enShared.exit(exit)}${message ? `, message "${message}"` : ''}${
        !job
          ? `; with restartPolicy ${policy} it is not restarted`
          : job.failed !== undefined
            ? `; Job "${job.name}" has failed (${job.failed}) and creates no more Pods`
            : `; Job "${job.name}" counts a failure and retries with a new Pod${job.backoffLimit !== undefined ? ` until backoffLimit ${job.backoffLimit}` : ''}`
      }.`,
    fix: ({ logs, namespace, pod, job, jobFailed }) => [
      `Read its output: ${logs}`,
      job ? `See the Job's failures and limits: kubectl describe job -n ${namespace} ${job}` : `See the Pod's events: kubectl describe pod -n ${namespace} ${pod}`,
      job
        ? `Fix the cause${jobFailed ? '; the Job has failed and will not retry' : '; the Job retries by itself until backoffLimit'}. To run a finished Job again, delete it and apply its manifest again (for a CronJob's Job: kubectl create job -n ${namespace} ${job}-rerun --from=cronjob/<cronjob>).`
        : 'Fix the cause and recreate the Pod.',
    ],
  },
  probeKill: {
    message: (p) => `${probeKillText(p)}${p.hint ? ` (${enReadiness.probe.portMismatch(p.hint)})` : ''}.`,
    fix: ({ type, namespace, pod, container, target, running, previous }) => [
      ...(running ? [`Run the probe by hand inside the container: kubectl exec -n ${namespace} ${pod} -c ${container} -- ${target}`] : []),
      `Read why it stopped answering: kubectl logs -n ${namespace} ${pod} -c ${container}${previous ? ' --previous' : ''}`,
      type === 'liveness'
        ? 'If it is only slow to start, add a startupProbe (or raise initialDelaySeconds); if it is slow under load, raise timeoutSeconds/failureThreshold. A liveness probe should not depend on databases or other services.'
        : 'If the application legitimately needs longer to start, raise the startupProbe failureThreshold × periodSeconds above its real start time.',
    ],
  },
  // ---- end zh-b ----
};
