import type { Diagnosis } from '../engine/diagnosis.js';
import { messagesFor, type Messages } from '../i18n/index.js';

/** `Pod shop/api-1` or `Deployment shop/api`. */
export function subjectName(d: Diagnosis): string {
  // An item of a run over several clusters names its cluster first (`[prod-eu] Pod shop/web`), in every language.
  const cluster = d.cluster !== undefined ? `[${d.cluster}] ` : '';
  if (d.pod) return `${cluster}Pod ${d.pod.namespace}/${d.pod.name}`;
  if (d.workload) return `${cluster}${d.workload.kind} ${d.workload.namespace}/${d.workload.name}`;
  return `${cluster}(unknown)`;
}

/** The primary cause in a few words: the primary finding's title, or the status for healthy Pods. */
export function causeOf(d: Diagnosis, t: Messages = messagesFor('en')): string {
  const primary = d.findings[0];
  if (d.status === 'healthy') {
    if (primary && primary.severity === 'warning') return t.table.healthyWithWarning({ title: primary.title });
    // A workload's own row (no Pod: a CronJob, a Deployment scaled to zero): its context, not a Pod's words.
    if (!d.pod && d.workload) return primary ? t.table.healthyWithWarning({ title: primary.title }) : d.summary;
    return d.pod?.phase === 'Succeeded' ? t.table.completed : t.table.runningReady;
  }
  return primary ? primary.title : d.summary;
}
