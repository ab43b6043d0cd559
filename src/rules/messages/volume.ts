import { cap } from './en-shared.js';

/** A volume as a message names it: the Pod's volume, and its claim and PersistentVolume when it has them. */
export interface VolumeRef {
  volume: string;
  claim?: string;
  /** The PersistentVolume, when the kubelet named it instead of the Pod's volume. */
  pv?: string;
}

/** The CSI error codes an attach failure is explained by (any other code is printed as it is). */
export type AttachCode = 'NotFound' | 'ResourceExhausted' | 'FailedPrecondition' | 'PermissionDenied' | 'DeadlineExceeded' | 'Internal';

/** Why an attach failed: the external-attacher never answered, a CSI code, or the controller's own text. */
export type AttachWhy = { kind: 'attacher'; driver: string } | { kind: 'code'; code: string } | { kind: 'error'; error: string };

/** Why a mount failed, as helpers/mount-errors.ts classified the kubelet's text (`error`: quoted as it is). */
export type MountWhy =
  | { kind: 'csi-driver-missing'; driver: string }
  | { kind: 'mount-command'; status: string; output?: string }
  | { kind: 'rpc'; code: string; detail: string }
  | { kind: 'not-registered'; object: string }
  | { kind: 'cache-sync'; cache: string }
  | { kind: 'other'; error: string };

/** What is wrong with a hostPath: it is missing, it is not a `what` (`directory`, `socket file` …), or either. */
export type HostPathProblem = { kind: 'missing' } | { kind: 'not-a' | 'missing-or-not-a'; what: string };

/** Why a claim cannot be provisioned (helpers/mount-errors.ts provisioningProblem). `age`: how long it has waited. */
export type ProvisioningWhy =
  | { kind: 'class-missing'; storageClass?: string }
  | { kind: 'failed'; error?: string; storageClass?: string }
  | { kind: 'no-provisioner'; provisioner?: string; age?: string }
  | { kind: 'slow'; provisioner?: string; age?: string };

/** Why a Pending claim is not bound: the binder's event (quoted), no volume for its StorageClass, or no class at all. */
export type PendingWhy = { kind: 'event'; message: string } | { kind: 'class'; storageClass: string } | { kind: 'none' };

