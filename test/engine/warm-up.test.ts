// A StatefulSet's or DaemonSet's Pod that is starting normally is progressing for as long as its own probes
// allow for start-up (these controllers have no progress deadline); evidence of failure, a workload at rest
// or an age past that bound keeps it failing. pod NAME, pod KIND/NAME, scan and the gate agree at every age.
// The dumps are fixtures/synthetic/readiness-{statefulset,daemonset}-warmup.yaml (object shapes of the real
// captures), changed row by row.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { diagnoseAll, diagnoseWorkloadTarget } from '../../src/engine/diagnose-all.js';
import { Engine } from '../../src/engine/diagnose.js';
import { evaluateGate } from '../../src/engine/gate.js';
import { snapshotFromObjects } from '../../src/sources/dump.js';

type Obj = Record<string, any>;
const SYNTHETIC = resolve(import.meta.dirname, '../../fixtures/synthetic');
const CAPTURED = Date.parse('2026-12-04T19:00:00Z');
const s = (seconds: number): string => new Date(CAPTURED + seconds * 1000).toISOString().replace('.000Z', 'Z');

interface Case {
  file: string;
  kind: 'StatefulSet' | 'DaemonSet';
  workload: string;
  pod: string;
  namespace: string;
  /** Seconds from the capture to the end of the Pod's start-up allowance (container start + its probes' window). */
  boundAt: number;
}

const STS: Case = { file: 'readiness-statefulset-warmup.yaml', kind: 'StatefulSet', workload: 'db', pod: 'db-1', namespace: 'kdiag-readiness-statefulset-warmup', boundAt: -718 + 930 };
const DS: Case = { file: 'readiness-daemonset-warmup.yaml', kind: 'DaemonSet', workload: 'agent', pod: 'agent-bsb7m', namespace: 'kdiag-readiness-daemonset-warmup', boundAt: -720 + 900 + 30 };

function objects(c: Case): Obj[] {
  const docs = parseAllDocuments(readFileSync(resolve(SYNTHETIC, c.file), 'utf8')).map((d) => d.toJS() as Obj);
  return docs.flatMap((d) => (Array.isArray(d?.items) ? d.items : []));
}

/** Every view's verdict at `shift` seconds after the capture: the Pod's, `pod KIND/NAME`'s, scan's failing rows, the gate's. */
function judged(c: Case, change: (items: Obj[]) => void = () => {}, shift = 0): string {
  const items = objects(c);
  change(items);
  // The node keeps reporting while the Pod is judged later (its own staleness is another rule's case).
  for (const cond of items.find((o) => o.kind === 'Node')!.status.conditions) cond.lastHeartbeatTime = s(shift - 20);
  const snapshot = snapshotFromObjects(items);
  const engine = new Engine(snapshot, { now: CAPTURED + shift * 1000 });
  const pod = engine.diagnosePod(snapshot.pods.find((p) => p.metadata?.name === c.pod)!);
  const target = (c.kind === 'StatefulSet' ? snapshot.statefulSets : snapshot.daemonSets)[0]!;
  const [view] = diagnoseWorkloadTarget(engine, c.kind, target);
  const scan = diagnoseAll(engine).filter((d) => d.status === 'failing').length;
  const [gate] = evaluateGate(engine, [{ kind: c.kind, name: c.workload }], c.namespace, { maxRestarts: 3 });
  return `${pod.status} ${pod.findings[0]?.rule ?? 'none'} view=${view!.status} scan-failing=${scan} gate=${gate!.state}`;
}

const podOf = (items: Obj[], c: Case): Obj => items.find((o) => o.kind === 'Pod' && o.metadata.name === c.pod)!;
const workloadOf = (items: Obj[], c: Case): Obj => items.find((o) => o.kind === c.kind)!;
const app = (items: Obj[], c: Case): Obj => podOf(items, c).status.containerStatuses[0];
const PROGRESSING = 'progressing readiness/not-ready-long view=progressing scan-failing=0 gate=waiting';
// Readiness is the controller's call: the gate waits (its --timeout ends it), whatever the Pod's verdict.
const FAILING = 'failing readiness/not-ready-long view=failing scan-failing=1 gate=waiting';

/** An event of the kubelet about the Pod's container, in the shape of the captures. */
function kubeletEvent(items: Obj[], c: Case, reason: string, message: string, count: number, first: number, last: number): Obj {
  const p = podOf(items, c);
  return {
    apiVersion: 'v1', kind: 'Event', type: 'Warning', reason, message, count,
    metadata: { name: `${c.pod}.18ee21a2a1b2c3d4`, namespace: c.namespace, creationTimestamp: s(first) },
    involvedObject: { apiVersion: 'v1', kind: 'Pod', name: c.pod, namespace: c.namespace, uid: p.metadata.uid, fieldPath: 'spec.containers{app}' },
    firstTimestamp: s(first), lastTimestamp: s(last), source: { component: 'kubelet', host: 'kdiag-node-1' }, reportingComponent: 'kubelet', reportingInstance: 'kdiag-node-1',
  };
}

