import rule from '../../../src/rules/kubelet/stuck-terminating.js';
import { at, conditions, containerStatus, event, node, pod } from '../../harness/builders.js';
import { fixtureSnapshot, runRuleTests } from '../../harness/rule-tester.js';

/** The real capture's Pod `held`: its deletion deadline (deletionTimestamp), to judge it inside the grace. */
const heldDeadline = Date.parse(String(fixtureSnapshot('real/kubelet-stuck-terminating.yaml').pods.find((p) => p.metadata?.name === 'held')?.metadata?.deletionTimestamp));

// deletionTimestamp = time of the delete request + grace period (apiserver rest/delete.go).
function deleting(deletionSecondsAgo: number, patch: Record<string, any> = {}) {
  return pod({
    ...patch,
    metadata: { deletionTimestamp: at(-deletionSecondsAgo), deletionGracePeriodSeconds: 30, ...(patch.metadata ?? {}) },
    status: patch.status ?? { phase: 'Running', conditions: conditions({ sandbox: true, ready: false }), containerStatuses: [containerStatus({ running: { startedAt: at(-3000) } })] },
  });
}
const unknownNode = node({
  status: {
    conditions: [{ type: 'Ready', status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', lastHeartbeatTime: at(-1300), lastTransitionTime: at(-1260) }],
  },
});
// FailedKillPod as `kubectl describe pod` showed it in spidernet-io/cni-plugins#47 (a multus DEL that fails on every retry).
const KILL_SANDBOX =
  'error killing pod: failed to "KillPodSandbox" for "18ba147d-9f0f-4255-816f-5d07998d6908" with KillPodSandboxError: "rpc error: code = Unknown desc = failed to destroy network for sandbox \\"3bb433e9ee32e3402ad828c97ddfe322b9f2d88348cb004d01efd226aa0bfd5d\\": plugin type=\\"multus\\" name=\\"multus-cni-network\\" failed (delete): delegateDel: error invoking ConflistDel - \\"sriov-overlay\\": conflistDel: error in getting result from DelNetworkList: failed to del rule table 500: no such file or directory "';
const sandboxDown = { phase: 'Failed', conditions: conditions({ sandbox: true, ready: false }), containerStatuses: [containerStatus({ terminated: { exitCode: 143, reason: 'Error' } })] };
const stopped = { phase: 'Succeeded', containerStatuses: [containerStatus({ terminated: { exitCode: 0, reason: 'Completed' } })] };
// A volume teardown error as the kubelet's operation generator words it (operation_generator.go: `UnmountVolume.TearDown
// failed for volume "<v>" (UniqueName: …) pod "<uid>" (UID: …) : <error>`, umount(8)'s output quoted by mount-utils);
// reconstructed, its event reason varies with who records it (the message is what is matched).
const tearDown = (error: string) => `UnmountVolume.TearDown failed for volume "data" (UniqueName: "kubernetes.io/csi/nfs.csi.k8s.io^pv-data") pod "8f1c2d3e" (UID: "8f1c2d3e") : ${error}`;
const UMOUNT_BUSY = 'kubernetes.io/csi: Unmounter.TearDownAt failed: rpc error: code = Internal desc = unmount failed: exit status 32\nUnmounting arguments: /var/lib/kubelet/pods/8f1c2d3e/volumes/kubernetes.io~csi/pv-data/mount\nOutput: umount: /var/lib/kubelet/pods/8f1c2d3e/volumes/kubernetes.io~csi/pv-data/mount: target is busy.';
const DRIVER_DOWN = 'kubernetes.io/csi: Unmounter.TearDownAt failed: rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: dial unix /var/lib/kubelet/plugins/csi-nfsplugin/csi.sock: connect: connection refused"';
const unmounting = (error: string) => [deleting(3600, { status: stopped }), node()].flatMap((o, i) => (i === 0 ? [o, event(o, { reason: 'FailedUnmount', message: tearDown(error), count: 40, first: at(-3500), last: at(-30) })] : [o]));

runRuleTests(rule, {
  valid: [
    { name: 'real capture judged 30 s past its deletion deadline: inside the grace for the kubelet to report', fixture: 'real/kubelet-stuck-terminating.yaml', now: heldDeadline + 30_000 },
    { name: 'real capture: a preempted Pod still inside its 30 s grace period', fixture: 'real/kubelet-preempted.yaml', target: 'victim' },
    { name: 'not being deleted', objects: [pod({ status: { phase: 'Running' } }), node()] },
    { name: 'deletion still inside its grace period (deadline in the future)', objects: [deleting(-20), node()] },
    { name: 'just past the deadline: the kubelet gets graceMs to report', objects: [deleting(30), node()] },
  ],
  invalid: [
    { name: 'real capture: deleted by the garbage collector, held by a finalizer nobody owns', fixture: 'real/kubelet-stuck-terminating.yaml', expect: [{ severity: 'error', message: /Terminating \d+s past its grace period, waiting for finalizer\(s\) "example\.com\/backup-hook"/, evidence: 'example.com/backup-hook' }] },
    {
      name: 'node unreachable: the kubelet cannot confirm, force-delete with caveats',
      objects: [deleting(900, { metadata: { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db', controller: true }] } }), unknownNode],
      expect: [{ severity: 'error', message: /Terminating 15m past.*node "node-1" is unreachable/, evidence: 'NodeStatusUnknown', remediation: /StatefulSet "db".*same identity/ }],
    },
    { name: 'node deleted', objects: [deleting(900), node({ metadata: { name: 'node-2' } })], expect: [{ message: 'no longer exists', remediation: 'garbage collector' }] },
    { name: 'finalizers pending, containers gone', objects: [deleting(400, { metadata: { finalizers: ['example.com/backup-hook'] }, status: stopped }), node()], expect: [{ message: 'finalizer(s) "example.com/backup-hook"', evidence: 'metadata.finalizers', remediation: '"op":"remove"' }] },
    {
      name: 'container ignores SIGTERM and the runtime did not kill it',
      objects: [deleting(300), node()].flatMap((o, i) => (i === 0 ? [o, event(o, { reason: 'ExceededGracePeriod', message: 'Container runtime did not kill the pod within specified grace period.' })] : [o])),
      expect: [{ message: 'container "app" has not stopped', evidence: 'ExceededGracePeriod', confidence: 'high' }],
    },
    {
      name: 'containers stopped, KillPodSandbox fails on the CNI DEL: the plugin named, repeated',
      objects: [deleting(86_400, { status: sandboxDown }), node()].flatMap((o, i) => (i === 0 ? [o, event(o, { reason: 'FailedKillPod', message: KILL_SANDBOX, count: 1968, first: at(-86_000), last: at(-20) })] : [o])),
      expect: [{ message: /24h past.*cannot remove its sandbox.*plugin type="multus" name="multus-cni-network" failed \(delete\)/, evidence: 'KillPodSandbox', remediation: 'network plugin', failureClass: 'repeated' }],
    },
    {
      name: 'the kubelet is done (grace period 0) and a finalizer holds the Pod on a node now NotReady: the finalizer, not the node',
      objects: [deleting(400, { metadata: { deletionGracePeriodSeconds: 0, finalizers: ['example.com/backup-hook'] }, status: stopped }), unknownNode],
      expect: [{ message: /waiting for finalizer\(s\) "example.com\/backup-hook"/ }],
    },
    {
      name: 'a volume that will not unmount, umount says busy: named, deterministic (the umount busy class)',
      objects: unmounting(UMOUNT_BUSY),
      expect: [{ message: /60m past its grace period: the kubelet on node "node-1" cannot unmount volume "data", which a process on the node still holds \(busy\).*target is busy/, evidence: 'UnmountVolume.TearDown failed', remediation: 'fuser -vm', failureClass: 'deterministic' }],
    },
    {
      name: 'near miss: a volume that will not unmount because its driver is down: not busy, repeated (it may come back)',
      objects: unmounting(DRIVER_DOWN),
      expect: [{ message: /cannot unmount volume "data": kubernetes\.io\/csi: Unmounter\.TearDownAt failed: rpc error: code = Unavailable/, remediation: 'journalctl -u kubelet', failureClass: 'repeated' }],
    },
    { name: 'nothing visible: low confidence', objects: [deleting(600, { status: stopped }), node()], expect: [{ confidence: 'low' }] },
  ],
});
