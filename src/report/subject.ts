import type { Diagnosis } from '../engine/diagnosis.js';

/** `Pod shop/api-1` or `Deployment shop/api`. */
export function subjectName(d: Diagnosis): string {
  if (d.pod) return `Pod ${d.pod.namespace}/${d.pod.name}`;
  if (d.workload) return `${d.workload.kind} ${d.workload.namespace}/${d.workload.name}`;
  return '(unknown)';
}

/** The primary cause in a few words: the primary finding's title, or the status for healthy Pods. */
export function causeOf(d: Diagnosis): string {
  const primary = d.findings[0];
  if (d.status === 'healthy') return primary && primary.severity === 'warning' ? `healthy; ${primary.title.toLowerCase()}` : d.pod?.phase === 'Succeeded' ? 'completed' : 'running and ready';
  return primary ? primary.title : d.summary;
}
