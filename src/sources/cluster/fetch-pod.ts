import { NotFoundError } from '../../errors.js';
import { closestNames } from '../../engine/targets.js';
import { controllerRef } from '../../model/facts.js';
import type { KObject, Pod } from '../../model/k8s.js';
import type { Snapshot } from '../../model/snapshot.js';
import { policyDirections } from '../../traffic/policy/policy-spec.js';
import { Collector } from './collector.js';
import { stoppedContainers } from './fetch-logs.js';

export interface FetchPodOptions {
  namespace: string;
  name: string;
  /** Lines of the log of a stopped container (previous instance when it restarted); 0 for none. */
  logLines: number;
  onStep?: (text: string) => void;
  now: () => number;
}

/** Previous logs of crashed containers to read: one keeps the plan within 12 requests. */
const MAX_LOGS = 1;

/**
 * The bounded fetch plan for one Pod: two waves where the data allows, independent requests in parallel.
 * Wave 1: the Pod, its Events, the namespace's Services and NetworkPolicies. Wave 2: what the Pod names (its Node, or every
 * Node while the scheduler cannot place it; PVCs and StorageClasses, ConfigMaps, Secret names, the owner and, for a
 * ReplicaSet named like a Deployment's, that Deployment; the previous log of a crashed container; under an egress
 * policy, the cluster DNS Pods and their Namespace). A third
 * wave only when wave 2 could not know what to ask: a PersistentVolume named by a claim, an owner's owner
 * that the naming convention did not predict.
 */
export async function fetchPodSnapshot(collector: Collector, options: FetchPodOptions): Promise<Snapshot> {
  const { namespace, name } = options;
  options.onStep?.(`reading pod ${namespace}/${name}`);
  const [pod, events, , policies] = await Promise.all([
    collector.getRequired('Pod', namespace, name) as Promise<Pod | undefined>,
    collector.list('Event', namespace, { fieldSelector: `involvedObject.name=${name}` }),
    collector.list('Service', namespace),
    // The policies of the namespace: the Pod's Traffic part says whom they keep out.
    collector.list('NetworkPolicy', namespace),
  ]);
  if (!pod) {
    const others = await collector.list('Pod', namespace);
    const close = closestNames(name, others.map((p) => p.metadata?.name ?? ''));
    throw new NotFoundError(`pod "${name}" not found in namespace "${namespace}"`, { hint: close.length ? `did you mean: ${close.join(', ')}` : `kubectl get pods -n ${namespace} lists the Pods there` });
  }

  options.onStep?.('reading node, volumes, config and owner');
  const spec = pod.spec ?? {};
  const refs = referencedConfig(pod);
  const owner = controllerRef(pod);
  const crashed = stoppedContainers(pod).slice(0, MAX_LOGS);
  const wave2: Array<Promise<unknown>> = [];
  // A bound Pod needs its Node; an unscheduled one every Node (taints, labels, allocatable), but only once the
  // scheduler has said why it cannot place it: every scheduling rule that reads Nodes starts from that answer
  // (schedulingFailure in rules/helpers/scheduler-message.ts). A gated Pod, or one not yet tried, needs none.
  if (spec.nodeName) wave2.push(collector.get('Node', undefined, spec.nodeName));
  else if (schedulerRefused(pod, events)) wave2.push(collector.list('Node', undefined));
  const hasClaims = (spec.volumes ?? []).some((v) => v?.persistentVolumeClaim);
  const pvcs = hasClaims ? collector.list('PersistentVolumeClaim', namespace) : Promise.resolve([] as KObject[]);
  wave2.push(pvcs);
  if (hasClaims) {
    // A claim's own events say why it does not bind (FailedBinding, ProvisioningFailed).
    wave2.push(collector.list('Event', namespace, { fieldSelector: 'involvedObject.kind=PersistentVolumeClaim' }));
    wave2.push(collector.list('StorageClass', undefined));
  }
  if (refs.configMaps) wave2.push(collector.list('ConfigMap', namespace));
  if (refs.secrets) wave2.push(collector.list('Secret', namespace));
  const ownerObj = owner && ['ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job'].includes(owner.kind) ? collector.get(owner.kind as 'ReplicaSet', namespace, owner.name) : Promise.resolve(undefined);
  wave2.push(ownerObj);
  const guessed = owner?.kind === 'ReplicaSet' ? deploymentOf(owner.name, pod) : undefined;
  const deployment = guessed ? collector.prefetch('Deployment', namespace, guessed) : undefined;
  if (deployment) wave2.push(deployment);
  if (options.logLines > 0) for (const s of crashed) wave2.push(collector.log(namespace, name, s.name, s.previous, options.logLines));
  // An egress policy in the namespace: whether the Pod can resolve names depends on the cluster DNS Pods and
  // their namespace's labels (the allow rule's namespaceSelector); without them the DNS verdict is unknown.
  if (namespace !== CLUSTER_DNS.namespace && policies.some((p) => policyDirections(p).includes('egress'))) {
    wave2.push(collector.list('Pod', CLUSTER_DNS.namespace, { labelSelector: CLUSTER_DNS.labelSelector }));
    wave2.push(collector.get('Namespace', undefined, CLUSTER_DNS.namespace));
  }
  await Promise.all(wave2);

  const wave3: Array<Promise<unknown>> = [];
  const rs = await ownerObj;
  const up = rs ? controllerRef(rs) : undefined;
  if (up?.kind === 'Deployment') {
    if (deployment && up.name === guessed) (await deployment)();
    else wave3.push(collector.get('Deployment', namespace, up.name));
  }
  const claims = await pvcs;
  if (claims.length > 0) {
    // PersistentVolumes matter while the Pod is unscheduled (node affinity); a crashed (so scheduled)
    // Pod reads a log instead, which keeps the plan within 12 requests.
    const volumes = claims.map((c) => c.spec?.volumeName).filter((v): v is string => typeof v === 'string' && v !== '');
    if (!spec.nodeName && volumes.length === 1) wave3.push(collector.get('PersistentVolume', undefined, volumes[0]!));
    else if (!spec.nodeName && volumes.length > 1) wave3.push(collector.list('PersistentVolume', undefined));
  }
  if (wave3.length > 0) {
    options.onStep?.('reading owners and storage');
    await Promise.all(wave3);
  }
  return collector.finish(options.now());
}

