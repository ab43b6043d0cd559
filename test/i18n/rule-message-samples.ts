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
    remediation: [[{ node: 'node-1', image: img, dns: true, host: 'registry.invalid', endpoint: 'registry.invalid:443', namespace: 'shop', pod: 'api-1' }], [{ node: '', image: img, dns: false, host: '127.0.0.1', endpoint: '127.0.0.1:5999', namespace: 'shop', pod: 'api-1' }]],
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
  },
  crashLoop: {
    message: [[{ container: app, mode: 'loop', exit: '以結束代碼 1 結束', terminationMessage: 'boom', restarts: '已重新啟動 5 次' }], [{ container: app, mode: 'first', exit: 'x', terminationMessage: '', restarts: '' }], [{ container: app, mode: 'again', exit: 'x', terminationMessage: '', restarts: '' }]],
    remediation: [[{ logs: 'kubectl logs -n shop api-1 -c api --previous', namespace: 'shop', pod: 'api-1' }]],
  },
};
