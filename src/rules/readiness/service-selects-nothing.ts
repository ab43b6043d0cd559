import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { clusterPods } from '../helpers/resources.js';
import { formatAge, parseTime } from '../helpers/time.js';
import { ruleMessages } from '../messages/index.js';
import type { SelectsNothing } from '../messages/readiness.js';
import { formatHave, formatSelector, nearMiss, podLabels, selectorPatch, selects, serviceEndpoints, serviceSelector, templateSelectedBy, type SelectorMiss } from '../helpers/service-selector.js';
import type { Pod } from '../../model/k8s.js';
import type { WorkloadRule } from '../types.js';

/** Pods of the namespace grouped by the labels they carry for the selector's keys: `app=api` → 2 Pods. */
function valuesForKeys(selector: Record<string, string>, pods: readonly Pod[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const p of pods) {
    const labels = podLabels(p);
    const have = Object.keys(selector)
      .filter((k) => labels[k] !== undefined)
      .map((k) => `${k}=${labels[k]}`)
      .join(',');
    if (have) counts.set(have, (counts.get(have) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

const rule: WorkloadRule = {
  id: 'readiness/service-selects-nothing',
  scope: 'workload',
  stage: 'readiness',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'Service selector matches no Pod',
  docs: {
    description:
      'A Service\'s spec.selector matches no Pod of its namespace, so the Service has no endpoints: connections to it are refused or time out although the Pods themselves may be Running and Ready. Fires only when the snapshot holds the full Pod list, the Service\'s EndpointSlices (when visible) list no endpoint, and no workload\'s Pod template carries the selected labels (a Deployment scaled to zero is not a selector problem).',
    causes: [
      'a typo in the selector or in the Pod template labels (app: frontend vs app: front-end)',
      'different label schemes (app: web vs app.kubernetes.io/name: web)',
      'the Pods were relabelled or their workload renamed, and the Service was not updated',
      'the Service selects a label the Pod template never had (e.g. a version or tier label)',
    ],
    fix: [
      'Compare: kubectl get svc SVC -o jsonpath=\'{.spec.selector}\' and kubectl get pods --show-labels',
      'Confirm nothing matches: kubectl get pods -l KEY=VALUE',
      'Fix the Service: kubectl patch svc SVC --type=merge -p \'{"spec":{"selector":{"app":"front-end"}}}\' (or fix the Pod template labels, remembering that a Deployment\'s selector is immutable)',
      'Verify: kubectl get endpointslices -l kubernetes.io/service-name=SVC',
    ],
    links: ['https://kubernetes.io/docs/concepts/services-networking/service/#defining-a-service', 'https://kubernetes.io/docs/tasks/debug/debug-application/debug-service/#does-the-service-have-any-endpoints'],
  },
  match({ workload: w, cluster, now, options }) {
    if (w.kind !== 'Service' || w.pods.length > 0) return [];
    const selector = serviceSelector(w.object);
    if (!selector) return [];
    // Only a complete Pod list can show that nothing matches (not a live single-Pod read).
    const all = clusterPods(cluster, w.namespace);
    if (!all) return [];
    const nsPods = all.filter((p) => p.metadata?.namespace === w.namespace);
    // An empty namespace in the snapshot may just not have been dumped.
    if (nsPods.length === 0 || nsPods.some((p) => selects(selector, podLabels(p)))) return [];
    const endpoints = serviceEndpoints(cluster, w.namespace, w.name);
    if (endpoints.count !== undefined && endpoints.count > 0) return [];
    if (templateSelectedBy(cluster, w.namespace, selector)) return [];

    const sel = formatSelector(selector);
    const ns = w.namespace;
    const near: Array<{ pod: Pod; misses: SelectorMiss[] }> = [];
    for (const p of nsPods) {
      if (p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed') continue;
      const misses = nearMiss(selector, podLabels(p), w.name);
      if (misses) near.push({ pod: p, misses });
    }
    // The most common near miss names the Pods the Service was probably meant for.
    const groups = new Map<string, Array<{ pod: Pod; misses: SelectorMiss[] }>>();
    for (const n of near) {
      const key = formatHave(selector, n.misses);
      groups.set(key, [...(groups.get(key) ?? []), n]);
    }
    const best = [...groups.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))[0];
    const evidence = [fieldEvidence('service', `services/${w.name}.spec.selector`, selector), ...endpoints.evidence];
    const keys = Object.keys(selector);
    let found: SelectsNothing;
    let patch: string | undefined;
    if (best) {
      const [have, pods] = best;
      const names = pods.slice(0, 3).map((n) => n.pod.metadata?.name ?? '');
      found = { kind: 'near', have, pods: pods.length, names, more: pods.length > names.length };
      evidence.push(...pods.slice(0, 3).map((n) => fieldEvidence('pod', `pods/${n.pod.metadata?.name ?? ''}.metadata.labels`, podLabels(n.pod))));
      patch = selectorPatch(pods[0]!.misses);
    } else {
      const present = valuesForKeys(selector, nsPods);
      const shown = present.slice(0, 3).map(([labels, pods]) => ({ labels, pods }));
      found = shown.length > 0 ? { kind: 'carry', shown, more: present.length > shown.length } : { kind: 'no-key', keys };
    }
    const t = ruleMessages(options.lang).serviceSelectsNothing;
    const remediation = t.fix({ service: w.name, selector: sel, namespace: ns, ...(patch !== undefined ? { patch } : {}) });
    const base = { service: w.name, selector: sel, namespace: ns, labels: keys.length, found };
    // With no Pod close to the selector, a Service created moments ago may be waiting for its workload
    // (applied in the same batch); a near miss is a typo whatever the Service's age.
    const created = parseTime(w.object.metadata?.creationTimestamp);
    if (!best && created !== undefined && now - created < options.graceMs) {
      return [finding(rule, { severity: 'warning', confidence: 'medium', message: t.message({ ...base, created: formatAge(now - created) }), evidence, remediation })];
    }
    const message = t.message(base);
    return [finding(rule, { message, evidence, remediation })];
  },
};

export default rule;
