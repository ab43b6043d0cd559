import type { ContainerRef } from './types.js';
import { cap, noun } from './en-shared.js';

/** Why a kubelet reports Ready=False, read from the KubeletNotReady message (§5.1 of k8s-messages.md). */
export type NotReadyCause = 'network' | 'runtime' | 'pleg' | 'capacity' | 'shutdown' | 'other';

/** The controller that owns a Pod, as a message names it. */
export interface OwnerRef {
  kind: string;
  name: string;
}

/** What the taint manager does to a Pod under one NoExecute taint (helpers/node-health.ts noExecuteFate), for messages. */
export type NoExecuteFateRef =
  | { kind: 'never'; taint: string }
  | { kind: 'now'; taint: string }
  /** `in`: the time left (`4m`); `overdue`: how long ago it was due; neither: the taint's timeAdded is unknown. */
  | { kind: 'at'; taint: string; seconds: number; in?: string; overdue?: string; owned: boolean };

/** Why the kubelet rejected a Pod at admission (kubelet/admission-rejected), read from status.reason and status.message. */
export type AdmissionRejection =
  | { kind: 'not-enough'; resource: string; requested: string; used: string; allocatable: string; free: string; extended: boolean }
  | {
      kind:
        | 'NodeAffinity'
        | 'TaintToleration'
        | 'NodePorts'
        | 'UnexpectedAdmissionError'
        | 'TopologyAffinityError'
        | 'SMTAlignmentError'
        | 'NodeShutdown'
        | 'VolumeAttachmentLimitExceeded'
        | 'os'
        | 'InitContainerRestartPolicyForbidden'
        | 'AppArmor'
        | 'feature';
    }
  | { kind: 'other'; reason: string };

/** What an Evicted Pod's status.message says (kubelet/evicted), one part each. */
export type EvictionPart =
  | { kind: 'low'; node: string; resource: string; threshold?: { quantity: string; available: string } }
  | { kind: 'container-use'; container: string; use: string; resource: string; request: string }
  | { kind: 'pod-use'; use: string; request: string }
  | { kind: 'container-storage'; container: string; limit: string }
  | { kind: 'pod-storage'; limit: string }
  | { kind: 'empty-dir'; volume: string; limit: string }
  | { kind: 'had-condition'; node: string; conditions: string[] }
  | { kind: 'quoted'; message: string }
  | { kind: 'none' };

/** What a CreateContainerConfigError's message says (kubelet/create-container-config-error). */
export type ConfigErrorRef = { kind: 'ConfigMap' | 'Secret'; name: string };
/** Where a container refers to a ConfigMap or Secret: `env var DB_URL (key url)`, `envFrom configMapRef`. */
export type ConfigReference = { kind: 'env'; variable: string; key?: string } | { kind: 'envFrom'; ref: 'configMapRef' | 'secretRef' };

