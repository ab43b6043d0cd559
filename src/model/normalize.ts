// Dumps come from strangers: a field can hold a number where a string belongs, a string where a list
// belongs, null, or an object with `__proto__` keys. Every object is normalised once, when it enters a
// Snapshot, so that the types in k8s.ts hold for the fields declared here and no rule has to re-check them.
// The policy is the same everywhere: a value of the wrong type is dropped (as if the field were absent);
// a number or boolean where a string belongs becomes its string; list elements of the wrong type are dropped.

import type { KObject } from './k8s.js';

type Scalar = 'string' | 'name' | 'number' | 'int' | 'count' | 'boolean' | 'port';
type Shape = Scalar | 'strings' | 'stringMap' | 'quantities' | 'object' | Fields | readonly [Shape];
interface Fields {
  readonly [field: string]: Shape;
}

const s = 'string';
/** An identifier (an object's, a node's, a container's name; a uid): clipped to MAX_NAME, as it is repeated in every output. */
const n = 'name';

/**
 * The longest identifier kept whole: 253, Kubernetes' own bound for object names (DNS subdomains). A
 * longer one cannot come from a real cluster; clipped here, once, it stays small in every finding and
 * output that repeats it. The clip is the same for the same text (a Pod's nodeName still matches its Node).
 */
export const MAX_NAME = 253;

function clipName(v: string): string {
  return v.length <= MAX_NAME ? v : `${v.slice(0, MAX_NAME)}…[clipped by kdiag: ${v.length} characters]`;
}

