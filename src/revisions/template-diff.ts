/** What part of a Pod template a changed field belongs to: how causes are tied to it, and how it is grouped. */
export type ChangeArea =
  | 'image'
  | 'command'
  | 'env'
  | 'envFrom'
  | 'resources'
  | 'probe'
  | 'ports'
  | 'volumes'
  | 'mounts'
  | 'serviceAccount'
  | 'securityContext'
  | 'scheduling'
  | 'containers'
  | 'metadata'
  | 'other';

/** One field that differs between two Pod templates. Env values are never carried: `withheld` says one changed. */
export interface FieldChange {
  /** `containers[app].image`, `containers[app].env[DATABASE_URL]`, `volumes[config]`, `nodeSelector.disk`. */
  field: string;
  change: 'added' | 'removed' | 'changed';
  area: ChangeArea;
  /** The container the field is in, when it is in one. */
  container?: string;
  /** The old value, as one line (absent when added, or withheld). */
  from?: string;
  /** The new value, as one line (absent when removed, or withheld). */
  to?: string;
  /** True when the values exist but are not shown (an env var's value: it may be a secret). */
  withheld?: boolean;
}

export interface TemplateDiff {
  changes: FieldChange[];
  /** Differences left out as noise, each named once: `label pod-template-hash`, `annotation kubectl.kubernetes.io/restartedAt`. */
  noise: string[];
}

/** Labels and annotations the controllers or `kubectl rollout restart` set: a different value says nothing about what broke. */
// A CronJob's Jobs differ in their own uid and name labels at every run.
const NOISE_LABELS = new Set(['pod-template-hash', 'controller-revision-hash', 'pod-template-generation', 'controller-uid', 'batch.kubernetes.io/controller-uid', 'job-name', 'batch.kubernetes.io/job-name']);
const NOISE_ANNOTATIONS = new Set(['kubectl.kubernetes.io/restartedAt']);

