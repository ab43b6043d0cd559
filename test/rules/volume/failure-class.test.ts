// The deterministic / transient split for mount, attach, CSI and teardown errors
// (src/rules/helpers/volume-failure-class.ts). Each message is real or reconstructed from the component
// that prints it; its source is named. A deterministic error fails a young Pod at once; a transient one
// gets the grace period (the near misses).
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/diagnose.js';
import { volumeFailureClass } from '../../../src/rules/helpers/volume-failure-class.js';
import { snapshotFromObjects } from '../../../src/sources/dump.js';
import { at, conditions, containerStatus, event, node, obj, pod, T0 } from '../../harness/builders.js';

// [the error part after `failed for volume "<v>" : `, its class, where the text comes from]
const ROWS: Array<[string, 'deterministic' | 'transient', string]> = [
  // §7.1 mount(8) through mount-utils mount_linux.go: `mount failed: exit status 32` + `Output: <mount's stderr>`.
  ['mount failed: exit status 32\nMounting command: mount\nMounting arguments: -t nfs 10.0.0.5:/exports/shop /var/lib/kubelet/pods/1/volumes/kubernetes.io~nfs/pv\nOutput: mount.nfs: Connection timed out', 'transient', 'k8s-messages.md §7.1 (NFS server unreachable)'],
  ['mount failed: exit status 32\nMounting command: mount\nMounting arguments: -t nfs 10.0.0.5:/exports/gone /var/lib/kubelet/pods/1/volumes/kubernetes.io~nfs/pv\nOutput: mount.nfs: mounting 10.0.0.5:/exports/gone failed, reason given by server: No such file or directory', 'deterministic', 'nfs-utils mount.nfs: an export that does not exist'],
  ['mount failed: exit status 32\nMounting command: mount\nMounting arguments: -t nfs 10.0.0.5:/exports/shop /var/lib/kubelet/pods/1/volumes/kubernetes.io~nfs/pv\nOutput: mount.nfs: access denied by server while mounting 10.0.0.5:/exports/shop', 'deterministic', 'nfs-utils mount.nfs: the export does not allow this node'],
  ['mount failed: exit status 32\nMounting command: mount\nMounting arguments: -t ext4 -o defaults /dev/xvdf /var/lib/kubelet/plugins/kubernetes.io/aws-ebs/mounts/vol-1\nOutput: mount: /var/lib/kubelet/plugins/kubernetes.io/aws-ebs/mounts/vol-1: /dev/xvdf already mounted or mount point busy.', 'deterministic', 'util-linux mount(8): the device held by another process on the node'],
  ['mount failed: exit status 32\nMounting command: mount\nMounting arguments: -t xfs /dev/nvme1n1 /var/lib/kubelet/plugins/x\nOutput: mount: /var/lib/kubelet/plugins/x: wrong fs type, bad option, bad superblock on /dev/nvme1n1, missing codepage or helper program, or other error.', 'deterministic', 'util-linux mount(8): the filesystem is not what the PV says'],
  // §7.1 CSI NodeStage / NodePublish: `rpc error: code = <C> desc = <driver msg>` (operation_generator.go).
  ['rpc error: code = Internal desc = stat /var/lib/kubelet/plugins/kubernetes.io/csi/ebs.csi.aws.com/0c4f/globalmount: no such file or directory', 'deterministic', 'a CSI node plugin that uses another kubelet root directory (its staging path is not under this kubelet\'s)'],
  ['rpc error: code = NotFound desc = volume vol-0abc not found', 'deterministic', 'csi.proto NodeStageVolume: NOT_FOUND'],
  ['rpc error: code = InvalidArgument desc = NodePublishVolume: volume capability access type not set', 'deterministic', 'csi.proto: INVALID_ARGUMENT'],
  ['rpc error: code = DeadlineExceeded desc = context deadline exceeded', 'transient', 'gRPC deadline of the kubelet\'s CSI call (csi_client.go)'],
  ['rpc error: code = Aborted desc = An operation with the given Volume ID vol-0abc already exists', 'transient', 'csi.proto: ABORTED, an operation in progress (external-provisioner / driver locks)'],
  ['rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: dial unix /var/lib/kubelet/plugins/ebs.csi.aws.com/csi.sock: connect: connection refused"', 'transient', 'the node plugin restarting'],
  ['kubernetes.io/csi: attacher.MountDevice failed to create newCsiDriverClient: driver name ebs.csi.aws.com not found in the list of registered CSI drivers', 'transient', 'k8s-messages.md §7.1 (csi_attacher.go): not registered yet, or never (the grace period decides)'],
  // §7.2 attach (attachdetach-controller, csi_attacher.go).
  ['timed out waiting for external-attacher of ebs.csi.aws.com CSI driver to attach volume vol-0abc', 'transient', 'k8s-messages.md §7.2 (csi_attacher.go)'],
  ['rpc error: code = NotFound desc = Instance "i-0abc" not found', 'deterministic', 'k8s-messages.md §7.2 AttachVolume.Attach rpc error (csi.proto ControllerPublishVolume NOT_FOUND)'],
  ['rpc error: code = ResourceExhausted desc = the maximum number of volumes is attached to the node', 'transient', 'csi.proto ControllerPublishVolume RESOURCE_EXHAUSTED: fixable by room on another node'],
  // Teardown (operation_generator.go UnmountVolume.TearDown / UnmountDevice through umount(8)).
  ['unmount failed: exit status 32\nUnmounting arguments: /var/lib/kubelet/pods/1/volumes/kubernetes.io~csi/pv/mount\nOutput: umount: /var/lib/kubelet/pods/1/volumes/kubernetes.io~csi/pv/mount: target is busy.', 'deterministic', 'util-linux umount(8): a process on the node holds the mount'],
  ['rpc error: code = Internal desc = Could not unmount "/var/lib/kubelet/pods/1/volumes/kubernetes.io~csi/pv/mount": unmount failed: exit status 32: umount: device is busy.', 'deterministic', 'a CSI NodeUnpublish wrapping umount(8)'],
  // The kubelet's own checks.
  ['hostPath type check failed: /data is not a directory', 'deterministic', 'k8s-messages.md §7.1 (hostpath type check)'],
  ['failed to sync configmap cache: timed out waiting for the condition', 'transient', 'k8s-messages.md §7.1 (watch_based_manager.go)'],
  ['something no table names', 'transient', 'unknown: the grace period, never an early verdict'],
];