/** The volume stage rules' messages and fix steps. */
export interface VolumeMessages {
  attachFailed: {
    message(p: { volume: VolumeRef; node: string; why: AttachWhy }): string;
    /** `volume`: the name the event gave; `driver`: the CSI driver whose external-attacher never answered. */
    fix(p: { volume: string; driver?: string }): string[];
  };
  hostpathType: {
    message(p: { volume: string; path: string; node: string; problem: HostPathProblem; type?: string }): string;
    /** `orCreate`: the type that makes the kubelet create the path (DirectoryOrCreate, FileOrCreate), when there is one. */
    fix(p: { node: string; path: string; orCreate?: string }): string[];
  };
  missingConfigOrSecret: {
    /** The object was missing when the mount failed and exists now. */
    gone(p: { volume: string; kind: 'ConfigMap' | 'Secret'; name: string }): string;
    /** The key was missing when the mount failed and exists now. */
    keyBack(p: { volume: string; kind: 'ConfigMap' | 'Secret'; name: string; key: string }): string;
    /** `recreate`: also say to delete the Pod if it stays (after `gone`, not after `keyBack`). */
    watchFix(p: { pod: string; namespace: string; recreate: boolean }): string[];
    missing(p: { volume: string; kind: 'ConfigMap' | 'Secret'; name: string; namespace: string }): string;
    missingFix(p: { volume: string; kind: 'ConfigMap' | 'Secret'; name: string; namespace: string }): string[];
    /** `keys`: the object's keys when read; else `exists`: it exists but its keys are unknown (Secrets read as metadata). */
    keyMissing(p: { volume: string; kind: 'ConfigMap' | 'Secret'; name?: string; key: string; keys?: string[]; exists: boolean }): string;
    keyMissingFix(p: { volume: string; kind: 'ConfigMap' | 'Secret'; name?: string; namespace: string }): string[];
  };
  mountFailed: {
    /**
     * `stuck`: past the grace period, the Pod stays in ContainerCreating (else the kubelet keeps retrying);
     * `unsupported`: the node cannot mount this filesystem type at all (no kernel support or mount helper), so
     * retrying cannot help.
     */
    message(p: { volume: VolumeRef; operation: string; why: MountWhy; node: string; stuck: boolean; unsupported?: boolean }): string;
    /** `nfs`: the NFS server and path, when the volume or the output is NFS (values unknown: absent). */
    fix(p: { why: MountWhy; node: string; volume: string; nfs?: { server?: string; path?: string }; pod: string; namespace: string; unsupported?: boolean }): string[];
  };
  mountStuck: {
    /** `trace`: m.trace(…), the last warning event or that none says why. */
    message(p: { node: string; age: string; claims: string[]; trace: string }): string;
    fix(p: { namespace: string; pod: string; node: string }): string[];
  };
  mountTimeout: {
    /** The volumes the kubelet listed as not attached / not processed / not mounted; `cause`: its quoted tail. */
    message(p: { node: string; unattached: string[]; unprocessed: string[]; unmounted: string[]; cause: string }): string;
    /** `attach`: a claim is not attached; else `stuck` names the volumes to check. */
    fix(p: { attach: boolean; stuck: string[]; node: string; namespace: string; pod: string }): string[];
  };
  multiAttach: {
    /** `usedBy`: the Pods the controller says hold the volume (empty: on another node). */
    message(p: { volume: VolumeRef; node: string; usedBy: string[] }): string;
    /** `rolling`: a Deployment's Pod (its workload ref to patch); else `holder`: a Pod to stop. */
    fix(p: { volume: string; namespace: string; rolling?: string; holder?: string }): string[];
  };
  provisioningFailed: {
    /** `unscheduled`: the Pod has no node yet (it waits for the claim at scheduling). */
    message(p: { claim: string; why: ProvisioningWhy; unscheduled: boolean }): string;
    fix(p: { claim: string; namespace: string; why: ProvisioningWhy }): string[];
  };
  pvcPending: {
    missing(p: { volume: string; claim: string; namespace: string }): string;
    missingFix(p: { volume: string; namespace: string }): string[];
    deleting(p: { claim: string; volume: string }): string;
    deletingFix(p: { claim: string; namespace: string }): string[];
    lost(p: { claim: string; volume: string; pv?: string }): string;
    lostFix(p: { pv?: string }): string[];
    /** WaitForFirstConsumer, but the Pod was bound by spec.nodeName, so the scheduler never binds the claim. */
    noScheduler(p: { claim: string; node: string }): string;
    noSchedulerFix(p: { annotation: string; node: string }): string[];
    provisioning(p: { claim: string; volume: string }): string;
    provisioningFix(p: { claim: string; namespace: string }): string[];
    pending(p: { claim: string; volume: string; why: PendingWhy }): string;
    pendingFix(p: { claim: string; namespace: string; storageClass?: string }): string[];
  };
}

const vol = ({ volume, claim, pv }: VolumeRef): string => (claim !== undefined ? `volume "${volume}" (PVC "${claim}"${pv !== undefined ? `, PV "${pv}"` : ''})` : `volume "${volume}"`);
const Vol = (v: VolumeRef): string => cap(vol(v));

