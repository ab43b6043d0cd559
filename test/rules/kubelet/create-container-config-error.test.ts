import rule from '../../../src/rules/kubelet/create-container-config-error.js';
import { at, conditions, containerStatus, event, IMAGE, obj, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';

// CreateContainerConfigError messages from k8s-messages.md §3.1 and §2.3 (event "Error: <msg>").
const ENV = [
  { name: 'DB_URL', valueFrom: { configMapKeyRef: { name: 'app-cfg', key: 'db_url' } } },
  { name: 'DB_PASSWORD', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } },
];
function configError(message: string, extra: Record<string, unknown> = {}) {
  return pod({
    spec: { containers: [{ name: 'app', image: IMAGE, env: ENV, envFrom: [{ configMapRef: { name: 'app-env' } }], ...extra }] },
    status: { phase: 'Pending', conditions: conditions({ sandbox: true }), containerStatuses: [containerStatus({ waiting: { reason: 'CreateContainerConfigError', message } })] },
  });
}
const missingCm = configError('configmap "app-cfg" not found');
const missingKey = configError("couldn't find key db_url in ConfigMap shop/app-cfg");
const missingSecretKey = configError("couldn't find key password in Secret shop/db");
const cacheSync = configError('failed to sync configmap cache: timed out waiting for the condition');
const cfg = (data: Record<string, string>) => obj('ConfigMap', 'app-cfg', { data });
const secret = (keys: string[]) => obj('Secret', 'db', { type: 'Opaque', data: Object.fromEntries(keys.map((k) => [k, 'eA=='])) });

