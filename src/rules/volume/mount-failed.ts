import { eventEvidence } from '../helpers/events.js';
import { finding } from '../helpers/finding.js';
import { capitalize, currentMountFailures, describeVolume, latestPer, podVolume, TRANSIENT_KINDS, type MountFailure } from '../helpers/mount-errors.js';
import { withinGrace } from '../helpers/sandbox-errors.js';
import type { PodRule, Severity } from '../types.js';
import { minOf } from '../helpers/numbers.js';

// Owned by volume/missing-configmap-or-secret and volume/hostpath-type.
const ELSEWHERE = new Set(['missing-configmap', 'missing-secret', 'missing-configmap-key', 'missing-secret-key', 'hostpath-type']);


interface Explained {
  what: string;
  fix: string[];
}

function explain(f: MountFailure, node: string, nfs?: { server?: string; path?: string }): Explained {
  switch (f.kind) {
    case 'csi-driver-missing':
      return {
        what: `CSI driver ${f.subject} is not registered with the kubelet on "${node}" (its node plugin is not running there)`,
        fix: [
          `kubectl get csinode ${node} -o jsonpath='{.spec.drivers[*].name}'`,
          `Check the driver's node DaemonSet Pod on ${node}: kubectl get pods -A -o wide --field-selector spec.nodeName=${node} | grep -i csi`,
        ],
      };
    case 'mount-command':
      return {
        what: `mount(8) on "${node}" failed with exit status ${f.detail}${f.output ? `: ${f.output}` : ''}`,
        fix: [
          (f.output && /nfs/i.test(f.output)) || nfs
            ? `From ${node}, check the NFS server answers and exports the path: showmount -e ${nfs?.server ?? 'SERVER'}${nfs?.path ? `   (expects ${nfs.path})` : ''}; and that nfs-common / nfs-utils is installed on the node.`
            : `Run the same mount by hand on ${node} to see the full error (the event lists the command and arguments).`,
          'Check the server address, export path and mount options in the PersistentVolume or volume spec.',
        ],
      };
    case 'rpc':
      return {
        what: `the CSI driver returned ${f.output}: ${f.error.replace(/^[\s\S]*?rpc error: code = \w+ desc = /, '')}`,
        fix: [`Read the CSI node plugin's logs on ${node} (kubectl logs -n <driver-namespace> <node-plugin-pod> -c <driver container>).`, 'Check that the backing disk/share exists and is attachable to this node.'],
      };
    case 'not-registered':
      return {
        what: `the kubelet's cache has not registered object ${f.subject} yet (a known race right after a kubelet start or Pod creation)`,
        fix: ['This normally clears on the next retry; if it persists, check the kubelet can reach the API server and restart the kubelet on the node.'],
      };
    case 'cache-sync':
      return {
        what: `the kubelet could not sync its ${f.subject} cache from the API server`,
        fix: [`Check the kubelet on ${node} can reach the API server: journalctl -u kubelet | grep -i watch`],
      };
    default:
      return { what: f.error, fix: [`Read the kubelet log on ${node}: journalctl -u kubelet | grep -i "${f.volume}"`] };
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
      'The kubelet keeps failing to set up one of the Pod\'s volumes (`MountVolume.SetUp failed` / `MountVolume.MountDevice failed` / `MapVolume.* failed for volume "<v>" : <error>`): a CSI driver that is not registered on the node, a mount(8) failure such as NFS `exit status 32` (its `Output:` line says why), or an error returned by the CSI driver. Missing ConfigMaps/Secrets and hostPath type checks have their own rules.',
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
    return latestPer(failures, (f) => f.volume).map((f) => {
      const sameVolume = failures.filter((g) => g.volume === f.volume);
      const since = minOf(sameVolume.map((g) => g.event.firstSeen ?? g.event.lastSeen ?? now));
      const transient = TRANSIENT_KINDS.has(f.kind);
      // Transient cache races get the longer stuck window before they count as failing.
      const grace = transient ? options.stuckMs : options.graceMs;
      const severity: Severity = withinGrace(since, now, grace) ? 'warning' : 'error';
      const { claim, volume } = podVolume(pod, f.volume);
      const nfs = (claim?.pv?.spec?.nfs ?? volume?.['nfs']) as { server?: string; path?: string } | undefined;
      const ex = explain(f, pod.nodeName, nfs);
      const stuck = severity === 'error' ? ' The Pod stays in ContainerCreating until it succeeds.' : ' The kubelet keeps retrying.';
      return finding(rule, {
        severity,
        confidence: transient || f.kind === 'other' ? 'medium' : 'high',
        message: `${capitalize(describeVolume(pod, f.volume))} cannot be mounted (${f.operation}): ${ex.what}.${stuck}`,
        evidence: [eventEvidence(f.event, now)],
        remediation: [...ex.fix, `kubectl describe pod ${pod.name} -n ${pod.namespace}`],
      });
    });
  },
};

export default rule;
