import { ruleMessages } from '../messages/index.js';
import { eventEvidence } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { currentSandboxFailures } from '../helpers/sandbox-errors.js';
import type { Evidence, PodRule } from '../types.js';

const rule: PodRule = {
  id: 'cni/ip-exhausted',
  scope: 'pod',
  stage: 'cni',
  severity: 'error',
  failureClass: 'deterministic',
  title: "The node's Pod IP range is exhausted",
  docs: {
    description:
      'The CNI IPAM plugin (host-local) has no free address left in the node\'s range: `failed to allocate for range 0: no IP addresses available in range set: <start>-<end>`. New Pods on this node cannot get a network until addresses are freed, so this is an error from the first event (unlike most sandbox errors, which get graceMs to clear).',
    causes: [
      'leaked IPs: containers were removed without a CNI DEL (runtime crash, unclean reboot), and their reservations remain in /var/lib/cni/networks/<network>/',
      'the node runs more Pods than its Pod CIDR holds (maxPods larger than the range)',
      'many short-lived Pods (Jobs) churn faster than addresses are released',
    ],
    fix: [
      'On the node: ls /var/lib/cni/networks/<network>/ and compare with the running sandboxes (crictl pods); remove reservations of sandboxes that no longer exist, or drain and reboot the node',
      'Keep maxPods below the size of the node\'s Pod CIDR (kube-controller-manager --node-cidr-mask-size)',
    ],
    links: ['https://www.cni.dev/plugins/current/ipam/host-local/'],
  },
  triggers: { awaitingSandbox: true },
  match({ pod, now, options }) {
    const all = currentSandboxFailures(pod);
    if (all.length === 0) return [];
    const failures = all.filter((f) => f.error.kind === 'ip-exhausted');
    const last = failures[failures.length - 1];
    if (!last) return [];
    const range = last.error.subject ?? '?';
    const network = last.error.network;
    const evidence: Evidence[] = [eventEvidence(last.event, now)];
    const cidr = pod.node?.spec?.podCIDR;
    if (cidr) evidence.push(fieldEvidence('node', 'spec.podCIDR', cidr));
    const running = pod.node?.status?.allocatable?.['pods'];
    const t = ruleMessages(options.lang).ipExhausted;
    return [
      finding(rule, {
        // The range is full now and stays full until Pods on the node go away: an error from the first event.
        message: t.message({ node: pod.nodeName, ...(last.error.plugin ? { plugin: last.error.plugin } : {}), range, ...(network ? { network } : {}), ...(cidr ? { cidr } : {}) }),
        evidence,
        remediation: t.fix({ node: pod.nodeName, ...(network ? { network } : {}), ...(running ? { maxPods: String(running) } : {}) }),
      }),
    ];
  },
};

export default rule;