runRuleTests(rule, {
  valid: [
    { name: 'ContainerCreating is not a config error', objects: [pod({ status: { phase: 'Pending', containerStatuses: [containerStatus()] } })] },
    { name: 'recovered: running now, old Failed event', objects: [pod({ status: { phase: 'Running', containerStatuses: [containerStatus({ running: { startedAt: at(-30) }, ready: true })] } }), event(missingCm, { reason: 'Failed', message: 'Error: configmap "app-cfg" not found', last: at(-60) })] },
    { name: 'CreateContainerError is the container stage\'s', objects: [pod({ status: { phase: 'Pending', containerStatuses: [containerStatus({ waiting: { reason: 'CreateContainerError', message: 'failed to reserve container name "app_api"' } })] } })] },
    { name: 'Pod being deleted', objects: [pod({ metadata: { deletionTimestamp: at(-5) }, status: missingCm.status })] },
  ],
  invalid: [
    {
      name: 'missing ConfigMap named, with the env var that references it',
      objects: [missingCm, obj('ConfigMap', 'other', {}), event(missingCm, { reason: 'Failed', message: 'Error: configmap "app-cfg" not found', count: 7, fieldPath: 'spec.containers{app}' })],
      expect: [{ severity: 'error', message: 'ConfigMap "app-cfg" does not exist in namespace shop (referenced by env var DB_URL (key db_url))', evidence: /Warning Failed ×7/, remediation: 'kubectl create configmap app-cfg -n shop' }],
    },
    { name: 'missing envFrom ConfigMap', objects: [configError('configmap "app-env" not found')], expect: [{ message: 'referenced by envFrom configMapRef' }] },
    { name: 'missing Secret', objects: [configError('secret "db" not found')], expect: [{ message: 'Secret "db" does not exist', remediation: 'kubectl create secret generic db -n shop' }] },
    { name: 'ConfigMap exists but lacks the key: keys listed', objects: [missingKey, cfg({ DB_URL: 'x', 'db-url': 'y' })], expect: [{ severity: 'error', message: /key "db_url" is missing from ConfigMap "app-cfg".*exists but lacks key "db_url"; keys present: DB_URL, db-url/ }] },
    { name: 'Secret lacks the key (only key names are kept)', objects: [missingSecretKey, secret(['username'])], expect: [{ message: 'keys present: username', evidence: 'secret/db keys: username' }] },
    { name: 'Secret read as metadata only: it exists, its keys are unknown (never "(none)")', objects: [missingSecretKey, obj('Secret', 'db', { type: 'Opaque' })], expect: [{ message: /exists; kdiag reads Secrets as metadata only, so its keys are unknown here \(the kubelet reports "password" missing\)\.$/ }] },
    { name: 'key exists now: the next retry should pass', objects: [missingKey, cfg({ db_url: 'postgres://' })], expect: [{ severity: 'warning', confidence: 'medium' }] },
    { name: 'ConfigMap created since', objects: [missingCm, cfg({ db_url: 'x' })], expect: [{ severity: 'warning', message: 'exists now' }] },
    { name: 'runAsNonRoot and a root image', objects: [configError('container has runAsNonRoot and image will run as root (pod: "api-7d9f-x2k_shop(1234)", container: app)')], expect: [{ message: 'runs as root (UID 0)', remediation: 'runAsUser' }] },
    { name: 'runAsNonRoot and a named user', objects: [configError('container has runAsNonRoot and image has non-numeric user (appuser), cannot verify user is non-root (pod: "api-7d9f-x2k_shop(1234)", container: app)')], expect: [{ message: 'user "appuser" is a name' }] },
    { name: 'runAsUser 0 with runAsNonRoot', objects: [configError('container\'s runAsUser breaks non-root policy (pod: "api-7d9f-x2k_shop(1234)", container: app)')], expect: [{ message: 'runAsUser: 0' }] },
    { name: 'volumeMount without a volume', objects: [configError('cannot find volume "data" to mount into container "app"')], expect: [{ message: 'volumeMount "data" names a volume the Pod does not define' }] },
    { name: 'subPath', objects: [configError('failed to prepare subPath for volumeMount "config" of container "app"')], expect: [{ message: 'subPath of volumeMount "config"' }] },
    {
      name: 'cache sync within grace is a warning',
      objects: [cacheSync, event(cacheSync, { reason: 'Failed', message: 'Error: failed to sync configmap cache: timed out waiting for the condition', first: at(-30), last: at(-5), fieldPath: 'spec.containers{app}' })],
      expect: [{ severity: 'warning', message: 'usually clears' }],
    },
    {
      name: 'cache sync for 5 minutes is an error',
      objects: [cacheSync, event(cacheSync, { reason: 'Failed', message: 'Error: failed to sync configmap cache: timed out waiting for the condition', first: at(-300), last: at(-5), count: 9, fieldPath: 'spec.containers{app}' })],
      expect: [{ severity: 'error', confidence: 'medium' }],
    },
    {
      name: 'an ephemeral debug container only warns',
      objects: [
        pod({
          spec: { ephemeralContainers: [{ name: 'debugger', image: IMAGE, envFrom: [{ secretRef: { name: 'debug-env' } }] }] },
          status: { phase: 'Running', conditions: conditions({ sandbox: true, ready: true }), containerStatuses: [containerStatus({ running: { startedAt: at(-300) }, ready: true })], ephemeralContainerStatuses: [containerStatus({ name: 'debugger', waiting: { reason: 'CreateContainerConfigError', message: 'secret "debug-env" not found' } })] },
        }),
      ],
      expect: [{ severity: 'warning', message: 'Ephemeral container "debugger" cannot start: Secret "debug-env" does not exist' }],
    },
    {
      name: 'init container, message only in the event (empty waiting message)',
      objects: [
        pod({
          spec: { initContainers: [{ name: 'migrate', image: IMAGE, env: ENV }] },
          status: { phase: 'Pending', initContainerStatuses: [containerStatus({ name: 'migrate', waiting: { reason: 'CreateContainerConfigError' } })], containerStatuses: [containerStatus({ waiting: { reason: 'PodInitializing' } })] },
        }),
      ].flatMap((p) => [p, event(p, { reason: 'Failed', message: 'Error: secret "db" not found', fieldPath: 'spec.initContainers{migrate}' })]),
      expect: [{ message: 'Init container "migrate" cannot start: Secret "db" does not exist in namespace shop (referenced by env var DB_PASSWORD (key password))' }],
    },
  ],
});
