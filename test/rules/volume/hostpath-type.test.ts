import rule from '../../../src/rules/volume/hostpath-type.js';
import { at, conditions, containerStatus, event, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

// pkg/volume/hostpath/host_path.go: long-standing and newer wordings.
const creating = pod({
  spec: { volumes: [{ name: 'data', hostPath: { path: '/srv/data', type: 'Directory' } }, { name: 'docker-sock', hostPath: { path: '/var/run/docker.sock', type: 'Socket' } }] },
  status: { phase: 'Pending', conditions: conditions({ sandbox: false }), containerStatuses: [containerStatus()] },
});
const mount = (message: string) => event(creating, { reason: 'FailedMount', message, count: 5, first: at(-240) });

runRuleTests(rule, {
  valid: [
    { name: 'other mount failures', objects: [creating, mount('MountVolume.SetUp failed for volume "data" : mount failed: exit status 32')] },
    { name: 'the Pod started since', objects: [pod({ spec: creating.spec, status: { phase: 'Running', conditions: conditions({ sandbox: true, ready: true }), containerStatuses: [containerStatus({ running: { startedAt: at(-30) } })] } }), mount('MountVolume.SetUp failed for volume "data" : hostPath type check failed: /srv/data is not a directory')] },
  ],
  invalid: [
    { name: 'not a directory', objects: [creating, mount('MountVolume.SetUp failed for volume "data" : hostPath type check failed: /srv/data is not a directory')], expect: [{ severity: 'error', message: '/srv/data on node "node-1" does not exist or is not a directory (the volume requires type Directory)', evidence: /hostPath/, remediation: 'DirectoryOrCreate' }] },
    { name: 'not a socket file, newer wording', objects: [creating, mount("MountVolume.SetUp failed for volume \"docker-sock\" : hostPath type check failed: /var/run/docker.sock is not a socket file, it's a Directory")], expect: [{ message: 'docker.sock on node "node-1" is not a socket file (the volume requires type Socket)' }] },
    { name: "newer wording for a missing path", objects: [creating, mount("MountVolume.SetUp failed for volume \"data\" : hostPath /srv/data doesn't exist")], expect: [{ message: '/srv/data on node "node-1" does not exist' }] },
  ],
});
