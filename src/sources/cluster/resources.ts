import type { KObject } from '../../model/k8s.js';
import type { SnapshotKind } from '../../model/snapshot.js';
import type { ApiClient } from './api-client.js';
import { ClusterError } from '../../errors.js';
import { checkHeapBudget } from '../heap-budget.js';
import { ForbiddenError, shapeError } from './api-errors.js';
import { checkListPage, checkObjectAnswer } from './api-shape.js';

interface Resource {
  group: string; // '' for core
  version: string;
  plural: string;
  namespaced: boolean;
}

const R = (group: string, version: string, plural: string, namespaced = true): Resource => ({ group, version, plural, namespaced });

export const RESOURCES: Record<SnapshotKind, Resource> = {
  Pod: R('', 'v1', 'pods'),
  Event: R('', 'v1', 'events'),
  Node: R('', 'v1', 'nodes', false),
  PersistentVolumeClaim: R('', 'v1', 'persistentvolumeclaims'),
  PersistentVolume: R('', 'v1', 'persistentvolumes', false),
  StorageClass: R('storage.k8s.io', 'v1', 'storageclasses', false),
  ConfigMap: R('', 'v1', 'configmaps'),
  Secret: R('', 'v1', 'secrets'),
  ReplicaSet: R('apps', 'v1', 'replicasets'),
  Deployment: R('apps', 'v1', 'deployments'),
  StatefulSet: R('apps', 'v1', 'statefulsets'),
  DaemonSet: R('apps', 'v1', 'daemonsets'),
  ControllerRevision: R('apps', 'v1', 'controllerrevisions'),
  Job: R('batch', 'v1', 'jobs'),
  CronJob: R('batch', 'v1', 'cronjobs'),
  Service: R('', 'v1', 'services'),
  EndpointSlice: R('discovery.k8s.io', 'v1', 'endpointslices'),
  Endpoints: R('', 'v1', 'endpoints'),
  ResourceQuota: R('', 'v1', 'resourcequotas'),
  LimitRange: R('', 'v1', 'limitranges'),
  Namespace: R('', 'v1', 'namespaces', false),
  NetworkPolicy: R('networking.k8s.io', 'v1', 'networkpolicies'),
  Ingress: R('networking.k8s.io', 'v1', 'ingresses'),
  IngressClass: R('networking.k8s.io', 'v1', 'ingressclasses', false),
};

export function resourcePath(kind: SnapshotKind, namespace: string | undefined, name?: string): string {
  const r = RESOURCES[kind];
  const prefix = r.group ? `/apis/${r.group}/${r.version}` : `/api/${r.version}`;
  const ns = r.namespaced && namespace ? `/namespaces/${encodeURIComponent(namespace)}` : '';
  return `${prefix}${ns}/${r.plural}${name ? `/${encodeURIComponent(name)}` : ''}`;
}

/** The RBAC words for a note: "list on secrets". */
export function rbacWords(kind: SnapshotKind, verb: 'get' | 'list'): string {
  const r = RESOURCES[kind];
  return `${verb} on ${r.group ? `${r.plural}.${r.group}` : r.plural}`;
}

export interface ListOptions {
  labelSelector?: string;
  fieldSelector?: string;
  /** Items per page; the API server paginates with `continue`. */
  pageSize?: number;
  /** Receives the list's resourceVersion (to start a watch from). */
  onResourceVersion?: (rv: string) => void;
  /** A whole list asked for earlier (see `askWholeList`): taken instead of asking again when it came whole. */
  asked?: AskedList;
}

/** A list asked for ahead of its turn: its one page, when the list fit in it (undefined: ask again in turn). */
export type AskedList = Promise<unknown | undefined>;

/** The most objects a list asked for ahead of its turn may hold: a larger list is read in its turn, page by page. */
export const ASKED_LIMIT = 500;

/**
 * Asks for a small list ahead of its turn (in the same wave as others: one round trip less). Only a list that
 * fits in one page of ASKED_LIMIT is kept, so no continue token waits (they expire) and memory holds little;
 * any other answer, an error included, means undefined, and the list is read in its turn as before.
 */
