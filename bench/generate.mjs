// Generates a `kubectl cluster-info dump --output-directory` tree with N realistic Pods (a mix of
// healthy, crash-looping, image-pull failures and unschedulable) and ~4 Events per Pod.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

let T = Date.parse('2026-11-30T10:00:00Z');
/** The objects' clock (their timestamps are relative to it): the fake API server sets its own start, as a real one's are recent. */
export function setClock(ms) {
  T = Math.floor(ms / 1000) * 1000;
}
const iso = (s) => new Date(T + s * 1000).toISOString().replace('.000Z', 'Z');
/** The moment the objects describe (their Nodes' last heartbeat): `--now` for a run that judges them as fresh. */
export const clockNow = () => iso(0);

/** Pod i of namespace `ns`: app-`app`'s, in trouble of kind `trouble` (0-6 Running and Ready, 7 image pull, 8 crash loop, 9 unschedulable). */
export function pod(ns, i, { app = i % 50, trouble = i % 10 } = {}) {
  const name = `app-${i}-7d9f5c6b8-${(i * 7919).toString(36).padStart(5, '0').slice(-5)}`;
  const uid = `${i.toString(16).padStart(8, '0')}-1c55-4d0e-8d9a-2f1d9b3c7a01`;
  const kind = trouble;
  const image = `127.0.0.1:5000/shop/app-${app}:1.${i % 7}.0`;
  const base = {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name, namespace: ns, uid, creationTimestamp: iso(-3600 - i), labels: { app: `app-${app}`, 'pod-template-hash': '7d9f5c6b8' },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `app-${app}-7d9f5c6b8`, uid: `${ns}-rs-${app}`, controller: true, blockOwnerDeletion: true }] },
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

/**
 * The owners of app-K's Pods in namespace `ns` (Pods i with i % 50 = K; their kind of trouble is K % 10): a
 * Deployment and its ReplicaSet, with the status the controllers would write for `replicas` Pods of which
 * `ready` are ready (by default all or none, as generateObjects makes them).
 */
export function workloads(ns, k, replicas, ready = k % 10 < 7 ? replicas : 0) {
  const labels = { app: `app-${k}` };
  const template = { metadata: { labels: { ...labels, 'pod-template-hash': '7d9f5c6b8' } }, spec: { containers: [{ name: 'app', image: `127.0.0.1:5000/shop/app-${k}:1.0.0` }] } };
  const deployment = {
    apiVersion: 'apps/v1', kind: 'Deployment',
    metadata: { name: `app-${k}`, namespace: ns, uid: `${ns}-deploy-${k}`, generation: 1, creationTimestamp: iso(-7200), labels },
    spec: { replicas, selector: { matchLabels: labels }, template: { metadata: { labels }, spec: template.spec }, strategy: { type: 'RollingUpdate' }, progressDeadlineSeconds: 600 },
    status: { observedGeneration: 1, replicas, updatedReplicas: replicas, readyReplicas: ready, availableReplicas: ready, ...(ready < replicas ? { unavailableReplicas: replicas - ready } : {}),
      conditions: [
        ready === replicas
          ? { type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable', message: 'Deployment has minimum availability.', lastUpdateTime: iso(-3500), lastTransitionTime: iso(-3500) }
          : { type: 'Available', status: 'False', reason: 'MinimumReplicasUnavailable', message: 'Deployment does not have minimum availability.', lastUpdateTime: iso(-3600), lastTransitionTime: iso(-3600) },
        // A rollout whose Pods never became available times out after progressDeadlineSeconds.
        ready === replicas
          ? { type: 'Progressing', status: 'True', reason: 'NewReplicaSetAvailable', message: `ReplicaSet "app-${k}-7d9f5c6b8" has successfully progressed.`, lastUpdateTime: iso(-3500), lastTransitionTime: iso(-7200) }
          : { type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded', message: `ReplicaSet "app-${k}-7d9f5c6b8" has timed out progressing.`, lastUpdateTime: iso(-6600), lastTransitionTime: iso(-6600) },
      ] },
  };
  const replicaSet = {
    apiVersion: 'apps/v1', kind: 'ReplicaSet',
    metadata: { name: `app-${k}-7d9f5c6b8`, namespace: ns, uid: `${ns}-rs-${k}`, generation: 1, creationTimestamp: iso(-7200), labels: template.metadata.labels,
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: `app-${k}`, uid: `${ns}-deploy-${k}`, controller: true, blockOwnerDeletion: true }] },
    spec: { replicas, selector: { matchLabels: template.metadata.labels }, template },
    status: { replicas, fullyLabeledReplicas: replicas, readyReplicas: ready, availableReplicas: ready, observedGeneration: 1 },
  };
  return { deployment, replicaSet };
}