const ATTACH_HINT: Record<AttachCode, string> = {
  NotFound: 'the disk does not exist (deleted outside Kubernetes, or in another zone/project)',
  ResourceExhausted: 'the node has reached its volume attachment limit, or the backend is out of quota',
  FailedPrecondition: 'the disk is in a state that forbids attaching (still attached elsewhere, or being detached)',
  PermissionDenied: "the CSI controller's credentials may not attach disks",
  DeadlineExceeded: 'the storage backend did not answer in time',
  Internal: 'the storage backend reported an internal error',
};
/** The hint for a CSI code, when it is one of the codes explained (both languages use the same codes). */
export const attachHint = <T>(hints: Record<AttachCode, T>, code: string): T | undefined => (Object.hasOwn(hints, code) ? hints[code as AttachCode] : undefined);

const mountWhat = (why: MountWhy, node: string): string => {
  switch (why.kind) {
    case 'csi-driver-missing':
      return `CSI driver ${why.driver} is not registered with the kubelet on "${node}" (its node plugin is not running there)`;
    case 'mount-command':
      return `mount(8) on "${node}" failed with exit status ${why.status}${why.output ? `: ${why.output}` : ''}`;
    case 'rpc':
      return `the CSI driver returned ${why.code}: ${why.detail}`;
    case 'not-registered':
      return `the kubelet's cache has not registered object ${why.object} yet (a known race right after a kubelet start or Pod creation)`;
    case 'cache-sync':
      return `the kubelet could not sync its ${why.cache} cache from the API server`;
    case 'other':
      return why.error;
  }
};

const provisioner = (p: string | undefined): string => p ?? '?';
const waited = (age: string | undefined): string => age ?? 'a long time';
const storageClass = (sc: string | undefined): string => (sc !== undefined ? `StorageClass "${sc}"` : 'its StorageClass');

