import { ruleMessages } from '../messages/index.js';
import { eventEvidence } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { currentSandboxFailures } from '../helpers/sandbox-errors.js';
import type { Evidence, PodRule } from '../types.js';

const rule: PodRule = {
  id: 'cni/runtime-handler-missing',
  scope: 'pod',
  stage: 'cni',
  severity: 'error',
  failureClass: 'deterministic',
  title: "The node's runtime has no handler for the Pod's RuntimeClass",
  docs: {
    description:
      'The Pod names a RuntimeClass whose handler (kata, runsc/gVisor, nvidia, wasm …) the container runtime on its node does not know: containerd `failed to get sandbox runtime: no runtime for "<handler>" is configured`, CRI-O `failed to find runtime handler <handler> from runtime list map[…]`. This does not clear by itself.',
    causes: [
      'the runtime on this node was not configured with that handler (containerd [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.<handler>], CRI-O [crio.runtime.runtimes.<handler>])',
      'the RuntimeClass has no nodeSelector (scheduling.nodeSelector), so Pods land on nodes without the handler',
      'the handler name in the RuntimeClass is misspelled',
    ],
    fix: [
      'kubectl get runtimeclass NAME -o yaml   (handler, scheduling.nodeSelector)',
      'Configure the handler in the node\'s runtime and restart it, or add scheduling.nodeSelector to the RuntimeClass so only capable nodes get these Pods',
    ],
    links: ['https://kubernetes.io/docs/concepts/containers/runtime-class/'],
  },
  triggers: { awaitingSandbox: true },
  match({ pod, now, options }) {
    const all = currentSandboxFailures(pod);
    if (all.length === 0) return [];
    const failures = all.filter((f) => f.error.kind === 'runtime-handler');
    const last = failures[failures.length - 1];
    if (!last) return [];
    const handler = last.error.subject ?? '?';
    const rc = (pod.pod.spec as Record<string, unknown> | undefined)?.['runtimeClassName'];
    const evidence: Evidence[] = [eventEvidence(last.event, now)];
    if (typeof rc === 'string') evidence.push(fieldEvidence('pod', 'spec.runtimeClassName', rc));
    const t = ruleMessages(options.lang).runtimeHandlerMissing;
    const runtimeClass = typeof rc === 'string' ? { runtimeClass: rc } : {};
    return [
      finding(rule, {
        message: t.message({ node: pod.nodeName, handler, ...runtimeClass }),
        evidence,
        remediation: t.fix({ node: pod.nodeName, handler, ...runtimeClass }),
      }),
    ];
  },
};

export default rule;