/** The kubelet stage rules' messages and fix steps. */
export interface KubeletMessages {
  /** What happens after the kubelet ends a Pod for good (Failed Pods never restart); no owner: nothing recreates it. */
  replacement(p: { owner?: OwnerRef }): string;
  /** Why a kubelet reports Ready=False, one clause per cause. */
  notReadyCause(p: { cause: NotReadyCause }): string;
  /** ` The taint manager …` after a message (leading space in English). */
  noExecuteFate(p: NoExecuteFateRef): string;
  admissionRejected: {
    message(p: { reason: string; what: string; replacement: string }): string;
    what(p: { node: string; rejection: AdmissionRejection }): string;
    why(p: { rejection: AdmissionRejection }): string;
    fix(p: { node: string; pod: string; namespace: string; rejection: AdmissionRejection }): string[];
    likely(p: { why: string }): string;
    deleteRejected(p: { pod: string; namespace: string }): string;
  };
  configError: {
    /** The object was missing when the kubelet built the environment but exists now. */
    appeared(p: { container: ContainerRef; object: ConfigErrorRef; references: ConfigReference[] }): string;
    missing(p: { container: ContainerRef; object: ConfigErrorRef; namespace: string; references: ConfigReference[] }): string;
    missingFix(p: { object: ConfigErrorRef; namespace: string }): string[];
    keyAppeared(p: { container: ContainerRef; object: ConfigErrorRef; key: string; references: ConfigReference[] }): string;
    /** `keys`: the object's keys when they were read; `exists`: the object was seen (a Secret read as metadata only). */
    keyMissing(p: { container: ContainerRef; object: ConfigErrorRef; key: string; references: ConfigReference[]; keys?: string[]; exists: boolean }): string;
    keyMissingFix(p: { object: ConfigErrorRef; namespace: string; references: ConfigReference[] }): string[];
    watch(p: { pod: string; namespace: string }): string;
    recreate(p: { pod: string; namespace: string }): string;
    nonNumericUser(p: { container: ContainerRef; user: string }): string;
    nonNumericUserFix(p: { container: ContainerRef }): string[];
    imageRoot(p: { container: ContainerRef }): string;
    imageRootFix(p: { container: ContainerRef }): string[];
    rootUser(p: { container: ContainerRef }): string;
    rootUserFix(p: { container: ContainerRef }): string[];
    noVolume(p: { container: ContainerRef; volume: string }): string;
    noVolumeFix(p: { container: ContainerRef; volume: string; pod: string; namespace: string }): string[];
    subPath(p: { container: ContainerRef; volume: string }): string;
    subPathFix(p: { node: string }): string[];
    cacheSync(p: { container: ContainerRef; fresh: boolean }): string;
    cacheSyncFix(p: { node: string; pod: string; namespace: string }): string[];
    runtimeClass(p: { container: ContainerRef; runtimeClass: string }): string;
    runtimeClassFix(): string[];
    other(p: { container: ContainerRef; text: string }): string;
    otherFix(p: { pod: string; namespace: string }): string[];
  };
  deadlineExceeded: {
    /** `seconds`/`age`: the deadline, when the spec has it. */
    message(p: { seconds?: number; age?: string; replacement: string }): string;
    fix(p: { pod: string; namespace: string }): string[];
  };
  evicted: {
    message(p: { resource: string; parts: string[]; replacement: string }): string;
    part(p: EvictionPart): string;
    /** `namespace`: the evicted Pod's, for the usage command. */
    pressureFix(p: { resource: string; namespace: string }): string;
    setRequest(p: { ref: string; namespace: string; container: string; resource: string; amount: string }): string;
    containerStorageFix(p: { container: string }): string;
    podStorageFix(): string;
    emptyDirFix(p: { volume: string }): string;
    relieveNode(p: { node: string; disk: boolean }): string;
    describeNode(p: { node: string }): string;
    deleteEvicted(p: { pod: string; namespace: string }): string;
  };
  nodeLost: {
    message(p: { node?: string; ready: boolean }): string;
    fix(p: { node?: string; pod: string; namespace: string; ready: boolean }): string[];
  };
  nodeMissing: {
    message(p: { node: string }): string;
    fix(p: { node: string; pod: string; namespace: string; owner?: OwnerRef; scheduled: boolean }): string[];
  };
  nodeNotReady: {
    neverUpdated(p: { node: string }): string;
    /** `at`/`ago`: the last heartbeat, when known. */
    unreachable(p: { node: string; at?: string; ago?: string }): string;
    networkOnly(p: { node: string }): string;
    notReady(p: { node: string; reason: string; causes: string[] }): string;
    /** The Pod still says Ready, from a status no longer refreshed; `at`: the last heartbeat. */
    staleReady(p: { at?: string }): string;
    describeNode(p: { node: string }): string;
    unreachableFix(p: { node: string }): string[];
    causeFix(p: { node: string; cause: NotReadyCause }): string;
    watch(p: { node: string }): string;
  };
  nodeShutdown: {
    message(p: { node: string; replacement: string }): string;
    fix(p: { pod: string; namespace: string; owner?: OwnerRef }): string[];
  };
  nodeStatusStale: {
    untrusted(p: { node: string; at: string; age: string; allow: string }): string;
    untrustedFix(p: { node: string }): string[];
    /** `ago`: how long ago the last heartbeat was (`12m`). */
    message(p: { node: string; at: string; ago: string; allow: string }): string;
    fix(p: { node: string }): string[];
  };
  notStartedLong: {
    message(p: { node: string; age: string; nodeSeen: boolean; trace: string }): string;
    fix(p: { node: string }): string[];
  };
  preempted: {
    byKubelet(p: { node: string; replacement: string }): string;
    byKubeletFix(p: { node: string; pod: string; namespace: string }): string[];
    /** `preemptor`: from the Preempted event, when it names one. */
    byScheduler(p: { preemptor?: { uid: string; node: string }; owner?: OwnerRef }): string;
    bySchedulerFix(p: { pod: string; namespace: string }): string[];
  };
  stuckTerminating: {
    /** ` It also still has finalizer(s) "a", "b".`, or '' without finalizers. */
    finalizers(p: { finalizers: string[] }): string;
    /** The force-delete caution: a StatefulSet's identity, or the containers and volumes still on the machine. */
    caution(p: { statefulSet?: string }): string;
    nodeDown(p: { overdue: string; node: string; state: 'gone' | 'unknown' | 'not-ready'; finalizers: string }): string;
    nodeGoneFix(p: { force: string }): string[];
    nodeDownFix(p: { node: string; force: string; caution: string }): string[];
    running(p: { overdue: string; node: string; containers: ContainerRef[]; finalizers: string }): string;
    runningFix(p: { node: string; force: string; caution: string }): string[];
    waitingFinalizers(p: { overdue: string; finalizers: string[] }): string;
    waitingFinalizersFix(p: { pod: string; namespace: string }): string[];
    teardown(p: { overdue: string; node: string }): string;
    /** KillPodSandbox keeps failing (FailedKillPod); `cni` is the network plugin's DEL error when the runtime gave one. */
    sandboxFailed(p: { overdue: string; node: string; cni?: string; finalizers: string }): string;
    sandboxFailedFix(p: { node: string; force: string; caution: string }): string[];
    /** A volume will not unmount (UnmountVolume.TearDown failed …); `busy`: umount says a process on the node still holds it. */
    unmountFailed(p: { overdue: string; node: string; volume?: string; error: string; busy: boolean; finalizers: string }): string;
    unmountFailedFix(p: { node: string; uid: string; busy: boolean; force: string; caution: string }): string[];
    teardownFix(p: { node: string; uid: string; force: string; caution: string }): string[];
  };
}

