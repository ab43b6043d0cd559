import { ClusterError, NotFoundError } from '../../errors.js';
import type { KObject } from '../../model/k8s.js';
import { SNAPSHOT_KINDS, type Snapshot, type SnapshotKind } from '../../model/snapshot.js';
import { SnapshotBuilder } from '../build-snapshot.js';
import { checkHeapBudget } from '../heap-budget.js';
import type { ApiClient } from './api-client.js';
import { ForbiddenError } from './api-errors.js';
import { askWholeList, getOne, listPages, rbacWords, RESOURCES, type AskedList, type ListOptions } from './resources.js';

function forbidden(kind: SnapshotKind, verb: 'get' | 'list', namespace: string | undefined, err: ForbiddenError): ClusterError {
  return new ClusterError('E_FORBIDDEN', `not allowed to ${verb} ${RESOURCES[kind].plural}${namespace ? ` in namespace "${namespace}"` : ''}${err.statusMessage ? ` (${err.statusMessage})` : ''}`, {
    hint: `kdiag needs ${rbacWords(kind, verb)}; kdiag rbac prints the minimal role`,
  });
}

const NOTE_WORDS: Partial<Record<SnapshotKind, string>> = {
  Node: 'node state',
  Event: 'events',
  PersistentVolumeClaim: 'PersistentVolumeClaims',
  PersistentVolume: 'PersistentVolumes',
  StorageClass: 'StorageClasses',
  ConfigMap: 'ConfigMaps',
  Secret: 'Secrets (existence only)',
  Service: 'Services',
  ReplicaSet: 'ReplicaSets',
  Deployment: 'Deployments',
  NetworkPolicy: 'NetworkPolicies',
  Ingress: 'Ingresses',
  IngressClass: 'IngressClasses',
  Namespace: 'Namespaces',
};

/**
 * Fills a Snapshot from API requests. Forbidden is not absent: a 403 becomes a note and the kind stays
 * unseen, so no rule can conclude that something is missing. A 404 on a GET means "looked, not there".
 */
export class Collector {
  private readonly builder = new SnapshotBuilder();
  private readonly forbidden = new Set<string>();
  /** Notes about a kind (not visible, not served), by the kind they name: put in one order at finish. */
  private readonly kindNotes = new Map<string, SnapshotKind>();
  /** resourceVersion of each successful list, to watch for changes from there. */
  readonly resourceVersions: Partial<Record<SnapshotKind, string>> = {};

  constructor(
    readonly client: ApiClient,
    source: string,
  ) {
    this.builder.addSource(source);
  }

  /** Lists a kind; a Pod list filtered by labels is not the full list, so it does not count as seen. */
  async list(kind: SnapshotKind, namespace: string | undefined, options: ListOptions & { required?: boolean } = {}): Promise<KObject[]> {
    const items: KObject[] = [];
    const listed = await this.pages(kind, namespace, options, (page) => {
      for (const o of page) items.push(o);
    });
    if (!listed) return [];
    // A list filtered by labels or fields is not the kind's whole list (a Pod's own Events are all its Events).
    const complete = kind === 'Event' || !(options.labelSelector || options.fieldSelector);
    for (const o of items) this.builder.add(o, { markSeen: complete });
    checkHeapBudget(`the ${RESOURCES[kind].plural} read`, 0, (m, h) => new ClusterError('E_TOO_LARGE', m, { hint: h }));
    if (complete) this.markListed(kind, namespace);
    return items;
  }

  /**
   * Lists a kind page by page, handing each page on and keeping nothing; false when the kind could not be
   * read (forbidden or not served: a note, unless `required`).
   */
  async pages(kind: SnapshotKind, namespace: string | undefined, options: ListOptions & { required?: boolean }, onPage: (items: KObject[]) => void): Promise<boolean> {
    try {
      await listPages(this.client, kind, namespace, { ...options, onResourceVersion: (rv) => (this.resourceVersions[kind] = rv) }, onPage);
      return true;
    } catch (err) {
      if (err instanceof ForbiddenError) {
        if (options.required) throw forbidden(kind, 'list', namespace, err);
        this.noteForbidden(kind, 'list', namespace);
        return false;
      }
      // A kind the server does not serve (no EndpointSlice API, an aggregated API gone): unknown, not absent.
      if (err instanceof NotFoundError && !options.required) {
        this.builder.snapshot.meta.unreadable.push({ kind, reason: 'not served' });
        this.note(`${NOTE_WORDS[kind] ?? `${kind}s`} not listed: the API server does not serve ${RESOURCES[kind].plural} (404)`, kind);
        return false;
      }
      throw err;
    }
  }

  /** A small list asked for ahead of its turn (see resources.ts); pass it to `pages` in its turn. */
  askWholeList(kind: SnapshotKind, namespace: string | undefined, options: ListOptions): AskedList {
    return askWholeList(this.client, kind, namespace, options);
  }

