// Builders for realistic wire-form objects (the shapes `kubectl get -o yaml` prints), for rule tables.
// Anything hand-built here is synthetic; fixtures/real/ holds dumps captured from a real cluster.

export const T0 = Date.parse('2026-11-30T10:00:00Z');

/** ISO time `seconds` after T0 (negative for before). */
export function at(seconds: number): string {
  return new Date(T0 + seconds * 1000).toISOString().replace('.000Z', 'Z');
}

type Obj = Record<string, any>;

/** Deep merge where arrays in `patch` replace arrays in `base`. */
export function merge<T extends Obj>(base: T, patch: Obj = {}): T {
  const out: Obj = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    out[k] = v && typeof v === 'object' && !Array.isArray(v) && base[k] && typeof base[k] === 'object' && !Array.isArray(base[k]) ? merge(base[k], v) : v;
  }
  return out as T;
}

let uidCounter = 0;
function uid(prefix: string): string {
  uidCounter++;
  return `${prefix}-0000-4000-8000-${String(uidCounter).padStart(12, '0')}`;
}

export const IMAGE = '127.0.0.1:5000/shop/api:1.4.2';

/** A Pod created at T0-10m, scheduled on node-1, with one container "app"; status empty unless given. */
export function pod(patch: Obj = {}): Obj {
  const base = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'api-7d9f-x2k', namespace: 'shop', uid: uid('pod'), creationTimestamp: at(-600), labels: { app: 'api' } },
    spec: {
      nodeName: 'node-1',
      restartPolicy: 'Always',
      containers: [{ name: 'app', image: IMAGE, imagePullPolicy: 'IfNotPresent', resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { memory: '256Mi' } } }],
    },
    status: { phase: 'Pending' },
  };
  return merge(base, patch);
}

/** Conditions as the kubelet writes them for a Pod that got as far as `upTo`. */
export function conditions(opts: { scheduled?: boolean; sandbox?: boolean; initialized?: boolean; ready?: boolean; since?: string }): Obj[] {
  const t = opts.since ?? at(-590);
  const c = (type: string, ok: boolean | undefined, reason?: string): Obj => ({ type, status: ok ? 'True' : 'False', lastTransitionTime: t, lastProbeTime: null, ...(reason && !ok ? { reason } : {}) });
  return [
    c('PodReadyToStartContainers', opts.sandbox),
    c('Initialized', opts.initialized ?? true),
    c('Ready', opts.ready, 'ContainersNotReady'),
    c('ContainersReady', opts.ready, 'ContainersNotReady'),
    c('PodScheduled', opts.scheduled ?? true),
  ];
}

/** A container status; pass `waiting`, `running`, `terminated` and `lastTerminated` as needed. */
export function containerStatus(patch: Obj = {}): Obj {
  const { waiting, running, terminated, lastTerminated, ...rest } = patch;
  const state = waiting ? { waiting } : running ? { running } : terminated ? { terminated } : { waiting: { reason: 'ContainerCreating' } };
  return merge({ name: 'app', image: IMAGE, imageID: '', ready: false, restartCount: 0, started: false, state, lastState: lastTerminated ? { terminated: lastTerminated } : {} }, rest);
}

/** A core/v1 Event about `about` (a Pod by default), seen `count` times from `first` to `last`. */
export function event(about: Obj, patch: Obj & { reason: string; message: string }): Obj {
  const { first = at(-300), last = at(-10), count = 1, type = 'Warning', source = 'kubelet', fieldPath, ...rest } = patch;
  return merge(
    {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: `${about.metadata.name}.${uid('ev').slice(-8)}`, namespace: about.metadata.namespace ?? 'default', creationTimestamp: first },
      involvedObject: {
        apiVersion: about.apiVersion,
        kind: about.kind,
        name: about.metadata.name,
        namespace: about.metadata.namespace,
        uid: about.metadata.uid,
        ...(fieldPath ? { fieldPath } : {}),
      },
      type,
      count,
      firstTimestamp: first,
      lastTimestamp: last,
      source: { component: source, ...(source === 'kubelet' ? { host: 'node-1' } : {}) },
      reportingComponent: source,
    },
    rest,
  );
}

/** A Ready node with 4 cpu / 8Gi allocatable and a fresh heartbeat. */
export function node(patch: Obj = {}): Obj {
  return merge(
    {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'node-1', uid: uid('node'), creationTimestamp: at(-86400), labels: { 'kubernetes.io/hostname': 'node-1', 'kubernetes.io/os': 'linux' } },
      spec: {},
      status: {
        allocatable: { cpu: '4', memory: '8Gi', pods: '110', 'ephemeral-storage': '50Gi' },
        capacity: { cpu: '4', memory: '8Gi', pods: '110', 'ephemeral-storage': '50Gi' },
        conditions: [
          { type: 'MemoryPressure', status: 'False', reason: 'KubeletHasSufficientMemory', message: 'kubelet has sufficient memory available', lastHeartbeatTime: at(-5), lastTransitionTime: at(-86000) },
          { type: 'DiskPressure', status: 'False', reason: 'KubeletHasNoDiskPressure', message: 'kubelet has no disk pressure', lastHeartbeatTime: at(-5), lastTransitionTime: at(-86000) },
          { type: 'PIDPressure', status: 'False', reason: 'KubeletHasSufficientPID', message: 'kubelet has sufficient PID available', lastHeartbeatTime: at(-5), lastTransitionTime: at(-86000) },
          { type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status', lastHeartbeatTime: at(-5), lastTransitionTime: at(-86000) },
        ],
        nodeInfo: { kubeletVersion: 'v1.34.2', containerRuntimeVersion: 'containerd://1.6.20', operatingSystem: 'linux', architecture: 'amd64' },
      },
    },
    patch,
  );
}

/** Any other object: `obj('ConfigMap', 'cfg', { data: {...} })`. */
export function obj(kind: string, name: string, patch: Obj = {}, apiVersion = 'v1'): Obj {
  return merge({ apiVersion, kind, metadata: { name, namespace: 'shop', uid: uid(kind.toLowerCase()), creationTimestamp: at(-3600) } }, patch);
}
