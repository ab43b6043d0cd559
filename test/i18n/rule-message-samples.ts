import type { RuleMessages } from '../../src/rules/messages/index.js';
import type { ContainerRef } from '../../src/rules/messages/types.js';

/**
 * Sample arguments for every entry of the typed rule-message catalogue: one list of argument tuples per
 * function, at least one each, and one per branch worth reading. Typed by the catalogue, so a new entry
 * without samples (or a sample of the wrong shape) fails `tsc`.
 */
type Samples<T> = { [K in keyof T]: T[K] extends (...args: infer A) => unknown ? [A, ...A[]] : Samples<T[K]> };

const app: ContainerRef = { kind: 'app', name: 'api' };
const init: ContainerRef = { kind: 'init', name: 'migrate' };
const who = { kind: 'Deployment', name: 'api', via: { kind: 'ReplicaSet', name: 'api-7d9f' } };
const job = { kind: 'Job', name: 'report' };
const img = '127.0.0.1:5000/shop/api:1.4.2';
const pull = { image: img, container: app, detail: 'failed to do request: Head "https://127.0.0.1:5000/v2/": EOF', failingFor: '; failing for 5m' };
const failing = { failingFor: '' };

export const SAMPLES: Samples<RuleMessages> = {
  container: [[app], [init], [{ kind: 'sidecar', name: 'proxy' }], [{ kind: 'ephemeral', name: 'debug' }]],
  Container: [[app], [init]],
  exit: [[{ recorded: false, hasMessage: false }], [{ recorded: true, reason: 'OOMKilled', code: 137, hasMessage: false }], [{ recorded: true, reason: 'Error', hasMessage: false }], [{ recorded: true, code: 2, hasMessage: true }], [{ recorded: true, code: 1, hasMessage: false }], [{ recorded: true, code: 139, hasMessage: false }], [{ recorded: true, code: 134, hasMessage: false }], [{ recorded: true, code: 42, hasMessage: false }]],
  restarts: [[{ restarts: 1 }], [{ restarts: 5, backOff: '2m40s' }], [{ restarts: 0, backOff: '10s' }]],
  failingFor: [[{ age: '5m' }], [{}]],
  trace: [[{ warning: { age: '3m', reason: 'FailedMount', message: 'MountVolume.SetUp failed for volume "data"' }, events: true }], [{ events: true }], [{ events: false }]],

  cronjobNotStarting: {
    suspended: [[{ name: 'report', lastAge: '30m' }], [{ name: 'report' }]],
    suspendedFix: [[{ name: 'report', namespace: 'shop' }]],
    missed: [[{ name: 'report', event: 'Missed scheduled time to start a job: Mon, 30 Nov 2026 09:55:00 +0000', deadline: 5, lastAge: '30m' }], [{ name: 'report', event: 'too many missed start times: 101' }]],
    missedFix: [[{ name: 'report', namespace: 'shop' }]],
  },
  failedCreate: {
    serviceAccount: [[{ who: job, account: 'reporter', namespace: 'shop' }]],
    serviceAccountFix: [[{ account: 'reporter', namespace: 'shop', events: 'kubectl describe job/report -n shop' }]],
    limitRange: [[{ who, detail: 'maximum cpu usage per Container is 1, but limit is 2' }]],
    limitRangeFix: [[{ namespace: 'shop', events: 'kubectl describe rs/api-7d9f -n shop' }]],
    other: [[{ who, age: '10s', error: 'etcdserver: request timed out' }], [{ who: job, error: 'Pod "x" is invalid' }]],
    otherFix: [[{ events: 'kubectl describe rs/api-7d9f -n shop' }]],
  },
  podSecurity: {
    message: [[{ who, policy: 'restricted:latest', namespace: 'shop', checks: ['allowPrivilegeEscalation != false', 'seccompProfile'] }], [{ who: job, policy: 'baseline:v1.34', namespace: 'shop', checks: ['privileged'] }]],
    check: [
      [{ check: 'allowPrivilegeEscalation != false', detail: 'container "app" must set securityContext.allowPrivilegeEscalation=false' }],
      [{ check: 'runAsNonRoot != true', detail: 'pod or container "app" must set securityContext.runAsNonRoot=true' }],
      [{ check: 'seccompProfile', detail: 'pod or containers "app", "sidecar" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"' }],
      [{ check: 'privileged', detail: 'container "agent" must not set securityContext.privileged=true' }],
      [{ check: 'hostPath volumes', detail: 'volumes "proc", "sys"' }],
      [{ check: 'host namespaces', detail: 'hostNetwork=true, hostPID=true' }],
      [{ check: 'hostPort', detail: '' }],
    ],
    fix: [[{ namespace: 'shop', level: 'restricted', events: 'kubectl describe rs/api-7d9f -n shop' }]],
  },
  quotaExceeded: {
    exceeded: [[{ who, quota: 'compute', namespace: 'shop', uses: [{ resource: 'requests.cpu', requested: '500m', used: '3800m', limit: '4' }, { resource: 'limits.memory', requested: '1Gi', used: '?', limit: '?' }] }]],
    exceededFix: [[{ quota: 'compute', namespace: 'shop' }]],
    mustSpecify: [[{ who: job, quota: 'compute', detail: 'limits.cpu for: report; requests.memory for: report' }]],
    mustSpecifyFix: [[{ quota: 'compute', namespace: 'shop' }]],
    insufficient: [[{ who, namespace: 'shop', what: 'pods', verb: 'consume' }]],
    insufficientFix: [[{ namespace: 'shop' }]],
    events: [[{ events: 'kubectl describe rs/api-7d9f -n shop' }]],
  },
  webhookDenied: {
    denied: [[{ who, webhook: 'validate.policy.example.com', reason: 'image registry 127.0.0.1:5000 is not in the allowed list.' }], [{ who, webhook: 'deny-all.example.com' }]],
    deniedFix: [[{ webhook: 'validate.policy.example.com', reason: 'image registry is not allowed', events: 'kubectl describe rs/api-7d9f -n shop' }], [{ webhook: 'deny-all.example.com', events: 'kubectl describe rs/api-7d9f -n shop' }]],
    unreachable: [[{ who, webhook: 'validate.policy.example.com', age: '20s', error: 'failed to call webhook: Post "https://policy-webhook.policy-system.svc:443/validate": dial tcp 10.96.0.9:443: connect: connection refused' }], [{ who, webhook: 'w.example.com', error: 'context deadline exceeded' }]],
    unreachableFix: [[{ webhook: 'validate.policy.example.com', service: { name: 'policy-webhook', namespace: 'policy-system' } }], [{ webhook: 'w.example.com' }]],
  },

  cniNotInitialized: {
    message: [[{ node: 'node-1', dir: '/etc/cni/net.d' }]],
    fix: [[{ node: 'node-1', dir: '/etc/cni/net.d' }]],
  },
  ipExhausted: {
    message: [[{ node: 'node-1', plugin: 'bridge', range: '10.244.1.1-10.244.1.6', network: 'kdiag', cidr: '10.244.1.0/29' }], [{ node: 'node-1', range: '10.88.250.1-10.88.250.2' }]],
    fix: [[{ node: 'node-1', network: 'kdiag', maxPods: '110' }], [{ node: 'node-1' }]],
  },
  nodeNetworkUnavailable: {
    message: [[{ node: 'node-1', detail: 'CalicoIsDown: Calico is shutting down on this node', waiting: true }], [{ node: 'node-1', waiting: false }]],
    fix: [[{ node: 'node-1', noRoute: true }], [{ node: 'node-1', noRoute: false }]],
  },
  runtimeHandlerMissing: {
    message: [[{ node: 'node-1', handler: 'kata', runtimeClass: 'sandboxed' }], [{ node: 'node-1', handler: 'runsc' }]],
    fix: [[{ node: 'node-1', handler: 'kata', runtimeClass: 'sandboxed' }], [{ node: 'node-1', handler: 'runsc' }]],
  },
  sandboxImage: {
    message: [[{ node: 'node-1', image: '127.0.0.1:5000/pause:3.9', cause: 'failed to pull image: connection refused' }]],
    fix: [[{ node: 'node-1', image: '127.0.0.1:5000/pause:3.9' }]],
  },
  sandboxNetworkFailed: {
    message: [
      [{ node: 'node-1', cause: { kind: 'plugin-missing', plugin: 'portmap', where: '/opt/cni/bin' }, fresh: false }],
      [{ node: 'node-1', cause: { kind: 'hint', plugin: 'flannel', hint: 'flannel-down' }, fresh: true }],
      [{ node: 'node-1', cause: { kind: 'hint', plugin: 'calico', hint: 'calico-down' }, fresh: false }],
      [{ node: 'node-1', cause: { kind: 'hint', plugin: 'cilium-cni', network: 'cilium', hint: 'cilium-down' }, fresh: false }],
      [{ node: 'node-1', cause: { kind: 'hint', hint: 'calico-credentials' }, fresh: false }],
      [{ node: 'node-1', cause: { kind: 'plugin', plugin: 'bridge', network: 'kdiag', detail: 'failed to set bridge addr' }, fresh: false }],
      [{ node: 'node-1', cause: { kind: 'runtime', detail: 'failed to reserve sandbox name' }, fresh: false }],
    ],
    fix: [
      [{ node: 'node-1', cause: { kind: 'plugin-missing', plugin: 'portmap', where: '/opt/cni/bin' }, pod: 'api-1', namespace: 'shop' }],
      [{ node: 'node-1', cause: { kind: 'hint', hint: 'flannel-down' }, pod: 'api-1', namespace: 'shop' }],
      [{ node: 'node-1', cause: { kind: 'plugin', detail: 'x' }, pod: 'api-1', namespace: 'shop' }],
      [{ node: 'node-1', cause: { kind: 'runtime', detail: 'x' }, pod: 'api-1', namespace: 'shop' }],
    ],
  },
  sandboxStuck: {
    message: [[{ node: 'node-1', age: '30m', trace: '' }]],
    fix: [[{ node: 'node-1', pod: 'api-1', namespace: 'shop' }]],
  },

  imageNotFound: {
    message: [[{ image: img, container: app }]],
    remediation: [[{ image: img, namespace: 'shop', container: 'api' }]],
  },
  registryUnreachable: {
    message: [[{ node: 'node-1', image: img, container: app, unresolved: 'registry.invalid', endpoint: 'registry.invalid:443', detail: 'no such host', failingFor: '; failing for 2m' }], [{ node: '', image: img, container: init, endpoint: '127.0.0.1:5999', detail: 'connection refused', failingFor: '' }]],
    remediation: [[{ node: 'node-1', image: img, dns: true, host: 'registry.invalid', endpoint: 'registry.invalid:443', url: 'https://registry.invalid:443', namespace: 'shop', pod: 'api-1' }], [{ node: '', image: img, dns: false, host: '127.0.0.1', endpoint: '127.0.0.1:5999', url: 'http://127.0.0.1:5999', namespace: 'shop', pod: 'api-1' }]],
  },
  inspectFailed: {
    message: [[{ node: 'node-1', image: img, container: app, detail: 'rpc error: code = Unknown' }], [{ node: '', image: img, container: app, detail: '' }]],
    fix: [[{ node: 'node-1', image: img, namespace: 'shop', pod: 'api-1' }]],
  },
  invalidName: {
    message: [
      [{ image: 'Shop/API:1', container: app, wrong: { kind: 'uppercase', repository: 'Shop/API' } }],
      ...(['scheme', 'whitespace', 'empty-tag', 'empty', 'other'] as const).map((kind) => [{ image: 'x', container: app, wrong: { kind } }] as [Parameters<RuleMessages['invalidName']['message']>[0]]),
    ],
    fix: [[{ container: 'api', namespace: 'shop' }]],
  },
  neverPull: {
    message: [[{ image: img, container: app, node: 'node-1' }]],
    fix: [[{ image: img, container: 'api', node: 'node-1' }]],
  },
  pullFailed: {
    message: [[{ ...pull, blind: false, reason: 'ErrImagePull' }], [{ ...pull, blind: true, reason: 'ImagePullBackOff', ...failing }]],
    fix: [[{ namespace: 'shop', pod: 'api-1', node: 'node-1', image: img }]],
  },
  pullStuck: {
    pulling: [[{ image: img, container: app, age: '25m' }]],
    noImage: [[{ image: img, container: app, age: '25m', trace: '' }]],
    fix: [[{ node: 'node-1', image: img }]],
  },
  rateLimited: {
    message: [[{ registry: 'docker.io', ...pull }]],
    fix: [[{ registry: 'docker.io', image: img, namespace: 'shop' }]],
  },
  signatureFailed: {
    message: [[{ image: img, container: app, detail: 'Source image rejected: A signature was required' }]],
    fix: [[{ image: img, node: 'node-1' }]],
  },
  tls: {
    plainHttp: [[{ endpoint: '127.0.0.1:5000', node: 'node-1', ...pull }]],
    untrusted: [[{ endpoint: '127.0.0.1:5000', node: '', ...pull, ...failing }]],
    plainHttpFix: [[{ host: '127.0.0.1:5000', namespace: 'shop', pod: 'api-1' }]],
    untrustedFix: [[{ endpoint: '127.0.0.1:5000', host: '127.0.0.1:5000', namespace: 'shop', pod: 'api-1' }]],
  },
  unauthorized: {
    message: [
      [{ registry: '127.0.0.1:5000', image: img, container: app, namespace: 'shop', detail: '401 Unauthorized', why: { kind: 'none' } }],
      [{ registry: '127.0.0.1:5000', image: img, container: app, namespace: 'shop', detail: '401 Unauthorized', why: { kind: 'missing', secrets: ['regcred', 'other'] } }],
      [{ registry: '127.0.0.1:5000', image: img, container: app, namespace: 'shop', detail: '401 Unauthorized', why: { kind: 'rejected', secrets: ['regcred'], checked: true } }],
      [{ registry: '127.0.0.1:5000', image: img, container: app, namespace: 'shop', detail: '401 Unauthorized', why: { kind: 'rejected', secrets: ['regcred'], checked: false } }],
    ],
    fix: (['none', 'missing', 'rejected'] as const).map((kind) => [
      { registry: '127.0.0.1:5000', image: img, namespace: 'shop', why: kind === 'none' ? { kind } : kind === 'missing' ? { kind, secrets: ['regcred'] } : { kind, secrets: ['regcred'], checked: true }, create: 'kubectl create secret docker-registry regcred -n shop', serviceAccount: 'default', secret: 'regcred' },
    ]) as Samples<RuleMessages>['unauthorized']['fix'],
  },
  wrongPlatform: {
    message: [[{ image: img, container: app, node: 'node-1', platform: 'linux/arm64', detail: 'no match for platform in manifest' }], [{ image: img, container: app, node: 'node-1', detail: 'no match' }]],
    fix: [[{ image: img, platform: 'linux/arm64' }], [{ image: img }]],
  },

  readinessGates: {
    message: [[{ gates: [{ type: 'target-health.elbv2.k8s.aws/api', status: 'False', reason: 'Unhealthy' }], age: '12m' }], [{ gates: [{ type: 'example.com/ready' }, { type: 'example.com/other', status: 'unknown' }] }]],
    fix: [[{ namespace: 'shop', pod: 'api-1', gates: ['example.com/ready'] }]],
  },
  serviceNoEndpoints: {
    namedPort: [[{ service: 'api', port: '80', portName: 'web', target: 'http', declared: '8080 (web)' }], [{ service: 'api', port: '80', target: 'http', declared: '' }]],
    namedPortFix: [[{ namespace: 'shop', service: 'api', target: 'http', index: 0, value: '"web"' }]],
    numberPort: [[{ service: 'api', port: '80', target: 9090, declared: '8080 (http)' }]],
    numberPortFix: [[{ namespace: 'shop', service: 'api', pod: 'api-1', index: 0, value: 8080 }]],
  },
  serviceSelectorNearMiss: {
    message: [[{ service: 'api', selector: 'app=api', have: 'app=apí', complete: true }], [{ service: 'api', selector: 'app=api', have: 'app=apí', complete: false }]],
    fix: [[{ namespace: 'shop', service: 'api', selector: 'app=api', patch: '{"spec":{"selector":{"app":"apí"}}}', owner: 'deploy/api' }], [{ namespace: 'shop', service: 'api', selector: 'app=api', patch: '{}' }]],
  },
  singleNodeReplicas: {
    message: [[{ ready: 3, kind: 'Deployment', name: 'api', node: 'node-1', others: true }], [{ ready: 2, kind: 'StatefulSet', name: 'db', node: 'node-1', others: false }]],
    fix: [[{ namespace: 'shop', short: 'deploy', name: 'api' }]],
  },
  commandNotFound: {
    message: [[{ container: app, command: '/app/server', image: img, configured: [], restarts: '已重新啟動 3 次' }], [{ container: app, image: img, configured: ['sh', '-c', 'serve'], restarts: '' }], [{ container: init, image: img, configured: [], restarts: '' }]],
    fix: [[{ image: img, command: '/app/server', container: 'api', namespace: 'shop' }], [{ container: 'api', namespace: 'shop' }]],
  },
  notExecutable: {
    message: [[{ container: app, file: '/app/run.sh', format: false, node: 'node-1', restarts: '' }], [{ container: app, format: true, node: 'node-1', arch: 'arm64', restarts: '已重新啟動 2 次' }], [{ container: app, format: true, node: '', restarts: '' }]],
    fix: [[{ format: true, image: img, arch: 'arm64' }], [{ format: true }], [{ format: false, file: '/app/run.sh' }], [{ format: false }]],
  },
  oomKilled: {
    message: [[{ container: app, limit: '128Mi', request: '64Mi', restarts: '已重新啟動 4 次' }], [{ container: app, restarts: '' }], [{ container: app, limit: '128Mi', again: { age: '20m' }, restarts: '' }], [{ container: app, again: {}, restarts: '' }]],
    fix: [[{ hasLimit: true, namespace: 'shop', pod: 'api-1', owner: 'deploy/api', container: 'api', suggested: '256Mi', logs: 'kubectl logs -n shop api-1 -c api --previous' }], [{ hasLimit: false, namespace: 'shop', pod: 'api-1', owner: 'pod/api-1', container: 'api', suggested: '512Mi', logs: 'kubectl logs -n shop api-1 -c api --previous' }]],
  },
  hookFailed: {
    preStopTitle: [[]],
    postStart: [
      [{ container: app, hook: { kind: 'parsed', handler: 'Exec', target: '[/bin/sh -c /app/warmup.sh]', error: "command '/bin/sh -c /app/warmup.sh' exited with 126: , message: \"/bin/sh: /app/warmup.sh: Permission denied\\n\"" }, restarts: '已重新啟動 2 次' }],
      [{ container: app, hook: { kind: 'raw', text: 'PostStartHook failed' }, restarts: '' }],
      [{ container: { kind: 'sidecar', name: 'proxy' }, hook: { kind: 'unrecorded' }, restarts: '已重新啟動 5 次；kubelet 會等 2m40s 再試' }],
    ],
    postStartFix: [[{ namespace: 'shop', pod: 'api-1', container: 'api' }]],
    preStop: [[{ container: app, ago: '5m' }], [{ container: app }]],
    preStopFix: [[{ namespace: 'shop', pod: 'api-1', container: 'api' }]],
  },
  crashLoop: {
    message: [[{ container: app, mode: 'loop', exit: '以結束代碼 1 結束', terminationMessage: 'boom', restarts: '已重新啟動 5 次' }], [{ container: app, mode: 'first', exit: 'x', terminationMessage: '', restarts: '' }], [{ container: app, mode: 'again', exit: 'x', terminationMessage: '', restarts: '' }]],
    remediation: [[{ logs: 'kubectl logs -n shop api-1 -c api --previous', namespace: 'shop', pod: 'api-1' }]],
  },

  // volume (zh-b)
  attachFailed: {
    message: [
      [{ volume: { volume: 'data', claim: 'data', pv: 'pvc-0a1b' }, node: 'node-1', why: { kind: 'attacher', driver: 'ebs.csi.aws.com' } }],
      [{ volume: { volume: 'pvc-0a1b' }, node: 'node-1', why: { kind: 'code', code: 'NotFound' } }],
      [{ volume: { volume: 'data', claim: 'data' }, node: 'node-1', why: { kind: 'code', code: 'ResourceExhausted' } }],
      [{ volume: { volume: 'data' }, node: 'node-1', why: { kind: 'code', code: 'FailedPrecondition' } }],
      [{ volume: { volume: 'data' }, node: 'node-1', why: { kind: 'code', code: 'PermissionDenied' } }],
      [{ volume: { volume: 'data' }, node: 'node-1', why: { kind: 'code', code: 'DeadlineExceeded' } }],
      [{ volume: { volume: 'data' }, node: 'node-1', why: { kind: 'code', code: 'Aborted' } }],
      [{ volume: { volume: 'data' }, node: 'node-1', why: { kind: 'error', error: 'timed out waiting for external-attacher' } }],
    ],
    fix: [[{ volume: 'pvc-0a1b', driver: 'ebs.csi.aws.com' }], [{ volume: 'pvc-0a1b' }]],
  },
  hostpathType: {
    message: [
      [{ volume: 'data', path: '/srv/data', node: 'node-1', problem: { kind: 'missing-or-not-a', what: 'directory' }, type: 'Directory' }],
      [{ volume: 'data', path: '/srv/data', node: 'node-1', problem: { kind: 'missing' }, type: 'Directory' }],
      [{ volume: 'sock', path: '/var/run/docker.sock', node: 'node-1', problem: { kind: 'not-a', what: 'socket file' }, type: 'Socket' }],
      [{ volume: 'dev', path: '/dev/kvm', node: 'node-1', problem: { kind: 'not-a', what: 'character device' } }],
    ],
    fix: [[{ node: 'node-1', path: '/srv/data', orCreate: 'DirectoryOrCreate' }], [{ node: 'node-1', path: '/var/run/docker.sock' }]],
  },
  missingConfigOrSecret: {
    gone: [[{ volume: 'config', kind: 'ConfigMap', name: 'app-cfg' }]],
    keyBack: [[{ volume: 'config', kind: 'ConfigMap', name: 'app-cfg', key: 'app.yaml' }]],
    watchFix: [[{ pod: 'api-1', namespace: 'shop', recreate: true }], [{ pod: 'api-1', namespace: 'shop', recreate: false }]],
    missing: [[{ volume: 'tls', kind: 'Secret', name: 'api-tls', namespace: 'shop' }]],
    missingFix: [[{ volume: 'config', kind: 'ConfigMap', name: 'app-cfg', namespace: 'shop' }], [{ volume: 'tls', kind: 'Secret', name: 'api-tls', namespace: 'shop' }]],
    keyMissing: [
      [{ volume: 'config', kind: 'ConfigMap', name: 'app-cfg', key: 'app.yaml', keys: ['config.yaml'], exists: true }],
      [{ volume: 'config', kind: 'ConfigMap', name: 'app-cfg', key: 'app.yaml', keys: [], exists: true }],
      [{ volume: 'tls', kind: 'Secret', name: 'api-tls', key: 'tls.crt', exists: true }],
      [{ volume: 'tls', kind: 'Secret', key: 'tls.crt', exists: false }],
    ],
    keyMissingFix: [[{ volume: 'config', kind: 'ConfigMap', name: 'app-cfg', namespace: 'shop' }], [{ volume: 'tls', kind: 'Secret', namespace: 'shop' }]],
  },
  mountFailed: {
    message: [
      [{ volume: { volume: 'data', claim: 'data', pv: 'pv-nfs' }, operation: 'MountVolume.SetUp', why: { kind: 'mount-command', status: '32', output: 'mount.nfs: Connection timed out' }, node: 'node-1', stuck: true }],
      [{ volume: { volume: 'pvc-0a1b' }, operation: 'MountVolume.MountDevice', why: { kind: 'csi-driver-missing', driver: 'ebs.csi.aws.com' }, node: 'node-1', stuck: true }],
      [{ volume: { volume: 'pvc-0a1b' }, operation: 'MountVolume.MountDevice', why: { kind: 'rpc', code: 'Internal', detail: 'could not format "/dev/xvdba"' }, node: 'node-1', stuck: false }],
      [{ volume: { volume: 'kube-api-access-9xk2p' }, operation: 'MountVolume.SetUp', why: { kind: 'not-registered', object: 'shop/kube-root-ca.crt' }, node: 'node-1', stuck: false }],
      [{ volume: { volume: 'kube-api-access-9xk2p' }, operation: 'MountVolume.SetUp', why: { kind: 'cache-sync', cache: 'configmap' }, node: 'node-1', stuck: true }],
      [{ volume: { volume: 'data' }, operation: 'MountVolume.SetUp', why: { kind: 'other', error: 'permission denied' }, node: 'node-1', stuck: true }],
    ],
    fix: [
      [{ why: { kind: 'mount-command', status: '32' }, node: 'node-1', volume: 'data', nfs: { server: '10.0.0.5', path: '/exports/shop' }, pod: 'api-1', namespace: 'shop' }],
      [{ why: { kind: 'mount-command', status: '32' }, node: 'node-1', volume: 'data', nfs: {}, pod: 'api-1', namespace: 'shop' }],
      [{ why: { kind: 'mount-command', status: '32' }, node: 'node-1', volume: 'data', pod: 'api-1', namespace: 'shop' }],
      [{ why: { kind: 'csi-driver-missing', driver: 'ebs.csi.aws.com' }, node: 'node-1', volume: 'pvc-0a1b', pod: 'api-1', namespace: 'shop' }],
      [{ why: { kind: 'rpc', code: 'Internal', detail: 'x' }, node: 'node-1', volume: 'pvc-0a1b', pod: 'api-1', namespace: 'shop' }],
      [{ why: { kind: 'not-registered', object: 'shop/x' }, node: 'node-1', volume: 'v', pod: 'api-1', namespace: 'shop' }],
      [{ why: { kind: 'cache-sync', cache: 'configmap' }, node: 'node-1', volume: 'v', pod: 'api-1', namespace: 'shop' }],
      [{ why: { kind: 'other', error: 'x' }, node: 'node-1', volume: 'data', pod: 'api-1', namespace: 'shop' }],
    ],
  },
  mountStuck: {
    message: [[{ node: 'node-1', age: '30m', claims: ['data', 'logs'], trace: '沒有警告事件說明原因。' }], [{ node: 'node-1', age: '30m', claims: [], trace: '' }]],
    fix: [[{ namespace: 'shop', pod: 'api-1', node: 'node-1' }]],
  },
  mountTimeout: {
    message: [
      [{ node: 'node-1', unattached: ['data'], unprocessed: ['cache'], unmounted: ['data'], cause: 'timed out waiting for the condition' }],
      [{ node: 'node-1', unattached: [], unprocessed: [], unmounted: [], cause: '' }],
    ],
    fix: [[{ attach: true, stuck: ['data'], node: 'node-1', namespace: 'shop', pod: 'api-1' }], [{ attach: false, stuck: ['data'], node: 'node-1', namespace: 'shop', pod: 'api-1' }], [{ attach: false, stuck: [], node: 'node-1', namespace: 'shop', pod: 'api-1' }]],
  },
  multiAttach: {
    message: [[{ volume: { volume: 'data', claim: 'data', pv: 'pvc-0a1b' }, node: 'node-2', usedBy: ['api-5f7d-q8zt4'] }], [{ volume: { volume: 'data' }, node: 'node-2', usedBy: [] }]],
    fix: [[{ volume: 'pvc-0a1b', namespace: 'shop', rolling: 'rs/api-6b8c' }], [{ volume: 'pvc-0a1b', namespace: 'shop', holder: 'db-0' }], [{ volume: 'pvc-0a1b', namespace: 'shop' }]],
  },
  provisioningFailed: {
    message: [
      [{ claim: 'data', why: { kind: 'class-missing', storageClass: 'fast' }, unscheduled: true }],
      [{ claim: 'data', why: { kind: 'class-missing' }, unscheduled: false }],
      [{ claim: 'data', why: { kind: 'failed', error: 'failed to provision volume with StorageClass "fast-ssd": rpc error: code = ResourceExhausted desc = quota' }, unscheduled: false }],
      [{ claim: 'data', why: { kind: 'failed' }, unscheduled: false }],
      [{ claim: 'data', why: { kind: 'no-provisioner', provisioner: 'ebs.csi.aws.com', age: '7m' }, unscheduled: false }],
      [{ claim: 'data', why: { kind: 'no-provisioner' }, unscheduled: true }],
      [{ claim: 'data', why: { kind: 'slow', provisioner: 'ebs.csi.aws.com', age: '20m' }, unscheduled: false }],
    ],
    fix: [
      [{ claim: 'data', namespace: 'shop', why: { kind: 'class-missing', storageClass: 'fast' } }],
      [{ claim: 'data', namespace: 'shop', why: { kind: 'failed', storageClass: 'fast-ssd' } }],
      [{ claim: 'data', namespace: 'shop', why: { kind: 'failed' } }],
      [{ claim: 'data', namespace: 'shop', why: { kind: 'no-provisioner', provisioner: 'ebs.csi.aws.com' } }],
      [{ claim: 'data', namespace: 'shop', why: { kind: 'slow' } }],
    ],
  },
  pvcPending: {
    missing: [[{ volume: 'data', claim: 'data', namespace: 'shop' }]],
    missingFix: [[{ volume: 'data', namespace: 'shop' }]],
    deleting: [[{ claim: 'data', volume: 'data' }]],
    deletingFix: [[{ claim: 'data', namespace: 'shop' }]],
    lost: [[{ claim: 'data', volume: 'data', pv: 'pv-gone' }], [{ claim: 'data', volume: 'data' }]],
    lostFix: [[{ pv: 'pv-gone' }], [{}]],
    noScheduler: [[{ claim: 'data', node: 'node-1' }]],
    noSchedulerFix: [[{ annotation: 'volume.kubernetes.io/selected-node', node: 'node-1' }]],
    provisioning: [[{ claim: 'data', volume: 'data' }]],
    provisioningFix: [[{ claim: 'data', namespace: 'shop' }]],
    pending: [[{ claim: 'data', volume: 'data', why: { kind: 'event', message: 'no persistent volumes available for this claim and no storage class is set' } }], [{ claim: 'data', volume: 'data', why: { kind: 'class', storageClass: 'fast' } }], [{ claim: 'data', volume: 'data', why: { kind: 'none' } }]],
    pendingFix: [[{ claim: 'data', namespace: 'shop', storageClass: 'fast' }], [{ claim: 'data', namespace: 'shop' }]],
  },
  // end volume (zh-b)
  // container (zh-b)
  recentRestarts: {
    message: [[{ container: app, restarts: 3, exit: '以結束代碼 1 結束', reason: 'Error', message: 'connection refused', ago: '4m' }], [{ container: { kind: 'sidecar', name: 'proxy' }, restarts: 1, exit: '因 OOMKilled 被終止', message: '', ago: '30s' }]],
    fix: [[{ logs: 'kubectl logs -n shop api-1 -c api --previous', namespace: 'shop', pod: 'api-1' }]],
  },
  runContainerError: {
    message: [[{ node: 'node-1', container: app, cause: 'error mounting "/data" to rootfs at "/etc/hosts": not a directory.', reason: 'RunContainerError', restarts: '已重新啟動 2 次' }], [{ node: '', container: app, cause: '', reason: 'StartError', restarts: '' }]],
    fix: [[{ namespace: 'shop', pod: 'api-1', container: 'api' }]],
  },
  sidecarHoldsCompletion: {
    message: [[{ done: ['report'], sidecars: ['istio-proxy'], since: '5m', job: 'nightly-report' }], [{ done: ['a', 'b'], sidecars: ['helper', 'agent'], since: '30s' }]],
    fix: [[{ sidecars: ['istio-proxy'] }], [{ sidecars: ['helper', 'agent'] }]],
  },
  completedRestartLoop: {
    message: [[{ container: app, sidecar: false, policy: 'Always', restarts: '已重新啟動 4 次' }], [{ container: { kind: 'sidecar', name: 'proxy' }, sidecar: true, policy: 'Never', restarts: '' }]],
    fix: [[{ namespace: 'shop', pod: 'api-1', container: 'api' }]],
  },
  initStuck: {
    message: [
      [{ container: init, position: 1, total: 2, age: '12m', runs: { kind: 'command', text: '`sh -c "until nslookup db; do sleep 2; done"`' } }],
      [{ container: init, position: 2, total: 2, age: '12m', runs: { kind: 'image', image: 'busybox:1.36' } }],
      [{ container: init, position: 1, total: 1, age: '12m', runs: { kind: 'none' } }],
    ],
    fix: [[{ namespace: 'shop', pod: 'api-1', container: 'migrate' }]],
  },
  noResources: {
    message: [[{ containers: ['api'], bestEffort: true }], [{ containers: ['api', 'proxy'], bestEffort: false }]],
    fix: [[{ namespace: 'shop', pod: 'api-1', owner: 'deploy/api', container: 'api' }]],
  },
  backoffLimitExceeded: {
    message: [
      [{ job: 'report', why: { reason: 'BackoffLimitExceeded', failed: 3, backoffLimit: 2 }, condition: 'Job has reached the specified backoff limit', last: { pod: 'report-b', container: 'app', exit: { recorded: true, reason: 'Error', code: 2, hasMessage: true }, message: 'upstream returned 502' } }],
      [{ job: 'report', why: { reason: 'BackoffLimitExceeded', backoffLimit: 6 }, condition: '', last: { pod: 'report-b', container: 'app', exit: { recorded: true, reason: 'Error', code: 1, hasMessage: false }, message: '' } }],
      [{ job: 'report', why: { reason: 'DeadlineExceeded', deadline: '600' }, condition: 'Job was active longer than specified deadline' }],
      [{ job: 'report', why: { reason: 'DeadlineExceeded' }, condition: '' }],
      [{ job: 'report', why: { reason: 'MaxFailedIndexesExceeded' }, condition: '' }],
      [{ job: 'report', why: { reason: 'FailedIndexes' }, condition: '' }],
      [{ job: 'report', why: { reason: 'PodFailurePolicy' }, condition: 'Container app for pod shop/report-b failed with exit code 42 matching FailJob rule at index 0' }],
      [{ job: 'report', why: { reason: 'other', name: 'SomethingNew' }, condition: '' }],
      [{ job: 'report', why: { reason: 'other', name: '' }, condition: '' }],
    ],
    fix: [[{ namespace: 'shop', job: 'report', last: { pod: 'report-b', container: 'app' } }], [{ namespace: 'shop', job: 'report' }]],
  },
  createContainerError: {
    message: [
      [{ node: 'node-1', container: app, reserved: true, detail: 'failed to reserve container name "app_api-1_shop_0": name "app_api-1_shop_0" is reserved for "4b1f0c2d"', reason: 'CreateContainerError', age: '5m' }],
      [{ node: 'node-1', container: app, reserved: false, detail: 'failed to create containerd container: failed to prepare extraction snapshot: no space left on device', reason: 'CreateContainerError', age: '10s' }],
      [{ node: '', container: init, reserved: false, detail: '', reason: 'CreateContainerError' }],
    ],
    fix: [[{ reserved: true, node: 'node-1', container: 'api', namespace: 'shop', pod: 'api-1' }], [{ reserved: false, node: '', container: 'api', namespace: 'shop', pod: 'api-1' }]],
  },
  initFailed: {
    message: [
      [{ container: init, exit: { recorded: true, reason: 'Error', code: 2, hasMessage: true }, message: 'psql: error: connection to server at "db" (10.96.0.12), port 5432 failed: Connection refused', restarts: '已重新啟動 4 次；kubelet 會等 1m20s 再試', consequence: 'apps-waiting' }],
      [{ container: init, exit: { recorded: true, reason: 'Error', code: 1, hasMessage: false }, message: '', restarts: '', consequence: 'pod-failed' }],
      [{ container: init, exit: { recorded: false, hasMessage: false }, message: '', restarts: '已重新啟動 1 次', consequence: 'apps-blocked' }],
    ],
    fix: [[{ logs: 'kubectl logs -n shop api-1 -c migrate --previous', namespace: 'shop', pod: 'api-1', container: 'migrate' }]],
  },
  jobFailed: {
    message: [
      [{ container: app, exit: { recorded: true, reason: 'Error', code: 1, hasMessage: true }, message: 'report: upstream returned 502', job: { name: 'report', backoffLimit: 4 }, policy: 'Never' }],
      [{ container: app, exit: { recorded: true, reason: 'Error', code: 3, hasMessage: false }, message: '', job: { name: 'report' }, policy: 'OnFailure' }],
      [{ container: app, exit: { recorded: true, reason: 'Error', code: 3, hasMessage: false }, message: '', policy: 'Never' }],
    ],
    fix: [[{ logs: 'kubectl logs -n shop report-x -c app', namespace: 'shop', pod: 'report-x', job: 'report' }], [{ logs: 'kubectl logs -n shop api-1 -c app', namespace: 'shop', pod: 'api-1' }]],
  },
  probeKill: {
    message: [
      [{ container: app, type: 'liveness', probe: { handler: 'httpGet http://:8080/healthz', timing: { initialDelaySeconds: 0, periodSeconds: 10, timeoutSeconds: 1, failureThreshold: 3 } }, output: { message: 'Liveness probe failed: HTTP probe failed with statuscode: 500', empty: false }, state: { kind: 'killed', exitCode: 137, restarts: '已重新啟動 6 次；kubelet 會等 2m40s 再試' } }],
      [{ container: app, type: 'startup', probe: { absent: true }, state: { kind: 'killed', restarts: '' } }],
      [{ container: app, type: 'liveness', probe: { handler: 'httpGet http://:8080/healthz', timing: { initialDelaySeconds: 0, periodSeconds: 10, timeoutSeconds: 1, failureThreshold: 3 } }, output: { message: 'Liveness probe failed:', empty: true }, state: { kind: 'restarted', ago: '4s', next: { kind: 'again' } } }],
      [{ container: app, type: 'liveness', probe: { handler: 'httpGet http://:8080/healthz', timing: { initialDelaySeconds: 0, periodSeconds: 10, timeoutSeconds: 1, failureThreshold: 3 } }, state: { kind: 'restarted', ago: '29s', next: { kind: 'repeated', restarts: 4, ready: true } } }],
      [{ container: app, type: 'liveness', probe: { handler: 'httpGet http://:8080/healthz', timing: { initialDelaySeconds: 0, periodSeconds: 10, timeoutSeconds: 1, failureThreshold: 3 } }, state: { kind: 'restarted', next: { kind: 'repeated', restarts: 4, ready: false } } }],
      [{ container: app, type: 'liveness', probe: { handler: 'httpGet http://:8080/healthz', timing: { initialDelaySeconds: 0, periodSeconds: 10, timeoutSeconds: 1, failureThreshold: 3 } }, state: { kind: 'restarted', ago: '95s' } }],
      [{ container: app, type: 'startup', probe: { handler: 'httpGet http://:8080/healthz', timing: { initialDelaySeconds: 0, periodSeconds: 10, timeoutSeconds: 1, failureThreshold: 3 } }, output: { message: 'Startup probe failed: HTTP probe failed with statuscode: 503', empty: false }, state: { kind: 'failing', threshold: 6 }, hint: { kind: 'number', port: 8080, container: 'api', declared: [9090] } }],
    ],
    fix: [[{ type: 'liveness', namespace: 'shop', pod: 'api-1', container: 'api', target: 'curl -sv http://localhost:8080/healthz', running: true, previous: true }], [{ type: 'startup', namespace: 'shop', pod: 'api-1', container: 'api', target: '<the probe command>', running: false, previous: false }]],
  },
  // end container (zh-b)
  // readiness (zh-b)
  probe: {
    portMismatch: [[{ kind: 'name', port: 'http', container: 'api' }], [{ kind: 'number', port: 5433, container: 'db', declared: [5432] }]],
  },
  notReadyLong: {
    message: [
      [{ containers: [app], age: '25m', causes: [] }],
      [{ containers: [app], age: '25m', causes: [{ startup: false, probe: { handler: 'httpGet http://:8080/ready', namedPort: 'http', timing: { initialDelaySeconds: 0, periodSeconds: 10, timeoutSeconds: 1, failureThreshold: 3 } } }] }],
      [{ containers: [app, { kind: 'sidecar', name: 'proxy' }], age: '25m', causes: [{ container: app, startup: true, probe: { handler: 'exec [cat /tmp/up]', timing: { initialDelaySeconds: 0, periodSeconds: 10, timeoutSeconds: 1, failureThreshold: 3 } } }, { container: { kind: 'sidecar', name: 'proxy' }, startup: false, probe: { absent: true } }] }],
    ],
    fix: [[{ namespace: 'shop', pod: 'api-1', container: 'api' }]],
  },
  probeFailing: {
    message: [
      [{ container: app, running: '30s', probe: { handler: 'httpGet http://:8080/ready', timing: { initialDelaySeconds: 0, periodSeconds: 10, timeoutSeconds: 1, failureThreshold: 3 } }, errored: false, output: { message: 'Readiness probe failed: HTTP probe failed with statuscode: 503', empty: false }, count: 4 }],
      [{ container: app, probe: { timing: { initialDelaySeconds: 0, periodSeconds: 10, timeoutSeconds: 1, failureThreshold: 3 } }, errored: true, state: 'unknown', output: { message: 'Readiness probe errored', empty: false }, count: 1, hint: { kind: 'number', port: 5433, container: 'db', declared: [5432] } }],
      [{ container: app, running: '5m', probe: { handler: 'exec [cat /tmp/ready]', timing: { initialDelaySeconds: 0, periodSeconds: 10, timeoutSeconds: 1, failureThreshold: 3 } }, errored: true, output: { message: 'Readiness probe failed:', empty: true }, count: 30 }],
    ],
    fix: [
      [{ namespace: 'shop', pod: 'api-1', container: 'api', handler: { kind: 'http', port: 8080, path: '/ready' } }],
      [{ namespace: 'shop', pod: 'api-1', container: 'api', handler: { kind: 'tcp', port: 5433 } }],
      [{ namespace: 'shop', pod: 'api-1', container: 'api', handler: { kind: 'exec', command: ['cat', '/tmp/ready'] } }],
      [{ namespace: 'shop', pod: 'api-1', container: 'api', handler: { kind: 'exec', command: [] } }],
    ],
  },
  progressDeadlineExceeded: {
    message: [
      [{ name: 'api', namespace: 'shop', deadline: 600, condition: { kind: 'timed-out', replicaSet: 'api-7d9f' }, why: { kind: 'create' } }],
      [{ name: 'api', namespace: 'shop', deadline: 600, condition: { kind: 'message', message: 'something else happened' }, why: { kind: 'not-ready', notReady: 4, active: 5, pods: [{ name: 'api-7d9f-x2k', state: { kind: 'waiting', reason: 'CrashLoopBackOff' } }, { name: 'api-7d9f-a', state: { kind: 'terminating' } }, { name: 'api-7d9f-b', state: { kind: 'unschedulable', gated: true } }, { name: 'api-7d9f-c', state: { kind: 'unschedulable', gated: false } }, { name: 'api-7d9f-d', state: { kind: 'not-ready' } }, { name: 'api-7d9f-e', state: { kind: 'phase', phase: 'Pending' } }, { name: 'api-7d9f-f', state: { kind: 'phase', phase: '' } }], more: true } }],
      [{ name: 'api', namespace: 'shop', deadline: 600, condition: { kind: 'none' }, why: { kind: 'not-in-input', updated: 3, want: 3, available: 0 } }],
    ],
    fix: [[{ name: 'api', namespace: 'shop' }], [{ name: 'api', namespace: 'shop', diagnose: { kind: 'pod', pod: 'api-7d9f-x2k' } }], [{ name: 'api', namespace: 'shop', diagnose: { kind: 'deployment' } }]],
  },
  serviceSelectsNothing: {
    message: [
      [{ service: 'web', selector: 'app.kubernetes.io/name=web', namespace: 'shop', labels: 1, found: { kind: 'near', have: 'app=web', pods: 4, names: ['web-1', 'web-2', 'web-3'], more: true } }],
      [{ service: 'billing', selector: 'app=billing', namespace: 'shop', labels: 1, found: { kind: 'carry', shown: [{ labels: 'app=api', pods: 2 }, { labels: 'app=db', pods: 1 }], more: false }, created: '20s' }],
      [{ service: 'billing', selector: 'app=billing,tier=x', namespace: 'shop', labels: 2, found: { kind: 'no-key', keys: ['app', 'tier'] } }],
    ],
    fix: [[{ service: 'web', selector: 'app=web', namespace: 'shop', patch: '{"spec":{"selector":{"app":"web"}}}' }], [{ service: 'web', selector: 'app=web', namespace: 'shop' }]],
  },
  // end readiness (zh-b)
  // kubelet stage (src/rules/messages/kubelet.ts)
  replacement: [[{}], [{ owner: { kind: 'ReplicaSet', name: 'api-7d9f' } }], [{ owner: { kind: 'DaemonSet', name: 'agent' } }], [{ owner: { kind: 'Job', name: 'report' } }], [{ owner: { kind: 'CronJob', name: 'nightly' } }]],
  notReadyCause: [[{ cause: 'network' }], [{ cause: 'runtime' }], [{ cause: 'pleg' }], [{ cause: 'capacity' }], [{ cause: 'shutdown' }], [{ cause: 'other' }]],
  noExecuteFate: [
    [{ kind: 'never', taint: 'node.kubernetes.io/unreachable:NoExecute' }],
    [{ kind: 'now', taint: 'node.kubernetes.io/not-ready:NoExecute' }],
    [{ kind: 'at', taint: 'node.kubernetes.io/unreachable:NoExecute', seconds: 300, in: '3m20s', owned: true }],
    [{ kind: 'at', taint: 'node.kubernetes.io/unreachable:NoExecute', seconds: 60, in: '30s', owned: false }],
    [{ kind: 'at', taint: 'node.kubernetes.io/unreachable:NoExecute', seconds: 300, overdue: '2m', owned: true }],
    [{ kind: 'at', taint: 'node.kubernetes.io/unreachable:NoExecute', seconds: 300, owned: true }],
  ],
  admissionRejected: {
    message: [[{ reason: 'OutOfcpu', what: '節點「node-1」上的 cpu 不足', replacement: 'Failed 的 Pod 不會重新啟動。' }]],
    what: [
      [{ node: 'node-1', rejection: { kind: 'not-enough', resource: 'cpu', requested: '500m', used: '3800m', allocatable: '4', free: '200m', extended: false } }],
      [{ node: '', rejection: { kind: 'other', reason: 'UnknownReason' } }],
      [{ node: 'node-1', rejection: { kind: 'NodeAffinity' } }],
      [{ node: 'node-1', rejection: { kind: 'os' } }],
    ],
    why: [
      [{ rejection: { kind: 'not-enough', resource: 'nvidia.com/gpu', requested: '1', used: '1', allocatable: '1', free: '0', extended: true } }],
      [{ rejection: { kind: 'not-enough', resource: 'cpu', requested: '500m', used: '3800m', allocatable: '4', free: '200m', extended: false } }],
      [{ rejection: { kind: 'TaintToleration' } }],
      [{ rejection: { kind: 'feature' } }],
      [{ rejection: { kind: 'other', reason: '' } }],
    ],
    fix: [
      [{ node: 'node-1', pod: 'api-1', namespace: 'shop', rejection: { kind: 'not-enough', resource: 'cpu', requested: '500m', used: '3800m', allocatable: '4', free: '200m', extended: false } }],
      [{ node: 'node-1', pod: 'api-1', namespace: 'shop', rejection: { kind: 'not-enough', resource: 'nvidia.com/gpu', requested: '1', used: '1', allocatable: '1', free: '0', extended: true } }],
      ...(['NodeAffinity', 'TaintToleration', 'NodePorts', 'UnexpectedAdmissionError', 'TopologyAffinityError', 'SMTAlignmentError', 'NodeShutdown', 'VolumeAttachmentLimitExceeded', 'os', 'InitContainerRestartPolicyForbidden', 'AppArmor', 'feature'] as const).map(
        (kind) => [{ node: 'node-1', pod: 'api-1', namespace: 'shop', rejection: { kind } }] as [{ node: string; pod: string; namespace: string; rejection: { kind: typeof kind } }],
      ),
      [{ node: '', pod: 'api-1', namespace: 'shop', rejection: { kind: 'other', reason: 'UnknownReason' } }],
    ],
    likely: [[{ why: '節點層級的准入檢查失敗' }]],
    deleteRejected: [[{ pod: 'api-1', namespace: 'shop' }]],
  },
  configError: {
    appeared: [[{ container: app, object: { kind: 'ConfigMap', name: 'app-cfg' }, references: [{ kind: 'env', variable: 'DB_URL', key: 'db_url' }] }], [{ container: init, object: { kind: 'Secret', name: 'db' }, references: [] }]],
    missing: [[{ container: app, object: { kind: 'Secret', name: 'db' }, namespace: 'shop', references: [{ kind: 'envFrom', ref: 'secretRef' }, { kind: 'env', variable: 'PW', key: 'password' }] }]],
    missingFix: [[{ object: { kind: 'ConfigMap', name: 'app-cfg' }, namespace: 'shop' }], [{ object: { kind: 'Secret', name: 'db' }, namespace: 'shop' }]],
    keyAppeared: [[{ container: app, object: { kind: 'ConfigMap', name: 'app-cfg' }, key: 'db_url', references: [{ kind: 'env', variable: 'DB_URL' }] }]],
    keyMissing: [
      [{ container: app, object: { kind: 'ConfigMap', name: 'app-cfg' }, key: 'db_url', references: [{ kind: 'env', variable: 'DB_URL' }], keys: ['DB_URL', 'db-url'], exists: true }],
      [{ container: app, object: { kind: 'ConfigMap', name: 'app-cfg' }, key: 'db_url', references: [], keys: [], exists: true }],
      [{ container: app, object: { kind: 'Secret', name: 'db' }, key: 'password', references: [], exists: true }],
      [{ container: app, object: { kind: 'Secret', name: 'db' }, key: 'password', references: [], exists: false }],
    ],
    keyMissingFix: [[{ object: { kind: 'ConfigMap', name: 'app-cfg' }, namespace: 'shop', references: [{ kind: 'env', variable: 'DB_URL' }] }], [{ object: { kind: 'Secret', name: 'db' }, namespace: 'shop', references: [] }]],
    watch: [[{ pod: 'api-1', namespace: 'shop' }]],
    recreate: [[{ pod: 'api-1', namespace: 'shop' }]],
    nonNumericUser: [[{ container: app, user: 'app' }]],
    nonNumericUserFix: [[{ container: app }]],
    imageRoot: [[{ container: app }]],
    imageRootFix: [[{ container: app }]],
    rootUser: [[{ container: app }]],
    rootUserFix: [[{ container: app }]],
    noVolume: [[{ container: app, volume: 'data' }]],
    noVolumeFix: [[{ container: app, volume: 'data', pod: 'api-1', namespace: 'shop' }]],
    subPath: [[{ container: app, volume: 'data' }]],
    subPathFix: [[{ node: 'node-1' }], [{ node: '' }]],
    cacheSync: [[{ container: app, fresh: true }], [{ container: app, fresh: false }]],
    cacheSyncFix: [[{ node: 'node-1', pod: 'api-1', namespace: 'shop' }], [{ node: '', pod: 'api-1', namespace: 'shop' }]],
    runtimeClass: [[{ container: app, runtimeClass: 'gvisor' }]],
    runtimeClassFix: [[]],
    other: [[{ container: app, text: 'some new kubelet error' }], [{ container: app, text: '' }]],
    otherFix: [[{ pod: 'api-1', namespace: 'shop' }]],
  },
  deadlineExceeded: {
    message: [[{ seconds: 600, age: '10m', replacement: 'Failed 的 Pod 不會重新啟動。' }], [{ replacement: 'Failed 的 Pod 不會重新啟動。' }]],
    fix: [[{ pod: 'report-1', namespace: 'shop' }]],
  },
  evicted: {
    message: [[{ resource: 'memory', parts: ['節點「node-1」的 memory 不足'], replacement: 'Failed 的 Pod 不會重新啟動。' }], [{ resource: '', parts: ['沒有記錄原因'], replacement: 'Failed 的 Pod 不會重新啟動。' }]],
    part: [
      [{ kind: 'low', node: 'node-1', resource: 'memory', threshold: { quantity: '100Mi', available: '80Mi' } }],
      [{ kind: 'low', node: '', resource: 'ephemeral-storage' }],
      [{ kind: 'container-use', container: 'app', use: '3Gi', resource: 'ephemeral-storage', request: '0' }],
      [{ kind: 'pod-use', use: '3Gi', request: '1Gi' }],
      [{ kind: 'container-storage', container: 'app', limit: '1Gi' }],
      [{ kind: 'pod-storage', limit: '2Gi' }],
      [{ kind: 'empty-dir', volume: 'cache', limit: '500Mi' }],
      [{ kind: 'had-condition', node: 'node-1', conditions: ['DiskPressure', 'MemoryPressure'] }],
      [{ kind: 'quoted', message: 'Pod was evicted for a reason kdiag does not know' }],
      [{ kind: 'none' }],
    ],
    pressureFix: [[{ resource: 'memory', namespace: 'shop' }], [{ resource: 'ephemeral-storage', namespace: 'shop' }], [{ resource: 'inodes', namespace: 'shop' }], [{ resource: 'pids', namespace: 'shop' }], [{ resource: 'nvidia.com/gpu', namespace: 'shop' }]],
    setRequest: [[{ ref: 'deploy/api', namespace: 'shop', container: 'app', resource: 'memory', amount: '1.4Gi' }]],
    containerStorageFix: [[{ container: 'app' }]],
    podStorageFix: [[]],
    emptyDirFix: [[{ volume: 'cache' }]],
    relieveNode: [[{ node: 'node-1', disk: true }], [{ node: '', disk: false }]],
    describeNode: [[{ node: 'node-1' }]],
    deleteEvicted: [[{ pod: 'api-1', namespace: 'shop' }]],
  },
  nodeLost: {
    message: [[{ node: 'node-1', ready: false }], [{ node: 'node-1', ready: true }], [{ ready: false }]],
    fix: [[{ node: 'node-1', pod: 'api-1', namespace: 'shop', ready: false }], [{ pod: 'api-1', namespace: 'shop', ready: true }]],
  },
  nodeMissing: {
    message: [[{ node: 'node-9' }]],
    fix: [[{ node: 'node-9', pod: 'api-1', namespace: 'shop', owner: { kind: 'ReplicaSet', name: 'api-7d9f' }, scheduled: true }], [{ node: 'node-9', pod: 'api-1', namespace: 'shop', scheduled: false }]],
  },
  nodeNotReady: {
    neverUpdated: [[{ node: 'node-1' }]],
    unreachable: [[{ node: 'node-1', at: '2026-11-30T10:00:00Z', ago: '5m' }], [{ node: 'node-1' }]],
    networkOnly: [[{ node: 'node-1' }]],
    notReady: [[{ node: 'node-1', reason: 'KubeletNotReady', causes: ['Container Runtime 停止運作或沒有回應 kubelet', 'kubelet 回報它尚未就緒'] }]],
    staleReady: [[{ at: '2026-11-30T10:00:00Z' }], [{}]],
    describeNode: [[{ node: 'node-1' }]],
    unreachableFix: [[{ node: 'node-1' }]],
    causeFix: [[{ node: 'node-1', cause: 'network' }], [{ node: 'node-1', cause: 'runtime' }], [{ node: 'node-1', cause: 'pleg' }], [{ node: 'node-1', cause: 'capacity' }], [{ node: 'node-1', cause: 'shutdown' }], [{ node: 'node-1', cause: 'other' }]],
    watch: [[{ node: 'node-1' }]],
  },
  nodeShutdown: {
    message: [[{ node: 'node-1', replacement: 'Failed 的 Pod 不會重新啟動。' }], [{ node: '', replacement: 'Failed 的 Pod 不會重新啟動。' }]],
    fix: [[{ pod: 'api-1', namespace: 'shop', owner: { kind: 'ReplicaSet', name: 'api-7d9f' } }], [{ pod: 'api-1', namespace: 'shop' }]],
  },
  nodeStatusStale: {
    untrusted: [[{ node: 'node-1', at: '2026-11-30T10:00:00Z', age: '12m', allow: '8m30s' }]],
    untrustedFix: [[{ node: 'node-1' }]],
    message: [[{ node: 'node-1', at: '2026-11-30T10:00:00Z', ago: '12m', allow: '8m30s' }]],
    fix: [[{ node: 'node-1' }]],
  },
  notStartedLong: {
    message: [[{ node: 'node-1', age: '15m', nodeSeen: true, trace: '沒有警告事件說明原因。' }], [{ node: 'node-1', age: '15m', nodeSeen: false, trace: '' }]],
    fix: [[{ node: 'node-1' }]],
  },
  preempted: {
    byKubelet: [[{ node: 'node-1', replacement: 'Failed 的 Pod 不會重新啟動。' }], [{ node: '', replacement: '' }]],
    byKubeletFix: [[{ node: 'node-1', pod: 'api-1', namespace: 'shop' }]],
    byScheduler: [[{ preemptor: { uid: '1234-abcd', node: 'node-1' }, owner: { kind: 'ReplicaSet', name: 'api-7d9f' } }], [{}]],
    bySchedulerFix: [[{ pod: 'api-1', namespace: 'shop' }]],
  },
  stuckTerminating: {
    finalizers: [[{ finalizers: ['example.com/backup-hook', 'kubernetes'] }], [{ finalizers: [] }]],
    caution: [[{ statefulSet: 'db' }], [{}]],
    nodeDown: [[{ overdue: '6m40s', node: 'node-1', state: 'gone', finalizers: '' }], [{ overdue: '6m40s', node: 'node-1', state: 'unknown', finalizers: '它也還有 finalizer「kubernetes」。' }], [{ overdue: '1m', node: 'node-1', state: 'not-ready', finalizers: '' }]],
    nodeGoneFix: [[{ force: 'kubectl delete pod api-1 -n shop --grace-period=0 --force' }]],
    nodeDownFix: [[{ node: 'node-1', force: 'kubectl delete pod api-1 -n shop --grace-period=0 --force', caution: '注意：容器可能仍在那台機器上執行。' }]],
    running: [[{ overdue: '6m40s', node: 'node-1', containers: [app], finalizers: '' }], [{ overdue: '6m40s', node: 'node-1', containers: [app, init], finalizers: '' }], [{ overdue: '6m40s', node: 'node-1', containers: [], finalizers: '' }]],
    runningFix: [[{ node: 'node-1', force: 'kubectl delete pod api-1 -n shop --grace-period=0 --force', caution: '注意：容器可能仍在那台機器上執行。' }], [{ node: '', force: 'kubectl delete pod api-1 -n shop --grace-period=0 --force', caution: '' }]],
    waitingFinalizers: [[{ overdue: '6m40s', finalizers: ['example.com/backup-hook'] }]],
    waitingFinalizersFix: [[{ pod: 'api-1', namespace: 'shop' }]],
    teardown: [[{ overdue: '6m40s', node: 'node-1' }], [{ overdue: '6m40s', node: '' }]],
    teardownFix: [[{ node: 'node-1', uid: '1234-abcd', force: 'kubectl delete pod api-1 -n shop --grace-period=0 --force', caution: '注意：容器可能仍在那台機器上執行。' }]],
    sandboxFailed: [[{ overdue: '23h', node: 'node-1', cni: 'failed to destroy network for sandbox "3bb4": plugin type="multus" failed (delete): no such file or directory', finalizers: '' }], [{ overdue: '6m40s', node: '', finalizers: '' }]],
    sandboxFailedFix: [[{ node: 'node-1', force: 'kubectl delete pod api-1 -n shop --grace-period=0 --force', caution: '' }], [{ node: '', force: 'kubectl delete pod api-1 -n shop --grace-period=0 --force', caution: '' }]],
    unmountFailed: [[{ overdue: '2h', node: 'node-1', volume: 'data', error: 'Unmount failed: exit status 32\nUnmounting arguments: /var/lib/kubelet/pods/8f1c/volumes/kubernetes.io~nfs/data\nOutput: umount: /var/lib/kubelet/pods/8f1c/volumes/kubernetes.io~nfs/data: target is busy.', busy: true, finalizers: '' }], [{ overdue: '6m', node: '', error: 'rpc error: code = Unavailable desc = connection refused', busy: false, finalizers: '' }]],
    unmountFailedFix: [[{ node: 'node-1', uid: '8f1c', busy: true, force: 'kubectl delete pod api-1 -n shop --grace-period=0 --force', caution: '' }], [{ node: '', uid: '8f1c', busy: false, force: 'kubectl delete pod api-1 -n shop --grace-period=0 --force', caution: '' }]],
  },
  // scheduling stage (src/rules/messages/scheduling.ts)
  schedulingTail: [
    [{ clause: { kind: 'scale-up', ago: '2m', detail: 'group ng-1 size 1->2 (max: 5)' } }],
    [{ clause: { kind: 'scale-up-late' } }],
    [{ clause: { kind: 'no-scale-up', why: '1 max node group size reached' } }],
    [{ clause: { kind: 'no-scale-up' } }],
    [{ clause: { kind: 'scale-up-failed', message: 'failed to increase node group size' } }],
    [{ clause: { kind: 'preempting', node: 'node-1' } }],
    [{ clause: { kind: 'preempting' } }],
    [{ clause: { kind: 'autoscaled', age: '30s' } }],
    [{ clause: { kind: 'fresh', age: '30s' }, preemption: { verdict: 'not-helpful' } }],
    [{ clause: { kind: 'for', age: '5m' }, preemption: { verdict: 'mixed', notHelpful: 1, noVictims: 2 } }],
    [{ clause: { kind: 'none' }, preemption: { verdict: 'no-victims' } }],
    [{ clause: { kind: 'none' }, preemption: { verdict: 'not-eligible' } }],
    [{ clause: { kind: 'none' }, preemption: { verdict: 'no-candidate' } }],
    [{ clause: { kind: 'none' }, preemption: { verdict: 'in-progress' } }],
    [{ clause: { kind: 'none' } }],
  ],
  nodes: [[{ count: 2, total: 3 }], [{ count: 1 }]],
  podTemplate: [[{ ref: 'deploy/api', namespace: 'shop' }], [{ namespace: 'shop' }]],
  noNodes: {
    message: [[{ tail: '', nodes: 0 }], [{ tail: '', nodes: 2 }], [{ tail: '', nodes: 1, notReady: { count: 1, first: 'node-1', why: 'unknown' } }], [{ tail: '', nodes: 2, notReady: { count: 2, first: 'node-1', why: ['Container Runtime 停止運作或沒有回應 kubelet'] } }]],
    fix: [[]],
  },
  notScheduledLong: {
    message: [
      [{ age: '15m', condition: '0/3 nodes are available: 3 Insufficient cpu.', decided: true, scheduler: 'default-scheduler', trace: '' }],
      [{ age: '15m', decided: true, scheduler: 'default-scheduler', trace: '' }],
      [{ age: '15m', decided: false, scheduler: 'my-scheduler', trace: '沒有警告事件說明原因。' }],
    ],
    fix: [[{ scheduler: 'default-scheduler', pod: 'api-1', namespace: 'shop' }], [{ scheduler: 'my-scheduler', pod: 'api-1', namespace: 'shop' }]],
  },
  pvcNotFound: {
    message: [[{ claim: 'data', volume: 'data', namespace: 'shop', existsNow: false, tail: '' }], [{ claim: 'data', namespace: 'shop', existsNow: true, tail: '' }]],
    fix: [[{ claim: 'data', volume: 'data', namespace: 'shop', statefulSet: 'db' }], [{ claim: 'data', namespace: 'shop' }]],
  },
  schedulingGated: {
    message: [[{ gates: ['example.com/quota'], age: '2m' }], [{ gates: ['a.example.com/x', 'b.example.com/y'], age: '20m', long: '10m' }], [{ gates: [] }]],
    fix: [[{ pod: 'api-1', namespace: 'shop' }]],
  },
  tooManyPods: {
    message: [[{ nodes: '1/1 個節點', limits: [{ node: 'node-1', allows: '110', runs: 110 }], tail: '' }], [{ nodes: '1 個節點', limits: [], tail: '' }]],
    fix: [[]],
  },
  unschedulableNodes: {
    message: [[{ cordoned: { nodes: '1/1 個節點', count: 1, names: ['node-1'] }, tail: '' }], [{ cordoned: { nodes: '2/3 個節點', count: 2, names: [] }, unknown: { nodes: '1/3 個節點', count: 1 }, tail: '' }]],
    fix: [[{ cordoned: ['node-1'], unknown: false }], [{ cordoned: [], unknown: true }]],
  },
  hostPortConflict: {
    message: [
      [{ ports: [{ port: 8080, protocol: 'TCP', container: 'api' }], nodes: '3/3 個節點', holders: [{ pod: 'shop/api-old', node: 'node-1' }], surplus: { replicas: 4, nodes: 3 }, tail: '' }],
      [{ ports: [], nodes: '1 個節點', holders: [], tail: '' }],
    ],
    fix: [[{ port: 8080, template: 'deploy/api 的 Pod 範本（kubectl edit deploy/api -n shop）' }], [{ template: 'Pod spec（之後重新建立 Pod）' }]],
  },
  topologySpread: {
    message: [
      [{ missing: true, nodes: '2/3 個節點', constraints: [{ maxSkew: 1, key: 'topology.kubernetes.io/zone', selector: { kind: 'expr', text: 'app=api' }, minDomains: 3 }, { maxSkew: 2, key: 'kubernetes.io/hostname', selector: { kind: 'all' } }], lacking: [{ node: 'node-1', key: 'topology.kubernetes.io/zone' }], tail: '' }],
      [{ missing: false, nodes: '3/3 個節點', constraints: [{ maxSkew: 1, key: 'kubernetes.io/hostname', selector: { kind: 'expr', text: 'app=api' } }, { maxSkew: 1, key: 'kubernetes.io/hostname', selector: { kind: 'none' } }], lacking: [], tail: '' }],
      [{ missing: false, nodes: '3 個節點', constraints: [], lacking: [], tail: '' }],
    ],
    fix: [[{ missing: true, keys: ['topology.kubernetes.io/zone'], namespace: 'shop', selector: 'app=api', template: 'Pod spec（之後重新建立 Pod）' }], [{ missing: false, keys: [], namespace: 'shop', template: 'Pod spec（之後重新建立 Pod）' }], [{ missing: true, keys: [], namespace: 'shop', template: 'Pod spec（之後重新建立 Pod）' }]],
  },
  insufficientResources: {
    message: [
      [{ neverFits: true, parts: [{ resource: 'cpu', nodes: '2/3 個節點', requests: '6 cpu', fit: { kind: 'too-small', allocatable: '4 cpu', node: 'node-1' } }], tail: '' }],
      [{ neverFits: true, parts: [{ resource: 'nvidia.com/gpu', nodes: '3/3 個節點', requests: '1 nvidia.com/gpu', fit: { kind: 'not-advertised' } }], tail: '' }],
      [{ neverFits: false, parts: [{ resource: 'memory', nodes: '3/3 個節點', requests: '6Gi memory', fit: { kind: 'roomiest', node: 'node-2', free: '2Gi memory', allocatable: '8Gi memory' } }, { resource: 'cpu', nodes: '1 個節點', fit: { kind: 'largest', allocatable: '4 cpu', node: 'node-1' } }], tail: '' }],
      [{ neverFits: false, parts: [{ resource: 'cpu', nodes: '1 個節點' }], tail: '' }],
    ],
    fix: [
      [{ neverFits: true, template: 'Pod spec（之後重新建立 Pod）', pod: 'api-1', namespace: 'shop', resources: ['cpu'], unknownFree: false }],
      [{ neverFits: true, workload: 'deploy/api', template: 'deploy/api 的 Pod 範本（kubectl edit deploy/api -n shop）', pod: 'api-1', namespace: 'shop', resources: ['cpu', 'memory'], unknownFree: true }],
      [{ neverFits: false, workload: 'deploy/api', template: 'deploy/api 的 Pod 範本（kubectl edit deploy/api -n shop）', pod: 'api-1', namespace: 'shop', resources: ['cpu'], unknownFree: true }],
    ],
  },
  nodeSelectorMismatch: {
    message: [
      [{ selector: 'disktype=ssd', terms: [], nodes: '3/3 個節點', mismatches: [{ node: 'node-1', kind: 'no-label', key: 'disktype' }, { node: 'node-2', kind: 'label', label: 'disktype=hdd' }], more: 2, matching: ['node-3'], tail: '' }],
      [{ terms: [['disktype=ssd', 'topology.kubernetes.io/zone In [a, b]'], ['gpu Exists'], []], nodes: '2/2 個節點', mismatches: [{ node: 'node-1', kind: 'no-term', labels: [{ key: 'disktype', value: 'hdd' }, { key: 'gpu' }] }, { node: 'node-2', kind: 'no-term', labels: [] }], more: 0, matching: [], tail: '' }],
      [{ selector: 'disktype=ssd', terms: [['metadata.name In [gone-node]']], nodes: '2/3 個節點', pinnedGone: 'gone-node', mismatches: [], more: 0, matching: [], tail: '' }],
      [{ terms: [], nodes: '1 個節點', mismatches: [], more: 0, matching: [], tail: '' }],
    ],
    fix: [[{ keys: ['disktype'], first: { key: 'disktype', value: 'ssd' }, template: 'deploy/api 的 Pod 範本（kubectl edit deploy/api -n shop）' }], [{ keys: [], template: 'Pod spec（之後重新建立 Pod）' }]],
  },
  podAffinity: {
    message: [
      [{ parts: [{ kind: 'affinity', nodes: '3/3 個節點', terms: [{ selector: { kind: 'expr', text: 'app=db' }, key: 'kubernetes.io/hostname' }], unmatched: [{ kind: 'expr', text: 'app=db' }] }], tail: '' }],
      [{ parts: [{ kind: 'anti-affinity', nodes: '3/3 個節點', terms: [{ selector: { kind: 'expr', text: 'app=api' }, key: 'kubernetes.io/hostname' }, { selector: { kind: 'all' }, key: 'topology.kubernetes.io/zone' }], surplus: { replicas: 4, nodes: 3 } }], tail: '' }],
      [{ parts: [{ kind: 'existing', nodes: '1/3 個節點', blockers: [{ pod: 'shop/db-0', node: 'node-1' }, { pod: 'shop/db-1', node: 'node-2' }] }, { kind: 'affinity', nodes: '2/3 個節點', terms: [], unmatched: [] }, { kind: 'anti-affinity', nodes: '2/3 個節點', terms: [{ selector: { kind: 'none' }, key: '?' }] }], tail: '' }],
      [{ parts: [{ kind: 'existing', nodes: '1 個節點', blockers: [] }], tail: '' }],
    ],
    fix: [[{ pod: 'api-1', namespace: 'shop', template: 'Pod spec（之後重新建立 Pod）' }]],
  },
  unboundPvc: {
    message: [
      [{ what: { kind: 'problems', problems: [
        { claim: 'data', problem: { kind: 'missing', volume: 'data' } },
        { claim: 'logs', problem: { kind: 'unknown' } },
        { claim: 'old', problem: { kind: 'lost', volume: 'pvc-1234' } },
        { claim: 'gone', problem: { kind: 'deleting' } },
        { claim: 'wait', problem: { kind: 'pending', phase: 'Pending', className: 'standard' } },
        { claim: 'wait2', problem: { kind: 'pending', phase: 'Pending' } },
      ] }, tail: '' }],
      [{ what: { kind: 'problems', problems: [
        { claim: 'a', problem: { kind: 'no-class', className: 'fast' } },
        { claim: 'b', problem: { kind: 'provisioning-failed', error: 'rpc error: code = ResourceExhausted desc = quota exceeded', provisioner: 'ebs.csi.aws.com' } },
        { claim: 'c', problem: { kind: 'mismatch', error: 'Cannot bind to requested volume "pv-1": requested PV is too small' } },
        { claim: 'd', problem: { kind: 'static' } },
        { claim: 'e', problem: { kind: 'no-default' } },
        { claim: 'f', problem: { kind: 'external', provisioner: 'ebs.csi.aws.com' } },
        { claim: 'g', problem: { kind: 'external', provisioner: '' } },
        { claim: 'h', problem: { kind: 'no-provisioner', className: 'local-storage' } },
      ] }, tail: '' }],
      [{ what: { kind: 'ephemeral', claim: 'api-1-scratch' }, tail: '' }],
      [{ what: { kind: 'capacity' }, tail: '' }],
      [{ what: { kind: 'unbound', claims: ['data', 'logs'] }, tail: '' }],
      [{ what: { kind: 'unbound', claims: [] }, tail: '' }],
    ],
    fix: [
      [{ problems: [
        { claim: 'data', problem: { kind: 'missing', volume: 'data' } },
        { claim: 'logs', problem: { kind: 'unknown' } },
        { claim: 'old', problem: { kind: 'lost', volume: 'pvc-1234' } },
        { claim: 'gone', problem: { kind: 'deleting' } },
        { claim: 'wait', problem: { kind: 'pending', phase: 'Pending' } },
        { claim: 'a', problem: { kind: 'no-class', className: 'fast' } },
        { claim: 'b', problem: { kind: 'provisioning-failed', error: 'quota exceeded', provisioner: 'ebs.csi.aws.com' } },
        { claim: 'b2', problem: { kind: 'provisioning-failed', error: 'quota exceeded', provisioner: '' } },
        { claim: 'c', problem: { kind: 'mismatch', error: 'requested PV is too small' } },
        { claim: 'd', problem: { kind: 'static' } },
        { claim: 'e', problem: { kind: 'no-default' } },
        { claim: 'f', problem: { kind: 'external', provisioner: 'ebs.csi.aws.com' } },
        { claim: 'h', problem: { kind: 'no-provisioner', className: 'local-storage' } },
      ], namespace: 'shop', claims: ['data'] }],
      [{ problems: [], namespace: 'shop', claims: ['data', 'logs'] }],
      [{ problems: [], namespace: 'shop', claims: [] }],
    ],
  },
  untoleratedTaint: {
    message: [
      [{ nodes: '3/3 個節點', named: { kind: 'nodes', taints: [{ taint: 'dedicated=gpu:NoSchedule', nodes: ['node-1', 'node-2'] }, { taint: 'node-role.kubernetes.io/control-plane:NoSchedule', nodes: ['cp-1'], meaning: 'control-plane' }, { taint: 'node.kubernetes.io/not-ready:NoSchedule', nodes: ['node-3'], meaning: 'not-ready' }] }, tail: '' }],
      [{ nodes: '2/2 個節點', named: { kind: 'message', taints: [{ key: 'dedicated', value: 'gpu', count: 1 }, { key: 'node.kubernetes.io/unreachable', value: '', count: 2, meaning: 'unreachable' }] }, tail: '' }],
      [{ nodes: '1 個節點', named: { kind: 'not-found' }, tail: '' }],
      [{ nodes: '1 個節點', named: { kind: 'no-nodes' }, tail: '' }],
    ],
    fix: [
      [{ custom: [{ taint: 'dedicated=gpu:NoSchedule', toleration: 'tolerations: [{key: "dedicated", operator: "Equal", value: "gpu", effect: "NoSchedule"}]' }], template: 'deploy/api 的 Pod 範本（kubectl edit deploy/api -n shop）', mistakes: [{ node: 'node-1', taint: 'dedicated=gpu:NoSchedule' }], health: [], none: false }],
      [{ custom: [], template: 'Pod spec（之後重新建立 Pod）', mistakes: [], health: [
        { taint: 'node.kubernetes.io/not-ready:NoSchedule', meaning: 'not-ready' },
        { taint: 'node.kubernetes.io/unreachable:NoSchedule', meaning: 'unreachable' },
        { taint: 'node.kubernetes.io/memory-pressure:NoSchedule', meaning: 'memory-pressure' },
        { taint: 'node.kubernetes.io/disk-pressure:NoSchedule', meaning: 'disk-pressure' },
        { taint: 'node.kubernetes.io/pid-pressure:NoSchedule', meaning: 'pid-pressure' },
        { taint: 'node.kubernetes.io/network-unavailable:NoSchedule', meaning: 'network-unavailable' },
        { taint: 'node.kubernetes.io/unschedulable:NoSchedule', meaning: 'unschedulable' },
        { taint: 'node.kubernetes.io/out-of-service:NoExecute', meaning: 'out-of-service' },
        { taint: 'node.cloudprovider.kubernetes.io/uninitialized:NoSchedule', meaning: 'uninitialized' },
        { taint: 'node.cloudprovider.kubernetes.io/shutdown:NoSchedule', meaning: 'shutdown' },
      ], none: false }],
      [{ custom: [], template: 'Pod spec（之後重新建立 Pod）', mistakes: [], health: [], none: true }],
    ],
  },
  volumeNodeAffinity: {
    message: [
      [{ nodes: '3/3 個節點', pinned: [{ pv: 'pvc-1234', claim: 'data', terms: [['topology.kubernetes.io/zone=us-east-1a']], allowed: ['node-1'] }], blocked: [{ node: 'node-1', taint: 'dedicated=db:NoSchedule' }], tail: '' }],
      [{ nodes: '3/3 個節點', pinned: [{ pv: 'local-pv', claim: 'data', terms: [['kubernetes.io/hostname In [gone-1, gone-2]', 'disk Exists'], []], allowed: [] }, { pv: 'pv-2', claim: 'logs', terms: [['zone=a']], allowed: ['node-1', 'node-2'] }], blocked: [], tail: '' }],
      [{ nodes: '1 個節點', pinned: [{ pv: 'pv-3', claim: 'data', terms: [['zone=a']] }], blocked: [], tail: '' }],
      [{ nodes: '1 個節點', pinned: [], blocked: [], tail: '' }],
    ],
    fix: [[{ pv: 'pvc-1234', namespace: 'shop' }], [{ namespace: 'shop' }]],
  },
  unschedulable: {
    message: [
      [{ tail: '', failed: { reason: 'SchedulerError', error: 'running PreBind plugin "VolumeBinding": binding volumes: context deadline exceeded' }, raw: '' }],
      [{ tail: '', reasons: [{ count: 2, text: 'node(s) exceed max volume count', category: 'volume-limits' }, { count: 1, text: 'node(s) had something new', category: 'other' }], raw: '' }],
      [{ tail: '', all: [{ count: 3, text: 'node(s) didn\'t satisfy plugin(s) [NodeAffinity]', category: 'prefilter-excluded' }], raw: '' }],
      [{ tail: '', all: [], raw: '0/3 nodes are available.' }],
    ],
    fix: [[{ pod: 'api-1', namespace: 'shop' }]],
  },
};
