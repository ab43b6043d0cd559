import { ruleMessages } from '../messages/index.js';
import { finding } from '../helpers/finding.js';
import { conditionEvidence, nodeCondition } from '../helpers/node-health.js';
import { awaitingSandbox, currentSandboxFailures, withinGrace } from '../helpers/sandbox-errors.js';
import { parseTime } from '../helpers/time.js';
import type { PodRule } from '../types.js';

const rule: PodRule = {
  id: 'cni/node-network-unavailable',
  scope: 'pod',
  stage: 'cni',
  severity: 'error',
  failureClass: 'transient',
  title: "The Pod's node reports NetworkUnavailable",
  docs: {
    description:
      'The node condition NetworkUnavailable is True: the cloud route controller could not create the node\'s Pod-network route (NoRouteCreated "RouteController failed to create a route"), or the CNI (Calico and others set their own reason) reports the node\'s network down. Pods there may not get a network, and traffic to and from other nodes fails. Reported as an error while the Pod is still waiting for its sandbox, and as a warning for a Pod that is already running.',
    causes: [
      'the cloud route controller failed to create the route for the node\'s podCIDR (route quota, permissions)',
      'the CNI agent on the node (e.g. calico-node) is down and marked the node\'s network unavailable',
      'a new node whose network is not set up yet (the node.kubernetes.io/network-unavailable taint keeps most Pods away)',
    ],
    fix: [
      'kubectl describe node NODE   (NetworkUnavailable reason and message)',
      'Check the CNI agent Pod on the node, or the cloud-controller-manager route controller logs',
    ],
    links: ['https://kubernetes.io/docs/reference/node/node-status/#condition'],
  },
  match({ pod, now, options }) {
    const node = pod.node;
    const c = nodeCondition(node, 'NetworkUnavailable');
    if (!node || c?.status !== 'True' || pod.deletingSince !== undefined || pod.phase === 'Succeeded' || pod.phase === 'Failed') return [];
    const waiting = awaitingSandbox(pod);
    // While a specific sandbox error exists, that error is the primary finding; this one corroborates.
    const specific = currentSandboxFailures(pod).length > 0;
    const fresh = withinGrace(parseTime(c.lastTransitionTime), now, options.graceMs);
    const t = ruleMessages(options.lang).nodeNetworkUnavailable;
    const detail = [c.reason, c.message].filter(Boolean).join(': ');
    return [
      finding(rule, {
        severity: waiting && !fresh ? 'error' : 'warning',
        confidence: waiting && !specific ? 'high' : 'medium',
        message: t.message({ node: pod.nodeName, ...(detail ? { detail } : {}), waiting }),
        evidence: [conditionEvidence(node, c, now)],
        remediation: t.fix({ node: pod.nodeName, noRoute: c.reason === 'NoRouteCreated' }),
      }),
    ];
  },
};

export default rule;
