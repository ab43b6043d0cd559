// One judgement of a workload: pod NAME, pod WORKLOAD, scan and the gate agree. A Job that succeeded after
// failed attempts is healthy; a Pod not yet Ready while its Deployment rolls out within its
// progressDeadlineSeconds is progressing, as the gate waits for it.
import { describe, expect, it } from 'vitest';
import { diagnoseAll, diagnoseWorkloadTarget } from '../../src/engine/diagnose-all.js';
import { Engine } from '../../src/engine/diagnose.js';
import { evaluateGate } from '../../src/engine/gate.js';
import { snapshotFromObjects } from '../../src/sources/dump.js';
import { at, conditions, containerStatus, IMAGE, node, obj, pod, T0 } from '../harness/builders.js';

type Obj = Record<string, any>;
const JOB = { apiVersion: 'batch/v1', kind: 'Job', name: 'migrate', uid: 'job-uid-1', controller: true };

function attempt(name: string, exitCode: number, endedAgo: number): Obj {
  return pod({
    metadata: { name, labels: { 'batch.kubernetes.io/job-name': 'migrate', 'batch.kubernetes.io/controller-uid': 'job-uid-1' }, ownerReferences: [JOB] },
    spec: { restartPolicy: 'Never' },
    status: {
      phase: exitCode === 0 ? 'Succeeded' : 'Failed',
      conditions: conditions({ sandbox: false, initialized: true, ready: false }),
      containerStatuses: [containerStatus({ imageID: `${IMAGE}@sha256:1`, terminated: { exitCode, reason: exitCode === 0 ? 'Completed' : 'Error', startedAt: at(-endedAgo - 20), finishedAt: at(-endedAgo) } })],
    },
  });
}