describe('mount, attach, CSI and teardown errors: deterministic or transient', () => {
  for (const [error, cls, source] of ROWS) it(`${cls}: ${source}`, () => expect(volumeFailureClass(error)).toBe(cls));
});

describe('through the engine, on a Pod 20 s old', () => {
  const creating = pod({
    metadata: { creationTimestamp: at(-20) },
    spec: { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] },
    status: { phase: 'Pending', conditions: conditions({ sandbox: false, since: at(-18) }), containerStatuses: [containerStatus()] },
  });
  const pvc = obj('PersistentVolumeClaim', 'data', { spec: { volumeName: 'pv-1' }, status: { phase: 'Bound' } });
  const diagnose = (operation: string, error: string, reason = 'FailedMount') => {
    const s = snapshotFromObjects([creating, pvc, node(), event(creating, { reason, source: reason === 'FailedMount' ? 'kubelet' : 'attachdetach-controller', message: `${operation} failed for volume "pv-1" : ${error}`, first: at(-15), last: at(-2), count: 3 })]);
    return new Engine(s, { now: T0 }).diagnosePod(s.pods[0]!);
  };
  it('a device held by another process: failing at once, deterministic', () => {
    const d = diagnose('MountVolume.MountDevice', ROWS[3]![0]);
    expect([d.status, d.findings[0]?.rule, d.findings[0]?.failureClass]).toEqual(['failing', 'volume/mount-failed', 'deterministic']);
  });
  it('a CSI driver under another kubelet root directory: failing at once', () => {
    const d = diagnose('MountVolume.MountDevice', ROWS[5]![0]);
    expect([d.status, d.findings[0]?.failureClass]).toEqual(['failing', 'deterministic']);
  });
  it('near miss: a first NFS timeout on a young Pod is still progressing (transient, a warning)', () => {
    const d = diagnose('MountVolume.SetUp', ROWS[0]![0]);
    expect([d.status, d.findings[0]?.rule, d.findings[0]?.severity, d.findings[0]?.failureClass]).toEqual(['progressing', 'volume/mount-failed', 'warning', 'transient']);
  });
  it('an attach to an instance that does not exist: failing at once', () => {
    const d = diagnose('AttachVolume.Attach', ROWS[13]![0], 'FailedAttachVolume');
    expect([d.status, d.findings[0]?.rule, d.findings[0]?.failureClass]).toEqual(['failing', 'volume/attach-failed', 'deterministic']);
  });
  it('near miss: an external-attacher timeout on a young Pod is progressing', () => {
    const d = diagnose('AttachVolume.Attach', ROWS[12]![0], 'FailedAttachVolume');
    expect([d.status, d.findings[0]?.severity]).toEqual(['progressing', 'warning']);
  });
});