const META: Fields = {
  name: n, generateName: n, namespace: n, uid: n, resourceVersion: s, creationTimestamp: s, deletionTimestamp: s,
  labels: 'stringMap', annotations: 'stringMap', finalizers: 'strings', generation: 'number', deletionGracePeriodSeconds: 'number',
  ownerReferences: [{ apiVersion: n, kind: n, name: n, uid: n, controller: 'boolean', blockOwnerDeletion: 'boolean' }],
};
const CONDITION: Fields = { type: s, status: s, reason: s, message: s, lastTransitionTime: s, lastProbeTime: s, lastHeartbeatTime: s, lastUpdateTime: s };
const CONDITIONS = [CONDITION] as const;
const STATE: Fields = {
  waiting: { reason: s, message: s },
  running: { startedAt: s },
  terminated: { exitCode: 'int', signal: 'int', reason: s, message: s, startedAt: s, finishedAt: s, containerID: s },
};
const CONTAINER_STATUS: Fields = { name: n, image: s, imageID: s, containerID: s, ready: 'boolean', started: 'boolean', restartCount: 'count', state: STATE, lastState: STATE };
const PROBE: Fields = {
  httpGet: { path: s, port: 'port', scheme: s, host: s },
  tcpSocket: { port: 'port', host: s },
  grpc: { port: 'number', service: s },
  exec: { command: 'strings' },
  initialDelaySeconds: 'number', periodSeconds: 'number', timeoutSeconds: 'number', failureThreshold: 'number', successThreshold: 'number',
};
const KEY_REF: Fields = { name: s, key: s, optional: 'boolean' };
const CONTAINER: Fields = {
  name: n, image: s, imagePullPolicy: s, restartPolicy: s, workingDir: s, command: 'strings', args: 'strings',
  env: [{ name: s, value: s, valueFrom: { configMapKeyRef: KEY_REF, secretKeyRef: KEY_REF, fieldRef: 'object', resourceFieldRef: 'object' } }],
  envFrom: [{ configMapRef: { name: s, optional: 'boolean' }, secretRef: { name: s, optional: 'boolean' }, prefix: s }],
  resources: { requests: 'quantities', limits: 'quantities' },
  ports: [{ name: s, containerPort: 'number', protocol: s, hostPort: 'number', hostIP: s }],
  livenessProbe: PROBE, readinessProbe: PROBE, startupProbe: PROBE,
  lifecycle: 'object', securityContext: 'object',
  volumeMounts: [{ name: s, mountPath: s, subPath: s, readOnly: 'boolean' }],
};
const KEY_PATH = [{ key: s, path: s }] as const;
const VOLUME: Fields = {
  name: s,
  configMap: { name: s, optional: 'boolean', items: KEY_PATH },
  secret: { secretName: s, optional: 'boolean', items: KEY_PATH },
  persistentVolumeClaim: { claimName: s, readOnly: 'boolean' },
  hostPath: { path: s, type: s },
  emptyDir: { medium: s, sizeLimit: 'port' },
  nfs: { server: s, path: s, readOnly: 'boolean' },
  csi: { driver: s, volumeAttributes: 'stringMap' },
  projected: 'object', ephemeral: 'object',
};
const REQUIREMENT = [{ key: s, operator: s, values: 'strings' }] as const;
const NODE_SELECTOR_TERM: Fields = { matchExpressions: REQUIREMENT, matchFields: REQUIREMENT };
const LABEL_SELECTOR: Fields = { matchLabels: 'stringMap', matchExpressions: REQUIREMENT };
const POD_AFFINITY_TERM: Fields = { labelSelector: LABEL_SELECTOR, namespaceSelector: LABEL_SELECTOR, topologyKey: s, namespaces: 'strings' };
const POD_AFFINITY: Fields = {
  requiredDuringSchedulingIgnoredDuringExecution: [POD_AFFINITY_TERM],
  preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 'number', podAffinityTerm: POD_AFFINITY_TERM }],
};
const POD_SPEC: Fields = {
  nodeName: n, restartPolicy: s, serviceAccountName: n, serviceAccount: n, priorityClassName: n, schedulerName: n, hostNetwork: 'boolean', runtimeClassName: n,
  nodeSelector: 'stringMap',
  affinity: {
    nodeAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [NODE_SELECTOR_TERM] },
      preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 'number', preference: NODE_SELECTOR_TERM }],
    },
    podAffinity: POD_AFFINITY,
    podAntiAffinity: POD_AFFINITY,
  },
  tolerations: [{ key: s, operator: s, value: s, effect: s, tolerationSeconds: 'number' }],
  containers: [CONTAINER], initContainers: [CONTAINER], ephemeralContainers: [CONTAINER],
  volumes: [VOLUME],
  imagePullSecrets: [{ name: s }],
  schedulingGates: [{ name: s }],
  topologySpreadConstraints: [{ maxSkew: 'number', topologyKey: s, whenUnsatisfiable: s, labelSelector: LABEL_SELECTOR, minDomains: 'number' }],
  readinessGates: [{ conditionType: s }],
  activeDeadlineSeconds: 'number', terminationGracePeriodSeconds: 'number', priority: 'number',
};
const POD_STATUS: Fields = {
  phase: s, reason: s, message: s, hostIP: s, podIP: s, startTime: s, nominatedNodeName: s, qosClass: s,
  conditions: CONDITIONS,
  containerStatuses: [CONTAINER_STATUS], initContainerStatuses: [CONTAINER_STATUS], ephemeralContainerStatuses: [CONTAINER_STATUS],
};
const POD_TEMPLATE: Fields = { metadata: META, spec: POD_SPEC };
const OBJECT_REF: Fields = { kind: n, namespace: n, name: n, uid: n, fieldPath: s, apiVersion: n };
const SOURCE: Fields = { component: s, host: s };
const WORKLOAD_STATUS: Fields = {
  conditions: CONDITIONS, updateRevision: s, currentRevision: s,
  replicas: 'number', readyReplicas: 'number', availableReplicas: 'number', updatedReplicas: 'number', unavailableReplicas: 'number', currentReplicas: 'number',
  fullyLabeledReplicas: 'number', observedGeneration: 'number', active: 'number', succeeded: 'number', failed: 'number', ready: 'number',
  desiredNumberScheduled: 'number', currentNumberScheduled: 'number', numberReady: 'number', numberAvailable: 'number', numberUnavailable: 'number',
  updatedNumberScheduled: 'number', numberMisscheduled: 'number',
};
const WORKLOAD: Fields = {
  spec: {
    replicas: 'number', selector: LABEL_SELECTOR, template: POD_TEMPLATE, progressDeadlineSeconds: 'number', backoffLimit: 'number',
    completions: 'number', parallelism: 'number', activeDeadlineSeconds: 'number', serviceName: s, minReadySeconds: 'number', paused: 'boolean',
  },
  status: WORKLOAD_STATUS,
};
const ENDPOINT_PORTS = [{ name: s, port: 'number', protocol: s }] as const;
const INGRESS_BACKEND: Fields = { service: { name: n, port: { number: 'number', name: s } }, resource: 'object' };
const ADDRESSES = [{ ip: s, hostname: n, nodeName: n, targetRef: OBJECT_REF }] as const;

/**
 * The fields each kind's code reads, beyond `apiVersion`, `kind` and `metadata` that every object has.
 * A NetworkPolicy's spec is left as it is: its absent fields have meanings of their own (no `from` admits
 * everyone), so a field of the wrong type makes the policy unreadable (src/traffic/policy/policy-shape.ts)
 * rather than dropped.
 */