  /** Marks a kind's list as read whole in `namespace` (every namespace when undefined): a streamed list read completely. */
  markListed(kind: SnapshotKind, namespace: string | undefined): void {
    this.builder.markComplete(kind, namespace === undefined ? 'all' : { namespace });
  }

  /** GETs the object the diagnosis is about: forbidden is an error here (exit 3), absence exit 4. */
  async getRequired(kind: SnapshotKind, namespace: string | undefined, name: string): Promise<KObject | undefined> {
    try {
      // Not marked as seen: one Pod read is not the namespace's full list of Pods.
      const obj = await getOne(this.client, kind, namespace, name);
      this.builder.add(obj, { markSeen: false });
      return obj;
    } catch (err) {
      if (err instanceof ForbiddenError) throw forbidden(kind, 'get', namespace, err);
      if (err instanceof NotFoundError) return undefined;
      throw err;
    }
  }

  /** GETs one object; undefined when it does not exist (recorded as looked-for) or is forbidden. */
  async get(kind: SnapshotKind, namespace: string | undefined, name: string): Promise<KObject | undefined> {
    return (await this.prefetch(kind, namespace, name))();
  }

  /**
   * GETs one object ahead of knowing it is needed (to save a wave); the answer enters the snapshot only
   * when the returned function is called, so a guess that turns out wrong leaves no trace.
   */
  async prefetch(kind: SnapshotKind, namespace: string | undefined, name: string): Promise<() => KObject | undefined> {
    try {
      const obj = await getOne(this.client, kind, namespace, name);
      return () => {
        this.builder.add(obj, { markSeen: false });
        // Looked for by name: its absence would be a real answer (e.g. the Pod's Node was deleted).
        this.builder.markComplete(kind, { namespace: namespace ?? '', name });
        return obj;
      };
    } catch (err) {
      if (err instanceof ForbiddenError) {
        return () => {
          this.noteForbidden(kind, 'get', namespace);
          return undefined;
        };
      }
      if (err instanceof NotFoundError) {
        return () => {
          this.builder.markComplete(kind, { namespace: namespace ?? '', name });
          return undefined;
        };
      }
      throw err;
    }
  }

  /** A container log tail; forbidden or missing logs become a note, never an error. */
  async log(namespace: string, pod: string, container: string, previous: boolean, tailLines: number): Promise<void> {
    try {
      const text = await this.client.get<string>(`/api/v1/namespaces/${encodeURIComponent(namespace)}/pods/${encodeURIComponent(pod)}/log`, {
        query: { container, previous, tailLines, limitBytes: 64 * 1024 },
        text: true,
        what: `logs of container "${container}"`,
      });
      this.builder.addLog(`${namespace}/${pod}/${container}`, text);
    } catch (err) {
      // While a crash-looping container waits in back-off, the instance that crashed can still be the kubelet's
      // "current" one (its predecessor already collected): read that instead.
      if (previous && err instanceof ClusterError && /previous terminated container .* not found/.test(err.message)) return this.log(namespace, pod, container, false, tailLines);
      if (err instanceof ForbiddenError) this.note(`container logs not visible: forbidden (needs get on pods/log in namespace ${namespace})`);
      else if (!(err instanceof NotFoundError)) this.note(`logs of container "${container}" could not be read: ${(err as Error).message}`);
    }
  }

  note(text: string, kind?: SnapshotKind): void {
    if (kind) this.kindNotes.set(text, kind);
    if (!this.builder.snapshot.meta.notes.includes(text)) this.builder.snapshot.meta.notes.push(text);
  }

  finish(capturedAt: number): Snapshot {
    const snapshot = this.builder.finish();
    // The reads answer in any order: the notes about kinds come first, in the snapshot's order of kinds, and the
    // kinds that could not be read are in that order too, so two runs against the same cluster print the same.
    const rank = (text: string): number => {
      const kind = this.kindNotes.get(text);
      return kind ? KIND_ORDER.indexOf(kind) : KIND_ORDER.length;
    };
    snapshot.meta.notes.sort((a, b) => rank(a) - rank(b));
    snapshot.meta.unreadable.sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
    snapshot.meta.capturedAt = new Date(capturedAt).toISOString();
    return snapshot;
  }

  private noteForbidden(kind: SnapshotKind, verb: 'get' | 'list', namespace: string | undefined): void {
    const key = `${kind}/${verb}`;
    if (this.forbidden.has(key)) return;
    this.forbidden.add(key);
    const scope = namespace ? ` in namespace ${namespace}` : '';
    this.builder.snapshot.meta.unreadable.push({ kind, reason: `forbidden (needs ${rbacWords(kind, verb)}${scope})` });
    this.note(`${NOTE_WORDS[kind] ?? `${kind}s`} not visible: forbidden (needs ${rbacWords(kind, verb)}${scope})`, kind);
  }
}

const KIND_ORDER = Object.keys(SNAPSHOT_KINDS) as SnapshotKind[];