const quoted = (names: string[]): string => names.map((s) => `"${s}"`).join(', ');
const nodeOf = (node: string): string => (node ? `node "${node}"` : 'the node');
const NODE = (node: string): string => node || 'NODE';
const reference = (r: ConfigReference): string => (r.kind === 'envFrom' ? `envFrom ${r.ref}` : r.key === undefined ? `env var ${r.variable}` : `env var ${r.variable} (key ${r.key})`);
const referencedBy = (refs: ConfigReference[]): string => (refs.length > 0 ? ` (referenced by ${refs.map(reference).join(', ')})` : '');

const CAUSE_WORDS: Record<NotReadyCause, string> = {
  network: 'the container runtime reports its network (CNI) plugin is not ready',
  runtime: 'the container runtime is down or not answering the kubelet',
  pleg: "the kubelet's pod lifecycle event generator (PLEG) is unhealthy: the container runtime is too slow or hung",
  capacity: "the kubelet has not yet reported the node's capacity for some resources",
  shutdown: 'the node is shutting down',
  other: 'the kubelet reports it is not ready',
};

const CAUSE_FIX: Record<NotReadyCause, (n: string) => string> = {
  network: () => 'The network (CNI) plugin is not ready: see the cni/cni-not-initialized finding.',
  runtime: (n) => `On ${n}, check the container runtime: systemctl status containerd (or crio); journalctl -u containerd -u kubelet --since "30 min ago"`,
  pleg: (n) => `On ${n}, check that the runtime answers quickly (time crictl ps -a); a hung runtime or thousands of dead containers stall the PLEG; restarting containerd usually recovers it.`,
  capacity: (n) => `On ${n}, read the kubelet log (journalctl -u kubelet) for the resource it cannot report (cAdvisor or a device plugin that has not registered).`,
  shutdown: (n) => `${n} is shutting down; its Pods are terminated and recreated elsewhere by their controllers.`,
  other: (n) => `Read the kubelet log on ${n}: journalctl -u kubelet --since "30 min ago"`,
};

type Rejection = AdmissionRejection['kind'];
const REJECTION: Record<Exclude<Rejection, 'not-enough' | 'other'>, { what: (node: string) => string; why: string }> = {
  NodeAffinity: { what: (n) => `${n} does not match the Pod's nodeSelector / node affinity`, why: "the node's labels changed after scheduling, or spec.nodeName was set directly to a node the selector excludes" },
  TaintToleration: { what: (n) => `${n} has a NoExecute taint the Pod does not tolerate`, why: "the taint was added after scheduling, or spec.nodeName bypassed the scheduler's taint check" },
  NodePorts: { what: (n) => `a hostPort the Pod asks for is already taken on ${n}`, why: 'another Pod on the node uses the same hostPort (often the previous replica of the same DaemonSet or Deployment)' },
  UnexpectedAdmissionError: { what: (n) => `the kubelet on ${n} could not allocate a device or resource for the Pod`, why: 'a device plugin (GPU, SR-IOV, …) had fewer devices than the scheduler thought, typically right after a kubelet or device-plugin restart' },
  TopologyAffinityError: { what: (n) => `the Topology Manager on ${n} cannot place the Pod's CPUs/devices on one NUMA node`, why: 'the kubelet runs a restricted / single-numa-node topology policy and the request does not fit one NUMA node' },
  SMTAlignmentError: { what: (n) => `the CPU Manager on ${n} requires whole physical cores`, why: 'the static CPU policy with full-pcpus-only rejects requests that are not a multiple of the SMT siblings' },
  NodeShutdown: { what: (n) => `${n} was shutting down when the Pod arrived`, why: 'graceful node shutdown was in progress' },
  VolumeAttachmentLimitExceeded: { what: (n) => `${n} has reached its volume attachment limit`, why: 'the CSI driver reports a maximum number of attached volumes per node' },
  os: { what: (n) => `the Pod's OS (spec.os / kubernetes.io/os selector) does not match ${n}`, why: 'a Windows Pod on a Linux node or the other way round, usually via spec.nodeName' },
  InitContainerRestartPolicyForbidden: { what: (n) => `the kubelet on ${n} does not support native sidecars (init containers with restartPolicy: Always)`, why: 'the kubelet is older than the API server (or the SidecarContainers gate is off)' },
  AppArmor: { what: (n) => `the AppArmor profile the Pod asks for cannot be enforced on ${n}`, why: 'AppArmor is disabled on the node or the named profile is not loaded' },
  feature: { what: (n) => `${n} lacks a feature the Pod requires`, why: "the node's kubelet or runtime is older than the feature the Pod spec uses" },
};

const PRESSURE_FIX: Record<string, string> = {
  memory: 'Set the memory request close to real usage (Pods using more than they request are evicted first) and a memory limit; check usage with kubectl top pod -n NAMESPACE',
  'ephemeral-storage': 'Find what fills the node disk (container logs, emptyDir volumes, writable layers, images): set resources.limits.ephemeral-storage and emptyDir.sizeLimit, and log to stdout at a sane rate',
  inodes: 'Something creates many small files on the node filesystem: find it (du --inodes on the node) and clean up',
  pids: 'A container forks too many processes: cap it (pod PID limit) and fix the leak',
};

