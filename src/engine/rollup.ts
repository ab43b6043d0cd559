import { messagesFor, type Messages } from '../i18n/index.js';
import type { Diagnosis } from './diagnosis.js';

/** Pods of one workload that share a verdict: "3/3 pods: image/not-found". */
export interface RollupGroup {
  status: Diagnosis['status'];
  stage: Diagnosis['stage'];
  rule: string | null;
  /** One representative diagnosis (the first Pod's). */
  example: Diagnosis;
  pods: string[];
}

/** Groups Pod diagnoses that share status, stage and primary rule: failing first, then the largest group. */
export function rollup(items: readonly Diagnosis[]): RollupGroup[] {
  const groups = new Map<string, RollupGroup>();
  for (const d of items) {
    if (!d.pod) continue;
    const rule = d.status === 'healthy' ? null : (d.findings[0]?.rule ?? null);
    const key = `${d.status}|${d.stage}|${rule}`;
    const g = groups.get(key);
    if (g) g.pods.push(d.pod.name);
    else groups.set(key, { status: d.status, stage: d.stage, rule, example: d, pods: [d.pod.name] });
  }
  const rank = { failing: 0, progressing: 1, healthy: 2 } as const;
  return [...groups.values()].sort((a, b) => rank[a.status] - rank[b.status] || b.pods.length - a.pods.length);
}

/** "3/3 pods: Image not found in the registry (image/not-found)". */
export function describeGroup(g: RollupGroup, total: number, t: Messages = messagesFor('en')): string {
  const base = { pods: g.pods.length, total, status: g.status, stage: g.stage };
  if (g.status === 'healthy') return t.workload.group(base);
  const cause = g.rule ? `${g.example.findings[0]?.title ?? g.rule} (${g.rule})` : g.example.summary;
  return t.workload.group({ ...base, cause });
}