export const enVolume: VolumeMessages = {
  attachFailed: {
    message: ({ volume, node, why }) => {
      const hint = why.kind === 'code' ? attachHint(ATTACH_HINT, why.code) : undefined;
      const text =
        why.kind === 'attacher'
          ? `the external-attacher of CSI driver ${why.driver} never attached it (is the driver's controller running?)`
          : why.kind === 'code'
            ? `the CSI driver returned ${why.code}${hint ? `: ${hint}` : ''}`
            : why.error;
      return `${Vol(volume)} cannot be attached to node "${node}": ${text}.`;
    },
    fix: ({ volume, driver }) => [
      `kubectl get volumeattachment -o wide | grep ${volume}`,
      driver ? `kubectl get pods -A | grep -i ${driver.split('.')[0]}   (the controller Pod with the csi-attacher container must be Running)` : 'Read the CSI controller logs (csi-attacher and driver containers) for this volume.',
      "Check the disk in the storage backend: it must exist, be in the node's zone, and not be attached elsewhere.",
    ],
  },
  hostpathType: {
    message: ({ volume, path, node, problem, type }) =>
      `hostPath volume "${volume}" cannot be mounted: ${path} on node "${node}" ${problem.kind === 'missing' ? 'does not exist' : problem.kind === 'not-a' ? `is not a ${problem.what}` : `does not exist or is not a ${problem.what}`}${type ? ` (the volume requires type ${type})` : ''}.`,
    fix: ({ node, path, orCreate }) => [
      `On ${node}: ls -ld ${path}`,
      orCreate ? `Create ${path} on the node, or let the kubelet create it: set hostPath.type: ${orCreate}.` : `Create ${path} on the node (or start the component that creates it) before the Pod.`,
      'If only some nodes have the path, pin the Pod to them with a nodeSelector.',
    ],
  },
  missingConfigOrSecret: {
    gone: ({ volume, kind, name }) => `Volume "${volume}" could not be mounted because ${kind} "${name}" was missing; it exists now, so the kubelet's next retry should mount it.`,
    keyBack: ({ volume, kind, name, key }) => `Volume "${volume}" could not be mounted because ${kind} "${name}" lacked key "${key}"; the key exists now, so the next retry should succeed.`,
    watchFix: ({ pod, namespace, recreate }) => [`Watch the Pod: kubectl get pod ${pod} -n ${namespace} -w`, ...(recreate ? [`If it stays in ContainerCreating: kubectl delete pod ${pod} -n ${namespace}`] : [])],
    missing: ({ volume, kind, name, namespace }) => `Volume "${volume}" cannot be mounted: ${kind} "${name}" does not exist in namespace ${namespace}, so the Pod stays in ContainerCreating.`,
    missingFix: ({ volume, kind, name, namespace }) => [
      `kubectl get ${kind.toLowerCase()} -n ${namespace}   (misspelled, or in another namespace?)`,
      `Create it: ${kind === 'ConfigMap' ? `kubectl create configmap ${name} -n ${namespace} --from-file=<path>` : `kubectl create secret generic ${name} -n ${namespace} --from-literal=KEY=VALUE`}`,
      `Or fix the name in the Pod template's volume "${volume}", or mark it optional: true if the Pod can run without it.`,
    ],
    keyMissing: ({ volume, kind, name, key, keys, exists }) =>
      `Volume "${volume}" cannot be mounted: its items[] ask for key "${key}", which ${kind}${name ? ` "${name}"` : ''} does not have.${
        keys ? ` ${kind} "${name}" has keys: ${keys.join(', ') || '(none)'}.` : exists ? ` ${kind} "${name}" exists; its keys are unknown to kdiag (Secrets are read as metadata only).` : ''
      }`,
    keyMissingFix: ({ volume, kind, name, namespace }) => [name ? `Add the key: kubectl edit ${kind.toLowerCase()} ${name} -n ${namespace}` : `Add the key to the ${kind}.`, `Or fix items[].key of volume "${volume}" in the Pod template.`],
  },
  mountFailed: {
    message: ({ volume, operation, why, node, stuck, unsupported }) =>
      `${Vol(volume)} cannot be mounted (${operation}): ${mountWhat(why, node)}.${
        unsupported ? ` Retrying cannot help: node ${node} has no support for this filesystem type (no kernel module or mount helper).` : stuck ? ' The Pod stays in ContainerCreating until it succeeds.' : ' The kubelet keeps retrying.'
      }`,
    fix: ({ why, node, volume, nfs, pod, namespace, unsupported }) => [
      ...(unsupported ? [`Install the filesystem's client on ${node}${nfs ? ' (nfs-common on Debian/Ubuntu, nfs-utils on RHEL/Fedora)' : ''}, or run the Pod on nodes that have it (a nodeSelector).`] : []),
      ...(why.kind === 'csi-driver-missing'
        ? [`kubectl get csinode ${node} -o jsonpath='{.spec.drivers[*].name}'`, `Check the driver's node DaemonSet Pod on ${node}: kubectl get pods -A -o wide --field-selector spec.nodeName=${node} | grep -i csi`]
        : why.kind === 'mount-command'
          ? [
              nfs
                ? `From ${node}, check the NFS server answers and exports the path: showmount -e ${nfs.server ?? 'SERVER'}${nfs.path ? `   (expects ${nfs.path})` : ''}; and that nfs-common / nfs-utils is installed on the node.`
                : `Run the same mount by hand on ${node} to see the full error (the event lists the command and arguments).`,
              'Check the server address, export path and mount options in the PersistentVolume or volume spec.',
            ]
          : why.kind === 'rpc'
            ? [`Read the CSI node plugin's logs on ${node} (kubectl logs -n <driver-namespace> <node-plugin-pod> -c <driver container>).`, 'Check that the backing disk/share exists and is attachable to this node.']
            : why.kind === 'not-registered'
              ? ['This normally clears on the next retry; if it persists, check the kubelet can reach the API server and restart the kubelet on the node.']
              : why.kind === 'cache-sync'
                ? [`Check the kubelet on ${node} can reach the API server: journalctl -u kubelet | grep -i watch`]
                : [`Read the kubelet log on ${node}: journalctl -u kubelet | grep -i "${volume}"`]),
      `kubectl describe pod ${pod} -n ${namespace}`,
    ],
  },
  mountStuck: {
    message: ({ node, age, claims, trace }) =>
      `The kubelet on "${node}" started the Pod ${age} ago, but its volumes${claims.length > 0 ? ` (claims ${claims.map((c) => `"${c}"`).join(', ')})` : ''} are still not mounted: there is no sandbox yet.${trace}`,
    fix: ({ namespace, pod, node }) => [
      `Look at live events: kubectl describe pod -n ${namespace} ${pod}`,
      `Check the attachments and the CSI node plugin on ${node}: kubectl get volumeattachments | grep ${node}`,
    ],
  },
  mountTimeout: {
    message: ({ node, unattached, unprocessed, unmounted, cause }) => {
      const parts = [
        ...(unattached.length > 0 ? [`not attached: ${unattached.join(', ')}`] : []),
        ...(unprocessed.length > 0 ? [`not processed by the volume manager: ${unprocessed.join(', ')}`] : []),
        ...(unmounted.length > 0 ? [`not mounted: ${unmounted.join(', ')}`] : []),
      ];
      return `The kubelet on "${node}" gave up waiting for the Pod's volumes (${parts.join('; ') || 'volumes pending'}: ${cause || 'timeout'}), and no event says why.`;
    },
    fix: ({ attach, stuck, node, namespace, pod }) => [
      attach ? `Check the attachment: kubectl get volumeattachment -o wide | grep ${node}; and the CSI controller's external-attacher logs.` : `Check the volume backends of ${stuck.join(', ') || 'the volumes'} from the node.`,
      `kubectl get pvc -n ${namespace}; kubectl get events -n ${namespace} --field-selector involvedObject.name=${pod}`,
      `On ${node}: journalctl -u kubelet | grep -i "${pod}"`,
    ],
  },
  multiAttach: {
    message: ({ volume, node, usedBy }) =>
      `${Vol(volume)} cannot be attached to node "${node}": it is still in use${usedBy.length > 0 ? ` by Pod(s) ${usedBy.join(', ')}` : ' on another node'} (Multi-Attach error for a ReadWriteOnce volume).`,
    fix: ({ volume, namespace, rolling, holder }) => [
      `kubectl get volumeattachment -o wide | grep ${volume}`,
      ...(rolling !== undefined
        ? [
            `A rolling update cannot move a ReadWriteOnce volume: switch the Deployment to Recreate so the old Pod stops first: kubectl patch ${rolling} -n ${namespace} -p '{"spec":{"strategy":{"type":"Recreate","rollingUpdate":null}}}'`,
            'Or use a StatefulSet, or ReadWriteMany storage.',
          ]
        : [
            holder !== undefined ? `Stop the Pod(s) holding it: kubectl delete pod ${holder} -n ${namespace}` : 'Find the Pod still using the volume on the other node and stop it.',
            'Do not share a ReadWriteOnce claim between Pods on different nodes; use ReadWriteMany storage or one claim per Pod.',
          ]),
      'If the other node is down for good, taint it node.kubernetes.io/out-of-service=nodeshutdown:NoExecute so the volume is force-detached.',
    ],
  },
  provisioningFailed: {
    message: ({ claim, why, unscheduled }) => {
      const text =
        why.kind === 'class-missing'
          ? `PersistentVolumeClaim "${claim}" cannot be provisioned: ${storageClass(why.storageClass)} does not exist.`
          : why.kind === 'failed'
            ? `PersistentVolumeClaim "${claim}" cannot be provisioned: ${why.error ?? 'ProvisioningFailed'}`
            : why.kind === 'no-provisioner'
              ? `PersistentVolumeClaim "${claim}" is waiting for provisioner "${provisioner(why.provisioner)}", which has not picked it up in ${waited(why.age)}: that provisioner (the CSI driver's controller) is probably not running.`
              : `PersistentVolumeClaim "${claim}" has been provisioning for ${waited(why.age)} without success or error.`;
      return `${text}${unscheduled ? ' (The Pod cannot be scheduled until the claim is bound.)' : ''}`;
    },
    fix: ({ claim, namespace, why }) => {
      switch (why.kind) {
        case 'class-missing':
          return ['kubectl get storageclass', `Fix spec.storageClassName of claim "${claim}" (it cannot be edited: recreate the claim), or create the StorageClass.`];
        case 'failed':
          return [`kubectl describe pvc ${claim} -n ${namespace}`, `Check the provisioner's logs (for CSI: the csi-provisioner container of the driver's controller) and the backend's quota and parameters for ${storageClass(why.storageClass)}.`];
        case 'no-provisioner':
          return [
            `kubectl get csidriver; kubectl get pods -A | grep -i ${(why.provisioner ?? 'csi').split('.')[0]}`,
            `Install or fix the CSI driver "${provisioner(why.provisioner)}" controller (external-provisioner), or use a StorageClass whose provisioner runs in this cluster.`,
          ];
        case 'slow':
          return [`kubectl describe pvc ${claim} -n ${namespace}`, `Check the provisioner "${provisioner(why.provisioner)}" logs and the storage backend.`];
      }
    },
  },
  pvcPending: {
    missing: ({ volume, claim, namespace }) => `Volume "${volume}" uses PersistentVolumeClaim "${claim}", which does not exist in namespace ${namespace}.`,
    missingFix: ({ volume, namespace }) => [`kubectl get pvc -n ${namespace}`, `Create the claim, or fix claimName of volume "${volume}" in the Pod template.`],
    deleting: ({ claim, volume }) => `PersistentVolumeClaim "${claim}" (volume "${volume}") is being deleted; the kubelet will not mount a terminating claim.`,
    deletingFix: ({ claim, namespace }) => [`Recreate the claim once the old one is gone (kubectl get pvc ${claim} -n ${namespace} -w), or point the Pod at another claim.`],
    lost: ({ claim, volume, pv }) => `PersistentVolumeClaim "${claim}" (volume "${volume}") is Lost: the PersistentVolume${pv ? ` "${pv}"` : ''} it was bound to no longer exists.`,
    lostFix: ({ pv }) => [pv ? `kubectl get pv ${pv}` : 'kubectl get pv', 'Restore the PersistentVolume (same name and claimRef), or delete and recreate the claim (its data is gone).'],
    noScheduler: ({ claim, node }) =>
      `PersistentVolumeClaim "${claim}" waits for its first consumer to be scheduled, but this Pod was bound to "${node}" without the scheduler (spec.nodeName), so binding is never triggered.`,
    noSchedulerFix: ({ annotation, node }) => [
      'Remove spec.nodeName and select the node with a nodeSelector (kubernetes.io/hostname) so the scheduler binds the claim.',
      `Or pre-bind the claim: create a PV for it, or set the annotation ${annotation}=${node} on the claim.`,
    ],
    provisioning: ({ claim, volume }) => `PersistentVolumeClaim "${claim}" (volume "${volume}") is still Pending while its volume is being provisioned; the Pod waits in ContainerCreating.`,
    provisioningFix: ({ claim, namespace }) => [`kubectl describe pvc ${claim} -n ${namespace}`],
    pending: ({ claim, volume, why }) =>
      `PersistentVolumeClaim "${claim}" (volume "${volume}") is Pending: ${why.kind === 'event' ? why.message : why.kind === 'class' ? `no volume has been bound or provisioned for StorageClass "${why.storageClass}"` : 'no PersistentVolume matches it and it names no StorageClass'}.`,
    pendingFix: ({ claim, namespace, storageClass: sc }) => [
      `kubectl describe pvc ${claim} -n ${namespace}`,
      sc ? `kubectl get storageclass ${sc}   (does it exist, with a running provisioner?)` : 'Set spec.storageClassName (or mark a default StorageClass), or create a PersistentVolume that matches the claim.',
    ],
  },
};
