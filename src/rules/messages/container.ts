import type { ContainerRef } from './types.js';
import { cap, noun } from './en-shared.js';

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
  // ---- end zh-b ----
}

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
        ? `Raise the memory limit above the real peak, e.g.: kubectl set resources -n ${namespace} ${owner} -c ${container} --limits=memory=${suggested} --requests=memory=${suggested}`
        : `Set a memory request that reserves what it needs (and a limit), so the scheduler places it on a node with room: kubectl set resources -n ${namespace} ${owner} -c ${container} --requests=memory=${suggested} --limits=memory=${suggested}`,
      `Measure usage: kubectl top pod -n ${namespace} ${pod} --containers; and read the end of the killed instance's log: ${logs}`,
      'If usage keeps growing, look for a leak; make the runtime respect the cgroup limit (JVM -XX:MaxRAMPercentage, Go GOMEMLIMIT, Node --max-old-space-size).',
    ],
  },
  hookFailed: {
    preStopTitle: () => 'Container preStop hook failed',
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
      `Set requests and a memory limit, e.g.: kubectl set resources -n ${namespace} ${owner} -c ${container} --requests=cpu=100m,memory=128Mi --limits=memory=256Mi`,
    ],
  },
  // ---- end zh-b ----
};
