import rule from '../../../src/rules/volume/missing-configmap-or-secret.js';
import { at, conditions, containerStatus, event, IMAGE, obj, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

// FailedMount texts from k8s-messages.md §7.1 (note the space before the colon).
const VOLUMES = [
  { name: 'config', configMap: { name: 'app-cfg', items: [{ key: 'app.yaml', path: 'app.yaml' }] } },
  { name: 'tls', secret: { secretName: 'api-tls' } },
  { name: 'extra', configMap: { name: 'extra-cfg', optional: true } },
  { name: 'kube-api-access-9xk2p', projected: { sources: [{ serviceAccountToken: { path: 'token' } }, { configMap: { name: 'kube-root-ca.crt' } }] } },
];
const creating = pod({
  spec: { volumes: VOLUMES, containers: [{ name: 'app', image: IMAGE, volumeMounts: [{ name: 'config', mountPath: '/etc/app' }] }] },
  status: { phase: 'Pending', conditions: conditions({ sandbox: false }), containerStatuses: [containerStatus()] },
});
const mount = (message: string, extra: Record<string, unknown> = {}) => event(creating, { reason: 'FailedMount', message, ...extra });
const running = pod({ spec: { volumes: VOLUMES }, status: { phase: 'Running', conditions: conditions({ sandbox: true, ready: true }), containerStatuses: [containerStatus({ running: { startedAt: at(-60) }, ready: true })] } });

runRuleTests(rule, {
  valid: [
    { name: 'kube-root-ca.crt not registered is a transient cache race', objects: [creating, mount('MountVolume.SetUp failed for volume "kube-api-access-9xk2p" : object "shop"/"kube-root-ca.crt" not registered')] },
    { name: 'old FailedMount on a Pod that is Running now', objects: [running, event(running, { reason: 'FailedMount', message: 'MountVolume.SetUp failed for volume "config" : configmap "app-cfg" not found', last: at(-120) })] },
    {
      name: 'FailedMount followed by image pulls: the volume got mounted',
      objects: [
        pod({ spec: { volumes: VOLUMES }, status: { phase: 'Pending', containerStatuses: [containerStatus({ waiting: { reason: 'ContainerCreating' } })] } }),
      ].flatMap((p) => [p, event(p, { reason: 'FailedMount', message: 'MountVolume.SetUp failed for volume "config" : configmap "app-cfg" not found', last: at(-200) }), event(p, { reason: 'Pulling', type: 'Normal', message: `Pulling image "${IMAGE}"`, last: at(-100) })]),
    },
    { name: 'an optional ConfigMap volume', objects: [creating, mount('MountVolume.SetUp failed for volume "extra" : configmap "extra-cfg" not found')] },
    { name: 'CSI failures are volume/mount-failed\'s', objects: [creating, mount('MountVolume.MountDevice failed for volume "pvc-1" : rpc error: code = Internal desc = could not format')] },
  ],
  invalid: [
    {
      name: 'missing ConfigMap',
      objects: [creating, obj('ConfigMap', 'unrelated'), mount('MountVolume.SetUp failed for volume "config" : configmap "app-cfg" not found', { count: 9, first: at(-540) })],
      expect: [{ severity: 'error', message: 'ConfigMap "app-cfg" does not exist in namespace shop', evidence: /FailedMount ×9 over 8m/, remediation: 'kubectl create configmap app-cfg -n shop' }],
    },
    { name: 'missing Secret', objects: [creating, mount('MountVolume.SetUp failed for volume "tls" : secret "api-tls" not found')], expect: [{ message: 'Secret "api-tls" does not exist' }] },
    {
      name: 'items[].key missing, keys listed from the snapshot',
      objects: [creating, obj('ConfigMap', 'app-cfg', { data: { 'config.yaml': 'a: 1' } }), mount('MountVolume.SetUp failed for volume "config" : configmap references non-existent config key: app.yaml')],
      expect: [{ message: /key "app\.yaml", which ConfigMap "app-cfg" does not have\. ConfigMap "app-cfg" has keys: config\.yaml/ }],
    },
    { name: 'the ConfigMap exists now: warning', objects: [creating, obj('ConfigMap', 'app-cfg', { data: { 'app.yaml': '' } }), mount('MountVolume.SetUp failed for volume "config" : configmap "app-cfg" not found')], expect: [{ severity: 'warning', message: 'exists now' }] },
    {
      name: 'two volumes missing, combined-event prefix',
      objects: [creating, mount('(combined from similar events): MountVolume.SetUp failed for volume "config" : configmap "app-cfg" not found', { last: at(-20) }), mount('MountVolume.SetUp failed for volume "tls" : secret "api-tls" not found', { last: at(-10) })],
      expect: [{ message: 'ConfigMap "app-cfg"' }, { message: 'Secret "api-tls"' }],
    },
  ],
});
