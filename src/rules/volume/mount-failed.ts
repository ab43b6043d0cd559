import { eventEvidence } from '../helpers/events.js';
import { finding } from '../helpers/finding.js';
import { currentMountFailures, latestPer, podVolume, TRANSIENT_KINDS, volumeRef, type MountFailure } from '../helpers/mount-errors.js';
import { ruleMessages } from '../messages/index.js';
import type { MountWhy } from '../messages/volume.js';
import { withinGrace } from '../helpers/sandbox-errors.js';
import { volumeFailureClass } from '../helpers/volume-failure-class.js';
import type { PodRule, Severity } from '../types.js';
import { minOf } from '../helpers/numbers.js';

// mount(8) on a node that cannot mount the filesystem type at all (util-linux: no kernel support, no
// /sbin/mount.<type> helper): it fails the same way on every retry, from the first one.
const NO_FS_SUPPORT = /unknown filesystem type|might need a \/sbin\/mount\.<type> helper program/;

// Owned by volume/missing-configmap-or-secret and volume/hostpath-type.
const ELSEWHERE = new Set(['missing-configmap', 'missing-secret', 'missing-configmap-key', 'missing-secret-key', 'hostpath-type']);


/** The mount failure as the catalogue explains it (`rpc`: the driver's text after its gRPC prefix). */
function why(f: MountFailure): MountWhy {
  switch (f.kind) {
    case 'csi-driver-missing':
      return { kind: 'csi-driver-missing', driver: f.subject ?? '' };
    case 'mount-command':
      // mount(8)'s own sentence ends with a period; the message adds its own.
      return { kind: 'mount-command', status: f.detail ?? '', ...(f.output ? { output: f.output.replace(/\.$/, '') } : {}) };
    case 'rpc':
      return { kind: 'rpc', code: f.output ?? '', detail: f.error.replace(/^[\s\S]*?rpc error: code = \w+ desc = /, '') };
    case 'not-registered':
      return { kind: 'not-registered', object: f.subject ?? '' };
    case 'cache-sync':
      return { kind: 'cache-sync', cache: f.subject ?? '' };
    default:
      return { kind: 'other', error: f.error };
  }
}

const rule: PodRule = {
  id: 'volume/mount-failed',
  scope: 'pod',
  stage: 'volume',
  severity: 'error',
  failureClass: 'transient',
  title: 'A volume cannot be mounted on the node',
  docs: {
    description:
      'The kubelet keeps failing to set up one of the Pod\'s volumes (`MountVolume.SetUp failed` / `MountVolume.MountDevice failed` / `MapVolume.* failed for volume "<v>" : <error>`): a CSI driver that is not registered on the node, a mount(8) failure such as NFS `exit status 32` (its `Output:` line says why), or an error returned by the CSI driver. Missing ConfigMaps/Secrets and hostPath type checks have their own rules. An error no retry clears (a device held by another process, an export that does not exist or refuses the node, a wrong filesystem, a CSI staging path outside this kubelet\'s root directory, a NotFound or InvalidArgument from the driver) fails at once; a timeout or a driver not registered yet gets the grace period.',
    causes: [
      'the CSI driver\'s node plugin is not running on the node (driver name X not found in the list of registered CSI drivers)',
      'NFS / CIFS / iSCSI server unreachable, export missing, or client tools not installed on the node',
      'the CSI driver failed NodeStage / NodePublish (rpc error: code = …)',
      'transient kubelet cache races (object "ns"/"name" not registered, failed to sync configmap cache): a warning unless they persist',
    ],
    fix: [
      'kubectl describe pod POD -n NS (FailedMount events) and kubectl get csinode NODE',
      'Check the storage backend from the node, and the CSI node plugin logs',
    ],
    links: ['https://kubernetes.io/docs/concepts/storage/volumes/'],
  },
  triggers: { awaitingSandbox: true },
  match({ pod, now, options }) {
    const all = currentMountFailures(pod, now);
    if (all.length === 0) return [];
    const failures = all.filter((f) => !ELSEWHERE.has(f.kind));
    if (failures.length === 0) return [];
    const t = ruleMessages(options.lang).mountFailed;
    return latestPer(failures, (f) => f.volume).map((f) => {
      const sameVolume = failures.filter((g) => g.volume === f.volume);
      const since = minOf(sameVolume.map((g) => g.event.firstSeen ?? g.event.lastSeen ?? now));
      const transient = TRANSIENT_KINDS.has(f.kind);
      // Transient cache races get the longer stuck window before they count as failing; an error that no
      // retry clears (a device held by another process, an export that is not there) fails at once.
      const failureClass = transient ? 'transient' : volumeFailureClass(f.error);
      const grace = transient ? options.stuckMs : options.graceMs;
      const unsupported = f.kind === 'mount-command' && NO_FS_SUPPORT.test(f.output ?? f.error);
      const severity: Severity = unsupported || failureClass === 'deterministic' || !withinGrace(since, now, grace) ? 'error' : 'warning';
      const { claim, volume } = podVolume(pod, f.volume);
      const nfs = (claim?.pv?.spec?.nfs ?? volume?.['nfs']) as { server?: string; path?: string } | undefined;
      const w = why(f);
      const nfsHint = (f.kind === 'mount-command' && f.output && /nfs/i.test(f.output)) || nfs;
      return finding(rule, {
        severity,
        failureClass,
        confidence: transient || f.kind === 'other' ? 'medium' : 'high',
        message: t.message({ volume: volumeRef(pod, f.volume), operation: f.operation, why: w, node: pod.nodeName, stuck: severity === 'error', ...(unsupported ? { unsupported } : {}) }),
        evidence: [eventEvidence(f.event, now)],
        remediation: t.fix({ why: w, node: pod.nodeName, volume: f.volume, ...(nfsHint ? { nfs: nfs ?? {} } : {}), pod: pod.name, namespace: pod.namespace, ...(unsupported ? { unsupported } : {}) }),
      });
    });
  },
};

export default rule;
