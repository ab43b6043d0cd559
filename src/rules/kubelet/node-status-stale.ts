import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { NODE_STATUS_STALE_MS, nodeReadiness, staleHeartbeat } from '../helpers/node-health.js';
import { ago, formatAge, isoTime } from '../helpers/time.js';
import { ruleMessages } from '../messages/index.js';
import type { PodRule, RuleOptions } from '../types.js';

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
      "The Pod's node still says Ready=True, but that condition's lastHeartbeatTime is older than the kubelet's status report (an unchanged status is re-posted every 5 minutes, the first one after a change after a random 2m30s–7m30s, checked every 10 s) plus the node controller's grace (50 s) allow (8m30s), measured from the input's clock. The kubelet has stopped reporting and nothing has marked the node Unknown yet, so the node's and the Pod's status are only as last seen. When the Pod has a failing cause of its own, that cause leads and this is shown behind it (its status was true when last seen). When the input's clock is a file's modification time or the time standard input was read (both may be later than the capture), this is only a warning.",
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
    const trusted = clockTrusted !== false;
    const name = pod.nodeName;
    // Every Pod on the node gets the same words: they are made once per node (and clock, language, name).
    let words = wordsMemo.get(node);
    if (!words || words.now !== now || words.beat !== beat || words.trusted !== trusted || words.lang !== options.lang || words.name !== name) {
      words = { now, beat, trusted, lang: options.lang, name, ...staleWords(name, beat, now, trusted, options.lang) };
      wordsMemo.set(node, words);
    }
    // Fresh objects per Pod (a finding is never shared: see helpers/memo.ts).
    const evidence = [
      { source: 'node', path: HEARTBEAT_PATH, text: words.heartbeatText },
      { source: 'node', path: STATUS_PATH, text: STATUS_TEXT },
    ];
    if (!trusted) {
      // The input's clock may be later than its capture (a copied file, an old file on stdin): not proof.
      return [finding(rule, { severity: 'warning', confidence: 'low', message: words.message, evidence, remediation: [...words.remediation] })];
    }
    return [finding(rule, { confidence: 'medium', message: words.message, evidence, remediation: [...words.remediation] })];
  },
};

const HEARTBEAT_PATH = 'status.conditions[type=Ready].lastHeartbeatTime';
const STATUS_PATH = 'status.conditions[type=Ready].status';
const STATUS_TEXT = fieldEvidence('node', STATUS_PATH, 'True').text;

interface StaleWords {
  heartbeatText: string;
  message: string;
  remediation: string[];
}

/** The last words made per Node object, with what they were made from. */
const wordsMemo = new WeakMap<object, StaleWords & { now: number; beat: number; trusted: boolean; lang: RuleOptions['lang']; name: string }>();

function staleWords(name: string, beat: number, now: number, trusted: boolean, lang: RuleOptions['lang']): StaleWords {
  const at = isoTime(beat).replace(/\.000Z$/, 'Z');
  const heartbeatText = fieldEvidence('node', HEARTBEAT_PATH, `${at} (${ago(now, beat)})`).text;
  const t = ruleMessages(lang).nodeStatusStale;
  const allow = formatAge(NODE_STATUS_STALE_MS);
  return trusted
    ? { heartbeatText, message: t.message({ node: name, at, ago: formatAge(now - beat), allow }), remediation: t.fix({ node: name }) }
    : { heartbeatText, message: t.untrusted({ node: name, at, age: formatAge(now - beat), allow }), remediation: t.untrustedFix({ node: name }) };
}

export default rule;
