// Wire-form Kubernetes objects as kubectl prints them (ISO-string timestamps, plain JSON).
// Only the fields kdiag reads are typed; everything is optional because dumps come from strangers.

export interface OwnerReference {
  apiVersion?: string;
  kind?: string;
  name?: string;
  uid?: string;
  controller?: boolean;
}

export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  finalizers?: string[];
  generation?: number;
  resourceVersion?: string;
}

export interface KObject {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: any;
  status?: any;
  [key: string]: unknown;
}

export interface Condition {
  type?: string;
  status?: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
  lastProbeTime?: string;
  lastHeartbeatTime?: string;
  lastUpdateTime?: string;
}

export interface ContainerStateWaiting {
  reason?: string;
  message?: string;
}
export interface ContainerStateRunning {
  startedAt?: string;
}
export interface ContainerStateTerminated {
  exitCode?: number;
  signal?: number;
  reason?: string;
  message?: string;
  startedAt?: string;
  finishedAt?: string;
  containerID?: string;
}
export interface ContainerState {
  waiting?: ContainerStateWaiting;
  running?: ContainerStateRunning;
  terminated?: ContainerStateTerminated;
}

export interface ContainerStatus {
  name?: string;
  image?: string;
  imageID?: string;
  containerID?: string;
  ready?: boolean;
  started?: boolean;
  restartCount?: number;
  state?: ContainerState;
  lastState?: ContainerState;
}

export interface Probe {
  httpGet?: { path?: string; port?: number | string; scheme?: string; host?: string };
  tcpSocket?: { port?: number | string; host?: string };
  grpc?: { port?: number; service?: string };
  exec?: { command?: string[] };
  initialDelaySeconds?: number;
  periodSeconds?: number;
  timeoutSeconds?: number;
  failureThreshold?: number;
  successThreshold?: number;
}

export interface EnvVar {
  name?: string;
  value?: string;
  valueFrom?: {
    configMapKeyRef?: { name?: string; key?: string; optional?: boolean };
    secretKeyRef?: { name?: string; key?: string; optional?: boolean };
    fieldRef?: unknown;
    resourceFieldRef?: unknown;
  };
}

export interface ResourceRequirements {
  requests?: Record<string, string | number>;
  limits?: Record<string, string | number>;
}

export interface ContainerSpec {
  name?: string;
  image?: string;
  imagePullPolicy?: string;
  command?: string[];
  args?: string[];
  env?: EnvVar[];
  envFrom?: Array<{
    configMapRef?: { name?: string; optional?: boolean };
    secretRef?: { name?: string; optional?: boolean };
    prefix?: string;
  }>;
  resources?: ResourceRequirements;
  ports?: Array<{ name?: string; containerPort?: number; protocol?: string; hostPort?: number }>;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
  restartPolicy?: string;
  volumeMounts?: Array<{ name?: string; mountPath?: string; subPath?: string; readOnly?: boolean }>;
}

export interface Volume {
  name?: string;
  configMap?: { name?: string; optional?: boolean; items?: Array<{ key?: string; path?: string }> };
  secret?: { secretName?: string; optional?: boolean; items?: Array<{ key?: string; path?: string }> };
  persistentVolumeClaim?: { claimName?: string; readOnly?: boolean };
  hostPath?: { path?: string; type?: string };
  emptyDir?: { medium?: string; sizeLimit?: string };
  projected?: unknown;
  ephemeral?: unknown;
  [key: string]: unknown;
}

export interface Toleration {
  key?: string;
  operator?: string;
  value?: string;
  effect?: string;
  tolerationSeconds?: number;
}

export interface Taint {
  key?: string;
  value?: string;
  effect?: string;
  timeAdded?: string;
}

export interface PodSpec {
  nodeName?: string;
  nodeSelector?: Record<string, string>;
  affinity?: any;
  tolerations?: Toleration[];
  containers?: ContainerSpec[];
  initContainers?: ContainerSpec[];
  ephemeralContainers?: ContainerSpec[];
  volumes?: Volume[];
  restartPolicy?: string;
  imagePullSecrets?: Array<{ name?: string }>;
  serviceAccountName?: string;
  schedulingGates?: Array<{ name?: string }>;
  topologySpreadConstraints?: unknown[];
  activeDeadlineSeconds?: number;
  readinessGates?: Array<{ conditionType?: string }>;
  priorityClassName?: string;
  schedulerName?: string;
  terminationGracePeriodSeconds?: number;
}

export interface PodStatus {
  phase?: string;
  reason?: string;
  message?: string;
  conditions?: Condition[];
  containerStatuses?: ContainerStatus[];
  initContainerStatuses?: ContainerStatus[];
  ephemeralContainerStatuses?: ContainerStatus[];
  hostIP?: string;
  podIP?: string;
  startTime?: string;
  nominatedNodeName?: string;
  qosClass?: string;
}

export interface Pod extends KObject {
  spec?: PodSpec;
  status?: PodStatus;
}

export interface KEvent extends KObject {
  involvedObject?: { kind?: string; namespace?: string; name?: string; uid?: string; fieldPath?: string; apiVersion?: string };
  regarding?: { kind?: string; namespace?: string; name?: string; uid?: string; fieldPath?: string };
  reason?: string;
  message?: string;
  note?: string;
  type?: string;
  count?: number;
  firstTimestamp?: string | null;
  lastTimestamp?: string | null;
  eventTime?: string | null;
  series?: { count?: number; lastObservedTime?: string };
  deprecatedCount?: number;
  deprecatedFirstTimestamp?: string | null;
  deprecatedLastTimestamp?: string | null;
  source?: { component?: string; host?: string };
  deprecatedSource?: { component?: string; host?: string };
  reportingComponent?: string;
  reportingController?: string;
  reportingInstance?: string;
}

export interface Node extends KObject {
  spec?: { unschedulable?: boolean; taints?: Taint[]; podCIDR?: string; providerID?: string };
  status?: {
    conditions?: Condition[];
    allocatable?: Record<string, string>;
    capacity?: Record<string, string>;
    nodeInfo?: Record<string, string>;
    addresses?: Array<{ type?: string; address?: string }>;
  };
}