/** How many of `count` Pods (namespaces of 1,000) app-K has in namespace number `n`. */
export function replicasOf(count, n, k) {
  const end = Math.min(count, (n + 1) * 1000);
  let replicas = 0;
  for (let i = n * 1000 + k; i < end; i += 50) replicas++;
  return replicas;
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
  const owners = [];
  for (let n = 0; n * 1000 < count; n++) for (let k = 0; k < 50; k++) if (replicasOf(count, n, k) > 0) owners.push(workloads(`ns-${n}`, k, replicasOf(count, n, k)));
  return { pods, events, nodes: Array.from({ length: 20 }, (_, i) => node(i)), deployments: owners.map((o) => o.deployment), replicaSets: owners.map((o) => o.replicaSet) };
}

/** Writes the cluster-info dump directory; returns its size in bytes. */
export function writeClusterInfoDump(dir, count) {
  const { pods, events, nodes, deployments, replicaSets } = generateObjects(count);
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
  const owned = (list) => {
    const by = new Map();
    for (const o of list) (by.get(o.metadata.namespace) ?? by.set(o.metadata.namespace, []).get(o.metadata.namespace)).push(o);
    return by;
  };
  const [deploymentsByNs, replicaSetsByNs] = [owned(deployments), owned(replicaSets)];
  for (const [ns, { pods: ps, events: es }] of byNs) {
    mkdirSync(join(dir, ns), { recursive: true });
    write(join(dir, ns, 'pods.json'), { kind: 'PodList', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items: ps });
    write(join(dir, ns, 'events.json'), { kind: 'EventList', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items: es });
    write(join(dir, ns, 'deployments.json'), { kind: 'DeploymentList', apiVersion: 'apps/v1', metadata: { resourceVersion: '1' }, items: deploymentsByNs.get(ns) ?? [] });
    write(join(dir, ns, 'replicasets.json'), { kind: 'ReplicaSetList', apiVersion: 'apps/v1', metadata: { resourceVersion: '1' }, items: replicaSetsByNs.get(ns) ?? [] });
  }
  return bytes;
}

/**
 * The shape of a support engineer's folder of real dumps: `files` small `kubectl get -o yaml` files of 1-20
 * objects each (a Pod, its Events, sometimes its Node), as YAML Lists. Returns the file paths.
 */
export function writeSmallDumps(dir, files = 150) {
  mkdirSync(dir, { recursive: true });
  const paths = [];
  for (let f = 0; f < files; f++) {
    const items = [];
    const podsHere = 1 + (f % 4);
    for (let k = 0; k < podsHere && items.length < 20; k++) {
      const { pod: p, events: e } = pod(`ns-${f % 7}`, f * 4 + k);
      items.push(p, ...e.slice(0, Math.max(0, 20 - items.length - 1 - (f % 3 === 0 ? 1 : 0))));
    }
    if (f % 3 === 0) items.push(node(f % 20));
    const path = join(dir, `dump-${String(f).padStart(3, '0')}.yaml`);
    writeFileSync(path, toYamlList(items.slice(0, 20)));
    paths.push(path);
  }
  return paths;
}

/** YAML as kubectl prints a List (two-space indent, `- ` items); the objects are plain JSON data. */
function toYamlList(items) {
  const lines = ['apiVersion: v1', 'items:'];
  items = JSON.parse(JSON.stringify(items)); // as kubectl would print them: no undefined fields
  const scalar = (v) => (typeof v === 'string' ? (/^[\w./:-]+$/.test(v) && !/^(true|false|null|yes|no|on|off|[\d.eE+-]+)$/i.test(v) ? v : JSON.stringify(v)) : String(v));
  const emit = (value, indent, first) => {
    if (Array.isArray(value)) {
      if (value.length === 0) return [' []'];
      return ['', ...value.flatMap((v) => { const [head, ...rest] = emit(v, indent + 2, true); return [`${' '.repeat(indent)}-${head.startsWith('\n') ? head : head.replace(/^ {0,}/, ' ')}`, ...rest]; })].filter((l, i) => i > 0 || l !== '');
    }
    if (value && typeof value === 'object') {
      const keys = Object.keys(value).filter((k) => value[k] !== undefined);
      if (keys.length === 0) return [' {}'];
      const out = [];
      keys.forEach((k, i) => {
        const v = value[k];
        const pad = first && i === 0 ? '' : ' '.repeat(indent);
        if (v && typeof v === 'object' && (Array.isArray(v) ? v.length : Object.keys(v).length)) out.push(`${pad}${k}:`, ...emit(v, Array.isArray(v) ? indent : indent + 2, false).map((l) => l));
        else out.push(`${pad}${k}:${emit(v, indent + 2, false)[0]}`);
      });
      return out;
    }
    return [` ${scalar(value)}`];
  };
  for (const item of items) {
    const [head, ...rest] = emit(item, 2, true);
    lines.push(`- ${head}`, ...rest);
  }
  lines.push('kind: List', 'metadata:', '  resourceVersion: ""');
  return `${lines.join('\n')}\n`;
}

