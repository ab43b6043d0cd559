import rule from '../../../src/rules/volume/mount-failed.js';
import { at, conditions, containerStatus, event, obj, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

// FailedMount texts from k8s-messages.md §7.1.
const creating = pod({
  spec: { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }, { name: 'kube-api-access-9xk2p', projected: { sources: [] } }] },
  status: { phase: 'Pending', conditions: conditions({ sandbox: false }), containerStatuses: [containerStatus()] },
});
const pvc = obj('PersistentVolumeClaim', 'data', { spec: { volumeName: 'pv-nfs-shop', storageClassName: '' }, status: { phase: 'Bound' } });
const pv = obj('PersistentVolume', 'pv-nfs-shop', { metadata: { namespace: undefined }, spec: { nfs: { server: '10.0.0.5', path: '/exports/shop' } }, status: { phase: 'Bound' } });
const NFS = 'MountVolume.SetUp failed for volume "pv-nfs-shop" : mount failed: exit status 32\nMounting command: mount\nMounting arguments: -t nfs 10.0.0.5:/exports/shop /var/lib/kubelet/pods/1234/volumes/kubernetes.io~nfs/pv-nfs-shop\nOutput: mount.nfs: Connection timed out';
const mount = (message: string, extra: Record<string, unknown> = {}) => event(creating, { reason: 'FailedMount', message, ...extra });

runRuleTests(rule, {
  valid: [
    { name: 'real capture: a missing ConfigMap belongs to volume/missing-configmap-or-secret', fixture: 'real/volume-missing-configmap.yaml' },
    { name: 'missing ConfigMap is volume/missing-configmap-or-secret\'s', objects: [creating, mount('MountVolume.SetUp failed for volume "data" : configmap "x" not found')] },
    { name: 'hostPath type is volume/hostpath-type\'s', objects: [creating, mount('MountVolume.SetUp failed for volume "data" : hostPath type check failed: /data is not a directory')] },
    { name: 'the summary line alone is volume/mount-timeout\'s', objects: [creating, mount('Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[], failed to process volumes=[]: context deadline exceeded')] },
    {
      name: 'not registered once, then the sandbox was created',
      objects: [creating, mount('MountVolume.SetUp failed for volume "kube-api-access-9xk2p" : object "shop"/"kube-root-ca.crt" not registered', { last: at(-500) }), event(creating, { reason: 'FailedCreatePodSandBox', message: 'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "abc": cni plugin not initialized', last: at(-5) })],
    },
    { name: 'a single not-registered race 17 minutes ago is history', objects: [creating, mount('MountVolume.SetUp failed for volume "kube-api-access-9xk2p" : object "shop"/"kube-root-ca.crt" not registered', { first: at(-1020), last: at(-1020) })] },
    {
      name: 'a later summary no longer lists the volume: it got mounted',
      objects: [
        creating,
        mount('MountVolume.SetUp failed for volume "kube-api-access-9xk2p" : failed to sync configmap cache: timed out waiting for the condition', { first: at(-200), last: at(-150) }),
        mount('Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[], failed to process volumes=[]: context deadline exceeded', { last: at(-30) }),
      ],
    },
    { name: 'Running Pod', objects: [pod({ status: { phase: 'Running', conditions: conditions({ sandbox: true, ready: true }), containerStatuses: [containerStatus({ running: { startedAt: at(-100) } })] } }), mount(NFS)] },
  ],
  invalid: [
    { name: 'real capture: an NFS volume on a node with no NFS client fails for good on the first try', fixture: 'real/volume-nfs-mount-failed.yaml', expect: [{ severity: 'error', failureClass: 'deterministic', message: /mount\(8\) on "kdiag-node-1" failed with exit status 32: .*unknown filesystem type 'nfs'\. Retrying cannot help/, evidence: 'Mounting arguments: -t nfs', remediation: 'nfs-common' }] },
    {
      name: 'NFS exit status 32: the Output line is quoted, PV mapped to the claim',
      objects: [creating, pvc, pv, mount(NFS, { count: 6, first: at(-400) })],
      expect: [{ severity: 'error', message: /^Volume "data" \(PVC "data", PV "pv-nfs-shop"\).*exit status 32: mount\.nfs: Connection timed out/, remediation: 'showmount -e 10.0.0.5   (expects /exports/shop)' }],
    },
    { name: 'first NFS failure 20s ago is a warning', objects: [creating, mount(NFS, { first: at(-20), last: at(-20) })], expect: [{ severity: 'warning', message: 'keeps retrying' }] },
    {
      name: 'CSI driver not registered on the node',
      objects: [creating, mount('MountVolume.MountDevice failed for volume "pvc-0a1b" : kubernetes.io/csi: attacher.MountDevice failed to create newCsiDriverClient: driver name ebs.csi.aws.com not found in the list of registered CSI drivers', { first: at(-300) })],
      expect: [{ message: 'CSI driver ebs.csi.aws.com is not registered with the kubelet on "node-1"', remediation: 'kubectl get csinode node-1' }],
    },
    { name: 'CSI rpc error', objects: [creating, mount('MountVolume.MountDevice failed for volume "pvc-0a1b" : rpc error: code = Internal desc = could not format "/dev/xvdba" and mount it at "/var/lib/kubelet/plugins/kubernetes.io/csi/ebs.csi.aws.com/abc/globalmount"', { first: at(-300) })], expect: [{ message: /returned Internal: could not format/ }] },
    { name: 'kube-root-ca.crt not registered for 9 minutes is still only a warning', objects: [creating, mount('MountVolume.SetUp failed for volume "kube-api-access-9xk2p" : object "shop"/"kube-root-ca.crt" not registered', { first: at(-540), count: 12 })], expect: [{ severity: 'warning', confidence: 'medium', message: 'not registered object shop/kube-root-ca.crt' }] },
    { name: 'cache sync failing for 15 minutes', objects: [creating, mount('MountVolume.SetUp failed for volume "kube-api-access-9xk2p" : failed to sync configmap cache: timed out waiting for the condition', { first: at(-900), count: 8 })], expect: [{ severity: 'error' }] },
  ],
});