describe.each([STS, DS])('$kind $workload: a Pod starting normally, 12 minutes in', (c) => {
  it('at capture (12 min in, past the 10-minute stuck threshold, within its probes\' window): progressing in every view, the gate waits', () => {
    expect(judged(c)).toBe(PROGRESSING);
  });

  it('the summary says it is starting, within what its probes allow, and what it will be if not Ready by then', () => {
    const snapshot = snapshotFromObjects(objects(c));
    const d = new Engine(snapshot, { now: CAPTURED }).diagnosePod(snapshot.pods.find((p) => p.metadata?.name === c.pod)!);
    expect(d.summary).toMatch(new RegExp(`^Pod is still starting, 12m old, within the 15m30s its probes allow for start-up \\(${c.kind} ${c.workload} has no progress deadline\\); if it is not Ready by then: container "app" has been running but not Ready for 12m`));
    expect(d.findings.map((f) => f.severity)).not.toContain('error');
  });

  it.each([
    ['2 min in (before the stuck threshold)', -600, 'progressing none view=progressing scan-failing=0 gate=waiting'],
    ['1 s before the bound', c.boundAt - 1, PROGRESSING],
    ['1 s after the bound', c.boundAt + 1, FAILING],
    ['an hour in', 2880, FAILING],
  ])('over time: %s', (_name, shift, want) => {
    expect(judged(c, () => {}, shift)).toBe(want);
  });

  it.each<[string, (items: Obj[]) => void, string]>([
    ['a container restart (killed once, running again): evidence of failure', (items) => {
      Object.assign(app(items, c), { restartCount: 1, lastState: { terminated: { exitCode: 137, reason: 'Error', startedAt: s(-718), finishedAt: s(-400) } } });
      app(items, c).state.running.startedAt = s(-399);
    }, 'failing'],
    ['a back-off recorded for the container', (items) => {
      items.push(kubeletEvent(items, c, 'BackOff', 'Back-off restarting failed container app in pod x', 1, -500, -500));
    }, 'failing'],
    ['Ready once, lost since (Ready=False after the container started): not a start-up', (items) => {
      const ready = podOf(items, c).status.conditions.find((x: Obj) => x.type === 'Ready');
      ready.lastTransitionTime = s(-650);
    }, 'failing'],
    ['no probe at all: nothing in the spec holds readiness back', (items) => {
      const spec = podOf(items, c).spec.containers[0];
      delete spec.readinessProbe;
      delete spec.startupProbe;
    }, 'failing'],
  ])('near miss: %s', (_name, change, want) => {
    expect(judged(c, change).split(' ')[0]).toBe(want);
  });
});

describe('near misses of a workload at rest', () => {
  it('a StatefulSet whose status says it is done (revision current, every replica ready) does not excuse its not-Ready Pod', () => {
    const got = judged(STS, (items) => {
      Object.assign(workloadOf(items, STS).status, { currentRevision: 'db-5df7f57875', updateRevision: 'db-5df7f57875', currentReplicas: 2, updatedReplicas: 2, readyReplicas: 2, availableReplicas: 2 });
    });
    expect(got.split(' ')[0]).toBe('failing');
  });

  it('a StatefulSet at rest (revision current, all updated) whose Pod was Ready and lost it 12 minutes ago: failing as before', () => {
    const got = judged(STS, (items) => {
      Object.assign(workloadOf(items, STS).status, { currentRevision: 'db-5df7f57875', updateRevision: 'db-5df7f57875', currentReplicas: 2, updatedReplicas: 2, readyReplicas: 1, availableReplicas: 1 });
      const p = podOf(items, STS);
      p.status.containerStatuses[0].state.running.startedAt = s(-3 * 3600);
      p.status.conditions.find((x: Obj) => x.type === 'Ready').lastTransitionTime = s(-720);
    });
    expect(got).toBe(FAILING);
  });

  it('a DaemonSet whose status says every Pod is updated and available does not excuse its not-Ready Pod', () => {
    const got = judged(DS, (items) => {
      Object.assign(workloadOf(items, DS).status, { numberAvailable: 1, numberReady: 1, numberUnavailable: 0 });
    });
    expect(got.split(' ')[0]).toBe('failing');
  });

  it('the same Pod with no controller (a bare Pod) is not judged by its probes\' window', () => {
    // Only a StatefulSet's and a DaemonSet's Pods: a Deployment's follow its progressDeadlineSeconds.
    const got = judged(STS, (items) => {
      podOf(items, STS).metadata.ownerReferences = [];
    });
    expect(got.split(' ')[0]).toBe('failing');
  });
});

describe('evidence the existing rules read keeps its verdict', () => {
  it('the DaemonSet Pod with its startup probe failures captured is progressing at the container stage (the kubelet has not killed it yet)', () => {
    const got = judged(DS, (items) => {
      items.push(kubeletEvent(items, DS, 'Unhealthy', 'Startup probe failed: cat: can\'t open \'/tmp/up\': No such file or directory', 72, -710, -5));
    });
    expect(got).toBe('progressing container/startup-probe-failed view=progressing scan-failing=0 gate=waiting');
  });

  it('the StatefulSet Pod whose readiness probe fails past its own window is failing at once (readiness/probe-failing)', () => {
    const got = judged(STS, (items) => {
      const probe = podOf(items, STS).spec.containers[0].readinessProbe;
      probe.initialDelaySeconds = 5;
      items.push(kubeletEvent(items, STS, 'Unhealthy', 'Readiness probe failed: cat: can\'t open \'/tmp/ready\': No such file or directory', 70, -710, -5));
    });
    expect(got).toBe('failing readiness/probe-failing view=failing scan-failing=1 gate=waiting');
  });
});
