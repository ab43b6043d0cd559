import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { NODE_STATUS_STALE_MS, nodeReadiness, staleHeartbeat } from '../helpers/node-health.js';
import { ago, formatAge, isoTime } from '../helpers/time.js';
import { ruleMessages } from '../messages/index.js';
import type { PodRule } from '../types.js';

const rule: PodRule = {
  id: 'kubelet/node-status-stale',
  scope: 'pod',
  stage: 'kubelet',
  severity: 'error',
  failureClass: 'transient',
  yields: true,
  title: "The node's status is older than its heartbeat allows: it stopped reporting",
  docs: {
    description:
      "The Pod's node still says Ready=True, but that condition's lastHeartbeatTime is older than the kubelet's status report (an unchanged status is re-posted every 5 minutes) plus the node controller's grace (50 s) allow, measured from the input's clock. The kubelet has stopped reporting and nothing has marked the node Unknown yet, so the node's and the Pod's status are only as last seen. When the Pod has a failing cause of its own, that cause leads and this is shown behind it (its status was true when last seen). When the input's clock is a file's modification time or the time standard input was read (both may be later than the capture), this is only a warning.",
    causes: [
      'the kubelet stopped reporting and kube-controller-manager (the node lifecycle controller) is not running, so the node was never marked Unknown',
      'the dump was read with a clock later than its capture: a copied file has a new modification time (give --now with the capture time)',
    ],
    fix: [
      'Check the node now: kubectl get node NODE; kubectl get lease -n kube-node-lease NODE',
      'Check that kube-controller-manager runs; on the node: systemctl status kubelet; journalctl -u kubelet --since "30 min ago"',
    ],
    links: ['https://kubernetes.io/docs/concepts/architecture/nodes/#node-heartbeats'],
  },
  match({ pod, now, clockTrusted, options }) {
    const node = pod.node;
    // Deleted Pods are kubelet/stuck-terminating's; finished Pods no longer depend on the node.
    if (!node || pod.deletingSince !== undefined || pod.phase === 'Succeeded' || pod.phase === 'Failed') return [];
    const beat = staleHeartbeat(nodeReadiness(node), now);
    if (beat === undefined) return [];
    const at = isoTime(beat).replace(/\.000Z$/, 'Z');
    const name = pod.nodeName;
    const evidence = [fieldEvidence('node', 'status.conditions[type=Ready].lastHeartbeatTime', `${at} (${ago(now, beat)})`), fieldEvidence('node', 'status.conditions[type=Ready].status', 'True')];
    const t = ruleMessages(options.lang).nodeStatusStale;
    const allow = formatAge(NODE_STATUS_STALE_MS);
    if (clockTrusted === false) {
      // The input's clock may be later than its capture (a copied file, an old file on stdin): not proof.
      return [
        finding(rule, {
          severity: 'warning',
          confidence: 'low',
          message: t.untrusted({ node: name, at, age: formatAge(now - beat), allow }),
          evidence,
          remediation: t.untrustedFix({ node: name }),
        }),
      ];
    }
    return [
      finding(rule, {
        confidence: 'medium',
        message: t.message({ node: name, at, ago: formatAge(now - beat), allow }),
        evidence,
        remediation: t.fix({ node: name }),
      }),
    ];
  },
};

export default rule;
