import { eventEvidence } from '../helpers/events.js';
import { finding } from '../helpers/finding.js';
import { containerEventsOf } from '../helpers/probes.js';
import { anyCause, containerProblems, terminationEvidence } from '../helpers/restarts.js';
import { formatAge, parseTime } from '../helpers/time.js';
import type { PodRule } from '../types.js';
import { minOf } from '../helpers/numbers.js';
import { ruleMessages } from '../messages/index.js';

const RESERVED = /is reserved for|name is reserved/;

const rule: PodRule = {
  id: 'container/create-container-error',
  scope: 'pod',
  stage: 'container',
  severity: 'error',
  failureClass: 'deterministic',
  title: 'Runtime failed to create the container',
  docs: {
    description:
      'The CRI CreateContainer call failed (`CreateContainerError`). `failed to reserve container name ... is reserved for ...` means the runtime still holds a previous attempt with the same name (often after a slow or timed-out create) and usually clears once the runtime finishes; other messages come from the runtime or the OCI spec it built.',
    causes: [
      'a previous create attempt timed out on a slow or overloaded node and still holds the name',
      'the runtime cannot set up the root filesystem or the spec (snapshotter, disk full, invalid spec)',
    ],
    fix: [
      'Wait a minute for a "name is reserved" error; if it persists, check the runtime on the node: crictl ps -a --name CONTAINER; journalctl -u containerd',
      'Check node disk space and runtime health; delete the Pod to let it start elsewhere',
    ],
  },
  triggers: { containerProblem: true },
  match({ pod, now, options }) {
    const problems = containerProblems(pod);
    if (!anyCause(problems, 'create-error')) return [];
    return problems
      .filter((p) => p.cause === 'create-error' && p.mode === 'waiting')
      .map((p) => {
        const c = p.container;
        const message = c.waiting!.message;
        const events = containerEventsOf(pod.events, c, pod.containers.length).filter((e) => e.reason === 'Failed' && e.message.startsWith('Error: ') && (!message || e.message.includes(message.slice(0, 40))));
        const first = events.map((e) => e.firstSeen).filter((t): t is number => t !== undefined);
        const since = first.length > 0 ? minOf(first) : (parseTime(pod.pod.status?.startTime) ?? pod.createdAt);
        const reserved = RESERVED.test(message);
        // A name still held by an earlier attempt clears when the runtime finishes it; other create errors
        // (no space left, a bad mount) need a change.
        const early = reserved && since !== undefined && now - since < options.graceMs;
        const evidence = terminationEvidence(p);
        const last = events.at(-1);
        if (last) evidence.push(eventEvidence(last, now));
        const m = ruleMessages(options.lang);
        return finding(rule, {
          severity: early ? 'warning' : 'error',
          failureClass: reserved ? 'transient' : 'deterministic',
          message: m.createContainerError.message({ node: pod.nodeName, container: c, reserved, detail: message, reason: c.waiting!.reason, ...(since !== undefined ? { age: formatAge(now - since) } : {}) }),
          evidence,
          remediation: m.createContainerError.fix({ reserved, node: pod.nodeName, container: c.name, namespace: pod.namespace, pod: pod.name }),
        });
      });
  },
};

export default rule;