/** Where the cluster DNS Pods run and how they are labelled (CoreDNS and kube-dns alike). */
const CLUSTER_DNS = { namespace: 'kube-system', labelSelector: 'k8s-app=kube-dns' } as const;

/** A superset of schedulingFailure's test: PodScheduled=False as Unschedulable/SchedulerError, or any FailedScheduling event. */
function schedulerRefused(pod: Pod, events: readonly KObject[]): boolean {
  const scheduled = (pod.status?.conditions ?? []).find((c) => c?.type === 'PodScheduled');
  if (scheduled?.status === 'False' && (scheduled.reason === 'Unschedulable' || scheduled.reason === 'SchedulerError')) return true;
  return events.some((e) => (e as { reason?: unknown }).reason === 'FailedScheduling');
}

/** The Deployment a ReplicaSet belongs to by the controller's naming (`<deployment>-<pod-template-hash>`). */
function deploymentOf(replicaSet: string, pod: Pod): string | undefined {
  const hash = pod.metadata?.labels?.['pod-template-hash'];
  return hash && replicaSet.endsWith(`-${hash}`) && replicaSet.length > hash.length + 1 ? replicaSet.slice(0, -hash.length - 1) : undefined;
}

/** Whether the Pod names ConfigMaps or Secrets (env, envFrom, volumes, pull secrets). */
function referencedConfig(pod: Pod): { configMaps: boolean; secrets: boolean } {
  const spec = pod.spec ?? {};
  const containers = [...(spec.initContainers ?? []), ...(spec.containers ?? [])];
  let configMaps = false;
  let secrets = (spec.imagePullSecrets ?? []).length > 0;
  for (const c of containers) {
    for (const e of c?.env ?? []) {
      if (e?.valueFrom?.configMapKeyRef) configMaps = true;
      if (e?.valueFrom?.secretKeyRef) secrets = true;
    }
    for (const e of c?.envFrom ?? []) {
      if (e?.configMapRef) configMaps = true;
      if (e?.secretRef) secrets = true;
    }
  }
  for (const v of spec.volumes ?? []) {
    if (v?.configMap) configMaps = true;
    if (v?.secret) secrets = true;
  }
  return { configMaps, secrets };
}
