import { creatorOf, currentCreateFailures, describeCommand } from '../helpers/failed-create.js';
import { ruleMessages } from '../messages/index.js';
import { finding } from '../helpers/finding.js';
import type { WorkloadRule } from '../types.js';

// pod-security-admission: `violates PodSecurity "<level>:<version>": <check> (<detail>), <check> (<detail>)`.
const VIOLATES = /violates PodSecurity "([^"]+)": ([\s\S]+)$/;

/** Splits `a (x, y), b (z)` at the commas outside parentheses and brackets. */
export function splitChecks(text: string): Array<{ check: string; detail: string }> {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    if (quoted) continue;
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth = Math.max(0, depth - 1);
    else if (ch === ',' && depth === 0 && text[i + 1] === ' ') {
      out.push(text.slice(start, i));
      start = i + 2;
    }
  }
  out.push(text.slice(start));
  return out
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const m = /^(.*?) \(([\s\S]*)\)$/.exec(s);
      return m ? { check: m[1]!, detail: m[2]! } : { check: s, detail: '' };
    });
}

const rule: WorkloadRule = {
  id: 'admission/pod-security',
  scope: 'workload',
  stage: 'admission',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'Pod Security Admission rejects the workload\'s Pods',
  docs: {
    description:
      'The namespace enforces a Pod Security Standard (label `pod-security.kubernetes.io/enforce`) and the Pod template breaks it (`FailedCreate`: `pods "x" is forbidden: violates PodSecurity "restricted:latest": …`). kdiag lists each failed check and what to set.',
    causes: [
      'a `restricted` namespace and a Pod without allowPrivilegeEscalation=false, capabilities.drop=["ALL"], runAsNonRoot=true and a seccompProfile',
      'a `baseline` namespace and a privileged container, hostPath volume, host namespace or hostPort',
      'a namespace label changed after the workload was written',
    ],
    fix: [
      'Set the securityContext fields each check names (pod and container level)',
      'See the enforced level: kubectl get ns NAMESPACE --show-labels',
      'Only if the workload really needs the privilege, run it in a namespace with a lower level (do not lower a shared namespace lightly)',
    ],
    links: ['https://kubernetes.io/docs/concepts/security/pod-security-standards/', 'https://kubernetes.io/docs/concepts/security/pod-security-admission/'],
  },
  match({ workload: w, now, options }) {
    const t = ruleMessages(options.lang).podSecurity;
    return currentCreateFailures(w, now).flatMap((f) => {
      const m = VIOLATES.exec(f.error);
      if (!m) return [];
      const policy = m[1]!;
      const checks = splitChecks(m[2]!.trim());
      const level = policy.split(':')[0] ?? policy;
      return [
        finding(rule, {
          message: t.message({ who: creatorOf(w, f), policy, namespace: w.namespace, checks: checks.map((c) => c.check) }),
          evidence: f.evidence,
          remediation: [...checks.map((c) => t.check(c)), ...t.fix({ namespace: w.namespace, level, events: describeCommand(w, f) })],
          confidence: f.confirmed ? 'high' : 'medium',
        }),
      ];
    });
  },
};

export default rule;
