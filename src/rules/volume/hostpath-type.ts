import { eventEvidence } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { currentMountFailures, latestPer, podVolume } from '../helpers/mount-errors.js';
import { ruleMessages } from '../messages/index.js';
import type { HostPathProblem } from '../messages/volume.js';
import type { Evidence, PodRule } from '../types.js';

const rule: PodRule = {
  id: 'volume/hostpath-type',
  scope: 'pod',
  stage: 'volume',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'A hostPath volume fails its type check on the node',
  docs: {
    description:
      'A hostPath volume sets `type` (Directory, File, Socket, CharDevice, BlockDevice) and the path on the node is missing or of another kind, so the kubelet refuses to mount it: `MountVolume.SetUp failed for volume "<v>" : hostPath type check failed: <path> is not a directory` (pkg/volume/hostpath/host_path.go, also for a path that does not exist, as a 1.34 cluster shows; newer kubelets append `, it\'s a <Type>` and say `hostPath <path> doesn\'t exist` for a missing path).',
    causes: [
      'the path does not exist on this node (other nodes may have it)',
      'the path exists but is a file where a directory is expected (or the reverse), or a socket that its daemon has not created yet',
      'the kubelet runs in a container (kind, RKE, Talos…) and sees a different filesystem than the host',
    ],
    fix: [
      'On the node: ls -ld PATH',
      'Create the path on every node that may run the Pod, or use type DirectoryOrCreate / FileOrCreate',
      'Restrict the Pod to nodes that have the path (nodeSelector), or start the daemon that creates the socket first',
    ],
    links: ['https://kubernetes.io/docs/concepts/storage/volumes/#hostpath'],
  },
  triggers: { awaitingSandbox: true },
  match({ pod, now, options }) {
    const all = currentMountFailures(pod, now);
    if (all.length === 0) return [];
    const failures = all.filter((f) => f.kind === 'hostpath-type');
    if (failures.length === 0) return [];
    const t = ruleMessages(options.lang).hostpathType;
    return latestPer(failures, (f) => f.volume).map((f) => {
      const { volume } = podVolume(pod, f.volume);
      const path = f.subject ?? volume?.hostPath?.path ?? '?';
      const type = volume?.hostPath?.type;
      const evidence: Evidence[] = [eventEvidence(f.event, now)];
      const index = (pod.pod.spec?.volumes ?? []).findIndex((v) => v?.name === f.volume);
      if (volume?.hostPath && index >= 0) evidence.push(fieldEvidence('pod', `spec.volumes[${index}].hostPath`, volume.hostPath));
      // Up to at least 1.34 the kubelet says "is not a directory" for a missing path too; newer ones say which.
      const what = f.detail ?? '';
      const problem: HostPathProblem = f.detail === 'missing' ? { kind: 'missing' } : /, it's an? /.test(f.error) ? { kind: 'not-a', what } : { kind: 'missing-or-not-a', what };
      const orCreate = type === 'Directory' ? 'DirectoryOrCreate' : type === 'File' ? 'FileOrCreate' : undefined;
      return finding(rule, {
        message: t.message({ volume: f.volume, path, node: pod.nodeName, problem, ...(type ? { type } : {}) }),
        evidence,
        remediation: t.fix({ node: pod.nodeName, path, ...(orCreate ? { orCreate } : {}) }),
      });
    });
  },
};

export default rule;
