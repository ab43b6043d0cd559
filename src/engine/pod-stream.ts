import type { EventIndex } from '../model/events.js';
import type { KObject, Pod } from '../model/k8s.js';
import { podSkeleton, SubtreeCache } from '../model/pod-skeleton.js';
import type { Snapshot } from '../model/snapshot.js';
import { Engine, type DiagnoseOptions } from './diagnose.js';
import type { Diagnosis, DiagnosisStatus } from './diagnosis.js';
import { workloadRows, workloadsWithoutPods, type DiagnoseFilter } from './diagnose-all.js';
import { DiagnosisStore } from './diagnosis-store.js';

interface Entry {
  skeleton: Pod;
  /** The diagnosis as compact JSON in the store (a fraction of the objects' size); unset while it waits for the whole list. */
  text?: number;
  status?: DiagnosisStatus;
  /** The whole object as JSON, kept only while its diagnosis waits for the whole list. */
  pod?: string;
}

/** One item of a streamed listing: its status at hand, the diagnosis made again from its compact form when asked. */
export interface StreamedItem {
  status: DiagnosisStatus;
  diagnosis(): Diagnosis;
}

/**
 * `diagnoseAll` for Pods that arrive page by page (a streamed scan): each Pod is diagnosed when it arrives,
 * and then only its skeleton (what other Pods' and workloads' rules read of it) and its diagnosis as
 * compact JSON are kept, not the whole object. The few Pods whose rules read the other Pods (free capacity
 * on nodes, Services' near misses, a volume's holder) are diagnosed again once the list is complete, and
 * so are the workloads. `context` holds every kind but Pods and Events; `events` indexes every Event and is
 * complete before the first Pod arrives.
 */
export class PodStream {
  private readonly entries: Entry[] = [];
  private readonly store = new DiagnosisStore();
  private readonly early: Engine;
  private podsRead = false;
  /** How many Pods waited for the whole list (their rules read the other Pods). */
  deferred = 0;
  private readonly seen = new Set<string>();
  /** The parts of skeletons that repeat across Pods (a workload's replicas), kept once. */
  private readonly subtrees = new SubtreeCache();
  /** The words repeated across Pods' skeletons (kinds, phases, condition types, labels, images), kept once. */
  private readonly words = new Map<string, string>();
  private readonly intern = (s: string): string => {
    const known = this.words.get(s);
    if (known !== undefined) return known;
    if (this.words.size < 200_000) this.words.set(s, s);
    return s;
  };

  constructor(
    private readonly context: Snapshot,
    private readonly events: EventIndex,
    private readonly options: DiagnoseOptions = {},
    private readonly filter: DiagnoseFilter = {},
  ) {
    // Until the list is complete the rules see no other Pods; a rule that reads them makes the verdict wait.
    this.early = new Engine({ ...context, pods: [] }, { ...options, events, onPodsRead: () => (this.podsRead = true) });
  }

  get now(): number {
    return this.early.now;
  }

  /** The note that says which clock the scan measured ages from (a live read: this machine's). */
  clockNotes(): string[] {
    return this.early.clockNotes();
  }

  /** How many Pods arrived. */
  get size(): number {
    return this.entries.length;
  }


  /** Diagnoses a page of Pods (normalised and redacted by the source) and keeps their skeletons. */
  add(pods: readonly Pod[]): void {
    for (const pod of pods) {
      const uid = typeof pod.metadata?.uid === 'string' ? pod.metadata.uid : undefined;
      if (uid !== undefined) {
        if (this.seen.has(uid)) continue; // the same Pod twice (one dump's two files)
        this.seen.add(uid);
      }
      this.podsRead = false;
      const diagnosis = this.early.diagnosePod(pod);
      const skeleton = podSkeleton(pod, this.intern, this.subtrees);
      if (this.podsRead) {
        this.entries.push({ skeleton, pod: JSON.stringify(pod) });
        this.deferred++;
        continue;
      }
      this.entries.push({ skeleton, text: this.store.add(JSON.stringify(diagnosis)), status: diagnosis.status });
      // Only this Pod's own diagnosis reads its events (workload rules read the workloads' events).
      this.events.forget({ ...pod, kind: 'Pod' });
    }
  }

  /** The same items, in the same order, as `diagnoseAll` over a snapshot holding every Pod. */
  finish(): StreamedItem[] {
    const engine = new Engine({ ...this.context, pods: this.entries.map((e) => e.skeleton) }, { ...this.options, events: this.events });
    const bySkeleton = new Map<Pod, Entry>();
    for (const e of this.entries) {
      if (e.pod) {
        const d = engine.diagnosePod(JSON.parse(e.pod) as Pod);
        e.text = this.store.add(JSON.stringify(d));
        e.status = d.status;
        delete e.pod;
      }
      bySkeleton.set(e.skeleton, e);
    }
    const inScope = scopeOf(this.filter);
    const items: StreamedItem[] = workloadRows(engine, inScope, (pod) => {
      const e = bySkeleton.get(pod);
      return e ? (JSON.parse(this.store.get(e.text!)) as Diagnosis) : undefined;
    }).map((d) => ({ status: d.status, diagnosis: () => d }));
    let pods = 0;
    for (const e of this.entries) {
      if (!inScope(e.skeleton)) continue;
      const text = e.text!;
      const store = this.store;
      items.push({ status: e.status!, diagnosis: () => JSON.parse(store.get(text)) as Diagnosis });
      pods++;
    }
    if (items.length > 0 || pods > 0) return items;
    return workloadsWithoutPods(engine, inScope).map((d) => ({ status: d.status, diagnosis: () => d }));
  }
}

export function scopeOf(filter: DiagnoseFilter): (o: KObject) => boolean {
  return (o) => (filter.namespace === undefined || o.metadata?.namespace === filter.namespace) && (!filter.selector || filter.selector(o.metadata?.labels ?? {}));
}
