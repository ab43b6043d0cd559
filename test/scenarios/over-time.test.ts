// Real dumps from the test cluster (test/cluster/scenarios), judged at other times than their capture:
// the verdict of a stuck Pod turns failing once it has been stuck long enough, and a liveness loop has
// the same verdict at ~1 and at ~5 minutes, although the kubelet stops recording its Killing events.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import { diagnoseWorkloadTarget } from '../../src/engine/diagnose-all.js';
import { evaluateGate } from '../../src/engine/gate.js';
import type { Diagnosis } from '../../src/engine/diagnosis.js';
import { readDumps } from '../../src/sources/dump.js';

const REAL = resolve(import.meta.dirname, '../../fixtures/real');

function diagnose(name: string, pod: string, shiftMs = 0): Diagnosis {
  const { snapshot } = readDumps([resolve(REAL, `${name}.yaml`)]);
  const captured = Date.parse(snapshot.meta.capturedAt!);
  const engine = new Engine(snapshot, shiftMs === 0 ? {} : { now: captured + shiftMs });
  const p = snapshot.pods.find((x) => x.metadata?.name === pod);
  if (!p) throw new Error(`no Pod ${pod} in ${name}`);
  return engine.diagnosePod(p);
}

describe('container-init-hang: an init container waiting for a Service that does not exist', () => {
  it('at capture (seconds in) it is progressing, and the summary names the init container and what it runs', () => {
    const d = diagnose('container-init-hang', 'init-hang');
    expect(d.status).toBe('progressing');
    expect(d.stage).toBe('container');
    expect(d.summary).toMatch(/^Pod is progressing: init container "wait-db" \(1 of 1\) running for \d+s: `sh -c "until nslookup db\.kdiag-container-init-hang/);
  });

  it('the same status 11 minutes on (past stuckMs) is failing at container: container/init-stuck', () => {
    const d = diagnose('container-init-hang', 'init-hang', 11 * 60_000);
    expect(d.status).toBe('failing');
    expect(d.findings[0]).toMatchObject({ rule: 'container/init-stuck', failureClass: 'transient' });
    expect(d.summary).toMatch(/init container "wait-db" \(1 of 1\) has been running for 11m and has not finished; it runs `sh -c/);
  });
});

describe('a liveness loop captured at ~1 and at ~5 minutes', () => {
  const early = diagnose('container-liveness-1m', 'liveness-1m');
  const late = diagnose('container-liveness-5m', 'liveness-5m');

  it('gives the same verdict: failing at container, container/liveness-failed, repeated', () => {
    for (const d of [early, late]) {
      expect({ status: d.status, stage: d.stage, rule: d.findings[0]?.rule, failureClass: d.findings[0]?.failureClass }, d.summary).toEqual({
        status: 'failing',
        stage: 'container',
        rule: 'container/liveness-failed',
        failureClass: 'repeated',
      });
    }
  });

  it('does not decay into a generic crash loop with an "OOM kill, or killed after grace" hint', () => {
    for (const d of [early, late]) expect(d.findings.map((f) => f.message).join('\n')).not.toMatch(/OOM kill, or killed after/);
  });
});

/** The Pod's age at capture, in seconds. */
function ageAtCapture(name: string, pod: string): number {
  const { snapshot } = readDumps([resolve(REAL, `${name}.yaml`)]);
  const p = snapshot.pods.find((x) => x.metadata?.name === pod)!;
  return (Date.parse(snapshot.meta.capturedAt!) - Date.parse(p.metadata!.creationTimestamp as string)) / 1000;
}

const LATER = [0, 2 * 60_000, 30 * 60_000, 2 * 86_400_000];

describe('image-tls-untrusted: a registry whose certificate the node does not trust, captured seconds after creation', () => {
  it('was captured within 10 s of the Pod\'s creation, inside the 60 s grace period', () => {
    expect(ageAtCapture('image-tls-untrusted', 'untrusted-registry')).toBeLessThan(10);
  });

  it('is failing at once (deterministic x509), and stays failing at +2m, +30m, +2d', () => {
    for (const shift of LATER) {
      const d = diagnose('image-tls-untrusted', 'untrusted-registry', shift);
      expect({ status: d.status, stage: d.stage, rule: d.findings[0]?.rule, failureClass: d.findings[0]?.failureClass }, `+${shift / 1000}s: ${d.summary}`).toEqual({
        status: 'failing',
        stage: 'image',
        rule: 'image/tls',
        failureClass: 'deterministic',
      });
    }
    expect(diagnose('image-tls-untrusted', 'untrusted-registry').summary).toMatch(/does not trust the TLS certificate of registry 127\.0\.0\.1:5443 .*x509: certificate signed by unknown authority/);
  });

  it('near miss: a registry that refuses connections, captured as young, is still progressing (transient)', () => {
    expect(ageAtCapture('image-registry-unreachable-early', 'registry-down-early')).toBeLessThan(60);
    const d = diagnose('image-registry-unreachable-early', 'registry-down-early');
    expect({ status: d.status, failureClass: d.findings[0]?.failureClass }).toEqual({ status: 'progressing', failureClass: 'transient' });
  });
});