/**
 * The traffic objects for `count` Pods of generateObjects: their Namespaces (labelled by team), one Service per
 * app per namespace, and `policies` NetworkPolicies spread over the namespaces (a default-deny ingress in each,
 * the rest allow rules from other teams' namespaces to one app on its Pod port, in the usual shapes).
 */
export function trafficObjects(count, policies) {
  const names = Array.from({ length: Math.ceil(count / 1000) }, (_, n) => `ns-${n}`);
  const namespaces = names.map((name, n) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels: { 'kubernetes.io/metadata.name': name, team: `team-${n % 3}` } } }));
  const services = names.flatMap((ns) => Array.from({ length: 50 }, (_, k) => ({ apiVersion: 'v1', kind: 'Service', metadata: { name: `app-${k}`, namespace: ns, uid: `${ns}-svc-${k}` }, spec: { selector: { app: `app-${k}` }, ports: [{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }] } })));
  const networkPolicies = [];
  for (let j = 0; j < policies; j++) {
    const ns = names[j % names.length];
    const k = Math.floor(j / names.length) % 50;
    const spec = j < names.length
      ? { podSelector: {}, policyTypes: ['Ingress'] }
      : { podSelector: { matchLabels: { app: `app-${k}` } }, policyTypes: ['Ingress'], ingress: [{ from: [{ namespaceSelector: { matchLabels: { team: `team-${j % 3}` } } }, { podSelector: { matchLabels: { app: `app-${(k + 1) % 50}` } } }], ports: [{ port: j % 2 ? 'http' : 8080, protocol: 'TCP' }] }] };
    networkPolicies.push({ apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: `policy-${j}`, namespace: ns, uid: `np-${j}` }, spec });
  }
  return { namespaces, services, networkPolicies };
}

/**
 * A List of `pods` Running, Ready Pods spread evenly over `namespaces`, with one Service per app
 * (`services` in all; equality selector, named targetPort) and each app's Deployment and ReplicaSet, the
 * Namespaces (labelled by team) and 20 Nodes; no Events. With `policies`, every third namespace holds a
 * default-deny ingress policy and one that admits another team's namespaces to its first app's Pod port.
 * The List says NetworkPolicies were listed either way, so every Service's policy hop is judged.
 */
export function servicesList(pods, services, namespaces, { policies = false } = {}) {
  const podsPer = Math.ceil(pods / namespaces);
  const appsPer = Math.ceil(services / namespaces);
  const items = Array.from({ length: 20 }, (_, i) => node(i));
  for (let n = 0; n < namespaces; n++) {
    const ns = `ns-${n}`;
    items.push({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns, labels: { 'kubernetes.io/metadata.name': ns, team: `team-${n % 3}` } } });
    const here = Math.max(0, Math.min(podsPer, pods - n * podsPer));
    for (let j = 0; j < here; j++) items.push(pod(ns, n * podsPer + j, { app: j % appsPer, trouble: 0 }).pod);
    for (let k = 0; k < appsPer && n * appsPer + k < services; k++) {
      const replicas = Math.floor(here / appsPer) + (k < here % appsPer ? 1 : 0);
      const { deployment, replicaSet } = workloads(ns, k, replicas, replicas);
      items.push(deployment, replicaSet, { apiVersion: 'v1', kind: 'Service', metadata: { name: `app-${k}`, namespace: ns, uid: `${ns}-svc-${k}` }, spec: { selector: { app: `app-${k}` }, ports: [{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }] } });
    }
    if (policies && n % 3 === 0) {
      items.push({ apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'default-deny', namespace: ns, uid: `${ns}-np-deny` }, spec: { podSelector: {}, policyTypes: ['Ingress'] } });
      items.push({ apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'allow-team', namespace: ns, uid: `${ns}-np-allow` },
        spec: { podSelector: { matchLabels: { app: 'app-0' } }, policyTypes: ['Ingress'], ingress: [{ from: [{ namespaceSelector: { matchLabels: { team: `team-${(n + 1) % 3}` } } }], ports: [{ port: 'http', protocol: 'TCP' }] }] } });
    }
  }
  return { apiVersion: 'v1', kind: 'List', metadata: { annotations: { 'kdiag.io/seen-kinds': 'NetworkPolicy,Namespace,Ingress,IngressClass' } }, items };
}
