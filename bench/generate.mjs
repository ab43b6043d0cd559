// Generates a `kubectl cluster-info dump --output-directory` tree with N realistic Pods (a mix of
// healthy, crash-looping, image-pull failures and unschedulable) and ~4 Events per Pod.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const T = Date.parse('2026-11-30T10:00:00Z');
const iso = (s) => new Date(T + s * 1000).toISOString().replace('.000Z', 'Z');

export function pod(ns, i) {
  const name = `app-${i}-7d9f5c6b8-${(i * 7919).toString(36).padStart(5, '0').slice(-5)}`;
  const uid = `${i.toString(16).padStart(8, '0')}-1c55-4d0e-8d9a-2f1d9b3c7a01`;
  const kind = i % 10;
  const image = `127.0.0.1:5000/shop/app-${i % 50}:1.${i % 7}.0`;
  const base = {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name, namespace: ns, uid, creationTimestamp: iso(-3600 - i), labels: { app: `app-${i % 50}`, 'pod-template-hash': '7d9f5c6b8' },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `app-${i % 50}-7d9f5c6b8`, uid: `rs-${i % 50}`, controller: true, blockOwnerDeletion: true }] },
    spec: { nodeName: kind === 9 ? undefined : `node-${i % 20}`, restartPolicy: 'Always', schedulerName: 'default-scheduler', serviceAccountName: 'default',
      containers: [{ name: 'app', image, imagePullPolicy: 'IfNotPresent', ports: [{ containerPort: 8080, name: 'http', protocol: 'TCP' }],
        env: [{ name: 'LOG_LEVEL', value: 'info' }, { name: 'DB_HOST', value: 'db.shop.svc' }],
        resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { memory: '256Mi' } },
        readinessProbe: { httpGet: { path: '/healthz', port: 8080, scheme: 'HTTP' }, periodSeconds: 10, failureThreshold: 3, timeoutSeconds: 1, successThreshold: 1 },
        volumeMounts: [{ mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', name: 'kube-api-access', readOnly: true }] }],
      volumes: [{ name: 'kube-api-access', projected: { defaultMode: 420, sources: [{ serviceAccountToken: { expirationSeconds: 3607, path: 'token' } }] } }],
      tolerations: [{ effect: 'NoExecute', key: 'node.kubernetes.io/not-ready', operator: 'Exists', tolerationSeconds: 300 }, { effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', operator: 'Exists', tolerationSeconds: 300 }] },
    status: { phase: 'Running', hostIP: `10.0.0.${i % 20}`, podIP: `10.244.${i % 250}.${i % 200}`, qosClass: 'Burstable', startTime: iso(-3600 - i) },
  };
  const cond = (ready) => [
    { type: 'PodReadyToStartContainers', status: 'True', lastProbeTime: null, lastTransitionTime: iso(-3590) },
    { type: 'Initialized', status: 'True', lastProbeTime: null, lastTransitionTime: iso(-3590) },
    { type: 'Ready', status: ready ? 'True' : 'False', lastProbeTime: null, lastTransitionTime: iso(-3500), ...(ready ? {} : { reason: 'ContainersNotReady', message: 'containers with unready status: [app]' }) },
    { type: 'ContainersReady', status: ready ? 'True' : 'False', lastProbeTime: null, lastTransitionTime: iso(-3500), ...(ready ? {} : { reason: 'ContainersNotReady', message: 'containers with unready status: [app]' }) },
    { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: iso(-3600) },
  ];
  const events = [];
  const ev = (reason, message, type, count, fieldPath) => events.push({
    apiVersion: 'v1', kind: 'Event', metadata: { name: `${name}.${(events.length + 1).toString(16)}${i.toString(16)}`, namespace: ns, creationTimestamp: iso(-3000) },
    involvedObject: { apiVersion: 'v1', kind: 'Pod', name, namespace: ns, uid, ...(fieldPath ? { fieldPath } : {}) },
    reason, message, type, count, firstTimestamp: iso(-3000), lastTimestamp: iso(-10), source: { component: reason === 'FailedScheduling' ? 'default-scheduler' : 'kubelet', host: `node-${i % 20}` },
    reportingComponent: 'kubelet', reportingInstance: `node-${i % 20}` });
  if (kind === 9) {
    base.status = { phase: 'Pending', qosClass: 'Burstable', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', lastProbeTime: null, lastTransitionTime: iso(-3600),
      message: '0/20 nodes are available: 20 Insufficient memory. no new claims to deallocate, preemption: 0/20 nodes are available: 20 No preemption victims found for incoming pod.' }] };
    for (let k = 0; k < 4; k++) ev('FailedScheduling', base.status.conditions[0].message, 'Warning', 12 + k, undefined);
    return { pod: base, events };
  }
  ev('Scheduled', `Successfully assigned ${ns}/${name} to node-${i % 20}`, 'Normal', 1);
  ev('Pulling', `Pulling image "${image}"`, 'Normal', 1, 'spec.containers{app}');
  if (kind === 7) {
    base.status.phase = 'Pending';
    base.status.conditions = cond(false);
    const err = `rpc error: code = NotFound desc = failed to pull and unpack image "${image}": failed to resolve reference "${image}": ${image}: not found`;
    base.status.containerStatuses = [{ name: 'app', image, imageID: '', ready: false, restartCount: 0, started: false, lastState: {}, state: { waiting: { reason: 'ImagePullBackOff', message: `Back-off pulling image "${image}": ErrImagePull: ${err}` } } }];
    ev('Failed', `Failed to pull image "${image}": ${err}`, 'Warning', 9, 'spec.containers{app}');
    ev('BackOff', `Back-off pulling image "${image}"`, 'Normal', 40, 'spec.containers{app}');
  } else if (kind === 8) {
    base.status.conditions = cond(false);
    base.status.containerStatuses = [{ name: 'app', image, imageID: `${image}@sha256:${'ab'.repeat(32)}`, ready: false, restartCount: 14, started: false,
      lastState: { terminated: { exitCode: 1, reason: 'Error', startedAt: iso(-80), finishedAt: iso(-75), containerID: `containerd://${'cd'.repeat(32)}` } },
      state: { waiting: { reason: 'CrashLoopBackOff', message: `back-off 5m0s restarting failed container=app pod=${name}_${ns}(${uid})` } } }];
    ev('Pulled', `Container image "${image}" already present on machine`, 'Normal', 14, 'spec.containers{app}');
    ev('BackOff', `Back-off restarting failed container app in pod ${name}_${ns}(${uid})`, 'Warning', 60, 'spec.containers{app}');
  } else {
    base.status.conditions = cond(true);
    base.status.containerStatuses = [{ name: 'app', image, imageID: `${image}@sha256:${'ef'.repeat(32)}`, ready: true, restartCount: 0, started: true, lastState: {}, state: { running: { startedAt: iso(-3580) } } }];
    ev('Pulled', `Successfully pulled image "${image}" in 1.2s (1.2s including waiting). Image size: 5242880 bytes.`, 'Normal', 1, 'spec.containers{app}');
    ev('Started', 'Started container app', 'Normal', 1, 'spec.containers{app}');
  }
  return { pod: base, events };
}

export function node(i) {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name: `node-${i}`, uid: `node-uid-${i}`, creationTimestamp: iso(-864000), labels: { 'kubernetes.io/hostname': `node-${i}`, 'kubernetes.io/os': 'linux' } },
    spec: {}, status: { allocatable: { cpu: '8', memory: '32Gi', pods: '110' }, capacity: { cpu: '8', memory: '32Gi', pods: '110' },
      conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status', lastHeartbeatTime: iso(0), lastTransitionTime: iso(-864000) }],
      nodeInfo: { kubeletVersion: 'v1.34.12', containerRuntimeVersion: 'containerd://1.7.27', architecture: 'amd64', operatingSystem: 'linux' } } };
}

