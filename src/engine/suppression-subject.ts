import { controllerRef, type PodFacts, type WorkloadFacts } from '../model/facts.js';
import type { KObject } from '../model/k8s.js';
import type { Snapshot } from '../model/snapshot.js';
import type { SuppressionSubject } from './suppress.js';

const SHORT: Readonly<Record<string, string>> = { ReplicaSet: 'rs', Deployment: 'deploy', StatefulSet: 'sts', DaemonSet: 'ds', Job: 'job', CronJob: 'cronjob', Service: 'svc', Pod: 'pod', Namespace: 'namespace' };

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const labelsOf = (o: KObject | undefined): Record<string, string> => (o?.metadata?.labels as Record<string, string> | undefined) ?? {};

/** The subjects suppressions are judged on: a Pod or workload, its controllers up the chain, and its Namespace. */
export class SuppressionSubjects {
  private namespaces: Map<string, KObject> | undefined;
  private cronJobs: Map<string, KObject> | undefined;

  constructor(private readonly snapshot: Snapshot) {}

  forPod(facts: PodFacts): SuppressionSubject {
    const o = facts.owner;
    const chain: Array<KObject | undefined> = [facts.pod, o.replicaSet, o.deployment, o.statefulSet, o.daemonSet, o.job, this.cronJobOf(o.job)];
    return { namespace: facts.namespace, name: facts.name, labels: labelsOf(facts.pod), annotated: this.annotated(chain, facts.namespace, 'Pod') };
  }

  forWorkload(w: WorkloadFacts): SuppressionSubject {
    const chain: Array<KObject | undefined> = [w.object, w.kind === 'Job' ? this.cronJobOf(w.object) : undefined];
    return { namespace: w.namespace, name: w.name, labels: labelsOf(w.object), annotated: this.annotated(chain, w.namespace, w.kind) };
  }

  /** An object with no Pods of its own to judge (an Ingress): itself and its Namespace. */
  forObject(kind: string, object: KObject): SuppressionSubject {
    const namespace = str(object.metadata?.namespace);
    return { namespace, name: str(object.metadata?.name), labels: labelsOf(object), annotated: this.annotated([object], namespace, kind) };
  }

  private annotated(chain: ReadonlyArray<KObject | undefined>, namespace: string, firstKind: string): SuppressionSubject['annotated'] {
    const out: Array<{ ref: string; object: KObject | undefined }> = [];
    chain.forEach((object, i) => {
      if (!object) return;
      const kind = str(object.kind) || (i === 0 ? firstKind : '');
      out.push({ ref: `${SHORT[kind] ?? kind.toLowerCase()}/${str(object.metadata?.name)}`, object });
    });
    const ns = this.namespaceObject(namespace);
    if (ns) out.push({ ref: `namespace/${namespace}`, object: ns });
    return out;
  }

  private cronJobOf(job: KObject | undefined): KObject | undefined {
    const ref = job ? controllerRef(job) : undefined;
    if (!job || ref?.kind !== 'CronJob') return undefined;
    this.cronJobs ??= new Map(this.snapshot.cronJobs.map((c) => [`${str(c.metadata?.namespace)}/${str(c.metadata?.name)}`, c]));
    return this.cronJobs.get(`${str(job.metadata?.namespace)}/${ref.name}`);
  }

  private namespaceObject(name: string): KObject | undefined {
    this.namespaces ??= new Map(this.snapshot.namespaces.map((n) => [str(n.metadata?.name), n]));
    return this.namespaces.get(name);
  }
}
