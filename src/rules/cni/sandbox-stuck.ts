import { ruleMessages } from '../messages/index.js';
import { finding } from '../helpers/finding.js';
import { mountsFirst, sandboxWait, traceSentence } from '../helpers/stuck.js';
import { formatAge } from '../helpers/time.js';
import type { PodRule } from '../types.js';

const rule: PodRule = {
  id: 'cni/sandbox-stuck',
  scope: 'pod',
  stage: 'cni',
  severity: 'error',
  failureClass: 'transient',
  fallback: true,
  title: 'No sandbox or network for a long time, and no event says why',
  docs: {
    description:
      'The kubelet started the Pod longer ago than the stuck threshold (10 minutes by default), but its sandbox (the pause container, network namespace and Pod IP) still does not exist, and no `FailedCreatePodSandBox` or other error kdiag recognises explains it. Reported only when no other rule finds a cause; the events that said why may have expired.',
    causes: [
      'the container runtime is hung creating the sandbox (pulling the pause image, or a stuck CNI ADD call)',
      'the CNI plugin hangs (waiting for an IPAM server or its daemon) without returning an error',
      'the events that explained it expired (they are kept about an hour)',
    ],
    fix: [
      'Look at live events: kubectl describe pod POD',
      'On the node: crictl pods --name POD; journalctl -u containerd -u kubelet --since "30 min ago" | grep -i sandbox',
    ],
  },
  triggers: { awaitingSandbox: true },
  match({ pod, now, options }) {
    if (mountsFirst(pod)) return [];
    const wait = sandboxWait(pod, now, options.stuckMs);
    if (!wait) return [];
    const m = ruleMessages(options.lang);
    const t = m.sandboxStuck;
    return [
      finding(rule, {
        confidence: 'medium',
        message: t.message({ node: pod.nodeName, age: formatAge(now - wait.since), trace: traceSentence(pod, now, wait.evidence, m) }),
        evidence: wait.evidence,
        remediation: t.fix({ node: pod.nodeName, pod: pod.name, namespace: pod.namespace }),
      }),
    ];
  },
};

export default rule;