function succeededAfterRetries(): Obj[] {
  const job = obj('Job', 'migrate', {
    metadata: { uid: 'job-uid-1', generation: 1 },
    spec: { completions: 1, backoffLimit: 6, selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': 'job-uid-1' } }, template: { spec: { restartPolicy: 'Never', containers: [{ name: 'app', image: IMAGE }] } } },
    status: { succeeded: 1, failed: 2, conditions: [{ type: 'SuccessCriteriaMet', status: 'True' }, { type: 'Complete', status: 'True', lastTransitionTime: at(-10) }] },
  }, 'batch/v1');
  return [job, attempt('migrate-a1', 1, 200), attempt('migrate-b2', 1, 120), attempt('migrate-c3', 0, 15), node()];
}

describe('a Job that succeeded after two failed attempts', () => {
  const s = snapshotFromObjects(succeededAfterRetries());
  const engine = new Engine(s, { now: T0 });

  it('pod job/X: healthy, every item too', () => {
    const items = diagnoseWorkloadTarget(engine, 'Job', s.jobs[0]!);
    expect(items.map((d) => d.status)).toEqual(['healthy', 'healthy', 'healthy', 'healthy']);
  });

  it('scan: no failing row', () => {
    expect(diagnoseAll(engine).filter((d) => d.status === 'failing')).toEqual([]);
  });

  it('a failed attempt keeps its cause as a warning and says the Job succeeded', () => {
    const d = engine.diagnosePod(s.pods[0]!);
    expect(d.summary).toBe('This Pod\'s attempt failed, but Job "migrate" succeeded on another (1/1 succeeded, 0 active, 2 failed (backoffLimit 6)).');
    expect(d.findings.every((f) => f.severity !== 'error')).toBe(true);
  });

  it('the gate passes it', () => {
    const [r] = evaluateGate(engine, [{ kind: 'Job', name: 'migrate' }], 'shop', { maxRestarts: 3, settleMs: 0 } as any);
    expect(r!.state).toBe('passed');
  });

  it('near miss: the same failed attempts while the Job still runs stay failing for pod NAME', () => {
    const objects = succeededAfterRetries();
    objects[0]!.status = { failed: 2, active: 1 };
    const s2 = snapshotFromObjects(objects);
    expect(new Engine(s2, { now: T0 }).diagnosePod(s2.pods[0]!).status).toBe('failing');
  });
});

describe('a rollout that becomes Ready at ~80 s, judged at 75 s', () => {
  const RS = { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-5d8f', uid: 'rs-uid-1', controller: true };
  function rollout(progressing: Obj, age = 75): Obj[] {
    const dep = obj('Deployment', 'web', {
      metadata: { uid: 'dep-uid-1', generation: 2 },
      spec: { replicas: 1, progressDeadlineSeconds: 600, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: IMAGE }] } } },
      status: { observedGeneration: 2, replicas: 1, updatedReplicas: 1, readyReplicas: 0, availableReplicas: 0, conditions: [progressing] },
    }, 'apps/v1');
    const rs = obj('ReplicaSet', 'web-5d8f', { metadata: { uid: 'rs-uid-1', labels: { app: 'web' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'dep-uid-1', controller: true }] }, spec: { replicas: 1, selector: { matchLabels: { app: 'web' } } }, status: { replicas: 1 } }, 'apps/v1');
    const p = pod({
      metadata: { name: 'web-5d8f-abcde', labels: { app: 'web' }, creationTimestamp: at(-age), ownerReferences: [RS] },
      spec: { containers: [{ name: 'app', image: IMAGE, readinessProbe: { httpGet: { path: '/ready', port: 8080 }, periodSeconds: 5, failureThreshold: 3 } }] },
      status: {
        phase: 'Running', podIP: '10.88.1.9', startTime: at(-age + 1),
        conditions: conditions({ sandbox: true, initialized: true, ready: false, since: at(-age + 2) }),
        containerStatuses: [containerStatus({ imageID: `${IMAGE}@sha256:1`, running: { startedAt: at(-age + 2) }, started: true })],
      },
    });
    const ev = { apiVersion: 'v1', kind: 'Event', metadata: { name: 'web-5d8f-abcde.1', namespace: 'shop' }, involvedObject: { kind: 'Pod', name: 'web-5d8f-abcde', namespace: 'shop', uid: p.metadata.uid, fieldPath: 'spec.containers{app}' }, reason: 'Unhealthy', type: 'Warning', message: 'Readiness probe failed: Get "http://10.88.1.9:8080/ready": dial tcp 10.88.1.9:8080: connect: connection refused', count: 14, firstTimestamp: at(-age + 5), lastTimestamp: at(-1), source: { component: 'kubelet' } };
    return [dep, rs, p, ev, node()];
  }
  const updating = { type: 'Progressing', status: 'True', reason: 'ReplicaSetUpdated', message: 'ReplicaSet "web-5d8f" is progressing.', lastUpdateTime: at(-75), lastTransitionTime: at(-75) };

  it('pod deploy/X and the Pod itself: progressing, not failing, within progressDeadlineSeconds', () => {
    const s = snapshotFromObjects(rollout(updating));
    const engine = new Engine(s, { now: T0 });
    const items = diagnoseWorkloadTarget(engine, 'Deployment', s.deployments[0]!);
    expect(items.map((d) => d.status)).toEqual(['progressing', 'progressing']);
  });

  it('over time: at every age before it turns Ready (5 s to 79 s) no view says failing, and the gate waits', () => {
    const rows = [5, 30, 59, 61, 62, 70, 75, 78, 79].map((age) => {
      const s = snapshotFromObjects(rollout({ ...updating, lastUpdateTime: at(-age), lastTransitionTime: at(-age) }, age));
      const engine = new Engine(s, { now: T0 });
      const [view, pod] = diagnoseWorkloadTarget(engine, 'Deployment', s.deployments[0]!);
      const scan = diagnoseAll(engine).filter((d) => d.status === 'failing').length;
      const [gate] = evaluateGate(engine, [{ kind: 'Deployment', name: 'web' }], 'shop', { maxRestarts: 3 });
      return `${age}s: ${view!.status} ${pod!.status} scan-failing=${scan} gate=${gate!.state}`;
    });
    expect(rows).toEqual([5, 30, 59, 61, 62, 70, 75, 78, 79].map((age) => `${age}s: progressing progressing scan-failing=0 gate=waiting`));
  });

  it('over time: Ready at 81 s, healthy in every view and the gate passes', () => {
    const objects = rollout({ ...updating, status: 'True', reason: 'NewReplicaSetAvailable', message: 'ReplicaSet "web-5d8f" has successfully progressed.', lastUpdateTime: at(0) }, 81);
    objects[0]!.status = { ...objects[0]!.status, readyReplicas: 1, availableReplicas: 1 };
    objects[2]!.status.conditions = conditions({ sandbox: true, initialized: true, ready: true, since: at(0) });
    objects[2]!.status.containerStatuses[0].ready = true;
    const s = snapshotFromObjects(objects);
    const engine = new Engine(s, { now: T0 });
    expect(diagnoseWorkloadTarget(engine, 'Deployment', s.deployments[0]!).map((d) => d.status)).toEqual(['healthy', 'healthy']);
    expect(evaluateGate(engine, [{ kind: 'Deployment', name: 'web' }], 'shop', { maxRestarts: 3 })[0]!.state).toBe('passed');
  });

  it('near miss: a not-Ready Pod at 90 s of a Deployment that is not rolling out (NewReplicaSetAvailable) is failing', () => {
    const s = snapshotFromObjects(rollout({ ...updating, reason: 'NewReplicaSetAvailable', message: 'ReplicaSet "web-5d8f" has successfully progressed.', lastUpdateTime: at(-3600) }, 90));
    const engine = new Engine(s, { now: T0 });
    expect(diagnoseWorkloadTarget(engine, 'Deployment', s.deployments[0]!).map((d) => d.status)).toEqual(['failing', 'failing']);
  });

  it('near miss: past the deadline (ProgressDeadlineExceeded) it is failing', () => {
    const s = snapshotFromObjects(rollout({ ...updating, status: 'False', reason: 'ProgressDeadlineExceeded', message: 'ReplicaSet "web-5d8f" has timed out progressing.' }, 700));
    const engine = new Engine(s, { now: T0 });
    expect(diagnoseWorkloadTarget(engine, 'Deployment', s.deployments[0]!).map((d) => d.status)).toEqual(['failing', 'failing']);
  });
});