export function askWholeList(client: ApiClient, kind: SnapshotKind, namespace: string | undefined, options: ListOptions): AskedList {
  return getPage(client, kind, namespace, options, ASKED_LIMIT, undefined).then(
    (body) => {
      const cont = (body as { metadata?: { continue?: unknown } } | null)?.metadata?.continue;
      return typeof cont === 'string' && cont !== '' ? undefined : body;
    },
    () => undefined,
  );
}

/** What a list is called in errors and notes: `pods in namespace shop`, `nodes`. */
function listWhat(kind: SnapshotKind, namespace: string | undefined): string {
  const r = RESOURCES[kind];
  return `${r.plural}${namespace && r.namespaced ? ` in namespace ${namespace}` : ''}`;
}

/** One page of a list, as asked for in its turn or ahead of it (Secrets as metadata only: never their data). */
function getPage(client: ApiClient, kind: SnapshotKind, namespace: string | undefined, options: ListOptions, limit: number, cont: string | undefined): Promise<unknown> {
  return client.get<unknown>(resourcePath(kind, namespace), {
    query: { limit, continue: cont, labelSelector: options.labelSelector, fieldSelector: options.fieldSelector },
    metadataOnly: kind === 'Secret',
    what: listWhat(kind, namespace),
  });
}

/** A list that needs more pages than this is a server that never stops paging. */
export const MAX_PAGES = 10_000;

/** Lists every object of a kind (all pages), with kind and apiVersion filled in as kubectl prints them. */
export async function listAll(client: ApiClient, kind: SnapshotKind, namespace: string | undefined, options: ListOptions = {}): Promise<KObject[]> {
  const items: KObject[] = [];
  await listPages(client, kind, namespace, options, (page) => {
    for (const item of page) items.push(item);
  });
  return items;
}

/** Lists a kind page by page, handing each page on as it arrives (nothing is kept here). */
export async function listPages(client: ApiClient, kind: SnapshotKind, namespace: string | undefined, options: ListOptions, onPage: (items: KObject[]) => void): Promise<void> {
  const r = RESOURCES[kind];
  const what = listWhat(kind, namespace);
  const tokens = new Set<string>();
  let cont: string | undefined;
  const limit = options.pageSize ?? 2000;
  const asked = options.asked ? await options.asked : undefined;
  for (let pages = 1; ; pages++) {
    const body = pages === 1 && asked !== undefined ? asked : await getPage(client, kind, namespace, options, limit, cont);
    const page = checkListPage(body, kind, client.server, what, r.namespaced ? namespace : undefined);
    const apiVersion = r.group ? `${r.group}/${r.version}` : r.version;
    onPage(page.items.map((item) => ({ ...item, kind, apiVersion })));
    cont = page.continueToken;
    if (!cont) {
      if (page.resourceVersion) options.onResourceVersion?.(page.resourceVersion);
      return;
    }
    // The API server fills a page before it hands out a continue token: a short one is a server to slow down for.
    if (page.items.length < limit) client.budget.strike();
    if (tokens.has(cont)) throw shapeError(client.server, `${kind}List`, what, `page ${pages} repeats an earlier continue token: the list would never end`);
    if (pages >= MAX_PAGES) throw shapeError(client.server, `${kind}List`, what, `still not finished after ${MAX_PAGES} pages`);
    tokens.add(cont);
    checkHeapBudget(what, 0, (m, h) => new ClusterError('E_TOO_LARGE', m, { hint: h }));
  }
}

export async function getOne(client: ApiClient, kind: SnapshotKind, namespace: string | undefined, name: string): Promise<KObject> {
  const r = RESOURCES[kind];
  const what = `${kind.toLowerCase()} "${name}"`;
  const obj = checkObjectAnswer(await client.get<unknown>(resourcePath(kind, namespace, name), { what }), kind, client.server, what, { name, ...(r.namespaced && namespace !== undefined ? { namespace } : {}) });
  return { ...obj, kind, apiVersion: r.group ? `${r.group}/${r.version}` : r.version };
}

export { ForbiddenError };