// The English text is exactly what the rules printed before they were converted (their tests pin it).
export const enKubelet: KubeletMessages = {
  replacement: ({ owner }) => {
    if (!owner) return 'A Failed Pod is never restarted and nothing owns this one: fix the cause and create it again.';
    switch (owner.kind) {
      case 'ReplicaSet':
      case 'ReplicationController':
      case 'StatefulSet':
        return `A Failed Pod is never restarted; its ${owner.kind} "${owner.name}" creates a replacement, so look at that Pod too.`;
      case 'DaemonSet':
        return `A Failed Pod is never restarted; DaemonSet "${owner.name}" deletes it and creates a new one on the same node, which fails the same way until the cause is fixed.`;
      case 'Job':
        return `A Failed Pod is never restarted; Job "${owner.name}" counts it as a failure and may create another (up to its backoffLimit).`;
      default:
        return `A Failed Pod is never restarted; its owner ${owner.kind} "${owner.name}" decides whether to replace it.`;
    }
  },
  notReadyCause: ({ cause }) => CAUSE_WORDS[cause],
  noExecuteFate: (f) => {
    if (f.kind === 'never') return ` The Pod tolerates ${f.taint} without a time limit, so it is never evicted from this node (typical for DaemonSet Pods).`;
    if (f.kind === 'now') return ` The Pod does not tolerate ${f.taint}, so the taint manager deletes it right away.`;
    const secs = `tolerationSeconds ${f.seconds}${f.seconds === 300 ? ', the default' : ''}`;
    if (f.in !== undefined) return ` The taint manager will delete the Pod in ${f.in} (${secs} on ${f.taint}); ${f.owned ? 'its controller then creates a replacement elsewhere' : 'nothing owns it, so nothing recreates it'}.`;
    if (f.overdue !== undefined) return ` The taint manager was due to delete the Pod ${f.overdue} ago (${secs} on ${f.taint}) but has not marked it for deletion: check that kube-controller-manager is running.`;
    return ` The taint manager deletes the Pod ${f.seconds}s after ${f.taint} was added (${secs}).`;
  },
  admissionRejected: {
    message: ({ reason, what, replacement }) => `The kubelet rejected the Pod (${reason}): ${what}. ${replacement}`,
    what: ({ node, rejection: r }) => {
      const n = nodeOf(node);
      if (r.kind === 'not-enough') return `not enough ${r.resource} on ${n}: the Pod requests ${r.requested}, ${r.used} of ${r.allocatable} allocatable is already in use (${r.free} free)`;
      if (r.kind === 'other') return `the kubelet on ${n} refused the Pod (${r.reason || 'rejected'})`;
      return REJECTION[r.kind].what(n);
    },
    why: ({ rejection: r }) => {
      if (r.kind === 'not-enough')
        return r.extended
          ? `the scheduler saw ${r.resource} free but the kubelet's device plugin could not provide it (typically the device plugin had not re-registered after a kubelet restart)`
          : 'the scheduler and the kubelet disagreed: usually the Pod was bound with spec.nodeName (bypassing the scheduler), or static / just-restarted Pods took the room';
      if (r.kind === 'other') return 'a node-level admission check failed';
      return REJECTION[r.kind].why;
    },
    fix: ({ node, pod, namespace, rejection: r }) => {
      switch (r.kind) {
        case 'not-enough':
          return [
            `kubectl describe node ${NODE(node)}   (Allocatable and "Allocated resources")`,
            r.extended ? `Check the device plugin Pod on ${nodeOf(node)} (kubectl get pods -A -o wide --field-selector spec.nodeName=${NODE(node)})` : `Lower the Pod's ${r.resource} request, or let the scheduler place it (remove spec.nodeName; use a nodeSelector instead).`,
          ];
        case 'NodeAffinity':
          return [`kubectl get node ${NODE(node)} --show-labels`, `kubectl get pod ${pod} -n ${namespace} -o jsonpath='{.spec.nodeSelector}{"\\n"}{.spec.affinity.nodeAffinity}'`];
        case 'TaintToleration':
          return [`kubectl get node ${NODE(node)} -o jsonpath='{.spec.taints}'`, 'Add a matching toleration, or let the scheduler choose the node.'];
        case 'NodePorts':
          return ['Drop the hostPort (use a Service), or pick a free port.'];
        case 'UnexpectedAdmissionError':
          return [`Check the device plugin Pod and allocatable devices on ${nodeOf(node)}: kubectl describe node ${NODE(node)}`];
        case 'TopologyAffinityError':
          return ['Reduce the requests so they fit one NUMA node, or schedule onto nodes with room (the scheduler does not know NUMA layout).'];
        case 'SMTAlignmentError':
          return ['Request CPUs in multiples of the hyper-thread count (e.g. 2, 4).'];
        case 'NodeShutdown':
          return ['Nothing to fix in the Pod: its controller places a replacement on another node.'];
        case 'VolumeAttachmentLimitExceeded':
          return [`kubectl get csinode ${NODE(node)} -o yaml   (allocatable.count)`, 'Spread volume-heavy Pods over more nodes.'];
        case 'os':
          return ['Select nodes with the right kubernetes.io/os label.'];
        case 'InitContainerRestartPolicyForbidden':
          return ['Upgrade the node, or move the sidecar to a regular container.'];
        case 'AppArmor':
          return ['Load the profile on every node (or use RuntimeDefault).'];
        case 'feature':
          return ['Schedule onto nodes that support it, or drop the field from the Pod spec.'];
        default:
          return [`kubectl describe pod ${pod} -n ${namespace}`];
      }
    },
    likely: ({ why }) => `Likely cause: ${why}.`,
    deleteRejected: ({ pod, namespace }) => `Delete the rejected Pod when done: kubectl delete pod ${pod} -n ${namespace}`,
  },
  configError: {
    appeared: ({ container, object, references }) => cap(`${object.kind} "${object.name}" was missing when the kubelet built ${noun(container)}'s environment${referencedBy(references)}; it exists now, so the kubelet should pick it up on its next retry.`),
    missing: ({ container, object, namespace, references }) => cap(`${noun(container)} cannot start: ${object.kind} "${object.name}" does not exist in namespace ${namespace}${referencedBy(references)}.`),
    missingFix: ({ object, namespace }) => [
      `kubectl get ${object.kind.toLowerCase()} -n ${namespace}   (is it named differently, or in another namespace?)`,
      `Create it: ${object.kind === 'ConfigMap' ? `kubectl create configmap ${object.name} -n ${namespace} --from-literal=KEY=VALUE` : `kubectl create secret generic ${object.name} -n ${namespace} --from-literal=KEY=VALUE`}`,
      `Or fix the reference in the workload; if the container can run without it, mark the reference optional: true.`,
    ],
    keyAppeared: ({ container, object, key, references }) => cap(`${object.kind} "${object.name}" lacked key "${key}" when the kubelet built ${noun(container)}'s environment${referencedBy(references)}; the key exists now, so the next retry should succeed.`),
    keyMissing: ({ container, object, key, references, keys, exists }) => {
      const present = keys
        ? ` ${object.kind} "${object.name}" exists but lacks key "${key}"; keys present: ${keys.length > 0 ? keys.join(', ') : '(none)'}.`
        : exists
          ? ` ${object.kind} "${object.name}" exists; kdiag reads Secrets as metadata only, so its keys are unknown here (the kubelet reports "${key}" missing).`
          : '';
      return cap(`${noun(container)} cannot start: key "${key}" is missing from ${object.kind} "${object.name}"${referencedBy(references)}.${present}`);
    },
    keyMissingFix: ({ object, namespace, references }) => [`Add the key: kubectl edit ${object.kind.toLowerCase()} ${object.name} -n ${namespace}`, `Or fix the key name in the container's env (${references.map(reference).join(', ') || 'valueFrom'}), or mark the reference optional: true.`],
    watch: ({ pod, namespace }) => `Watch the Pod: kubectl get pod ${pod} -n ${namespace} -w`,
    recreate: ({ pod, namespace }) => `If it stays in CreateContainerConfigError, delete the Pod so it is recreated: kubectl delete pod ${pod} -n ${namespace}`,
    nonNumericUser: ({ container, user }) => cap(`${noun(container)} cannot start: runAsNonRoot is set and the image's user "${user}" is a name, so the kubelet cannot verify it is not root.`),
    nonNumericUserFix: ({ container }) => [`Set a numeric securityContext.runAsUser (e.g. runAsUser: 10001) on ${noun(container)}, or give the image a numeric USER (USER 10001 in the Dockerfile).`],
    imageRoot: ({ container }) => cap(`${noun(container)} cannot start: runAsNonRoot is set but the image runs as root (UID 0).`),
    imageRootFix: ({ container }) => [`Set securityContext.runAsUser to a non-zero UID on ${noun(container)}, or use an image whose USER is not root.`],
    rootUser: ({ container }) => cap(`${noun(container)} cannot start: its securityContext sets runAsUser: 0 (root) together with runAsNonRoot: true.`),
    rootUserFix: ({ container }) => [`Pick one: a non-zero runAsUser, or runAsNonRoot: false for ${noun(container)} (check the pod-level securityContext too).`],
    noVolume: ({ container, volume }) => cap(`${noun(container)} cannot start: its volumeMount "${volume}" names a volume the Pod does not define.`),
    noVolumeFix: ({ container, volume, pod, namespace }) => [`Add volume "${volume}" to spec.volumes, or fix the volumeMounts name of ${noun(container)}.`, `kubectl get pod ${pod} -n ${namespace} -o jsonpath='{.spec.volumes[*].name}'`],
    subPath: ({ container, volume }) => cap(`${noun(container)} cannot start: the kubelet could not prepare the subPath of volumeMount "${volume}".`),
    subPathFix: ({ node }) => [
      `Check subPath / subPathExpr of that mount: the path must stay inside the volume (no symlinks pointing out, no ".."), and subPathExpr variables must resolve.`,
      `Read the kubelet log on ${node || 'the node'} for the exact error: journalctl -u kubelet | grep subPath`,
    ],
    cacheSync: ({ container, fresh }) =>
      cap(
        fresh
          ? `${noun(container)} is waiting for the kubelet's ConfigMap/Secret cache to sync; this usually clears within a minute.`
          : `${noun(container)} has been unable to start for a while because the kubelet cannot sync its ConfigMap/Secret cache from the API server.`,
      ),
    cacheSyncFix: ({ node, pod, namespace }) => [`Check the kubelet on ${node || 'the node'} can reach the API server: journalctl -u kubelet | grep -i "cache\\|watch"`, `Deleting the Pod forces a fresh start: kubectl delete pod ${pod} -n ${namespace}`],
    runtimeClass: ({ container, runtimeClass }) => cap(`${noun(container)} cannot start: RuntimeClass ${runtimeClass} cannot be looked up.`),
    runtimeClassFix: () => [`kubectl get runtimeclass`, `Fix spec.runtimeClassName of the Pod.`],
    other: ({ container, text }) => cap(`${noun(container)} cannot start: the kubelet could not build its configuration: ${text || 'no message'}.`),
    otherFix: ({ pod, namespace }) => [`kubectl describe pod ${pod} -n ${namespace}`, 'Fix the referenced object or field named in the message.'],
  },
  deadlineExceeded: {
    message: ({ seconds, age, replacement }) => `The kubelet killed the Pod because it was active longer than ${seconds !== undefined ? `its activeDeadlineSeconds of ${seconds}s${age !== `${seconds}s` ? ` (${age})` : ''}` : 'its activeDeadlineSeconds'}. ${replacement}`,
    fix: ({ pod, namespace }) => [`Look at what the last run was doing: kubectl logs ${pod} -n ${namespace} --all-containers`, 'Raise spec.activeDeadlineSeconds in the Pod template, or make the work finish sooner.'],
  },
  evicted: {
    message: ({ resource, parts, replacement }) => `The kubelet evicted the Pod${resource ? ` (${resource})` : ''}: ${parts.join('; ')}. ${replacement}`,
    part: (p) => {
      switch (p.kind) {
        case 'low':
          return `${nodeOf(p.node)} ran low on ${p.resource}${p.threshold ? ` (eviction threshold ${p.threshold.quantity}, available ${p.threshold.available})` : ''}`;
        case 'container-use':
          return `container "${p.container}" was using ${p.use} of ${p.resource} against a request of ${p.request}`;
        case 'pod-use':
          return `the Pod as a whole was using ${p.use} against a pod-level request of ${p.request}`;
        case 'container-storage':
          return `container "${p.container}" exceeded its ephemeral-storage limit "${p.limit}"`;
        case 'pod-storage':
          return `the Pod's local ephemeral storage exceeded the total of its containers' limits (${p.limit})`;
        case 'empty-dir':
          return `emptyDir volume "${p.volume}" exceeded its sizeLimit "${p.limit}"`;
        case 'had-condition':
          return `${nodeOf(p.node)} already had ${p.conditions.join(' and ')} when the Pod arrived, so the kubelet refused it at admission`;
        case 'quoted':
          return `"${p.message}"`;
        default:
          return 'no reason was recorded';
      }
    },
    pressureFix: ({ resource, namespace }) => (PRESSURE_FIX[resource] ?? `Reduce the Pod's ${resource} use or raise its request.`).replace('NAMESPACE', namespace),
    setRequest: ({ ref, namespace, container, resource, amount }) => `kubectl set resources ${ref} -n ${namespace} -c ${container} --requests=${resource}=${amount}   (what it really used)`,
    containerStorageFix: ({ container }) => `Raise resources.limits.ephemeral-storage of container "${container}", or stop it writing to its filesystem (logs to stdout, scratch data to a volume).`,
    podStorageFix: () => "Raise the containers' ephemeral-storage limits or write less to local disk (emptyDir volumes count too).",
    emptyDirFix: ({ volume }) => `Raise emptyDir.sizeLimit of volume "${volume}" or keep less data in it.`,
    relieveNode: ({ node, disk }) => `Relieve the node first: kubectl describe node ${NODE(node)} (${disk ? 'free disk: images, logs, emptyDir' : 'free memory'}).`,
    describeNode: ({ node }) => `kubectl describe node ${NODE(node)}`,
    deleteEvicted: ({ pod, namespace }) => `Delete the evicted Pod: kubectl delete pod ${pod} -n ${namespace}`,
  },
  nodeLost: {
    message: ({ node, ready }) => {
      const n = node ?? 'its node';
      return `The node controller marked the Pod NodeLost: node "${n}" stopped responding while the Pod ran there.${ready ? ` Node "${n}" reports Ready again; the Pod object is left over and can be deleted.` : ''}`;
    },
    fix: ({ node, pod, namespace, ready }) => [
      `kubectl describe node ${node ?? 'its node'}`,
      `Once the node is confirmed down (or back): kubectl delete pod ${pod} -n ${namespace}${ready ? '' : ' --grace-period=0 --force   (only if the machine is really down: the containers may otherwise still be running there)'}`,
    ],
  },
  nodeMissing: {
    message: ({ node }) => `The Pod is bound to node "${node}", which does not exist (deleted, or its kubelet never registered): no kubelet will run it.`,
    fix: ({ node, pod, namespace, owner, scheduled }) => [
      'kubectl get nodes -o wide',
      owner
        ? `Delete the Pod so its ${owner.kind} "${owner.name}" recreates it on a live node: kubectl delete pod ${pod} -n ${namespace}`
        : `Recreate the Pod without spec.nodeName (or with a live node): kubectl get pod ${pod} -n ${namespace} -o yaml > pod.yaml; edit it; kubectl replace --force -f pod.yaml`,
      scheduled ? `The scheduler placed it there; if "${node}" was deleted, the Pod garbage collector should remove the Pod shortly (check kube-controller-manager).` : `No Scheduled event: spec.nodeName was probably set directly; use a nodeSelector instead.`,
    ],
  },
  nodeNotReady: {
    neverUpdated: ({ node }) => `Node "${node}" has never posted its status (Ready=Unknown, NodeStatusNeverUpdated): its kubelet never came up, so the Pod cannot start there.`,
    unreachable: ({ node, at, ago }) => `Node "${node}" is unreachable (Ready=Unknown): its kubelet stopped posting node status${at !== undefined ? ` at ${at} (last heartbeat ${ago} ago)` : ''}, so the Pod's status is as last seen and nothing is known about its containers there now.`,
    networkOnly: ({ node }) => `Node "${node}" is NotReady only because its network (CNI) plugin is not ready; see cni/cni-not-initialized.`,
    notReady: ({ node, reason, causes }) => `Node "${node}" is NotReady (${reason}): ${causes.join('; and ')}.`,
    staleReady: ({ at }) => ` The Pod's status is as last seen${at !== undefined ? ` at ${at}` : ''}: it reported Ready then, but that status is no longer being refreshed, so its real state is unknown.`,
    describeNode: ({ node }) => `kubectl describe node ${node}`,
    unreachableFix: ({ node }) => [
      `Check the machine behind ${node} (powered off, partitioned, out of memory) and, on it: systemctl status kubelet; journalctl -u kubelet --since "30 min ago"`,
      `If ${node} is gone for good: kubectl delete node ${node} (its Pods are then garbage-collected and their controllers recreate them elsewhere).`,
    ],
    causeFix: ({ node, cause }) => CAUSE_FIX[cause](node),
    watch: ({ node }) => `Watch the node recover: kubectl get node ${node} -w`,
  },
  nodeShutdown: {
    message: ({ node, replacement }) => `The kubelet terminated the Pod because node "${node || '?'}" was shutting down. ${replacement}`,
    fix: ({ pod, namespace, owner }) => [
      owner ? `Check the replacement: kubectl get pods -n ${namespace} -o wide | grep ${owner.name}` : `Recreate the Pod on a live node (nothing owns it).`,
      `Delete the leftover Pod: kubectl delete pod ${pod} -n ${namespace}`,
      'Run several replicas across nodes with a PodDisruptionBudget so one node going away does not stop the service.',
    ],
  },
  nodeStatusStale: {
    untrusted: ({ node, at, age, allow }) =>
      `Node "${node}" last refreshed its Ready=True condition at ${at}, ${age} before this input's clock (see notes), longer than its heartbeat allows (${allow}). If the input was saved when it was captured, the node had stopped reporting and the Pod's status is as last seen; if it was copied or saved later, its clock is late: give --now with the capture time.`,
    untrustedFix: ({ node }) => [`Check the node now: kubectl get node ${node}; its lease: kubectl get lease -n kube-node-lease ${node}`, 'Judge the dump at its capture time: kdiag … -f FILE --now <capture time>'],
    message: ({ node, at, ago, allow }) =>
      `Node "${node}" stopped reporting at ${at} (${ago} ago): its Ready=True condition was last refreshed then, longer ago than the kubelet's status report and the node controller's grace allow (${allow}), so the node's and the Pod's status are as last seen and their real state is unknown. Ages are measured from the input's clock (see notes): if that clock is wrong, so is this.`,
    fix: ({ node }) => [
      `Check the node now: kubectl get node ${node}; its lease: kubectl get lease -n kube-node-lease ${node}`,
      `If nothing has marked it Unknown, check that kube-controller-manager is running; on ${node}: systemctl status kubelet; journalctl -u kubelet --since "30 min ago"`,
    ],
  },
  notStartedLong: {
    message: ({ node, age, nodeSeen, trace }) =>
      `The Pod was bound to node "${node}" ${age} ago${nodeSeen ? '' : ' (the node is not in the snapshot, so its state is unknown)'} and its kubelet has not started it: there is no status from the node (no startTime, no container statuses).${trace}`,
    fix: ({ node }) => [`Check the node and its last heartbeat: kubectl describe node ${node}`, `On ${node}: systemctl status kubelet; journalctl -u kubelet --since "30 min ago"`],
  },
  preempted: {
    byKubelet: ({ node, replacement }) => `The kubelet on node "${node || '?'}" killed the Pod to admit a critical Pod (Preempting). ${replacement}`,
    byKubeletFix: ({ node, pod, namespace }) => [
      `kubectl describe node ${NODE(node)}   (which critical Pods need the room?)`,
      'Reserve capacity for system Pods (kubelet --system-reserved / --kube-reserved) or give this workload a higher priority.',
      `Delete the leftover Pod: kubectl delete pod ${pod} -n ${namespace}`,
    ],
    byScheduler: ({ preemptor, owner }) =>
      `The scheduler preempted this Pod to make room for a higher-priority Pod${preemptor ? ` (preemptor UID ${preemptor.uid} on node "${preemptor.node}")` : ''}; it is being deleted${owner ? ` and ${owner.kind} "${owner.name}" will create a replacement` : ' and nothing will recreate it'}.`,
    bySchedulerFix: ({ pod, namespace }) => [
      `kubectl get pod ${pod} -n ${namespace} -o jsonpath='{.spec.priorityClassName}'; kubectl get priorityclass`,
      'Give this workload a higher priorityClassName, or add capacity so the higher-priority Pod fits without preemption.',
    ],
  },
  stuckTerminating: {
    finalizers: ({ finalizers }) => (finalizers.length > 0 ? ` It also still has finalizer(s) ${quoted(finalizers)}.` : ''),
    caution: ({ statefulSet }) =>
      statefulSet !== undefined
        ? ` Caution: it belongs to StatefulSet "${statefulSet}"; force-deleting lets a second Pod with the same identity start while the old one may still run.`
        : ' Caution: the containers may still be running on that machine; a ReadWriteOnce volume stays attached there until it is detached (up to 6 minutes).',
    nodeDown: ({ overdue, node, state, finalizers }) =>
      `The Pod has been Terminating ${overdue} past its grace period: node "${node}" ${state === 'gone' ? 'no longer exists' : state === 'unknown' ? 'is unreachable (Ready=Unknown)' : 'is NotReady'}, so no kubelet can confirm its containers stopped.${finalizers}`,
    nodeGoneFix: ({ force }) => [`The node is gone: the Pod garbage collector should remove the Pod; if it does not: ${force}`],
    nodeDownFix: ({ node, force, caution }) => [
      `Bring node "${node}" back (kubectl describe node ${node}); the kubelet then finishes the deletion.`,
      `If the node is confirmed down: kubectl taint node ${node} node.kubernetes.io/out-of-service=nodeshutdown:NoExecute (volumes are detached and the Pod removed safely).`,
      `Or force-delete the Pod object: ${force}.${caution}`,
    ],
    running: ({ overdue, node, containers, finalizers }) =>
      `The Pod has been Terminating ${overdue} past its grace period: ${containers.map(noun).join(', ') || 'its containers'} ${containers.length === 1 ? 'has' : 'have'} not stopped on node "${node}".${finalizers}`,
    runningFix: ({ node, force, caution }) => [
      `On ${node || 'the node'}: crictl ps --name <container>; crictl stop <id>; journalctl -u containerd -u kubelet (is the runtime able to kill it?)`,
      'Make the application exit on SIGTERM, and keep any preStop hook shorter than terminationGracePeriodSeconds.',
      `As a last resort: ${force}${caution}`,
    ],
    waitingFinalizers: ({ overdue, finalizers }) => `The Pod has been Terminating ${overdue} past its grace period, waiting for finalizer(s) ${quoted(finalizers)} to be removed by the controller that owns them.`,
    waitingFinalizersFix: ({ pod, namespace }) => [
      `Find the controller that owns each finalizer (its prefix names it) and check that it is running and healthy.`,
      `Only if that controller is gone for good: kubectl patch pod ${pod} -n ${namespace} --type=json -p '[{"op":"remove","path":"/metadata/finalizers"}]'`,
    ],
    teardown: ({ overdue, node }) =>
      `The Pod has been Terminating ${overdue} past its grace period on node "${node || '(none)'}" with no finalizers and no running container visible: the kubelet has not finished tearing it down (volume unmount or sandbox removal may be stuck).`,
    teardownFix: ({ node, uid, force, caution }) => [`On ${node || 'the node'}: journalctl -u kubelet | grep ${uid}   (look for UnmountVolume / KillPodSandbox errors)`, `As a last resort: ${force}${caution}`],
    sandboxFailed: ({ overdue, node, cni, finalizers }) =>
      `The Pod has been Terminating ${overdue} past its grace period: its containers stopped, but the runtime cannot remove its sandbox on node "${node || '(none)'}"${cni ? `: the network (CNI) plugin fails to delete its network: ${cni}` : ' (KillPodSandbox fails)'}.${finalizers}`,
    unmountFailed: ({ overdue, node, volume, error, busy, finalizers }) =>
      `The Pod has been Terminating ${overdue} past its grace period: the kubelet on node "${node || '(none)'}" cannot unmount ${volume ? `volume "${volume}"` : 'its volume'}${busy ? ', which a process on the node still holds (busy): waiting does not free it' : ''}: ${error}.${finalizers}`,
    unmountFailedFix: ({ node, uid, busy, force, caution }) => [
      busy
        ? `On ${node || 'the node'}: find what holds the mount (findmnt | grep ${uid}; fuser -vm <mount path>; lsof +f -- <mount path>) and stop it; the kubelet retries the unmount and finishes the deletion.`
        : `On ${node || 'the node'}: journalctl -u kubelet | grep ${uid}   (the UnmountVolume errors), and the volume's driver (its node plugin Pod for CSI): the kubelet retries the unmount.`,
      `As a last resort: ${force}${caution}`,
    ],
    sandboxFailedFix: ({ node, force, caution }) => [
      `Fix the network plugin on ${node || 'the node'} (its Pods in kube-system, its config in /etc/cni/net.d): the kubelet retries KillPodSandbox and finishes the deletion once the CNI DEL succeeds.`,
      `On ${node || 'the node'}: crictl pods --state notready; journalctl -u containerd -u kubelet | grep "destroy network"`,
      `As a last resort: ${force}${caution}`,
    ],
  },
};