/** Lists of the Pod spec whose items are told apart by a key, so a reorder is not a change. */
const KEYED: Record<string, (item: any) => string | undefined> = {
  containers: (c) => str(c?.name),
  initContainers: (c) => str(c?.name),
  ephemeralContainers: (c) => str(c?.name),
  env: (e) => str(e?.name),
  volumes: (v) => str(v?.name),
  volumeMounts: (m) => str(m?.mountPath),
  volumeDevices: (d) => str(d?.devicePath),
  ports: (p) => (p?.containerPort === undefined ? undefined : `${p.containerPort}${p.protocol && p.protocol !== 'TCP' ? `/${p.protocol}` : ''}`),
  envFrom: (e) => (e?.configMapRef?.name ? `ConfigMap ${e.configMapRef.name}` : e?.secretRef?.name ? `Secret ${e.secretRef.name}` : undefined),
  imagePullSecrets: (s) => str(s?.name),
  tolerations: (t) => [t?.key || '*', t?.operator ?? 'Equal', t?.value, t?.effect].filter((x) => typeof x === 'string' && x !== '').join(' '),
  hostAliases: (h) => str(h?.ip),
};

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The difference between two Pod templates (`spec.template` of a ReplicaSet, a ControllerRevision's
 * template, a Job's), field by field, in the order of the template. Env values are never copied out.
 */
export function diffPodTemplates(from: unknown, to: unknown): TemplateDiff {
  const changes: FieldChange[] = [];
  const noise = new Set<string>();
  const a = isObject(from) ? from : {};
  const b = isObject(to) ? to : {};
  const ma = isObject(a.metadata) ? a.metadata : {};
  const mb = isObject(b.metadata) ? b.metadata : {};
  for (const [group, skip, word] of [
    ['labels', NOISE_LABELS, 'label'],
    ['annotations', NOISE_ANNOTATIONS, 'annotation'],
  ] as const) {
    const la = isObject(ma[group]) ? ma[group] : {};
    const lb = isObject(mb[group]) ? mb[group] : {};
    for (const key of union(Object.keys(la), Object.keys(lb))) {
      if (la[key] === lb[key]) continue;
      if (skip.has(key)) {
        noise.add(`${word} ${key}`);
        continue;
      }
      changes.push(leaf(`metadata.${group}[${key}]`, la[key], lb[key], undefined));
    }
  }
  walk(isObject(a.spec) ? a.spec : {}, isObject(b.spec) ? b.spec : {}, '', undefined, changes);
  return { changes, noise: [...noise] };
}

function walk(a: unknown, b: unknown, path: string, container: string | undefined, out: FieldChange[]): void {
  if (same(a, b)) return;
  const name = lastName(path);
  const keyOf = KEYED[name];
  if (keyOf && (Array.isArray(a) || a === undefined) && (Array.isArray(b) || b === undefined)) {
    const ia = keyedItems(a, keyOf);
    const ib = keyedItems(b, keyOf);
    // Items with no key (malformed): compared as a whole list.
    if (!ia || !ib) return void out.push(leaf(path, a, b, container));
    for (const key of union([...ia.keys()], [...ib.keys()])) {
      const itemPath = `${path}[${key}]`;
      const inContainer = name === 'containers' || name === 'initContainers' || name === 'ephemeralContainers' ? key : container;
      const x = ia.get(key);
      const y = ib.get(key);
      if (x === undefined || y === undefined) out.push(itemChange(name, itemPath, x, y, inContainer));
      else if (name === 'env') envChange(itemPath, x, y, inContainer, out);
      else if (isObject(x) && isObject(y)) walk(x, y, itemPath, inContainer, out);
      else if (!same(x, y)) out.push(leaf(itemPath, x, y, inContainer));
    }
    return;
  }
  if (isObject(a) && isObject(b)) {
    for (const key of union(Object.keys(a), Object.keys(b))) walk(a[key], b[key], path ? `${path}.${key}` : key, container, out);
    return;
  }
  out.push(leaf(path, a, b, container));
}

/** An env var present in both: its value is withheld; a reference (ConfigMap/Secret name and key) is shown. */
function envChange(path: string, x: unknown, y: unknown, container: string | undefined, out: FieldChange[]): void {
  const ex = isObject(x) ? x : {};
  const ey = isObject(y) ? y : {};
  if (ex.value !== ey.value) out.push({ field: `${path}.value`, change: ex.value === undefined ? 'added' : ey.value === undefined ? 'removed' : 'changed', area: 'env', ...(container ? { container } : {}), withheld: true });
  if (!same(ex.valueFrom, ey.valueFrom)) out.push(leaf(`${path}.valueFrom`, ex.valueFrom, ey.valueFrom, container));
}

/** An item of a keyed list added or removed: a container by its image, an env var by its reference (never its value). */
function itemChange(list: string, path: string, x: unknown, y: unknown, container: string | undefined): FieldChange {
  const item = x ?? y;
  const change = x === undefined ? 'added' : 'removed';
  let shown: string | undefined;
  if (list === 'containers' || list === 'initContainers' || list === 'ephemeralContainers') shown = isObject(item) ? str(item.image) : undefined;
  else if (list === 'env') shown = isObject(item) && item.valueFrom !== undefined ? oneLine(item.valueFrom) : undefined;
  else if (list === 'envFrom' || list === 'tolerations' || list === 'ports') shown = undefined; // the key says it all
  else shown = oneLine(item);
  const area = list === 'containers' || list === 'initContainers' || list === 'ephemeralContainers' ? 'containers' : areaOf(path);
  return { field: path, change, area, ...(container ? { container } : {}), ...(shown === undefined ? {} : change === 'added' ? { to: shown } : { from: shown }) };
}

function leaf(path: string, a: unknown, b: unknown, container: string | undefined): FieldChange {
  const change = a === undefined ? 'added' : b === undefined ? 'removed' : 'changed';
  return { field: path, change, area: areaOf(path), ...(container ? { container } : {}), ...(a === undefined ? {} : { from: oneLine(a) }), ...(b === undefined ? {} : { to: oneLine(b) }) };
}

/** The area a field path belongs to, from its last meaningful segment. */
export function areaOf(path: string): ChangeArea {
  if (path.startsWith('metadata.')) return 'metadata';
  const p = path.replace(/\[[^\]]*\]/g, '');
  const has = (seg: string): boolean => p === seg || p.startsWith(`${seg}.`) || p.includes(`.${seg}.`) || p.endsWith(`.${seg}`);
  if (has('image')) return 'image';
  if (has('command') || has('args') || has('workingDir')) return 'command';
  if (has('envFrom')) return 'envFrom';
  if (has('env')) return 'env';
  if (has('resources')) return 'resources';
  if (/(readiness|liveness|startup)Probe/.test(p)) return 'probe';
  if (has('ports')) return 'ports';
  if (has('volumeMounts') || has('volumeDevices')) return 'mounts';
  if (has('volumes')) return 'volumes';
  if (has('serviceAccountName') || has('serviceAccount') || has('automountServiceAccountToken')) return 'serviceAccount';
  if (has('securityContext')) return 'securityContext';
  if (['nodeSelector', 'affinity', 'tolerations', 'topologySpreadConstraints', 'priorityClassName', 'schedulerName', 'nodeName'].some(has)) return 'scheduling';
  return 'other';
}

function keyedItems(list: unknown, keyOf: (item: any) => string | undefined): Map<string, unknown> | undefined {
  const out = new Map<string, unknown>();
  for (const item of Array.isArray(list) ? list : []) {
    const key = keyOf(item);
    if (key === undefined || out.has(key)) return undefined;
    out.set(key, item);
  }
  return out;
}

function lastName(path: string): string {
  return /([A-Za-z]+)$/.exec(path)?.[1] ?? '';
}

/** A value on one line: strings as they are, the rest as compact JSON. */
function oneLine(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v) ?? String(v);
}

function same(a: unknown, b: unknown): boolean {
  return a === b || (a !== undefined && b !== undefined && canonical(a) === canonical(b));
}

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObject(v)) return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
  return JSON.stringify(v) ?? 'undefined';
}

function union(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])];
}