const KINDS: Record<string, Fields> = {
  Pod: { spec: POD_SPEC, status: POD_STATUS },
  Event: {
    involvedObject: OBJECT_REF, regarding: OBJECT_REF, related: OBJECT_REF, reason: s, message: s, note: s, type: s, action: s,
    count: 'count', firstTimestamp: s, lastTimestamp: s, eventTime: s, series: { count: 'count', lastObservedTime: s },
    deprecatedCount: 'count', deprecatedFirstTimestamp: s, deprecatedLastTimestamp: s, source: SOURCE, deprecatedSource: SOURCE,
    reportingComponent: s, reportingController: s, reportingInstance: s,
  },
  Node: {
    spec: { unschedulable: 'boolean', taints: [{ key: s, value: s, effect: s, timeAdded: s }], podCIDR: s, podCIDRs: 'strings', providerID: s },
    status: { conditions: CONDITIONS, allocatable: 'quantities', capacity: 'quantities', nodeInfo: 'stringMap', addresses: [{ type: s, address: s }] },
  },
  PersistentVolumeClaim: {
    spec: { volumeName: s, storageClassName: s, volumeMode: s, accessModes: 'strings', resources: { requests: 'quantities', limits: 'quantities' } },
    status: { phase: s, conditions: CONDITIONS, accessModes: 'strings', capacity: 'quantities' },
  },
  PersistentVolume: {
    spec: {
      storageClassName: s, volumeMode: s, persistentVolumeReclaimPolicy: s, accessModes: 'strings', capacity: 'quantities',
      claimRef: OBJECT_REF, nodeAffinity: { required: { nodeSelectorTerms: [NODE_SELECTOR_TERM] } },
      csi: { driver: s, volumeHandle: s }, nfs: { server: s, path: s }, hostPath: { path: s, type: s }, local: { path: s },
    },
    status: { phase: s, reason: s, message: s },
  },
  StorageClass: { provisioner: s, volumeBindingMode: s, reclaimPolicy: s, allowVolumeExpansion: 'boolean', parameters: 'stringMap' },
  ConfigMap: { data: 'stringMap', binaryData: 'stringMap', immutable: 'boolean' },
  Secret: { type: s, dataKeys: 'strings', immutable: 'boolean' },
  ReplicaSet: WORKLOAD,
  Deployment: WORKLOAD,
  StatefulSet: WORKLOAD,
  DaemonSet: WORKLOAD,
  Job: WORKLOAD,
  CronJob: { spec: { schedule: s, suspend: 'boolean', jobTemplate: { metadata: META, spec: WORKLOAD.spec! } }, status: { lastScheduleTime: s, active: [OBJECT_REF] } },
  Service: {
    spec: {
      selector: 'stringMap', type: s, clusterIP: s, externalName: s, publishNotReadyAddresses: 'boolean',
      ports: [{ name: s, protocol: s, port: 'number', targetPort: 'port', nodePort: 'number' }],
    },
  },
  EndpointSlice: {
    addressType: s,
    endpoints: [{ addresses: 'strings', conditions: { ready: 'boolean', serving: 'boolean', terminating: 'boolean' }, targetRef: OBJECT_REF, nodeName: n, hostname: n }],
    ports: ENDPOINT_PORTS,
  },
  Endpoints: { subsets: [{ addresses: ADDRESSES, notReadyAddresses: ADDRESSES, ports: ENDPOINT_PORTS }] },
  ResourceQuota: { spec: { hard: 'quantities', scopes: 'strings' }, status: { hard: 'quantities', used: 'quantities' } },
  LimitRange: { spec: { limits: [{ type: s, max: 'quantities', min: 'quantities', default: 'quantities', defaultRequest: 'quantities', maxLimitRequestRatio: 'quantities' }] } },
  Namespace: { status: { phase: s, conditions: CONDITIONS } },
  Ingress: {
    spec: {
      ingressClassName: n, defaultBackend: INGRESS_BACKEND,
      rules: [{ host: s, http: { paths: [{ path: s, pathType: s, backend: INGRESS_BACKEND }] } }],
      tls: [{ hosts: 'strings', secretName: n }],
    },
  },
  IngressClass: { spec: { controller: s, parameters: 'object' } },
  NetworkPolicy: {},
};
const ANY_KIND: Fields = { spec: 'object', status: { conditions: CONDITIONS } };
/** What every object has. */
const HEAD: Fields = { apiVersion: s, kind: s, metadata: META };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function scalarString(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if ((typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean') return String(v);
  return undefined;
}

/** The value coerced to `shape`, or undefined when it cannot be (the field is then dropped). */
function coerce(v: unknown, shape: Shape): unknown {
  if (typeof shape === 'string') {
    switch (shape) {
      case 'string':
        return scalarString(v);
      case 'name': {
        const text = scalarString(v);
        return text === undefined ? undefined : clipName(text);
      }
      case 'number':
        return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
      case 'int':
        return typeof v === 'number' && Number.isSafeInteger(v) ? v : undefined;
      case 'count': // int32 counters (restartCount, event count): never negative, never beyond what the API can hold
        return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 2 ** 31 - 1 ? v : undefined;
      case 'boolean':
        return typeof v === 'boolean' ? v : undefined;
      case 'port':
        return typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) ? v : undefined;
      case 'strings':
        if (!Array.isArray(v)) return undefined;
        // A list that is already all strings (nearly every one) is kept as it is: no copy per field.
        for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'string') return v.map(scalarString).filter((x) => x !== undefined);
        return v;
      case 'stringMap':
      case 'quantities': {
        if (!isObject(v)) return undefined;
        for (const key of Object.keys(v)) {
          const item = v[key];
          const fixed = shape === 'quantities' && typeof item === 'number' ? (Number.isFinite(item) ? item : undefined) : scalarString(item);
          if (fixed === undefined) delete v[key];
          else if (fixed !== item) v[key] = fixed;
        }
        return v;
      }
      case 'object':
        return isObject(v) ? v : undefined;
    }
  }
  if (Array.isArray(shape)) {
    if (!Array.isArray(v)) return undefined;
    const element = shape[0] as Shape;
    // Elements are coerced in place (objects) or kept; the list itself is copied only when an element
    // changes or is dropped (a hole reads as undefined, which is dropped, as map and filter drop it).
    for (let i = 0; i < v.length; i++) {
      const item: unknown = v[i];
      const fixed = coerce(item, element);
      if (fixed !== undefined && fixed === item) continue;
      const out = v.slice(0, i);
      if (fixed !== undefined) out.push(fixed);
      for (let j = i + 1; j < v.length; j++) {
        if (!(j in v)) continue;
        const rest = coerce(v[j], element);
        if (rest !== undefined) out.push(rest);
      }
      return out;
    }
    return v;
  }
  if (!isObject(v)) return undefined;
  const dropped = fields(v, shape as Fields);
  return dropped ? without(v, dropped) : v;
}