describe('kubelet-node-stopped-reporting: a Pod bound to a Node whose kubelet stopped posting status', () => {
  const { snapshot } = readDumps([resolve(REAL, 'kubelet-node-stopped-reporting.yaml')]);
  const node = snapshot.nodes.find((n) => n.metadata?.name === 'kdiag-fake-node-1')!;
  const ready = (node.status?.conditions ?? []).find((c) => c.type === 'Ready')!;
  const captured = Date.parse(snapshot.meta.capturedAt!);

  it('the node controller marked the node Unknown ("Kubelet stopped posting node status.") and tainted it unreachable', () => {
    expect(ready).toMatchObject({ status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.' });
    expect((node.spec?.taints ?? []).map((t) => `${t.key}:${t.effect}`)).toContain('node.kubernetes.io/unreachable:NoExecute');
  });

  it('is failing at kubelet: the node stopped reporting at its last heartbeat, the Pod is as last seen', () => {
    const d = diagnose('kubelet-node-stopped-reporting', 'on-silent-node');
    expect({ status: d.status, stage: d.stage, rule: d.findings[0]?.rule }).toEqual({ status: 'failing', stage: 'kubelet', rule: 'kubelet/node-not-ready' });
    expect(d.summary).toContain(`stopped posting node status at ${ready.lastHeartbeatTime}`);
    expect(d.summary).toContain("the Pod's status is as last seen");
    expect(d.stages.find((s) => s.stage === 'kubelet')!.state).toBe('failed');
  });

  it('never goes back to progressing: seconds after the node turned Unknown (within grace) progressing, then failing', () => {
    const transition = Date.parse(ready.lastTransitionTime as string);
    const statuses = [transition + 10_000, captured, captured + 30 * 60_000, captured + 2 * 86_400_000].map((now) => diagnose('kubelet-node-stopped-reporting', 'on-silent-node', now - captured).status);
    expect(statuses).toEqual(['progressing', 'failing', 'failing', 'failing']);
  });
});

describe("healthy-ready judged later than its capture: a node's Ready=True heartbeat ages out", () => {
  // The kubelet re-posts an unchanged node status every 5m, the first report after a change after up to
  // 7m30s, on a 10 s loop; the node controller allows 50 s more: 8m30s in all.
  const { snapshot } = readDumps([resolve(REAL, 'healthy-ready.yaml')]);
  const beat = Date.parse((snapshot.nodes[0]!.status?.conditions ?? []).find((c) => c.type === 'Ready')!.lastHeartbeatTime as string);
  const captured = Date.parse(snapshot.meta.capturedAt!);
  const pod = snapshot.pods[0]!.metadata!.name!;

  it('near miss: at capture, and with a heartbeat 5m40s, 7m30s or 8m30s old, the Ready Pod is healthy', () => {
    expect(diagnose('healthy-ready', pod).status).toBe('healthy');
    for (const age of [340_000, 450_000, 510_000]) expect(diagnose('healthy-ready', pod, beat + age - captured).status, `${age} ms`).toBe('healthy');
  });

  it('with the heartbeat 9 minutes old the node stopped reporting: failing at kubelet, as last seen', () => {
    const d = diagnose('healthy-ready', pod, beat + 9 * 60_000 - captured);
    expect({ status: d.status, stage: d.stage, rule: d.findings[0]?.rule }).toEqual({ status: 'failing', stage: 'kubelet', rule: 'kubelet/node-status-stale' });
    expect(d.summary).toMatch(/^Node "kdiag-node-1" stopped reporting at \S+ \(9m ago\)/);
  });
});

describe('sched-no-scheduler: a Pod that asks for a scheduler that does not run (stuck, no event at all)', () => {
  it('captured seconds in, it is progressing at scheduling', () => {
    expect(ageAtCapture('sched-no-scheduler', 'typo-scheduler')).toBeLessThan(30);
    const d = diagnose('sched-no-scheduler', 'typo-scheduler');
    expect({ status: d.status, stage: d.stage, findings: d.findings.length }).toEqual({ status: 'progressing', stage: 'scheduling', findings: 0 });
  });

  it('the same dump past stuckMs (11m, 30m, 2d) is failing at scheduling, naming the scheduler it asks for', () => {
    for (const shift of [11 * 60_000, 30 * 60_000, 2 * 86_400_000]) {
      const d = diagnose('sched-no-scheduler', 'typo-scheduler', shift);
      expect({ status: d.status, stage: d.stage, rule: d.findings[0]?.rule }, d.summary).toEqual({ status: 'failing', stage: 'scheduling', rule: 'scheduling/not-scheduled-long' });
      expect(d.summary).toMatch(/no scheduler has recorded a decision about it .* It asks for scheduler "my-schedular" \(spec\.schedulerName\)/);
    }
  });
});

describe('readiness-probe-failing: a rollout whose Pod is not Ready, 77 s into its Deployment\'s 600 s progress deadline', () => {
  const { snapshot } = readDumps([resolve(REAL, 'readiness-probe-failing.yaml')]);
  const captured = Date.parse(snapshot.meta.capturedAt!);
  const judged = (shiftMs: number) => {
    const engine = new Engine(snapshot, { now: captured + shiftMs });
    const [view, pod] = diagnoseWorkloadTarget(engine, 'Deployment', snapshot.deployments[0]!);
    const [gate] = evaluateGate(engine, [{ kind: 'Deployment', name: 'api' }], 'kdiag-readiness-probe-failing', { maxRestarts: 3 });
    return { view: view!.status, pod: pod!.status, gate: gate!.state };
  };

  it('at capture, +1m, +4m and +8m (within the deadline): progressing in pod deploy/X and pod NAME, and the gate waits', () => {
    for (const shift of [0, 60_000, 4 * 60_000, 8 * 60_000]) expect(judged(shift), `+${shift / 1000}s`).toEqual({ view: 'progressing', pod: 'progressing', gate: 'waiting' });
  });

  it('near miss: +9m and +30m, past the deadline, it is failing (the gate waits for the controller to say so)', () => {
    for (const shift of [9 * 60_000, 30 * 60_000]) expect(judged(shift), `+${shift / 1000}s`).toEqual({ view: 'failing', pod: 'failing', gate: 'waiting' });
  });
});
