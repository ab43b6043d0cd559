import { COMPONENTS, type Component, type Stage } from '../model/stages.js';

export { COMPONENTS, type Component };
import type { Messages } from '../i18n/messages.js';
import type { ContainerFacts } from '../model/containers.js';
import { PULL_WAITING_REASONS } from '../rules/helpers/image-pull.js';


/** Who is responsible for a stage and how to look at it: the `stageOwner` of a Diagnosis. */
export interface StageOwner {
  stage: Stage;
  components: Component[];
  /** Commands that inspect those components, for this Pod where its name is known (kubectl runs anywhere; crictl and journalctl on the node). */
  commands: string[];
  /** One sentence in the report's language: what the components do at this stage. */
  description: string;
}

export interface OwnerSubject {
  namespace: string;
  name: string;
  node: string | null;
  kind?: string;
  /** The Node list was read and holds no `node`: `kubectl describe node` would be refused (NotFound). */
  nodeMissing?: true;
  /** The image the Pod waits on, for the image stage's `crictl pull`. */
  image?: string;
  /** The container the container stage is about, whether its logs are those of a previous run, and whether it never ran (no logs). */
  container?: { name: string; previous: boolean; neverRan?: true };
}

/** The components of each stage, in the order they act. */
export const STAGE_COMPONENTS: Record<Stage, Component[]> = {
  admission: ['workload-controller', 'kube-apiserver'],
  scheduling: ['kube-scheduler'],
  kubelet: ['kubelet'],
  volume: ['kubelet', 'csi-driver', 'attach-detach-controller'],
  cni: ['container-runtime', 'cni-plugin'],
  image: ['container-runtime', 'registry'],
  container: ['application', 'kubelet'],
  readiness: ['kubelet', 'endpointslice-controller'],
};

