// Policies grouped by namespace, computed once per policy list: a scan asks thousands of questions of the same
// list, and a Pod is only ever selected by policies of its own namespace.
import type { KObject } from '../../model/k8s.js';
import { policyNamespace } from './policy-spec.js';

const byList = new WeakMap<readonly KObject[], Map<string, KObject[]>>();

export function policiesInNamespace(policies: readonly KObject[], namespace: string): readonly KObject[] {
  let index = byList.get(policies);
  if (!index) {
    index = new Map();
    for (const p of policies) {
      const ns = policyNamespace(p);
      const list = index.get(ns);
      if (list) list.push(p);
      else index.set(ns, [p]);
    }
    byList.set(policies, index);
  }
  return index.get(namespace) ?? [];
}