/** Objects for `count` Pods spread over namespaces of 1,000. */
export function generateObjects(count) {
  const pods = [];
  const events = [];
  for (let i = 0; i < count; i++) {
    const { pod: p, events: e } = pod(`ns-${Math.floor(i / 1000)}`, i);
    pods.push(p);
    events.push(...e);
  }
  return { pods, events, nodes: Array.from({ length: 20 }, (_, i) => node(i)) };
}

/** Writes the cluster-info dump directory; returns its size in bytes. */
export function writeClusterInfoDump(dir, count) {
  const { pods, events, nodes } = generateObjects(count);
  mkdirSync(dir, { recursive: true });
  let bytes = 0;
  const write = (path, obj) => {
    const text = JSON.stringify(obj, null, 4);
    writeFileSync(path, text);
    bytes += Buffer.byteLength(text);
  };
  write(join(dir, 'nodes.json'), { kind: 'NodeList', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items: nodes });
  const byNs = new Map();
  for (const p of pods) (byNs.get(p.metadata.namespace) ?? byNs.set(p.metadata.namespace, { pods: [], events: [] }).get(p.metadata.namespace)).pods.push(p);
  for (const e of events) byNs.get(e.metadata.namespace).events.push(e);
  for (const [ns, { pods: ps, events: es }] of byNs) {
    mkdirSync(join(dir, ns), { recursive: true });
    write(join(dir, ns, 'pods.json'), { kind: 'PodList', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items: ps });
    write(join(dir, ns, 'events.json'), { kind: 'EventList', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items: es });
  }
  return bytes;
}