/** Coerces `obj`'s fields in place; returns the keys whose values could not be, which the caller drops. */
function fields(obj: Record<string, unknown>, shape: Fields): string[] | undefined {
  let dropped: string[] | undefined;
  // for…in over the shape: no key array per object (shapes are plain literals, nothing inherited).
  for (const key in shape) {
    if (!Object.hasOwn(obj, key)) continue;
    const fixed = coerce(obj[key], shape[key]!);
    if (fixed === undefined) (dropped ??= []).push(key);
    else if (fixed !== obj[key]) obj[key] = fixed;
  }
  return dropped;
}

/**
 * A nested object without some of its fields, as a new object: `delete` of a field other than the last one
 * added turns a V8 object into a hash table, and every later read of it is several times slower (each Pod
 * condition's `lastProbeTime: null`, as kubectl and the API print it, made every condition one).
 */
function without(obj: Record<string, unknown>, dropped: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(obj)) {
    if (dropped.includes(key)) continue;
    // A field named __proto__ (JSON can hold one) stays a field, never the copy's prototype.
    if (key === '__proto__') Object.defineProperty(out, key, { value: obj[key], enumerable: true, writable: true, configurable: true });
    else out[key] = obj[key];
  }
  return out;
}

/**
 * Coerces the fields kdiag reads of one wire object to the types k8s.ts declares, and returns the object to
 * keep: `obj` itself, coerced in place, or a copy of it without the fields that could not be coerced (every
 * kubelet Event's `eventTime: null`), with `obj` left holding them. Fields kdiag does not read are left as
 * they are.
 */
export function normalizeObject(obj: KObject): KObject {
  const kind = typeof obj.kind === 'string' ? obj.kind : '';
  const head = fields(obj, HEAD);
  const body = fields(obj, Object.hasOwn(KINDS, kind) ? KINDS[kind]! : ANY_KIND);
  const dropped = head && body ? [...head, ...body] : (head ?? body);
  return dropped ? (without(obj, dropped) as KObject) : obj;
}
