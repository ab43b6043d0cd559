import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/diagnose.js';
import rule from '../../../src/rules/kubelet/node-status-stale.js';
import { NODE_STATUS_STALE_MS } from '../../../src/rules/helpers/node-health.js';
import { formatAge } from '../../../src/rules/helpers/time.js';
import { snapshotFromObjects } from '../../../src/sources/dump.js';
import { at, conditions, containerStatus, node, pod, T0 } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { failingPull, resolveError } from '../image/pulling.js';

// Ready=True as the kubelet last posted it: re-posted every 5m when nothing changes, the first report after a
// change after 5m × a random 0.5–1.5 (kubelet 1.34's calculateDelay; a test-cluster capture showed a healthy
// node's heartbeat 5m54s old), on a 10 s loop; so only older than 7m30s + 10.4 s + the 50 s grace is stale.
function lastPosted(secondsAgo: number) {
  const base = node();
  return node({ status: { conditions: (base.status.conditions as Array<Record<string, unknown>>).map((c) => ({ ...c, lastHeartbeatTime: at(-secondsAgo) })) } });
}
const runningReady = pod({ status: { phase: 'Running', conditions: conditions({ sandbox: true, ready: true }), containerStatuses: [containerStatus({ running: { startedAt: at(-580) }, ready: true, started: true })] } });
const unknown = node({
  status: { conditions: [{ type: 'Ready', status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', lastHeartbeatTime: at(-900), lastTransitionTime: at(-850) }] },
});

runRuleTests(rule, {
  valid: [
    { name: 'a fresh heartbeat', objects: [runningReady, node()] },
    { name: 'a heartbeat 4m50s old: an unchanged status is re-posted only every 5m', objects: [runningReady, lastPosted(290)] },
    { name: 'a heartbeat 5m49s old: within the report period plus the node controller grace', objects: [runningReady, lastPosted(349)] },
    { name: 'a heartbeat 5m54s old, as a healthy test-cluster node showed: the first report after a change waits up to 7m30s', objects: [runningReady, lastPosted(354)] },
    { name: 'a heartbeat 8m30s old: the longest report delay, one status loop and the grace', objects: [runningReady, lastPosted(510)] },
    { name: 'Ready=Unknown is kubelet/node-not-ready\'s', objects: [runningReady, unknown] },
    { name: 'a Succeeded Pod no longer depends on the node', objects: [pod({ status: { phase: 'Succeeded', containerStatuses: [containerStatus({ terminated: { exitCode: 0, reason: 'Completed' } })] } }), lastPosted(3600)] },
    { name: 'the node is not in the snapshot', objects: [runningReady] },
  ],
  invalid: [
    {
      name: 'Ready=True and the last heartbeat 8m32s ago: past the longest delay the kubelet and the node controller allow',
      objects: [runningReady, lastPosted(512)],
      expect: [{ severity: 'error', message: /\(8m32s ago\).*\(8m30s\)/ }],
    },
    {
      name: 'Ready=True but the last heartbeat 12 minutes ago: the node stopped reporting, the Pod is as last seen',
      objects: [runningReady, lastPosted(720)],
      expect: [
        {
          severity: 'error',
          failureClass: 'transient',
          message: /^Node "node-1" stopped reporting at 2026-11-30T09:48:00Z \(12m ago\): its Ready=True condition was last refreshed then, .*\(8m30s\), so the node's and the Pod's status are as last seen/,
          evidence: /lastHeartbeatTime: 2026-11-30T09:48:00Z \(12m ago\)/,
          remediation: 'kube-node-lease',
        },
      ],
    },
  ],
});

describe('kubelet/node-status-stale in a diagnosis', () => {
  const diagnose = (objects: unknown[]) => {
    const s = snapshotFromObjects(objects);
    return new Engine(s, { now: T0 }).diagnosePod(s.pods[0]!);
  };

  it('a Ready Pod on a node that stopped reporting is failing at kubelet, its later stages shown as proven', () => {
    const d = diagnose([runningReady, lastPosted(720)]);
    expect({ status: d.status, stage: d.stage, rule: d.findings[0]?.rule }).toEqual({ status: 'failing', stage: 'kubelet', rule: 'kubelet/node-status-stale' });
    expect(d.stages.map((s) => s.state)).toEqual(['passed', 'failed', 'passed', 'passed', 'passed', 'passed', 'passed']);
  });

  it("a Pod failing for a cause of its own keeps that cause first; the stale node is a warning behind it", () => {
    const x509 = resolveError('failed to do request: Head "https://127.0.0.1:5443/v2/busybox/manifests/1": x509: certificate signed by unknown authority');
    const d = diagnose([...failingPull(x509, -900), lastPosted(720)]);
    expect({ status: d.status, stage: d.stage, rule: d.findings[0]?.rule }).toEqual({ status: 'failing', stage: 'image', rule: 'image/tls' });
    expect(d.findings.find((f) => f.rule === 'kubelet/node-status-stale')?.severity).toBe('warning');
  });
});

describe('kubelet/node-status-stale with a clock that may be late (a file\'s modification time, stdin read time)', () => {
  it('is only a warning: the Ready Pod stays healthy, with the possibility named', () => {
    const s = snapshotFromObjects([runningReady, lastPosted(720)]);
    s.meta.clocks = [{ source: 'dump.yaml', at: new Date(T0).toISOString(), basis: 'mtime' }];
    s.meta.objectClock = Object.fromEntries([...s.pods, ...s.nodes].map((o) => [`${o.kind}/${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`, 0]));
    const d = new Engine(s).diagnosePod(s.pods[0]!);
    expect(d.status).toBe('healthy');
    const f = d.findings.find((x) => x.rule === 'kubelet/node-status-stale')!;
    expect(f).toMatchObject({ severity: 'warning', confidence: 'low', failureClass: 'transient' });
    expect(f.message).toMatch(/If the input was saved when it was captured, the node had stopped reporting .* give --now with the capture time/);
  });
});

describe('kubelet/node-status-stale on many Pods of one node', () => {
  it('words each Pod\'s finding for its own clock, and never shares a finding between Pods', () => {
    const stale = lastPosted(720);
    const s = snapshotFromObjects([runningReady, stale]);
    const p = s.pods[0]!;
    const findingAt = (now: number) => new Engine(s, { now }).diagnosePod(p).findings.find((f) => f.rule === rule.id);
    const first = new Engine(s, { now: T0 });
    const a = first.diagnosePod(p).findings[0]!;
    const b = first.diagnosePod(p).findings[0]!;
    expect(b).toEqual(a);
    expect(b).not.toBe(a);
    expect(b.evidence).not.toBe(a.evidence);
    expect(b.evidence[0]).not.toBe(a.evidence[0]);
    expect(b.remediation).not.toBe(a.remediation);
    // An hour later on the same node: the words follow the clock (near miss: the memo must not answer).
    expect(findingAt(T0 + 3_600_000)?.message).toMatch(/\(72m ago\)/);
    expect(findingAt(T0)?.message).toMatch(/\(12m ago\)/);
    expect(findingAt(T0)?.evidence[0]?.text).toMatch(/\(12m ago\)$/);
  });
});

describe('kubelet/node-status-stale docs', () => {
  // The docs are a literal (the build moves them out of the start path), so they cannot quote the constant.
  it('say the allowance the rule applies', () => {
    expect(rule.docs.description).toContain(`allow (${formatAge(NODE_STATUS_STALE_MS)})`);
  });
});