const q = (s: string): string => (/^[A-Za-z0-9._\/:@-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/** The inspection commands for `stage`, filled in for one Pod (or workload); placeholders in capitals where unknown. */
export function stageCommands(stage: Stage, s?: OwnerSubject): string[] {
  if (s?.kind) return workloadCommands(stage, { ...s, kind: s.kind });
  const ns = s ? ` -n ${q(s.namespace)}` : ' -n NAMESPACE';
  const pod = s ? q(s.name) : 'POD';
  const node = s?.node ? q(s.node) : 'NODE';
  switch (stage) {
    case 'admission':
      return [`kubectl describe rs NAME${ns}`, `kubectl get events${ns} --field-selector reason=FailedCreate`];
    case 'scheduling':
      return [`kubectl describe pod ${pod}${ns}`, `kubectl get events${ns} --field-selector involvedObject.name=${pod},reason=FailedScheduling`];
    case 'kubelet':
      // A node that does not exist cannot be described (NotFound): list the ones that do.
      return [s?.nodeMissing ? 'kubectl get nodes' : `kubectl describe node ${node}`, `journalctl -u kubelet`];
    case 'volume':
      return [`kubectl describe pod ${pod}${ns}`, `kubectl get pvc${ns}`, 'kubectl get volumeattachments', 'kubectl get pods -A -o wide | grep -i csi'];
    case 'cni':
      return [`kubectl describe pod ${pod}${ns}`, 'crictl pods', `kubectl get pods -n kube-system -o wide --field-selector spec.nodeName=${node}`];
    case 'image':
      return [`kubectl describe pod ${pod}${ns}`, `crictl pull ${s?.image ? q(s.image) : 'IMAGE'}`];
    case 'container': {
      const c = s?.container;
      // A container that never ran has no logs: kubectl refuses ("container ... is waiting to start").
      if (c?.neverRan) return [`kubectl describe pod ${pod}${ns}`];
      return [`kubectl logs ${pod}${ns}${c ? ` -c ${q(c.name)}` : ''}${!c || c.previous ? ' --previous' : ''}`, `kubectl describe pod ${pod}${ns}`];
    }
    case 'readiness':
      return [`kubectl describe pod ${pod}${ns}`, `kubectl get endpointslices${ns}`];
  }
}

/** The kinds `kubectl logs KIND/NAME` resolves to one of their Pods. */
const LOGS_BY_OWNER: Record<string, string> = { Deployment: 'deploy', StatefulSet: 'sts', DaemonSet: 'ds', ReplicaSet: 'rs', Job: 'job' };

/** For a workload or a Service: describe the object itself, then the stage's own look, by label where a Pod name would go. */
function workloadCommands(stage: Stage, s: OwnerSubject & { kind: string }): string[] {
  const ns = ` -n ${q(s.namespace)}`;
  const name = q(s.name);
  const describe = `kubectl describe ${s.kind.toLowerCase()} ${name}${ns}`;
  switch (stage) {
    case 'admission':
      return [describe, `kubectl get events${ns} --field-selector reason=FailedCreate`];
    case 'scheduling':
      return [describe, `kubectl get events${ns} --field-selector reason=FailedScheduling`];
    case 'kubelet':
      return [describe, 'kubectl describe node NODE', 'journalctl -u kubelet'];
    case 'volume':
      return [describe, `kubectl get pvc${ns}`, 'kubectl get volumeattachments'];
    case 'cni':
      return [describe, 'crictl pods'];
    case 'image':
      return [describe, 'crictl pull IMAGE'];
    case 'container': {
      const short = LOGS_BY_OWNER[s.kind];
      // kubectl picks one Pod for KIND/NAME: --previous fails there when that Pod has no previous run (a hanging init container).
      return short ? [`kubectl logs ${short}/${name}${ns}`, describe] : [describe, 'kubectl logs POD --previous'];
    }
    case 'readiness':
      return s.kind === 'Service' ? [describe, `kubectl get endpointslices${ns} -l kubernetes.io/service-name=${name}`] : [describe, `kubectl get endpointslices${ns}`];
  }
}

/** Typical symptoms of each stage: reason strings, the same in every language. */
export const STAGE_SYMPTOMS: Record<Stage, string[]> = {
  admission: ['FailedCreate', 'exceeded quota', 'violates PodSecurity', 'admission webhook denied'],
  scheduling: ['PodScheduled=False', 'FailedScheduling', 'Insufficient cpu/memory', 'untolerated taint', 'unbound PersistentVolumeClaims'],
  kubelet: ['NodeNotReady', 'NodeLost', 'OutOfcpu', 'UnexpectedAdmissionError', 'Evicted', 'CreateContainerConfigError'],
  volume: ['FailedMount', 'FailedAttachVolume', 'Multi-Attach error'],
  cni: ['FailedCreatePodSandBox', 'NetworkNotReady', 'cni plugin not initialized'],
  image: ['ErrImagePull', 'ImagePullBackOff', 'InvalidImageName', 'ErrImageNeverPull'],
  container: ['CrashLoopBackOff', 'OOMKilled', 'exit code 1/126/127/137/139/143', 'RunContainerError', 'Init:Error'],
  readiness: ['Readiness probe failed', 'ReadinessGates', 'Service selects no Pods', 'no endpoints'],
};

/** The stage's owner for a Diagnosis; null when the Pod is healthy (no stage). */
export function stageOwner(stage: Stage | null, subject: OwnerSubject, t: Messages): StageOwner | null {
  if (stage === null) return null;
  return { stage, components: [...STAGE_COMPONENTS[stage]], commands: stageCommands(stage, subject), description: t.lifecycle.owner[stage] };
}

/** The pull rules' waiting reasons, and the kubelet's other image reasons (pkg/kubelet/images/types.go). */
const PULL_REASONS: ReadonlySet<string> = new Set([...PULL_WAITING_REASONS, 'InvalidImageName', 'ErrImageNeverPull', 'ImageInspectError', 'SignatureValidationFailed']);

/** The image a Pod stuck at the image stage waits on: the first container waiting on a pull, else the first not started. */
export function waitingImage(containers: readonly ContainerFacts[]): string | undefined {
  const imageOf = (c: ContainerFacts | undefined): string | undefined => (typeof c?.spec.image === 'string' && c.spec.image !== '' ? c.spec.image : undefined);
  return imageOf(containers.find((c) => c.waiting && PULL_REASONS.has(c.waiting.reason))) ?? imageOf(containers.find((c) => c.kind !== 'ephemeral' && !c.running && !c.terminated));
}

/**
 * The container whose logs explain the container stage: one that restarted (its previous run's logs), else
 * one that ended in failure, else the init container still running, else the first app container not ready, else the first.
 * `--previous` only where a previous run exists, and no logs at all for one that never ran: kubectl fails on them otherwise.
 */
export function troubledContainer(containers: readonly ContainerFacts[]): { name: string; previous: boolean; neverRan?: true } | undefined {
  const pick = (c: ContainerFacts | undefined) =>
    c ? { name: c.name, previous: c.restartCount > 0 && c.lastTerminated !== undefined, ...(!c.running && !c.terminated && !c.lastTerminated ? { neverRan: true as const } : {}) } : undefined;
  const live = containers.filter((c) => c.kind !== 'ephemeral');
  return (
    pick(live.find((c) => c.restartCount > 0 && c.lastTerminated !== undefined && !c.ready)) ??
    pick(live.find((c) => c.terminated !== undefined && c.terminated.exitCode !== 0)) ??
    pick(live.find((c) => c.kind === 'init' && c.terminated === undefined)) ??
    pick(live.find((c) => c.kind !== 'init' && !c.ready)) ??
    pick(live.find((c) => c.kind !== 'init'))
  );
}
