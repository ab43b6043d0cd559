import { ruleMessages } from '../messages/index.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { clusterPods } from '../helpers/resources.js';
import { formatHave, formatSelector, nearMiss, podLabels, selectorPatch, selects, serviceEndpoints, serviceSelector, templateSelectedBy } from '../helpers/service-selector.js';
import type { PodFacts } from '../../model/facts.js';
import type { Finding, PodRule } from '../types.js';

/** `deploy/api`, `sts/db` … for the workload whose Pod template sets the labels. */
function templateOwner(pod: PodFacts): string | undefined {
  const o = pod.owner;
  const name = (x: { metadata?: { name?: string } } | undefined): string | undefined => x?.metadata?.name;
  if (name(o.deployment)) return `deploy/${name(o.deployment)}`;
  if (name(o.statefulSet)) return `sts/${name(o.statefulSet)}`;
  if (name(o.daemonSet)) return `ds/${name(o.daemonSet)}`;
  if (name(o.replicaSet)) return `rs/${name(o.replicaSet)}`;
  if (name(o.job)) return `job/${name(o.job)}`;
  return undefined;
}

const rule: PodRule = {
  id: 'readiness/service-selector-near-miss',
  scope: 'pod',
  stage: 'readiness',
  severity: 'warning',
  failureClass: 'deterministic',
  title: 'A Service nearly selects this Pod',
  docs: {
    description:
      'A Service of the Pod\'s namespace does not select this Pod, but its selector nearly matches the Pod\'s labels (same key with a value a typo away, the value under another key, or the Service\'s own name as the value), and it selects no other Pod: traffic meant for this Pod does not reach it. Not reported when the Service selects any other Pod, has endpoints, or matches a workload\'s Pod template.',
    causes: [
      'a typo in the Service selector or the Pod template labels (app: frontend vs app: front-end)',
      'different label keys for the same thing (app vs app.kubernetes.io/name)',
      'the workload was renamed and its labels changed, but the Service was not updated',
    ],
    fix: [
      'Compare the selector with the Pod\'s labels: kubectl get svc SVC -o jsonpath=\'{.spec.selector}\'; kubectl get pod POD --show-labels',
      'Fix the Service selector: kubectl patch svc SVC --type=merge -p \'{"spec":{"selector":{"app":"front-end"}}}\'',
      'Or change the Pod template labels of the workload to what the Service selects',
    ],
    links: ['https://kubernetes.io/docs/tasks/debug/debug-application/debug-service/#does-the-service-have-any-endpoints'],
  },
  match({ pod, cluster, options }) {
    if (pod.deletingSince !== undefined || pod.phase === 'Succeeded' || pod.phase === 'Failed') return [];
    const services = cluster.list('Service', pod.namespace);
    if (services.length === 0) return [];
    const labels = podLabels(pod.pod);
    const complete = clusterPods(cluster, pod.namespace) !== undefined;
    const out: Finding[] = [];
    const t = ruleMessages(options.lang).serviceSelectorNearMiss;
    for (const svc of services) {
      const name = svc.metadata?.name ?? '';
      const selector = serviceSelector(svc);
      if (!selector || selects(selector, labels)) continue;
      const misses = nearMiss(selector, labels, name);
      if (!misses) continue;
      // A Service that reaches other Pods is meant for them (a canary, another tier): not a near miss.
      if (cluster.pods.some((p) => p.metadata?.namespace === pod.namespace && p.metadata?.uid !== pod.uid && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed' && selects(selector, podLabels(p)))) continue;
      const endpoints = serviceEndpoints(cluster, pod.namespace, name);
      if (endpoints.count !== undefined && endpoints.count > 0) continue;
      if (templateSelectedBy(cluster, pod.namespace, selector)) continue;
      const sel = formatSelector(selector);
      const have = formatHave(selector, misses);
      const owner = templateOwner(pod);
      out.push(
        finding(rule, {
          confidence: complete ? 'high' : 'low',
          message: t.message({ service: name, selector: sel, have, complete }),
          evidence: [fieldEvidence('service', `services/${name}.spec.selector`, selector), fieldEvidence('pod', 'metadata.labels', labels), ...endpoints.evidence],
          remediation: t.fix({ namespace: pod.namespace, service: name, selector: sel, patch: selectorPatch(misses), ...(owner ? { owner } : {}) }),
        }),
      );
    }
    return out;
  },
};

export default rule;
